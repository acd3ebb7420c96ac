import { describe, expect, it } from 'vitest';
import type { TClientResource } from '@/components/resource/resourceArea';
import { districtResource } from '@/domain/resources/district';
import { roleResource } from '@/domain/resources/role';
import { userResource } from '@/domain/resources/user';
import { searchableResources } from './usePaletteSearch';

const area = { key: 'security' } as const;
const resources: TClientResource[] = [
  { definition: roleResource, area, editIdOptional: true, recordSearch: true },
  { definition: userResource, area, editIdOptional: true, recordSearch: true },
  { definition: districtResource, area: { key: 'configuration' }, editIdOptional: true },
];
const person = (permissions: string[]) => ({
  username: 'someone',
  roles: [{ roleName: 'Clerk' }],
  permissions,
});
const names = (list: TClientResource[]) => list.map((resource) => resource.definition.name);

describe('searchableResources', () => {
  it('searches the records of resources marked for it that the user may read and open', () => {
    expect(
      names(searchableResources(resources, person(['users:read', 'users:write', 'roles:read']))),
    ).toEqual(['user']);
    expect(
      names(
        searchableResources(resources, person(['users:read', 'users:write', 'roles:read', 'roles:write'])),
      ),
    ).toEqual(['role', 'user']);
  });

  it('leaves out records the user could find but not open (the edit page needs :write)', () => {
    expect(names(searchableResources(resources, person(['users:read', 'roles:read'])))).toEqual([]);
    expect(names(searchableResources(resources, null))).toEqual([]);
  });

  it('never searches a resource that is not marked, even for the admin', () => {
    expect(names(searchableResources(resources, { username: 'admin', roles: [], permissions: [] }))).toEqual([
      'role',
      'user',
    ]);
  });
});

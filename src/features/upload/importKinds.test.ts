import { describe, expect, it } from 'vitest';
import { importColumnLabel, importFields } from './importColumns';
import { importKinds, importKindsFor } from './importKinds';
import { feature } from './index';

const user = (permissions: string[]) => ({ username: 'someone', roles: [], permissions });

describe('what a user may import', () => {
  it('offers each kind to whoever holds its write permission, and nothing to a reader', () => {
    expect(importKindsFor(user(['adoptive_children:read'])).map((kind) => kind.resource)).toEqual([]);
    expect(importKindsFor(user(['adoptive_children:write'])).map((kind) => kind.resource)).toEqual([
      'children',
    ]);
    expect(
      importKindsFor(user(['adoptive_children:write', 'adoptive_parents:write'])).map(
        (kind) => kind.resource,
      ),
    ).toEqual(['children', 'parent-applications']);
    expect(importKindsFor(null)).toEqual([]);
  });

  it("gives the palette a page per kind, opening /upload with that kind, under the kind's write permission", () => {
    expect(feature.palettePages?.map((page) => [page.path, page.permission])).toEqual([
      ['/upload?resource=children', 'adoptive_children:write'],
      ['/upload?resource=parent-applications', 'adoptive_parents:write'],
    ]);
  });
});

describe("an error's column as the template heads it", () => {
  it('names a field by its label, and an unknown key by itself', async () => {
    const { i18nObject } = await import('@/i18n/i18n-util');
    const { loadAllLocales } = await import('@/i18n/i18n-util.sync');
    loadAllLocales();
    const LL = i18nObject('en');
    const fields = await importFields(importKindsFor(user(['adoptive_children:write']))[0]);
    expect(importColumnLabel(fields, 'headOfficeId', LL)).toBe(LL.fields.headOffice());
    expect(importColumnLabel(fields, 'dateOfBirth', LL)).toBe(LL.fields.dateOfBirth());
    expect(importColumnLabel(fields, 'somethingNew', LL)).toBe('somethingNew');
  });
});

describe("an import kind's fields", () => {
  it('are found for every kind: the workbook columns of its area', async () => {
    for (const kind of importKinds) {
      const fields = await importFields(kind);
      expect(fields.length, kind.resource).toBeGreaterThan(0);
    }
  });

  it('are refused, not an empty list, for a kind whose area describes no resource', async () => {
    const [kind] = importKinds;
    await expect(importFields({ ...kind, area: { ...kind.area, apiBase: '/nothing-here' } })).rejects.toThrow(
      /nothing-here/,
    );
  });
});

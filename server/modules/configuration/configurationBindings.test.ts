import { getTableName } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
// The module list tells the configuration where the other modules' records are.
import '../index';
import { configurationBindings } from './configurationBindings';

const referring = (name: string) =>
  (configurationBindings.find((binding) => binding.definition.name === name)?.children ?? []).map(
    (child) => `${child.resource}:${getTableName(child.table)}.${child.column.name}`,
  );

describe('what keeps a configuration record from being deleted', () => {
  it("is the configuration's records below it, then every module's records that point at it by a foreign key", () => {
    expect(referring('province')).toEqual([
      'district:districts.province_id',
      'headOffice:head_offices.province_id',
      'address:addresses.province_id',
      'child:child_infos.birth_province_id',
      'parent:parent_infos.province_id',
    ]);
    expect(referring('village')).toEqual([
      'address:addresses.village_id',
      'child:child_infos.birth_village_id',
      'parent:parent_infos.village_id',
    ]);
    expect(referring('position')).toEqual(['user:users.position_id']);
    expect(referring('headOffice')).toEqual([
      'user:users.head_office_id',
      'child:child_infos.head_office_id',
      'parent:parent_infos.head_office_id',
      'matching:adoptive_matchings.head_office_id',
      'service:post_adoption_services.head_office_id',
    ]);
    expect(referring('language')).toEqual([]);
  });
});

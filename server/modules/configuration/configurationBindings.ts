import { getTableName, type SQL, sql } from 'drizzle-orm';
import { alias, getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { TRouteLocale } from '../../../src/domain/locale';
import type { TResourceDefinition } from '../../../src/domain/resource';
import { addressResource } from '../../../src/domain/resources/address';
import { communeResource } from '../../../src/domain/resources/commune';
import { departmentResource } from '../../../src/domain/resources/department';
import { districtResource } from '../../../src/domain/resources/district';
import { headOfficeResource } from '../../../src/domain/resources/headOffice';
import { languageResource } from '../../../src/domain/resources/language';
import { organizationResource } from '../../../src/domain/resources/organization';
import { positionResource } from '../../../src/domain/resources/position';
import { provinceResource } from '../../../src/domain/resources/province';
import { stateResource } from '../../../src/domain/resources/state';
import { villageResource } from '../../../src/domain/resources/village';
import type { TranslationFunctions } from '../../../src/i18n/i18n-types';
import {
  addresses,
  communes,
  countries,
  departments,
  districts,
  headOffices,
  languages,
  organizations,
  positions,
  provinces,
  states,
  villages,
} from '../../db/schema';
import { translators } from '../../plugins/locale';
import { addressLevels } from '../../resources/addressLevels';
import { levelsAgree } from '../../resources/levelsAgree';
import type { TResourceBinding } from '../../resources/resourceBinding';
import type { TServerModule } from '../module';

type TReferringRecords = NonNullable<TResourceBinding['children']>;

const isResourceName = (name: string): name is keyof TranslationFunctions['resources'] =>
  name in translators.kh.resources;

/**
 * The records of the other modules that point at `table` by a foreign key (an area's office, a
 * child's birth place, a user's department), in the modules' order: while any does, its row is not
 * deleted (409 naming them). Read from the schema, so a new area's table that names an office or a
 * place is counted with no line here.
 */
const referringRecordsOfModules = (modules: readonly TServerModule[], table: PgTable): TReferringRecords =>
  modules
    .filter((module) => module.name !== 'configuration')
    .flatMap((module) => module.resources ?? [])
    .flatMap((binding) =>
      getTableConfig(binding.table).foreignKeys.flatMap((foreignKey) => {
        const reference = foreignKey.reference();
        if (reference.foreignTable !== table) return [];
        const resource = binding.definition.name;
        // The refusal names them by their words (`resources.<name>`): a resource without them is a slip.
        if (!isResourceName(resource)) throw new Error(`${resource}: no words under resources`);
        return reference.columns.map((column) => ({ table: binding.table, column, resource }));
      }),
    );

/**
 * `binding` whose `children` are its own (the configuration's records below it) then the other
 * modules' that point at its table, found once, when first asked.
 */
const withReferringRecords = (binding: TResourceBinding): TResourceBinding => {
  const own = binding.children ?? [];
  let found: TReferringRecords | undefined;
  return Object.defineProperty(binding, 'children', {
    enumerable: true,
    get: () => {
      const modules = moduleList();
      if (modules.length === 0) return own;
      found ??= [...own, ...referringRecordsOfModules(modules, binding.table)];
      return found;
    },
  });
};

/** The server's modules, told by server/modules/index.ts: the list holds this module, so it is not imported here. */
let moduleList: () => readonly TServerModule[] = () => [];

/** Where the configuration finds the other modules' records (`serverModules`, once they are all loaded). */
export const readReferringRecordsFrom = (modules: () => readonly TServerModule[]): void => {
  moduleList = modules;
};

/** `name->>'kh'`: one language of a translatable column. */
const text = (column: PgColumn, locale: TRouteLocale): SQL => sql`${column}->>${locale}`;
/** Both languages, for search. */
const bothNames = (column: PgColumn): SQL[] => [sql`${column}->>'kh'`, sql`${column}->>'en'`];
const byName = (column: PgColumn) => (locale: TRouteLocale) => text(column, locale);
const auditFields = <T extends { version: PgColumn; updatedAt: PgColumn }>(table: T) => ({
  version: table.version,
  updatedAt: table.updatedAt,
});
const parentRef = (table: { id: PgColumn; code: PgColumn; name: PgColumn }) => ({
  id: table.id,
  code: table.code,
  name: table.name,
});

type TCodeNameTable = PgTable & {
  id: PgColumn;
  code: PgColumn;
  name: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
};

/** A level above the record, nearest first: its table (an alias when a table appears twice). */
type TLevel = {
  name: string;
  table: TCodeNameTable;
  on: SQL;
  /** The filter key for this level and the column holding its id. */
  filter: [key: string, column: PgColumn];
};

/**
 * The binding of a code/name record (src/domain/resources/codeNameResource.ts): every sortable
 * column of its description, search over the code and both names, one filter per level above it.
 */
const codeNameBinding = (config: {
  definition: TResourceDefinition;
  table: TCodeNameTable;
  levels?: TLevel[];
  stored?: { field: string; column: PgColumn; table: PgTable };
  children?: TResourceBinding['children'];
  lookups?: TResourceBinding['lookups'];
}): TResourceBinding => {
  const { definition, table } = config;
  const levels = config.levels ?? [];
  const levelSort = (key: string) => levels.find((level) => level.name === key)?.table.name;
  const sort = Object.fromEntries(
    definition.columns
      .filter((column) => column.sortable)
      .map((column) => {
        if (column.key === 'code') return [column.key, table.code];
        if (column.key === 'updatedAt') return [column.key, table.updatedAt];
        const nameColumn = column.key === 'name' ? table.name : levelSort(column.key);
        if (!nameColumn) throw new Error(`${definition.name}: no way to sort by ${column.key}`);
        return [column.key, byName(nameColumn)];
      }),
  );
  return {
    definition,
    table,
    selection: {
      id: table.id,
      code: table.code,
      name: table.name,
      ...(config.stored ? { [config.stored.field]: config.stored.column } : {}),
      ...Object.fromEntries(levels.map((level) => [level.name, parentRef(level.table)])),
      ...auditFields(table),
    },
    joins: levels.map((level) => ({ table: level.table, on: level.on })),
    search: [table.code, ...bothNames(table.name)],
    sort,
    filters: Object.fromEntries(levels.map((level) => level.filter)),
    parents: config.stored ? [{ field: config.stored.field, table: config.stored.table }] : [],
    children: config.children,
    lookups: config.lookups,
    unique: { [`${getTableName(table)}_code_unique`]: 'code' },
  };
};

export const provinceBinding = codeNameBinding({
  definition: provinceResource,
  table: provinces,
  children: [
    { table: districts, column: districts.provinceId, resource: 'district' },
    { table: headOffices, column: headOffices.provinceId, resource: 'headOffice' },
    { table: addresses, column: addresses.provinceId, resource: 'address' },
  ],
});

export const stateBinding = codeNameBinding({
  definition: stateResource,
  table: states,
  levels: [
    {
      name: 'country',
      table: countries,
      on: sql`${countries.id} = ${states.countryId}`,
      filter: ['countryId', states.countryId],
    },
  ],
  stored: { field: 'countryId', column: states.countryId, table: countries },
  lookups: [{ path: 'countries', table: countries, orderBy: 'name' }],
});

export const districtBinding = codeNameBinding({
  definition: districtResource,
  table: districts,
  levels: [
    {
      name: 'province',
      table: provinces,
      on: sql`${provinces.id} = ${districts.provinceId}`,
      filter: ['provinceId', districts.provinceId],
    },
  ],
  stored: { field: 'provinceId', column: districts.provinceId, table: provinces },
  children: [
    { table: communes, column: communes.districtId, resource: 'commune' },
    { table: addresses, column: addresses.districtId, resource: 'address' },
  ],
  lookups: [{ path: 'provinces', table: provinces }],
});

const communeDistrict = alias(districts, 'commune_district');
const communeProvince = alias(provinces, 'commune_province');

export const communeBinding = codeNameBinding({
  definition: communeResource,
  table: communes,
  levels: [
    {
      name: 'district',
      table: communeDistrict,
      on: sql`${communeDistrict.id} = ${communes.districtId}`,
      filter: ['districtId', communes.districtId],
    },
    {
      name: 'province',
      table: communeProvince,
      on: sql`${communeProvince.id} = ${communeDistrict.provinceId}`,
      filter: ['provinceId', communeDistrict.provinceId],
    },
  ],
  stored: { field: 'districtId', column: communes.districtId, table: districts },
  children: [
    { table: villages, column: villages.communeId, resource: 'village' },
    { table: addresses, column: addresses.communeId, resource: 'address' },
  ],
  lookups: [
    { path: 'districts', table: districts, parent: { key: 'provinceId', column: districts.provinceId } },
  ],
});

const villageCommune = alias(communes, 'village_commune');
const villageDistrict = alias(districts, 'village_district');
const villageProvince = alias(provinces, 'village_province');

export const villageBinding = codeNameBinding({
  definition: villageResource,
  table: villages,
  levels: [
    {
      name: 'commune',
      table: villageCommune,
      on: sql`${villageCommune.id} = ${villages.communeId}`,
      filter: ['communeId', villages.communeId],
    },
    {
      name: 'district',
      table: villageDistrict,
      on: sql`${villageDistrict.id} = ${villageCommune.districtId}`,
      filter: ['districtId', villageCommune.districtId],
    },
    {
      name: 'province',
      table: villageProvince,
      on: sql`${villageProvince.id} = ${villageDistrict.provinceId}`,
      filter: ['provinceId', villageDistrict.provinceId],
    },
  ],
  stored: { field: 'communeId', column: villages.communeId, table: communes },
  children: [{ table: addresses, column: addresses.villageId, resource: 'address' }],
  lookups: [
    { path: 'communes', table: communes, parent: { key: 'districtId', column: communes.districtId } },
  ],
});

export const organizationBinding = codeNameBinding({
  definition: organizationResource,
  table: organizations,
  children: [{ table: departments, column: departments.organizationId, resource: 'department' }],
});

export const departmentBinding = codeNameBinding({
  definition: departmentResource,
  table: departments,
  levels: [
    {
      name: 'organization',
      table: organizations,
      on: sql`${organizations.id} = ${departments.organizationId}`,
      filter: ['organizationId', departments.organizationId],
    },
  ],
  stored: { field: 'organizationId', column: departments.organizationId, table: organizations },
  children: [{ table: positions, column: positions.departmentId, resource: 'position' }],
  lookups: [{ path: 'organizations', table: organizations }],
});

const positionDepartment = alias(departments, 'position_department');
const positionOrganization = alias(organizations, 'position_organization');

export const positionBinding = codeNameBinding({
  definition: positionResource,
  table: positions,
  levels: [
    {
      name: 'department',
      table: positionDepartment,
      on: sql`${positionDepartment.id} = ${positions.departmentId}`,
      filter: ['departmentId', positions.departmentId],
    },
    {
      name: 'organization',
      table: positionOrganization,
      on: sql`${positionOrganization.id} = ${positionDepartment.organizationId}`,
      filter: ['organizationId', positionDepartment.organizationId],
    },
  ],
  stored: { field: 'departmentId', column: positions.departmentId, table: departments },
  lookups: [
    {
      path: 'departments',
      table: departments,
      parent: { key: 'organizationId', column: departments.organizationId },
    },
  ],
});

/**
 * An address's levels belong together: its village lies in its commune, the commune in its
 * district, the district in its province. Checked village first (unlike `addressLevels().agree`), so
 * that a record wrong at two levels keeps the answer it always had.
 */
const addressLevelsAgree = levelsAgree([
  { field: 'villageId', table: villages, parentColumn: villages.communeId, parentField: 'communeId' },
  { field: 'communeId', table: communes, parentColumn: communes.districtId, parentField: 'districtId' },
  { field: 'districtId', table: districts, parentColumn: districts.provinceId, parentField: 'provinceId' },
]);

export const addressBinding: TResourceBinding = {
  definition: addressResource,
  table: addresses,
  selection: {
    id: addresses.id,
    provinceId: addresses.provinceId,
    districtId: addresses.districtId,
    communeId: addresses.communeId,
    villageId: addresses.villageId,
    detail: addresses.detail,
    ...auditFields(addresses),
  },
  search: [addresses.detail],
  sort: { id: addresses.id, detail: addresses.detail },
  parents: addressLevels().parents,
  consistency: addressLevelsAgree,
};

export const headOfficeBinding: TResourceBinding = {
  definition: headOfficeResource,
  table: headOffices,
  selection: {
    id: headOffices.id,
    code: headOffices.code,
    name: headOffices.name,
    class: headOffices.class,
    provinceId: headOffices.provinceId,
    province: parentRef(provinces),
    phone: headOffices.phone,
    address: headOffices.address,
    ...auditFields(headOffices),
  },
  joins: [{ table: provinces, on: sql`${provinces.id} = ${headOffices.provinceId}` }],
  search: [headOffices.code, headOffices.phone, ...bothNames(headOffices.name), ...bothNames(provinces.name)],
  sort: {
    code: headOffices.code,
    name: byName(headOffices.name),
    class: headOffices.class,
    province: byName(provinces.name),
  },
  filters: { class: headOffices.class, provinceId: headOffices.provinceId },
  parents: [{ field: 'provinceId', table: provinces }],
  lookups: [{ path: 'provinces', table: provinces }],
  unique: { head_offices_code_unique: 'code' },
};

export const languageBinding: TResourceBinding = {
  definition: languageResource,
  table: languages,
  selection: {
    id: languages.id,
    code: languages.code,
    name: languages.name,
    localizations: languages.localizations,
    overrides: sql<number>`jsonb_array_length(${languages.localizations})`.as('overrides'),
    ...auditFields(languages),
  },
  search: [languages.code, languages.name],
  sort: { code: languages.code, name: languages.name, updatedAt: languages.updatedAt },
  unique: { languages_code_unique: 'code' },
};

/**
 * Every configuration resource of issue 3, in the order the API docs list them; each refuses its
 * deletion while records of other modules point at it.
 */
export const configurationBindings: TResourceBinding[] = [
  provinceBinding,
  stateBinding,
  districtBinding,
  communeBinding,
  villageBinding,
  addressBinding,
  organizationBinding,
  departmentBinding,
  positionBinding,
  headOfficeBinding,
  languageBinding,
].map(withReferringRecords);

import { type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { TRouteLocale } from '../../src/domain/locale';
import { addressResource } from '../../src/domain/resources/address';
import { communeResource } from '../../src/domain/resources/commune';
import { departmentResource } from '../../src/domain/resources/department';
import { districtResource } from '../../src/domain/resources/district';
import { headOfficeResource } from '../../src/domain/resources/headOffice';
import { languageResource } from '../../src/domain/resources/language';
import { organizationResource } from '../../src/domain/resources/organization';
import { positionResource } from '../../src/domain/resources/position';
import { provinceResource } from '../../src/domain/resources/province';
import { stateResource } from '../../src/domain/resources/state';
import { villageResource } from '../../src/domain/resources/village';
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
  users,
  villages,
} from '../db/schema';
import type { TResourceBinding } from './resourceRoutes';

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

export const provinceBinding: TResourceBinding = {
  definition: provinceResource,
  table: provinces,
  selection: { id: provinces.id, code: provinces.code, name: provinces.name, ...auditFields(provinces) },
  search: [provinces.code, ...bothNames(provinces.name)],
  sort: { code: provinces.code, name: byName(provinces.name), updatedAt: provinces.updatedAt },
  children: [
    { table: districts, column: districts.provinceId, resource: 'district' },
    { table: headOffices, column: headOffices.provinceId, resource: 'headOffice' },
    { table: addresses, column: addresses.provinceId, resource: 'address' },
  ],
  unique: { provinces_code_unique: 'code' },
};

export const stateBinding: TResourceBinding = {
  definition: stateResource,
  table: states,
  selection: {
    id: states.id,
    code: states.code,
    name: states.name,
    countryId: states.countryId,
    country: parentRef(countries),
    ...auditFields(states),
  },
  joins: [{ table: countries, on: sql`${countries.id} = ${states.countryId}` }],
  search: [states.code, ...bothNames(states.name), ...bothNames(countries.name)],
  sort: {
    code: states.code,
    name: byName(states.name),
    country: byName(countries.name),
    updatedAt: states.updatedAt,
  },
  filters: { countryId: states.countryId },
  parents: [{ field: 'countryId', table: countries }],
  lookups: [{ path: 'countries', table: countries, orderBy: 'name' }],
  unique: { states_code_unique: 'code' },
};

export const districtBinding: TResourceBinding = {
  definition: districtResource,
  table: districts,
  selection: {
    id: districts.id,
    code: districts.code,
    name: districts.name,
    provinceId: districts.provinceId,
    province: parentRef(provinces),
    ...auditFields(districts),
  },
  joins: [{ table: provinces, on: sql`${provinces.id} = ${districts.provinceId}` }],
  search: [districts.code, ...bothNames(districts.name)],
  sort: {
    code: districts.code,
    name: byName(districts.name),
    province: byName(provinces.name),
    updatedAt: districts.updatedAt,
  },
  filters: { provinceId: districts.provinceId },
  parents: [{ field: 'provinceId', table: provinces }],
  children: [
    { table: communes, column: communes.districtId, resource: 'commune' },
    { table: addresses, column: addresses.districtId, resource: 'address' },
  ],
  lookups: [{ path: 'provinces', table: provinces }],
  unique: { districts_code_unique: 'code' },
};

const communeDistrict = alias(districts, 'commune_district');
const communeProvince = alias(provinces, 'commune_province');

export const communeBinding: TResourceBinding = {
  definition: communeResource,
  table: communes,
  selection: {
    id: communes.id,
    code: communes.code,
    name: communes.name,
    districtId: communes.districtId,
    district: parentRef(communeDistrict),
    province: parentRef(communeProvince),
    ...auditFields(communes),
  },
  joins: [
    { table: communeDistrict, on: sql`${communeDistrict.id} = ${communes.districtId}` },
    { table: communeProvince, on: sql`${communeProvince.id} = ${communeDistrict.provinceId}` },
  ],
  search: [communes.code, ...bothNames(communes.name)],
  sort: {
    code: communes.code,
    name: byName(communes.name),
    district: byName(communeDistrict.name),
    province: byName(communeProvince.name),
    updatedAt: communes.updatedAt,
  },
  filters: { districtId: communes.districtId, provinceId: communeDistrict.provinceId },
  parents: [{ field: 'districtId', table: districts }],
  children: [
    { table: villages, column: villages.communeId, resource: 'village' },
    { table: addresses, column: addresses.communeId, resource: 'address' },
  ],
  lookups: [
    { path: 'districts', table: districts, parent: { key: 'provinceId', column: districts.provinceId } },
  ],
  unique: { communes_code_unique: 'code' },
};

const villageCommune = alias(communes, 'village_commune');
const villageDistrict = alias(districts, 'village_district');
const villageProvince = alias(provinces, 'village_province');

export const villageBinding: TResourceBinding = {
  definition: villageResource,
  table: villages,
  selection: {
    id: villages.id,
    code: villages.code,
    name: villages.name,
    communeId: villages.communeId,
    commune: parentRef(villageCommune),
    district: parentRef(villageDistrict),
    province: parentRef(villageProvince),
    ...auditFields(villages),
  },
  joins: [
    { table: villageCommune, on: sql`${villageCommune.id} = ${villages.communeId}` },
    { table: villageDistrict, on: sql`${villageDistrict.id} = ${villageCommune.districtId}` },
    { table: villageProvince, on: sql`${villageProvince.id} = ${villageDistrict.provinceId}` },
  ],
  search: [villages.code, ...bothNames(villages.name)],
  sort: {
    code: villages.code,
    name: byName(villages.name),
    commune: byName(villageCommune.name),
    updatedAt: villages.updatedAt,
  },
  filters: {
    communeId: villages.communeId,
    districtId: villageCommune.districtId,
    provinceId: villageDistrict.provinceId,
  },
  parents: [{ field: 'communeId', table: communes }],
  children: [{ table: addresses, column: addresses.villageId, resource: 'address' }],
  lookups: [
    { path: 'communes', table: communes, parent: { key: 'districtId', column: communes.districtId } },
  ],
  unique: { villages_code_unique: 'code' },
};

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
  parents: [
    { field: 'provinceId', table: provinces },
    { field: 'districtId', table: districts },
    { field: 'communeId', table: communes },
    { field: 'villageId', table: villages },
  ],
};

export const organizationBinding: TResourceBinding = {
  definition: organizationResource,
  table: organizations,
  selection: {
    id: organizations.id,
    code: organizations.code,
    name: organizations.name,
    ...auditFields(organizations),
  },
  search: [organizations.code, ...bothNames(organizations.name)],
  sort: { code: organizations.code, name: byName(organizations.name), updatedAt: organizations.updatedAt },
  children: [
    { table: departments, column: departments.organizationId, resource: 'department' },
    { table: users, column: users.organizationId, resource: 'user' },
  ],
  unique: { organizations_code_unique: 'code' },
};

export const departmentBinding: TResourceBinding = {
  definition: departmentResource,
  table: departments,
  selection: {
    id: departments.id,
    code: departments.code,
    name: departments.name,
    organizationId: departments.organizationId,
    organization: parentRef(organizations),
    ...auditFields(departments),
  },
  joins: [{ table: organizations, on: sql`${organizations.id} = ${departments.organizationId}` }],
  search: [departments.code, ...bothNames(departments.name)],
  sort: {
    code: departments.code,
    name: byName(departments.name),
    organization: byName(organizations.name),
    updatedAt: departments.updatedAt,
  },
  filters: { organizationId: departments.organizationId },
  parents: [{ field: 'organizationId', table: organizations }],
  children: [
    { table: positions, column: positions.departmentId, resource: 'position' },
    { table: users, column: users.departmentId, resource: 'user' },
  ],
  lookups: [{ path: 'organizations', table: organizations }],
  unique: { departments_code_unique: 'code' },
};

const positionDepartment = alias(departments, 'position_department');
const positionOrganization = alias(organizations, 'position_organization');

export const positionBinding: TResourceBinding = {
  definition: positionResource,
  table: positions,
  selection: {
    id: positions.id,
    code: positions.code,
    name: positions.name,
    departmentId: positions.departmentId,
    department: parentRef(positionDepartment),
    organization: parentRef(positionOrganization),
    ...auditFields(positions),
  },
  joins: [
    { table: positionDepartment, on: sql`${positionDepartment.id} = ${positions.departmentId}` },
    {
      table: positionOrganization,
      on: sql`${positionOrganization.id} = ${positionDepartment.organizationId}`,
    },
  ],
  search: [positions.code, ...bothNames(positions.name)],
  sort: {
    code: positions.code,
    name: byName(positions.name),
    department: byName(positionDepartment.name),
    updatedAt: positions.updatedAt,
  },
  filters: { departmentId: positions.departmentId, organizationId: positionDepartment.organizationId },
  parents: [{ field: 'departmentId', table: departments }],
  children: [{ table: users, column: users.positionId, resource: 'user' }],
  lookups: [
    {
      path: 'departments',
      table: departments,
      parent: { key: 'organizationId', column: departments.organizationId },
    },
  ],
  unique: { positions_code_unique: 'code' },
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
  children: [{ table: users, column: users.headOfficeId, resource: 'user' }],
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

/** Every configuration resource of issue 3, in the order the API docs list them. */
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
];

import { communes, districts, provinces, villages } from '../db/schema';
import { levelsAgree } from './levelsAgree';
import type { TLookupBinding } from './resourceRoutes';

/** The fields in which a record names the four levels of an address (a child's birth place, a family's address). */
export type TAddressFields = { province: string; district: string; commune: string; village: string };

/** An address named by `provinceId`, `districtId`, `communeId` and `villageId`. */
export const plainAddressFields: TAddressFields = {
  province: 'provinceId',
  district: 'districtId',
  commune: 'communeId',
  village: 'villageId',
};

/** The `parents` entries of an address: each level's id must be a row of its table (else a 400). */
export const addressParents = (fields: TAddressFields) => [
  { field: fields.province, table: provinces },
  { field: fields.district, table: districts },
  { field: fields.commune, table: communes },
  { field: fields.village, table: villages },
];

/**
 * The `consistency` hook of an address: its district lies in its province, its commune in its
 * district, its village in its commune (checked in that order, the first disagreement answered).
 */
export const addressLevelsAgree = (fields: TAddressFields) =>
  levelsAgree([
    {
      field: fields.district,
      table: districts,
      parentColumn: districts.provinceId,
      parentField: fields.province,
    },
    {
      field: fields.commune,
      table: communes,
      parentColumn: communes.districtId,
      parentField: fields.district,
    },
    { field: fields.village, table: villages, parentColumn: villages.communeId, parentField: fields.commune },
  ]);

/** The options of an address's levels: the provinces, then each level's rows within the one above. */
export const addressLookups: TLookupBinding[] = [
  { path: 'provinces', table: provinces },
  {
    path: 'districts/:id',
    table: districts,
    parent: { key: 'id', column: districts.provinceId, in: 'path' },
  },
  { path: 'communes/:id', table: communes, parent: { key: 'id', column: communes.districtId, in: 'path' } },
  { path: 'villages/:id', table: villages, parent: { key: 'id', column: villages.communeId, in: 'path' } },
];

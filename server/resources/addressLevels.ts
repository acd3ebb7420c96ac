import { communes, districts, provinces, villages } from '../db/schema';
import { levelsAgree } from './levelsAgree';
import type { TLookupBinding } from './resourceBinding';

/** The fields in which a record names the four levels of an address (a child's birth place, a family's address). */
export type TAddressFields = { province: string; district: string; commune: string; village: string };

/** An address named by `provinceId`, `districtId`, `communeId` and `villageId`. */
const plainAddressFields: TAddressFields = {
  province: 'provinceId',
  district: 'districtId',
  commune: 'communeId',
  village: 'villageId',
};

/** The options of an address's levels: the provinces, then each level's rows within the one above. */
const addressLookups: TLookupBinding[] = [
  { path: 'provinces', table: provinces },
  {
    path: 'districts/:id',
    table: districts,
    parent: { key: 'id', column: districts.provinceId, in: 'path' },
  },
  { path: 'communes/:id', table: communes, parent: { key: 'id', column: communes.districtId, in: 'path' } },
  { path: 'villages/:id', table: villages, parent: { key: 'id', column: villages.communeId, in: 'path' } },
];

/**
 * What a resource binding needs of an address a record names in `fields`:
 * - `parents`: each level's id must be a row of its table (else a 400);
 * - `agree`: the `consistency` hook, its district in its province, its commune in its district, its
 *   village in its commune (checked in that order, the first disagreement answered);
 * - `lookups`: the options of each level.
 */
export const addressLevels = (fields: TAddressFields = plainAddressFields) => ({
  parents: [
    { field: fields.province, table: provinces },
    { field: fields.district, table: districts },
    { field: fields.commune, table: communes },
    { field: fields.village, table: villages },
  ],
  agree: levelsAgree([
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
  ]),
  lookups: addressLookups,
});

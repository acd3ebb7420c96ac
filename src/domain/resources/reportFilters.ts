import type { TFilterDef } from '../resource';

/**
 * The list filters a report's figure opens its records with (issue 24), named alike in every list
 * (server/resources/reportListFilters.ts gives their conditions). Shown only when an address sets
 * them (`onlyWhenSet`), except where a list already offered them: a report link shows as active
 * and can be cleared, without crowding the lists' everyday filters.
 */
export const officeProvinceFilter = (provincesPath: string): TFilterDef => ({
  key: 'officeProvinceId',
  label: 'officeProvince',
  kind: 'lookup',
  lookup: { path: provincesPath },
  onlyWhenSet: true,
});

/** A child's disability, yes or no (the reports' breakdown). */
export const hasDisabilityFilter: TFilterDef = {
  key: 'disability',
  label: 'hasDisability',
  kind: 'select',
  options: ['true', 'false'],
  onlyWhenSet: true,
};

/** Records whose day `key` names falls in a span of days (`completedIn`: completed in …). */
export const daysFilter = (key: string): TFilterDef => ({
  key,
  label: key,
  kind: 'dateRange',
  onlyWhenSet: true,
});

/** A yes/no select shown only when set, its words under `LL.options.yesNo`. */
export const yesNoFilter = (key: string): TFilterDef => ({
  key,
  label: key,
  kind: 'select',
  options: ['true', 'false'],
  onlyWhenSet: true,
});

import { z } from 'zod';
import type { TPermissionResource } from '../permissionCatalogue';
import type { TColumnDef, TFieldDef, TFilterDef, TLookup } from '../resource';
import { requiredId, requiredText, requiredTranslatable } from '../rules';

/** One level above a record in a hierarchy (province above district...), top level first. */
export type TParentLevel = {
  /** Body and filter key, e.g. `provinceId`. */
  key: string;
  /** Label key and the row's nested object, e.g. `province` (`row.province.name`). */
  name: string;
  /** Options of this level, e.g. `/districts/provinces`. */
  path: string;
  /** Whether the list sorts by this level's name (the server binding must sort it too). */
  sortable?: boolean;
  /** A long level (communes, districts): its form picker searches the server (TLookup `search`). */
  search?: boolean;
};

/** The key of a hierarchy's last level, the one a record stores (`provinceId` for a district). */
type TStoredParentKey<P> = P extends readonly [...unknown[], { key: infer K extends string }] ? K : never;

const parentKeyShape = <K extends string>(key: K | undefined) =>
  (key ? { [key]: requiredId() } : {}) as { [P in K]: ReturnType<typeof requiredId> };

/**
 * The description of a record that has a code, a name in both languages and (optionally) a place in
 * a hierarchy: provinces, districts, communes, villages, states, organizations, departments,
 * positions. The last parent level is stored (its key is the body's, derived from `parents`); the
 * upper ones are cascade pickers and filters.
 */
export const codeNameResource = <const P extends readonly TParentLevel[] = readonly []>(config: {
  name: string;
  permission: TPermissionResource;
  apiBase: string;
  routeBase: string;
  parents?: P;
  editPermission?: boolean;
}) => {
  const parents: readonly TParentLevel[] = config.parents ?? [];
  const lookups: TLookup[] = parents.map((level, index) =>
    index === 0
      ? { path: level.path, search: level.search }
      : {
          path: level.path,
          dependsOn: parents[index - 1].key,
          queryKey: parents[index - 1].key,
          search: level.search,
        },
  );
  const schema = z.object({
    code: requiredText(20),
    name: requiredTranslatable(200),
    // The last level is stored; the upper ones only narrow its choices.
    ...parentKeyShape(parents.at(-1)?.key as TStoredParentKey<P> | undefined),
  });
  const fields: TFieldDef[] = [
    ...parents.map((level, index) => ({
      key: level.key,
      label: level.name,
      kind: 'lookup' as const,
      lookup: lookups[index],
      required: true,
      ...(index < parents.length - 1 ? { virtual: true, from: `${level.name}.id` } : {}),
    })),
    { key: 'code', kind: 'text', required: true },
    { key: 'name', kind: 'translatable', required: true },
  ];
  const columns: TColumnDef[] = [
    { key: 'code', kind: 'text', sortable: true },
    { key: 'name', kind: 'translatable', sortable: true, flex: 2 },
    // The nearest level first: a village's commune, then its district and province.
    ...[...parents].reverse().map((level) => ({
      key: level.name,
      path: `${level.name}.name`,
      kind: 'translatable' as const,
      sortable: level.sortable ?? false,
    })),
    { key: 'updatedAt', kind: 'date', sortable: true },
  ];
  const filters: TFilterDef[] = parents.map((level, index) => ({
    key: level.key,
    label: level.name,
    kind: 'lookup',
    lookup: lookups[index],
  }));
  return {
    name: config.name,
    permission: config.permission,
    apiBase: config.apiBase,
    routeBase: config.routeBase,
    schema,
    fields,
    columns,
    filters,
    defaultSort: 'code',
    editPermission: config.editPermission ?? true,
    titleOf: (row: Record<string, unknown>) => row.name,
  };
};

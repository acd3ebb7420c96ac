import type { TranslationFunctions } from '../../i18n/i18n-types';
import type { TBulkAction } from '../bulkActions';
import type { TPermissionResource } from '../permissionCatalogue';
import type { TBadgeTone } from '../resource';
import type { TTranslatable } from '../translatable';

/** A page of the area the sidebar does not list, offered by the palette to whoever may read the area. */
export type TAreaCommandPage = {
  id: string;
  /** Where it opens: an address under the area's route base, with its query if any. */
  path: string;
  icon: string;
  title: (LL: TranslationFunctions) => string;
  /** More words it is found by, in the reader's language. */
  keywords?: (LL: TranslationFunctions) => string[];
};

import type { TSettingsSection } from '../settings/settingsSection';

/**
 * An area's records imported from a workbook (issue 25, DESIGN.md section 8): the import screen,
 * the palette and the server's import binding read it.
 */
export type TAreaImport = {
  /** The API's name: `/upload/{resource}/...`, the screen's `?resource=`. */
  resource: string;
  title: (LL: TranslationFunctions) => string;
  paletteTitle: (LL: TranslationFunctions) => string;
};

/**
 * One record area described once (DESIGN.md section 1, issue 23): what every engine needs to know
 * about children, applications, matchings, services... without importing the area's heavy parts.
 * Light on purpose (no zod, no machine, no words): the route table, which every page downloads
 * first, reads it. The resource description, the workflow's action table and the server's bindings
 * name their area and take its addresses, permissions and statuses from here; an area's words live
 * in the dictionaries under `areas.<name>` in the shape `TAreaWords` (src/domain/areas/areaWords.ts)
 * names, and the engines find them by the area's name.
 */
export type TAreaDefinition = {
  /** The key of everything else: the resource's name, the feature, `areas.<name>` words, ids. */
  name: string;
  /** The table's name as the audit log, `status_history` and `attachments` record it. */
  entity: string;
  /**
   * The tables of its records' parts that the audit log names apart (a child's family and
   * documents): the audit screen's record types list them after `entity` (words `options.entity`).
   */
  auditedParts?: readonly string[];
  /** Where its API lives under `/api/v1` (`/child-infos`). */
  apiBase: string;
  /** Where its screens live (`/adoptive-child/child`): list, `/create`, `/edit/:id`, `/show/:id`. */
  routeBase: string;
  /** The permission catalogue's resource (src/domain/permissionCatalogue.ts): `{permission}:read|write|update|delete`. */
  permission: TPermissionResource;
  /** A status's badge tone, for areas whose records move through a workflow. */
  statuses?: Readonly<Record<string, TBadgeTone>>;
  /**
   * Statuses in which the law keeps the record (DESIGN.md section 7, issue 27): it is never
   * deleted, whatever the permission; a mistake in it is corrected by editing, which the timeline
   * keeps. The server's delete refuses it (server/resources/keptRecord.ts).
   */
  keptStatuses?: readonly string[];
  /**
   * The action that opens the create and edit pages: `update` for the four record areas (spec
   * section 6), saving a new record also needs `:write`.
   */
  pageAction?: 'update' | 'write';
  /** The action that opens the show page: `read` unless said (a matching's summary needs `write`). */
  showAction?: 'read' | 'write';
  /** The edit and show pages open without an id too (the spec's services: `/edit/:id?`). */
  idOptional?: boolean;
  /** Its entry in the sidebar (spec section 2), in the area's order. */
  menu: { key: string; icon: string; title: TTranslatable };
  /**
   * Its records are checked for duplicates (issue 35): holders of `{permission}:merge` review the
   * possible pairs at `{routeBase}/duplicates` (the list page and the palette lead there).
   */
  duplicateReview?: boolean;
  /** Pages of the area the palette offers besides 'New …' and 'Find …'. */
  commandPages?: readonly TAreaCommandPage[];
  /** Its system settings (`<name>.settings.ts`): the settings' schema, defaults and screen read them. */
  settings?: TSettingsSection;
  /** Why its records wait on the work queue (the items' `reason`; the server module's sources find them). */
  workQueueReasons?: readonly string[];
  /** Its records imported from a workbook (`/upload`). */
  imports?: TAreaImport;
  /**
   * What its list does to many selected records at once (issue 26), beside the export and the
   * printed summaries every list offers: `POST {apiBase}/bulk/{name}` (server/resources/bulkRoutes.ts).
   */
  bulkActions?: readonly TBulkAction[];
};

/** Describes an area: checks its shape and keeps its literal types. */
export const defineArea = <const T extends TAreaDefinition>(area: T): T => area;

/** `{permission}:{action}` of an area. */
export const areaPermission = (
  area: TAreaDefinition,
  action: 'read' | 'write' | 'update' | 'delete',
): string => `${area.permission}:${action}`;

/** `{permission}:merge`: who reviews the area's possible duplicates and merges them (issue 35). */
export const areaMergePermission = (area: TAreaDefinition): string => `${area.permission}:merge`;

/** Where an area's possible duplicates are reviewed (issue 35). */
export const areaDuplicatesPath = (area: Pick<TAreaDefinition, 'routeBase'>): string =>
  `${area.routeBase}/duplicates`;

/** The permission of the area's create and edit pages. */
export const areaPagePermission = (area: TAreaDefinition): string =>
  areaPermission(area, area.pageAction ?? 'update');

/** The permission of the area's show page. */
export const areaShowPermission = (area: TAreaDefinition): string =>
  areaPermission(area, area.showAction ?? 'read');

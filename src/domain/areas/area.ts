import type { TBadgeTone } from '../resource';
import type { TSettingsSection } from '../settings/settingsSection';

/**
 * One record area described once (DESIGN.md section 1, issue 23): what every engine needs to know
 * about children, applications, matchings, services... without importing the area's heavy parts.
 * Light on purpose (no zod, no machine): the route table, which every page downloads first, reads
 * it. The resource description, the workflow's action table and the server's bindings name their
 * area and take its addresses, permissions and statuses from here; an area's words live in the
 * dictionaries under `areas.<name>`.
 */
export type TAreaDefinition = {
  /** The key of everything else: the resource's name, the feature, `areas.<name>` words. */
  name: string;
  /** The table's name as the audit log, `status_history` and `attachments` record it. */
  entity: string;
  /** Where its API lives under `/api/v1` (`/child-infos`). */
  apiBase: string;
  /** Where its screens live (`/adoptive-child/child`): list, `/create`, `/edit/:id`, `/show/:id`. */
  routeBase: string;
  /** The permission catalogue's resource: `{permission}:read|write|update|delete`. */
  permission: string;
  /** A status's badge tone, for areas whose records move through a workflow. */
  statuses?: Readonly<Record<string, TBadgeTone>>;
  /** Its system settings (`<name>.settings.ts`): the settings' schema, defaults and screen read them. */
  settings?: TSettingsSection;
  /** Why its records wait on the work queue (the items' `reason`; the server module's sources find them). */
  workQueueReasons?: readonly string[];
};

/** Describes an area: checks its shape and keeps its literal types. */
export const defineArea = <const T extends TAreaDefinition>(area: T): T => area;

import type { z } from 'zod';
import type { TranslationFunctions } from '../i18n/i18n-types';
import type { TRouteLocale } from './locale';
import type { TPermissionResource } from './permissionCatalogue';

/**
 * A resource described once (issue 3): from this description come its server routes
 * (server/resources/), its list, create and edit pages, breadcrumb and palette entries
 * (src/components/resource/). Labels are dictionary keys (`LL.fields[key]`, `LL.resources[name]`).
 */

/** An options list for a picker or filter, served at `{apiBase}/{path}` of a resource. */
export type TLookup = {
  /** Full API path of the options, e.g. `/districts/provinces`. */
  path: string;
  /** Another field whose value narrows these options (a cascade), sent as `queryKey`. */
  dependsOn?: string;
  queryKey?: string;
  /** The parent value goes into the path at `{queryKey}` instead of the query (`/users/head-offices/{class}`). */
  inPath?: boolean;
  /** Show each option's code beside its name (default): not for lists whose codes are internal keys. */
  showCode?: boolean;
  /**
   * A long list (districts, communes, villages): a searchable picker that asks the server for what
   * is typed, a page at a time (`q`, `limit`, `offset`), instead of a select holding every option.
   */
  search?: boolean;
};

export type TFieldKind =
  | 'text'
  | 'textarea'
  | 'translatable'
  | 'lookup'
  | 'select'
  | 'number'
  | 'boolean'
  /** A calendar day, yyyy-mm-dd, typed and shown as dd-mm-yyyy (the shared date field). */
  | 'date'
  /** Several ids from a lookup (a child's disabilities): a list of checkboxes, the value an id array. */
  | 'multiLookup'
  /** Never shown back; on an edit, left empty means 'keep the current one' (the value is not sent). */
  | 'password'
  | 'localizations';

export type TFieldDef = {
  /** Body key, also the label key in `LL.fields`. */
  key: string;
  kind: TFieldKind;
  /** Label key when it differs from `key` (e.g. `provinceId` is labelled `province`). */
  label?: string;
  lookup?: TLookup;
  /** Values of a `select`; labels in `LL.options[key]`. */
  options?: readonly string[];
  /** The `LL.options` entry naming the options, when not the field's key (three findings share one). */
  optionsLabel?: string;
  /** A cascade helper only (e.g. the province above a village's commune): never sent. */
  virtual?: boolean;
  /** Shown, never edited nor sent: the server gives it (a child's code). */
  readOnly?: boolean;
  /** Where an edited record keeps a virtual field's value, e.g. `province.id`. */
  from?: string;
  required?: boolean;
  /** Shown on the create page only. */
  createOnly?: boolean;
  /** A hint under the field, a key in `LL.fieldHints` (e.g. `passwordHint`). */
  hint?: string;
  /** The value of a new record (a new user is active). */
  defaultValue?: unknown;
  /**
   * A date's first and last days (yyyy-mm-dd) given today in the programme's time zone and whether
   * the record is new: the calendar offers only those (the server's rule still decides).
   */
  dateRange?: (today: string, creating: boolean) => { min?: string; max?: string };
  /** The form section it sits in (a key of `formSections`); a form without sections is one grid. */
  section?: string;
};

/**
 * `badge`: an option shown as a coloured badge (`tones` says the colour of each value); `photo`: a
 * thumbnail read through `photoPath` (an authenticated call, never a public address).
 */
export type TColumnKind =
  | 'text'
  | 'translatable'
  | 'date'
  | 'option'
  | 'number'
  | 'boolean'
  | 'badge'
  | 'photo'
  /** An instant, shown dd-mm-yyyy HH:mm where the programme works. */
  | 'dateTime'
  /** A person's name in both scripts (`TPersonName`), or a list of them (applicants): `peopleNames`. */
  | 'personName'
  /** Field keys, comma separated (the fields an update changed), shown by their labels. */
  | 'fieldNames';

/** The colours a badge may take. */
export type TBadgeTone = 'slate' | 'blue' | 'green' | 'amber' | 'violet' | 'rose' | 'teal';

export type TColumnDef = {
  /** Sort key sent to the server; also the label key. */
  key: string;
  /** Path in the row, when it is not `key` (e.g. `province.name`). */
  path?: string;
  kind: TColumnKind;
  sortable?: boolean;
  label?: string;
  /**
   * The list's main column (the one with the largest `flex`, the first on a tie) takes the width
   * the others leave; every other column is as wide as its header and values.
   */
  flex?: number;
  /** Narrowest width in pixels: short values (age) take less. */
  minWidth?: number;
  /** `badge`: the colour of each value. */
  tones?: Record<string, TBadgeTone>;
  /**
   * `date`: the day a grant ends (an approval), for the rows where the end matters (an accepted
   * application): a day already past shows 'Expired', one within 30 days 'Expires soon'.
   */
  expires?: (row: Record<string, unknown>) => boolean;
  /**
   * A badge beside the value for the rows it concerns (a service 'Overdue'): its label is
   * `LL.options[option][value]`, its colour `tone`; null for none. With `icon` (a name of
   * `components/Icon`) the badge is that icon alone, its label its accessible name and tooltip.
   */
  mark?: (
    row: Record<string, unknown>,
  ) => { option: string; value: string; tone: TBadgeTone; icon?: string } | null;
  /** `photo`: the API path of a row's image, or null when it has none. */
  photoPath?: (row: Record<string, unknown>) => string | null;
  /**
   * The cell in words from the whole row, when its value alone does not say it (an audit entry's
   * action is named by its record type's workflow). Pure: the export words it the same way.
   */
  text?: (row: Record<string, unknown>, t: TranslationFunctions) => string;
};

export type TFilterDef = {
  /** Query key, e.g. `provinceId`. */
  key: string;
  label: string;
  /**
   * `id`: a record's id the API narrows by (a child's services), not offered in the list's filters.
   * `dateRange`: days `yyyy-mm-dd..yyyy-mm-dd` (src/domain/dateRange.ts), both included.
   */
  kind: 'lookup' | 'select' | 'id' | 'dateRange';
  lookup?: TLookup;
  options?: readonly string[];
  /**
   * Offered on the list only when the address sets it (a report's link, issue 24): it then shows
   * as active and can be cleared, and the everyday filter bar stays short.
   */
  onlyWhenSet?: boolean;
  /** A `select` option's words when `LL.options[label]` has none (an audit entry's actions). */
  optionText?: (t: TranslationFunctions, value: string) => string;
};

/**
 * How a record type is checked for duplicates (issue 35): the form asks
 * `POST {apiBase}/duplicate-check` as the user types, a save of a likely duplicate answers 409, and
 * holders of `{permission}:merge` review the possible pairs and merge them.
 */
export type TDuplicateCheck = {
  /** The form fields sent as the candidate (the create body's names); empty ones are left out. */
  fields: readonly string[];
  /** Nothing is asked until one of these has two letters or more (a name): an empty form costs nothing. */
  askWhen: readonly string[];
  /** The form section at whose end the possible duplicates are listed. */
  section: string;
  /**
   * The parts a merge chooses between (the merge body's `fields`, src/domain/duplicates.ts) and the
   * form fields each takes together (a name is its four fields): the merge dialog sets them side by
   * side, in this order, each kept from one of the two records. Words: `duplicateCheck.parts.<part>`.
   */
  mergeParts: Readonly<Record<string, readonly string[]>>;
};

export type TResourceAction = 'read' | 'write' | 'update' | 'delete';

export type TResourceDefinition<TSchema extends z.ZodObject = z.ZodObject> = {
  /** `district`: dictionary key in `LL.resources`, route segment source. */
  name: string;
  /**
   * Permission resource: routes need `{permission}:read|write|update|delete` unless `permissions`
   * says otherwise (`system_menus` is not in the catalogue: every action is `for_developer`).
   */
  permission: TPermissionResource | 'system_menus';
  /** API base under /api/v1, e.g. `/districts`. */
  apiBase: string;
  /** Screen base, e.g. `/configuration/district`; absent for an API-only resource. */
  routeBase?: string;
  /** Body of POST; PATCH takes it partially, plus `version`. */
  schema: TSchema;
  /**
   * The spec's own search call for this list, when it has one (`GET /roles/search?roleName=`): the
   * same paged list, the text sent under `param`. The list page searches through it.
   */
  searchRoute?: { path: string; param: string };
  /** Body of an update when it differs from `schema` (e.g. a user's password becomes optional). */
  updateSchema?: z.ZodObject;
  /** The spec answers some updates with PUT (`/admin/system-menu/{id}`); PATCH otherwise. */
  updateMethod?: 'PATCH' | 'PUT';
  /**
   * Permissions that differ from `{permission}:{action}`: the spec guards role and user edit pages
   * with `:write`, and system menus with `for_developer` throughout. Read through `permissionFor`.
   */
  permissions?: Partial<Record<TResourceAction, string>>;
  fields: readonly TFieldDef[];
  /** The form's sections in order (labels `LL.formSections[key]`), when its fields name one. */
  formSections?: readonly string[];
  /** Its records are checked for duplicates as they are typed, and merged (issue 35). */
  duplicateCheck?: TDuplicateCheck;
  /**
   * Where a record opens from its list, the palette and after a save: its edit page, its show page,
   * or nowhere (an audit entry is all in its row). A matching's page is its working page
   * (`/adoptive-matching/matching/{id}`, spec section 2).
   */
  recordPage?: 'edit' | 'show' | 'matching' | 'none';
  /** Listed and read only: no create, update or delete route, page or button (the audit log). */
  readOnly?: boolean;
  /** The order of the default sort (newest first for the audit log); ascending when absent. */
  defaultOrder?: 'asc' | 'desc';
  /**
   * The field holding the record's head office when its records are kept by office (DESIGN.md
   * section 7): a user of a provincial head office lists, reads, exports and changes only the
   * records of that office, and the others answer 404, as if they did not exist.
   */
  officeScope?: string;
  columns: readonly TColumnDef[];
  filters: readonly TFilterDef[];
  /** Default sort key. */
  defaultSort: string;
  /** Whether the edit page checks `{permission}:update` (the spec lists none for province). */
  editPermission: boolean;
  /**
   * The label of a record in confirmations and breadcrumbs: one text, or a translatable `{ kh, en }`
   * when it reads differently per language (a person's name, by `personName`).
   */
  titleOf: (row: Record<string, unknown>) => unknown;
  /**
   * What else tells records of the same title apart in the palette's Records (a user's username),
   * in the reader's language (the names of a matching's child and family).
   */
  subtitleOf?: (row: Record<string, unknown>, locale: TRouteLocale) => string;
};

/** The permission an action on a resource needs, on the server's routes and the client's screens. */
export const permissionFor = (
  definition: Pick<TResourceDefinition, 'permission' | 'permissions'>,
  action: TResourceAction,
): string => definition.permissions?.[action] ?? `${definition.permission}:${action}`;

/** Whether a record has a page of its own (show, or a matching's working page) besides its edit page. */
export const hasRecordPage = (definition: Pick<TResourceDefinition, 'recordPage'>): boolean =>
  definition.recordPage === 'show' || definition.recordPage === 'matching';

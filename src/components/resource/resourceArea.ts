import type { ComponentType, ReactNode } from 'react';
import type { TCommand } from '@/components/palette/commandRegistry';
import type { TPermissionSubject } from '@/domain/permissions';
import type { TResourceDefinition } from '@/domain/resource';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import type { TResourceRow } from '@/platform/api/resources';
import type { TListView } from './listAddress';

/**
 * Where a resource's screens sit: the area's breadcrumb text key and its home (if any); `records`
 * (children, parents) sit at the top, their list right after Home.
 */
export type TResourceArea = { key: 'configuration' | 'security' | 'records'; to?: string };

/** What an edit page hands to a resource's own additions. */
export type TRecordContext = {
  record: TResourceRow;
  /** Ask the page for a fresh copy (after a change made outside the form, e.g. a deactivation). */
  reload: () => void;
};

/**
 * What a resource adds to its generic form (a child's photo, family and documents): elements placed
 * at the end of form sections, whether they hold unsaved work, and what to send once the record is
 * saved (the record's id exists only then). `afterSave` reports its own failures (toasts) and answers
 * false when something was not saved: the page then opens the saved record instead of leaving it.
 */
export type TFormAddOns = {
  sections: Partial<Record<string, ReactNode>>;
  dirty: boolean;
  afterSave: (saved: TResourceRow) => Promise<boolean>;
  /** Checked before the record is saved (a family member without a name): false stops the save. */
  validate?: () => boolean | Promise<boolean>;
  /** Fields this record's form leaves out (a sealed child's origins: the server keeps them as they are). */
  hiddenFields?: readonly string[];
};

/** What a list's other view (a board) is given: the list's view from the address, and how to open a row. */
export type TListBoardProps = {
  view: TListView;
  fixedFilters: Record<string, string>;
  /** Changes when the user asks to try again after a failure. */
  retryKey: number;
  onOpen: (row: TResourceRow) => void;
  onTotal: (total: number | null) => void;
};

/** What prints a list's selection: the selected rows' ids; `onDone` once printed or stopped. */
export type TSelectionPrintProps = { ids: number[]; onDone: () => void };

/** A described resource that has screens, and how its routes read. */
export type TClientResource = {
  definition: TResourceDefinition & { routeBase: string };
  area: TResourceArea;
  /** The spec makes the id of most edit pages optional (`edit/{id optional}`); head office needs it. */
  editIdOptional: boolean;
  /** Runs after a record was created, changed or deleted (e.g. reload the translations). */
  afterWrite?: () => void;
  /**
   * Whether a record may be deleted at all, beyond the permission (the Super Admin role, one's own
   * account): the Delete button and command are not offered for it. The server refuses it anyway.
   */
  deletable?: (record: TResourceRow, user: TPermissionSubject | null) => boolean;
  /** The palette finds its records by name (Records group); Enter opens the edit page. */
  recordSearch?: boolean;
  /** Shown under the edit form (e.g. a system menu's sub-menus). */
  EditExtras?: ComponentType<TRecordContext>;
  /**
   * The values a new record starts with that the server knows (the user's head office, the next
   * code): asked once when the create page opens, over the fields' `defaultValue`.
   */
  loadCreateDefaults?: () => Promise<Record<string, unknown>>;
  /**
   * The permission the create and edit pages need when the spec says another than the API's
   * (children: `adoptive_children:update`); the create button then asks for both.
   */
  pagePermission?: string;
  /** The form's additions (a hook: it holds their state); `record` is null on the create page. */
  useFormAddOns?: (record: TResourceRow | null) => TFormAddOns;
  /**
   * What only the create and edit pages use (form add-ons, record actions, extras under the form),
   * loaded with those pages instead of with the list (issue 11: the child list carried the form's
   * date picker and the user list the account dialogs). Merged over the fields above.
   */
  formExtras?: () => Promise<Pick<TClientResource, 'useFormAddOns' | 'useRecordActions' | 'EditExtras'>>;
  /**
   * Another view of the list beside the table (a matching's board by stage), chosen by
   * `?view={key}` in the address; it keeps the list's search and filters. Loaded with the list.
   */
  listBoard?: {
    key: string;
    label: (LL: TranslationFunctions) => string;
    icon: string;
    Board: ComponentType<TListBoardProps>;
  };
  /**
   * How the list's selection prints (issue 26), loaded when asked: a feature's own papers (the
   * record reports of children and applications). Without it, the list's summary sheet.
   */
  printSelection?: () => Promise<{ default: ComponentType<TSelectionPrintProps> }>;
  /** The list offers the filtered rows as files: `GET {apiBase}/export?format=` with the list's filters. */
  exportFormats?: readonly ('xlsx' | 'csv')[];
  /**
   * Palette actions of the record on screen, already filtered by the user's permissions (e.g.
   * 'Deactivate this user'); a hook, so it may hold dialogs' state: it returns their elements too.
   */
  useRecordActions?: (context: TRecordContext | null) => { commands: TCommand[]; element?: ReactNode };
};

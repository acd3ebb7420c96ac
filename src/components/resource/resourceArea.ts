import type { ComponentType, ReactNode } from 'react';
import type { TResourceRow } from '@/api/resources';
import type { TCommand } from '@/components/palette/commandRegistry';
import type { TPermissionSubject } from '@/domain/permissions';
import type { TResourceDefinition } from '@/domain/resource';

/** Where a resource's screens sit: the area's breadcrumb text key and its home (if any). */
export type TResourceArea = { key: 'configuration' | 'security'; to?: string };

/** What an edit page hands to a resource's own additions. */
export type TRecordContext = {
  record: TResourceRow;
  /** Ask the page for a fresh copy (after a change made outside the form, e.g. a deactivation). */
  reload: () => void;
};

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
   * Palette actions of the record on screen, already filtered by the user's permissions (e.g.
   * 'Deactivate this user'); a hook, so it may hold dialogs' state: it returns their elements too.
   */
  useRecordActions?: (context: TRecordContext | null) => { commands: TCommand[]; element?: ReactNode };
};

import type { ComponentType } from 'react';
import type { TClientResource } from '@/components/resource/resourceArea';
import type { TClientWorkflow } from '@/components/workflow/clientWorkflow';
import type { TStatusHistoryRow } from '@/components/workflow/statusHistory';
import type { TPermissionSubject } from '@/domain/permissions';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import type { TResourceRow } from '@/platform/api/resources';
import type { TRemoteDataResult } from '@/platform/api/useRemoteData';

/** What each card of a record page receives. */
export type TShowCardProps = {
  record: TResourceRow;
  /** The id from the address (the record's id as text). */
  id: string;
  /** Changes after a workflow action or a write the page asked for: cards read again. */
  reloadKey: number;
  reload: () => void;
  canUpdate: boolean;
  /**
   * The record's status history, read once by the page for every card that shows it (empty for a
   * record without a workflow); a workflow action adds its row from the action's answer.
   */
  statusHistory: TRemoteDataResult<TStatusHistoryRow[]>;
};

/** A link beside the workflow's actions, also a palette command. */
export type TShowLink = { id: string; title: string; hint?: string; icon: string; path: string };

/** The words of a record page, in the language of the `LL` they were made from. */
export type TShowTexts = {
  loading: () => string;
  /** The palette's 'Edit ...' and 'Print ...' commands. */
  editRecord: () => string;
  printRecord: () => string;
  /**
   * The toolbar: its name, the edit and print buttons (the same words for every record,
   * `record.edit` and `record.print`, unless given), the keyboard hint with and without edit.
   */
  toolbar: () => string;
  edit?: () => string;
  print?: () => string;
  keyboardHint: () => string;
  printHint: () => string;
  /** What the printed paper is ('Case summary'). */
  paperTitle: () => string;
  printedOn: (date: string) => string;
};

/**
 * A record's show page as a layout of cards (DESIGN.md section 1 'Record pages'): the generic
 * `ResourceShowPage` owns loading, not found, breadcrumbs, the E and Ctrl+P shortcuts, print (A4,
 * both languages), the palette's commands and the workflow's buttons and dialog; the layout says
 * what the record shows.
 */
export type TShowLayout = {
  resource: TClientResource;
  /** Prefix of element ids (`child-show-title`) and palette command ids. */
  idPrefix: string;
  /** The page's segment of the address (`show`; a matching's working page is `matching`). */
  page?: string;
  /** The permission of the edit link, the E shortcut and the edit command. */
  editPermission: string;
  /** The header's identity block (photo, names, code, status); the page adds the toolbar below it. */
  Identity: ComponentType<{ record: TResourceRow; title: string; titleId: string }>;
  /** The cards after the header, in order, each under a key of its own. */
  cards: readonly { key: string; Card: ComponentType<TShowCardProps> }[];
  workflow?: TClientWorkflow;
  /**
   * The cards show the status history though the page offers no actions (a matching's printable
   * summary): the page reads it for them. A layout with a workflow always reads it.
   */
  readsStatusHistory?: boolean;
  /**
   * Links beside the workflow's actions, also palette commands ('New application from this one'):
   * what the record offers the user besides editing, printing and its workflow.
   */
  links?: (
    record: TResourceRow,
    LL: TranslationFunctions,
    user: TPermissionSubject | null,
  ) => readonly TShowLink[];
  /** The record's table, when its binding serves a timeline (`GET {apiBase}/timeline/:id`). */
  timelineEntity?: string;
  texts: (LL: TranslationFunctions) => TShowTexts;
};

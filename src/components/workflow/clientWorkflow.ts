import type { TUserInfo } from '@/domain/auth';
import type { TClientSettings } from '@/domain/systemSettings';
import type { TWorkflowDefinition } from '@/domain/workflows/workflow';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import type { TResourceRow } from '@/platform/api/resources';

/** The words of one workflow's screens, in the language of the `LL` they were made from. */
export type TWorkflowTexts = {
  /** An action's name ('Confirm adoption'); also the history's actions, system events included. */
  action: (action: string) => string;
  /** The sentence under an action dialog's title: what it does to the record named `name`. */
  intro: (action: string, name: string) => string;
  /** A dialog field's label, by the field's label key (`confirmDate`, `reason`...). */
  field: (key: string) => string;
  /** The toast after an action. */
  done: (values: { action: string; status: string }) => string;
  dateFuture: () => string;
  working: () => string;
  /** The hint under a dialog with a several-line field, with a date, and with no field. */
  formHint: () => string;
  dateHint: () => string;
  confirmHint: () => string;
  /** The accessible name of the actions' group. */
  actionsLabel: () => string;
};

/**
 * What an action's dialog says and asks beyond its table's fields, for this record and what is
 * typed so far (issue 22): the same pure rule the server judges by, so the dialog asks for exactly
 * what the server will require.
 */
export type TActionNeeds = {
  /** A sentence above the fields (the trial's days against the expected; the failed eligibility). */
  note: string | null;
  /** Optional fields of the action table that must be filled now. */
  required: readonly string[];
  /** Optional fields of the action table this record has no use for (a justification nothing needs). */
  hidden: readonly string[];
};

export const noActionNeeds: TActionNeeds = { note: null, required: [], hidden: [] };

/**
 * What a dialog needs of the record: its id, the version it was read at, its name, and the record
 * itself for what an action asks of it (a trial's start, an application's eligibility).
 */
export type TWorkflowSubject = { id: number; version: number; name: string; record?: TResourceRow };

/**
 * A workflow as the client shows it (DESIGN.md section 1): its shared definition, where its API is,
 * which resource's words name its statuses, and its texts. `useWorkflowActions` and
 * `StatusHistoryCard` draw any workflow from this; a workflow adds a description, not screens.
 */
export type TClientWorkflow = {
  workflow: TWorkflowDefinition;
  /** `/child-infos`: actions at `PATCH {apiBase}/{action}/{id}`, history at `{apiBase}/status-history/{id}`. */
  apiBase: string;
  /** The resource whose `status` options name the statuses (`LL.options.status`...). */
  resourceName: string;
  /** Prefix of element ids and palette command ids (`child-status-confirm-adoption`). */
  idPrefix: string;
  texts: (LL: TranslationFunctions) => TWorkflowTexts;
  /**
   * Why this user may not take an action the status and the permission allow (four-eyes: 'you took
   * the last step that was not a decision'), in words; null when they may. The page shows a refused
   * action with its reason instead of hiding it; the server refuses it anyway.
   */
  refusal?: (
    action: string,
    record: TResourceRow,
    user: TUserInfo | null,
    settings: TClientSettings,
    LL: TranslationFunctions,
  ) => string | null;
  /** What an action's dialog says and asks beyond its table's fields; without it, nothing more. */
  needs?: (
    action: string,
    record: TResourceRow,
    values: Readonly<Record<string, unknown>>,
    settings: TClientSettings,
    LL: TranslationFunctions,
  ) => TActionNeeds;
};

/**
 * The dialog's words every workflow shares (`workflow.*` in the dictionaries): the toast, the hints, the
 * 'working' label. A workflow's texts spread these and add its actions, intros and field labels.
 */
export const sharedDialogTexts = (
  LL: TranslationFunctions,
): Pick<TWorkflowTexts, 'done' | 'dateFuture' | 'working' | 'formHint' | 'dateHint' | 'confirmHint'> => ({
  done: (values) => LL.workflow.done(values),
  dateFuture: () => LL.workflow.dateFuture(),
  working: () => LL.workflow.working(),
  formHint: () => LL.workflow.formHint(),
  dateHint: () => LL.workflow.dateHint(),
  confirmHint: () => LL.workflow.confirmHint(),
});

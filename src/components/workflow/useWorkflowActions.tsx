import { type ReactNode, useCallback, useMemo, useState } from 'react';
import type { TCommand } from '@/components/palette/commandRegistry';
import type { TWorkflowFacts } from '@/domain/workflows/workflow';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TResourceRow } from '@/platform/api/resources';
import { useSession } from '@/platform/session';
import { useClientSettings } from '@/platform/useSetup';
import { workflowActionKeywords } from './actionKeywords';
import type { TClientWorkflow, TWorkflowSubject } from './clientWorkflow';
import { prefetchWorkflowActionForm } from './loadWorkflowActionForm';
import { visibleWorkflowActions } from './visibleWorkflowActions';
import { WorkflowActionDialog } from './WorkflowActionDialog';
import type { TWorkflowAnswer } from './workflowAnswer';

/** No record facts: one object, so the memos below keep their answers between renders. */
const noFacts: TWorkflowFacts = {};

export type TWorkflowActions = {
  /** Palette commands, one per action offered ('Confirm adoption'...), then the refused ones, locked with their reason. */
  commands: TCommand[];
  /** The dialogs: render it once on the page. */
  element: ReactNode;
  /** The actions offered, in menu order: the page shows a button for each. */
  actions: string[];
  /** Actions the status and permission allow that this user may not take, with the reason in words. */
  refused: { action: string; reason: string }[];
  /** Opens an action's dialog. */
  open: (action: string) => void;
  /** Starts loading the dialogs' form: on hover or focus of a button that opens one. */
  prefetch: () => void;
  /** A dialog is open: the page's single-key shortcuts wait. */
  dialogOpen: boolean;
};

/**
 * The workflow actions of one record (DESIGN.md section 1): those its machine allows from the
 * record's status, to a user holding their permission, each with its dialog and palette command.
 * `name` names the record in the dialogs; `page.answered` gets an action's answer (the record and
 * its new history row: the page reads neither again), `page.reload` reads the page again after a
 * refusal that says the record moved on.
 */
export const useWorkflowActions = (
  /** Null for a record without a workflow: nothing is offered. */
  client: TClientWorkflow | null,
  record: TResourceRow | null,
  name: string,
  page: { reload: () => void; answered: (answer: TWorkflowAnswer) => void },
  facts: TWorkflowFacts = noFacts,
): TWorkflowActions => {
  const { LL } = useI18nContext();
  const { user } = useSession();
  const [action, setAction] = useState<string | null>(null);
  const status = record?.status;
  const settings = useClientSettings();
  const { actions, refused } = useMemo(() => {
    const allowed = client ? visibleWorkflowActions(client.workflow, status, user, facts) : [];
    const reasons = allowed.map((name) => ({
      action: name,
      reason: client?.refusal && record ? client.refusal(name, record, user, settings, LL) : null,
    }));
    return {
      actions: reasons.filter((entry) => entry.reason === null).map((entry) => entry.action),
      refused: reasons.flatMap((entry) =>
        entry.reason ? [{ action: entry.action, reason: entry.reason }] : [],
      ),
    };
  }, [client, status, user, facts, record, settings, LL]);

  const commands = useMemo<TCommand[]>(() => {
    if (!client) return [];
    const command = (actionName: string, lockedReason?: string): TCommand => {
      const words = bothLanguages((book) => client.texts(book).action(actionName));
      return {
        id: `${client.idPrefix}-status-${actionName}`,
        title: client.texts(LL).action(actionName),
        kind: 'action',
        icon: client.workflow.actions[actionName].icon,
        // Found by what it does too: 'Approve' finds 'Confirm adoption' (issue 38).
        keywords: [words.kh, words.en, ...workflowActionKeywords(client.workflow.actions[actionName].does)],
        record: true,
        lockedReason,
        perform: () => setAction(actionName),
      };
    };
    // A refused one stays listed with why, as the page's locked button does.
    return [
      ...actions.map((actionName) => command(actionName)),
      ...refused.map((entry) => command(entry.action, entry.reason)),
    ];
  }, [actions, refused, LL, client]);

  const subject = useMemo<TWorkflowSubject | null>(
    () => (record ? { id: record.id, version: record.version, name, record } : null),
    [record, name],
  );
  const close = useCallback(() => setAction(null), []);
  // An action the status no longer allows (someone else acted) is not opened.
  const shown = action && actions.includes(action) ? action : null;

  return {
    commands,
    element: client ? (
      <WorkflowActionDialog
        client={client}
        action={shown}
        subject={subject}
        onClose={close}
        reload={page.reload}
        answered={page.answered}
      />
    ) : null,
    actions,
    refused,
    open: setAction,
    prefetch: prefetchWorkflowActionForm,
    dialogOpen: shown !== null,
  };
};

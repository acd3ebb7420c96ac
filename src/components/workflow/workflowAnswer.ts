import type { TResourceRow } from '@/platform/api/resources';
import { newestFirst, type TStatusHistoryRow } from './statusHistory';

/**
 * The answer of `PATCH {apiBase}/{action}/{id}` (server/workflows/workflowRoutes.ts): the record as
 * its page reads it, what it allows now, and the status-history row the action wrote. A caller
 * who may not read the record gets `{ id, version }` only.
 */
export type TWorkflowAnswer = {
  id: number;
  version: number;
  status?: string;
  allowedActions?: string[];
  record?: TResourceRow;
  history?: TStatusHistoryRow;
};

/** What a record page holds that an action changes: the record and its status history. */
export type TShowPageData = {
  record: TResourceRow;
  /** Null while the history is not read (loading, failed). */
  history: readonly TStatusHistoryRow[] | null;
};

/** What a page reads after an action: only what the action changed outside the answer. */
export type TReadAfterAction = 'timeline' | 'workQueue' | 'record' | 'statusHistory';

/**
 * One answer per action: the page takes the record and the new history row from the answer and
 * reads again only the timeline (the audit rows the step wrote) and the work queue (a decision
 * leaves it, a request may add to someone's). An answer without the record (or a history not yet
 * read) falls back to reading what it lacks.
 */
export const afterWorkflowAnswer = (
  page: TShowPageData,
  answer: TWorkflowAnswer,
): { page: TShowPageData; reads: TReadAfterAction[] } => {
  const reads: TReadAfterAction[] = ['timeline', 'workQueue'];
  if (!answer.record) reads.push('record');
  if (!answer.history || page.history === null) reads.push('statusHistory');
  const { history } = answer;
  return {
    page: {
      record: answer.record ?? page.record,
      history:
        history && page.history
          ? newestFirst([history, ...page.history.filter((row) => row.id !== history.id)])
          : page.history,
    },
    reads,
  };
};

import type { TranslationFunctions } from '../../../src/i18n/i18n-types';
import type { TDbOrTx } from '../../audit';
import { applyWorkflowEvent } from '../../workflows/applyWorkflowEvent';
import { childWorkflowBinding } from '../children';
import { parentWorkflowBinding } from '../parents';

/** The system events a matching raises on its child and its application (DESIGN.md section 4). */
export type TMatchingSystemEvent = 'MATCHED' | 'MATCHING_COMPLETED' | 'MATCHING_REJECTED';

/**
 * Moves the matching's child and application by their own workflows, in the caller's transaction:
 * MATCHED when it is proposed, MATCHING_COMPLETED when it completes, MATCHING_REJECTED when it is
 * rejected or deleted. Their machines refuse what their status does not allow (a 409 that says so).
 */
export const moveMatchedRecords = async (
  tx: TDbOrTx,
  event: TMatchingSystemEvent,
  records: { childId: number; parentId: number; matchingId: number },
  who: { actorId: number | null; at: Date; today: string },
  t: TranslationFunctions,
) => {
  const body = { matchingId: records.matchingId };
  for (const [binding, id] of [
    [childWorkflowBinding, records.childId],
    [parentWorkflowBinding, records.parentId],
  ] as const) {
    await applyWorkflowEvent(
      tx,
      binding,
      { id, action: event, event: { type: event }, body, actorId: who.actorId, at: who.at, today: who.today },
      t,
    );
  }
};

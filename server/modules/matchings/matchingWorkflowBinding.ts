import { eq } from 'drizzle-orm';
import { areaActionText, areaStatusText } from '../../../src/domain/areas/areaWords';
import { matchingArea } from '../../../src/domain/areas/matching.area';
import { formatDate } from '../../../src/domain/dateFormat';
import { matchingStageOf, trialLength } from '../../../src/domain/matchingStage';
import {
  fourEyesStep,
  isMatchingDecision,
  matchingWorkflow,
  type TMatchingActionName,
} from '../../../src/domain/workflows/matching.workflow';
import { isEffectiveDate, isGivenText } from '../../../src/machines/eventChecks';
import { adoptiveMatchings } from '../../db/schema';
import { ApiError, fieldErrors } from '../../errors';
import { readSettings } from '../../settings/readSettings';
import type { TWorkflowBinding } from '../../workflows/binding';
import { scheduleFollowUps } from '../services';
import { moveMatchedRecords } from './matchingEffects';

/** What each action writes besides the status and the last step's day. */
const stepColumns = (action: string, body: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  switch (action as TMatchingActionName) {
    case 'test-adoption':
      return { trialStart: body.date };
    case 'confirm-test':
      return { trialEnd: body.date };
    case 'un-confirm-test':
      return { trialEnd: null };
    case 'request-warrant':
      return { warrantRequestedOn: body.date, warrantReference: body.reference };
    case 'confirm-warrant':
      return { warrantedOn: body.date, warrantNumber: body.number };
    case 'child-keep':
      return { keepRequestedOn: body.date };
    case 'child-keep-approve':
      return { completedOn: body.date };
    case 'reject-adoption':
    case 'reject-test':
    case 'reject-warrant':
      return { rejectedOn: body.date, rejectionReason: body.reason };
    default:
      return {};
  }
};

/**
 * A matching's workflow as the server serves it: `PATCH /adoptive-matching/{action}/{id}` for its
 * 16 actions, the status history and the allowed actions; kept by the child's office. Four-eyes
 * (setting `fourEyes`): a decision is not taken by the user who took the matching's last step that
 * was not a decision, super users included. Every step counts on its date, an undated one on the
 * day it was taken, and no dated step goes before the one before it.
 * A completed matching makes its child and application adopted and plans its follow-up services;
 * a rejected one frees them.
 */
export const matchingWorkflowBinding: TWorkflowBinding = {
  workflow: matchingWorkflow,
  entity: matchingArea.entity,
  apiBase: matchingArea.apiBase,
  tag: 'adoptive matching',
  table: adoptiveMatchings,
  columns: {
    id: adoptiveMatchings.id,
    status: adoptiveMatchings.status,
    version: adoptiveMatchings.version,
    updatedBy: adoptiveMatchings.updatedBy,
    updatedAt: adoptiveMatchings.updatedAt,
  },
  readPermission: 'matchings:read',
  officeColumn: adoptiveMatchings.headOfficeId,
  readColumns: {
    lastStepDate: adoptiveMatchings.lastStepDate,
    childId: adoptiveMatchings.childId,
    parentId: adoptiveMatchings.parentId,
  },
  facts: (row, today) => ({ lastStepDate: row.lastStepDate, today }),
  sets: (action, body) => ({
    ...(typeof body.date === 'string' ? { lastStepDate: body.date } : {}),
    ...stepColumns(action, body),
  }),
  checkActor: async (tx, step, _before, t) => {
    if (!isMatchingDecision(step.action)) return;
    // The matching's last request, kept from its status history (migration 0024); the row is locked.
    const [row] = await tx
      .select({ action: adoptiveMatchings.lastAskedAction, userId: adoptiveMatchings.lastAskedBy })
      .from(adoptiveMatchings)
      .where(eq(adoptiveMatchings.id, step.id));
    const lastAsked = row?.action ? { action: row.action, userId: row.userId } : null;
    const held = fourEyesStep(step.action, lastAsked, step.actorId, (await readSettings(tx)).fourEyes);
    if (held) throw new ApiError(409, 'fourEyes', { action: areaActionText(t, matchingArea, held) });
  },
  // A trial confirmed before its expected days (setting `stageExpectedDays.trial`) needs a written
  // reason (issue 22); the dialog shows the same days from the same function.
  checkStep: async (tx, step) => {
    if (step.action !== 'confirm-test' || isGivenText(step.body.reason)) return;
    const [row] = await tx
      .select({ trialStart: adoptiveMatchings.trialStart })
      .from(adoptiveMatchings)
      .where(eq(adoptiveMatchings.id, step.id));
    const trial = trialLength(row?.trialStart, step.body.date, (await readSettings(tx)).stageExpectedDays);
    if (trial?.short)
      throw fieldErrors((t) =>
        t.server.matchingShortTrialReason({ days: trial.days, expected: trial.expected }),
      );
  },
  afterEvent: async (tx, step, { before, after }, t) => {
    const dated = typeof step.body.date === 'string';
    // A new stage (or the end) starts its clock on the step's day; a step without a date (a pending
    // step, a skip) is the last step on the day it was taken, so the next cannot be dated before it.
    const newStage = matchingStageOf(String(after.status)) !== matchingStageOf(String(before.status));
    const lastStepDate = typeof before.lastStepDate === 'string' ? before.lastStepDate : null;
    const days = {
      ...(newStage ? { stageEnteredOn: dated ? String(step.body.date) : step.today } : {}),
      ...(!dated && (!lastStepDate || lastStepDate < step.today) ? { lastStepDate: step.today } : {}),
    };
    if (Object.keys(days).length > 0)
      await tx.update(adoptiveMatchings).set(days).where(eq(adoptiveMatchings.id, step.id));
    const event =
      after.status === 'completed'
        ? 'MATCHING_COMPLETED'
        : after.status === 'rejected'
          ? 'MATCHING_REJECTED'
          : null;
    if (!event) return;
    await moveMatchedRecords(
      tx,
      event,
      { childId: Number(before.childId), parentId: Number(before.parentId), matchingId: step.id },
      { actorId: step.actorId, at: step.at, today: step.today },
      t,
    );
    // An adoption completed: its follow-ups are planned from the keep approval's day, in this transaction.
    if (after.status === 'completed')
      await scheduleFollowUps(tx, {
        matchingId: step.id,
        completedOn: typeof step.body.date === 'string' ? step.body.date : step.today,
        actorId: step.actorId,
        at: step.at,
      });
  },
  invalidPayload: (body, today, before) => {
    if ('date' in body && !isEffectiveDate(body.date, today))
      return fieldErrors((t) => t.server.workflow.dateFuture({ field: 'date', today }));
    const lastStep = typeof before.lastStepDate === 'string' ? before.lastStepDate : null;
    if (typeof body.date === 'string' && lastStep && body.date < lastStep)
      return fieldErrors((t) => t.server.matchingDateBeforeStep({ day: formatDate(lastStep) }));
    const missing = ['reason', 'reference', 'number'].find((key) => key in body);
    return fieldErrors((t) => t.validation.notBlank({ label: missing ?? 'reason' }));
  },
  notAllowed: {
    messageKey: 'matchingActionNotAllowed',
    statusText: (t, value) => areaStatusText(t, matchingArea, value),
    actionText: (t, value) => areaActionText(t, matchingArea, value),
  },
};

import { and, eq, sql } from 'drizzle-orm';
import { decideWorkflowEvent } from '../../src/domain/workflows/workflow';
import { type TDbOrTx, writeAudit } from '../audit';
import { statusHistory } from '../db/schema';
import { ApiError, notFound, staleVersion } from '../errors';
import { officeCondition } from '../resources/officeScope';
import type { TWorkflowBinding, TWorkflowRow, TWorkflowStep } from './binding';

export type { TWorkflowStep } from './binding';

/** The `status_history` row an accepted step wrote (the action's answer carries it). */
export type TStatusHistoryEntry = {
  id: number;
  action: string;
  fromStatus: string;
  toStatus: string;
  payload: Record<string, unknown>;
  userId: number | null;
  at: Date;
};

/**
 * The only writer of a workflow's status column (DESIGN.md section 1): locks the row, checks the
 * version, asks the machine, writes the status with the binding's columns and a new version, one
 * `status_history` row and one audit row. Runs inside the caller's transaction, so another
 * workflow can move its records in its own (a matching moves its child and its parents).
 * Throws 404, 409 (stale version, or the status does not allow it) or the binding's 400.
 */
export const applyWorkflowEvent = async (
  tx: TDbOrTx,
  binding: TWorkflowBinding,
  step: TWorkflowStep,
  /** Words the 409 in the caller's language. */
  t: Parameters<TWorkflowBinding['notAllowed']['statusText']>[0],
): Promise<{ before: TWorkflowRow; after: TWorkflowRow; history: TStatusHistoryEntry }> => {
  const { columns } = binding;
  // The row lock serialises two actions on one record: the second sees the first's status.
  const [before] = (await tx
    .select({ status: columns.status, version: columns.version, ...binding.readColumns })
    .from(binding.table)
    .where(
      and(
        eq(columns.id, step.id),
        officeCondition(binding.officeColumn, { officeScope: step.officeScope ?? null }),
        binding.rowsWhere,
      ),
    )
    .for('update')) as TWorkflowRow[];
  if (!before) throw notFound();
  if (step.version !== undefined && step.version !== before.version) throw staleVersion();
  await binding.checkActor?.(tx, step, before, t);
  const facts = binding.facts?.(before, step.today) ?? {};
  const decision = decideWorkflowEvent(binding.workflow, before.status, step.event, facts);
  if (!decision.ok && decision.reason === 'notAllowed') {
    throw new ApiError(409, binding.notAllowed.messageKey, {
      status: binding.notAllowed.statusText(t, before.status),
      action: binding.notAllowed.actionText(t, step.action),
    });
  }
  if (!decision.ok) throw binding.invalidPayload(step.body, step.today, before);
  await binding.checkStep?.(tx, step, before);
  const [after] = (await tx
    .update(binding.table)
    .set({
      ...binding.sets?.(step.action, step.body, before),
      [columnKey(binding, columns.status)]: decision.status,
      [columnKey(binding, columns.version)]: sql`${columns.version} + 1`,
      [columnKey(binding, columns.updatedBy)]: step.actorId,
      [columnKey(binding, columns.updatedAt)]: step.at,
    })
    .where(eq(columns.id, step.id))
    .returning({
      status: columns.status,
      version: columns.version,
      ...binding.readColumns,
    })) as TWorkflowRow[];
  // What the action carried (its date, reason...), without the address's id and the version.
  const { id: _id, version: _version, ...payload } = step.body;
  const [history] = await tx
    .insert(statusHistory)
    .values({
      entity: binding.entity,
      entityId: step.id,
      action: step.action,
      fromStatus: before.status,
      toStatus: decision.status,
      payload,
      userId: step.actorId,
      at: step.at,
      createdBy: step.actorId,
      updatedBy: step.actorId,
    })
    .returning({
      id: statusHistory.id,
      action: statusHistory.action,
      fromStatus: statusHistory.fromStatus,
      toStatus: statusHistory.toStatus,
      payload: statusHistory.payload,
      userId: statusHistory.userId,
      at: statusHistory.at,
    });
  await writeAudit(tx, {
    userId: step.actorId,
    entity: binding.entity,
    entityId: step.id,
    action: step.action,
    before,
    after: { ...after, payload },
  });
  await binding.afterEvent?.(tx, step, { before, after }, t);
  return { before, after, history: history as TStatusHistoryEntry };
};

/** The property name of a column in the binding's table (drizzle's `set` takes property names). */
const columnKey = (binding: TWorkflowBinding, column: TWorkflowBinding['columns']['status']): string => {
  const entry = Object.entries(binding.table).find(([, value]) => value === column);
  if (!entry) throw new Error(`The column ${column.name} is not in the table of ${binding.entity}`);
  return entry[0];
};

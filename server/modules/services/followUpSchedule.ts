import { eq } from 'drizzle-orm';
import { serviceArea } from '../../../src/domain/areas/service.area';
import { followUpPlan } from '../../../src/domain/serviceSchedule';
import { type TDbOrTx, writeAudit } from '../../audit';
import { adoptiveMatchings, postAdoptionServices } from '../../db/schema';
import { recordFirstStatus } from '../../resources/recordSql';
import { readSettings } from '../../settings/readSettings';
import { nextServiceCode } from './serviceBinding';

/**
 * The follow-up schedule (DESIGN.md section 6): when a matching completes, in the completion's
 * transaction, one pending service per entry of the setting `followUpSchedule`, planned that many
 * months after the keep approval (`completedOn`), given by the matching's caseworker (the user who
 * proposed it). Each starts its status history and its audit trail like a service added by hand.
 */
export const scheduleFollowUps = async (
  tx: TDbOrTx,
  step: { matchingId: number; completedOn: string; actorId: number | null; at: Date },
): Promise<number[]> => {
  const [matching] = await tx
    .select({
      id: adoptiveMatchings.id,
      childId: adoptiveMatchings.childId,
      headOfficeId: adoptiveMatchings.headOfficeId,
      createdBy: adoptiveMatchings.createdBy,
    })
    .from(adoptiveMatchings)
    .where(eq(adoptiveMatchings.id, step.matchingId));
  if (!matching) return [];
  const { followUpSchedule } = await readSettings(tx);
  const ids: number[] = [];
  for (const planned of followUpPlan(step.completedOn, followUpSchedule)) {
    const values = {
      code: await nextServiceCode(tx, step.at.getTime()),
      matchingId: matching.id,
      childId: matching.childId,
      headOfficeId: matching.headOfficeId,
      adoptedOn: step.completedOn,
      serviceType: planned.serviceType,
      plannedDate: planned.plannedDate,
      officerId: matching.createdBy ?? step.actorId,
      status: 'pending',
      origin: 'schedule',
      createdBy: step.actorId,
      updatedBy: step.actorId,
    };
    const [row] = await tx.insert(postAdoptionServices).values(values).returning();
    ids.push(row.id);
    await recordFirstStatus(tx, {
      entity: serviceArea.entity,
      entityId: row.id,
      action: 'schedule',
      status: 'pending',
      actorId: step.actorId,
      at: step.at,
      payload: { plannedDate: planned.plannedDate, matchingId: matching.id },
    });
    await writeAudit(tx, {
      userId: step.actorId,
      entity: serviceArea.entity,
      entityId: row.id,
      action: 'create',
      after: row,
    });
  }
  return ids;
};

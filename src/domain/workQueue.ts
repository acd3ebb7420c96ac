import { z } from 'zod';
import { areas } from './areas';
import { backupFailedReason, backupWorkQueueEntity } from './backupWorkQueue';

/** The areas whose records wait on the queue, and why: each area says (`workQueueReasons`). */
type TQueuedArea = Extract<(typeof areas)[number], { workQueueReasons: readonly string[] }>;

export { backupFailedReason, backupWorkQueueEntity };
export const workQueueEntities = [
  ...areas.flatMap((area) => ('workQueueReasons' in area ? [area.name] : [])),
  backupWorkQueueEntity,
] as (TQueuedArea['name'] | typeof backupWorkQueueEntity)[];
export const workQueueReasons = [
  ...areas.flatMap((area) => ('workQueueReasons' in area ? area.workQueueReasons : [])),
  backupFailedReason,
] as (TQueuedArea['workQueueReasons'][number] | typeof backupFailedReason)[];

/**
 * The signed-in user's work queue (DESIGN.md section 6, `GET /work-queue`): what waits for them,
 * from what they may read and act on. `entity` names the record's area (`matching`, `parent`,
 * `service`), `reason` why it is there (each area lists its reasons: decisions, overdue stages and
 * next steps of matchings, approvals ending, services overdue, given with a concern or due soon),
 * `since` the day it started waiting.
 */
export const ZWorkQueueItem = z.object({
  entity: z.enum(workQueueEntities),
  entityId: z.number().int(),
  code: z.string(),
  /** The child and the family of a matching or a service; the applicants of an application. */
  title: z.string(),
  reason: z.enum(workQueueReasons),
  status: z.string(),
  /**
   * yyyy-mm-dd: the request's day (decision), the last step's day (next step), the stage's entry
   * (overdue), the approval's end, a service's planned day (overdue, due soon) or the day it was
   * given (concern).
   */
  since: z.string(),
  /** A decision's actions this user may take, in menu order; a next step's actions (`nextStep`). */
  actions: z.array(z.string()).optional(),
  /** An overdue matching's stage, its days in it and the days expected. */
  stage: z.string().optional(),
  days: z.number().int().optional(),
  expected: z.number().int().optional(),
  /** A service's type (one of serviceTypes, src/domain/serviceSchedule.ts). */
  serviceType: z.string().optional(),
});
export type TWorkQueueItem = z.infer<typeof ZWorkQueueItem>;

/**
 * `total` counts every item; `totalExact` false when a kind has more than the server's exact limit
 * (1,000 by default) and `total` is the database's estimate, shown 'about …' (issue 37).
 */
export const ZWorkQueue = z.object({
  data: z.array(ZWorkQueueItem),
  total: z.number().int(),
  totalExact: z.boolean(),
});
export type TWorkQueue = z.infer<typeof ZWorkQueue>;

/** Items answered at most; `total` still counts them all (the bell shows 99+ past two digits). */
export const workQueueLimit = 200;
/** An accepted application whose approval ends within these days is on the queue (DESIGN.md section 6). */
export const approvalExpiringDays = 30;

/**
 * Items of no area: a failed scheduled backup waits on the administrators' queue (issue 27,
 * server/modules/backups) until a backup succeeds. Apart from `workQueue.ts` (which builds zod
 * schemas): the home page's queue kinds read these names without loading zod.
 */
export const backupWorkQueueEntity = 'backup';
export const backupFailedReason = 'backupFailed';

import { atom } from 'jotai';

/**
 * Asks the work queue to read again: bumped after any workflow action (a decision taken leaves the
 * queue) and by its retry; the loader (src/features/home/workQueue) reads it.
 */
export const workQueueRefreshAtom = atom(0);

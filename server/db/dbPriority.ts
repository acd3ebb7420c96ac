import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose statement this is, for the embedded database's one connection (issue 37,
 * server/db/pgliteScheduler.ts): a person waiting on a screen ('interactive', the default), or work
 * nobody watches statement by statement ('background': reports, exports, backups, jobs).
 */
export type TDbPriority = 'interactive' | 'background';

const priority = new AsyncLocalStorage<TDbPriority>();

/** The priority of the code running now: 'interactive' unless inside `inBackground`. */
export const dbPriority = (): TDbPriority => priority.getStore() ?? 'interactive';

/** Runs `run` (and every database call it makes, awaited or not) as background work. */
export const inBackground = <T>(run: () => T): T => priority.run('background', run);

import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { TDb } from './client';

type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

/** The database, or a transaction on it: what a count reads through. */
type TReader = TDb | TTx;

const isPglite = (db: TDb) => (db as { $client?: unknown }).$client instanceof PGlite;

/**
 * Runs `count` in one transaction with PostgreSQL's JIT compilation off (`set local`: this
 * transaction only). A report's aggregate over a million rows is estimated costly enough for JIT,
 * which then spends seconds compiling its dozens of `count(*) filter (…)` expressions to save
 * milliseconds of executing them (docs/performance.md, 'Reports and dashboard'). One transaction
 * also makes every figure of an answer read the same snapshot of the database.
 *
 * On PGlite (no JIT; one connection for every request) the statements run one by one instead: a
 * transaction is one job of its scheduler (pgliteScheduler.ts) and held the connection for the whole
 * answer (~60 ms at 100,000 children) while every request waited (issue 37). Each statement's
 * figures agree among themselves; two statements' may be a write apart.
 */
export const withoutJit = <T>(db: TDb, count: (reader: TReader) => Promise<T>): Promise<T> =>
  isPglite(db)
    ? count(db)
    : db.transaction(
        async (tx) => {
          await tx.execute(sql`set local jit = off`);
          return count(tx);
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );

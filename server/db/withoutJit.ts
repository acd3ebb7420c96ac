import { sql } from 'drizzle-orm';
import type { TDb } from './client';

type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

/**
 * Runs `count` in one transaction with PostgreSQL's JIT compilation off (`set local`: this
 * transaction only). A report's aggregate over a million rows is estimated costly enough for JIT,
 * which then spends seconds compiling its dozens of `count(*) filter (…)` expressions to save
 * milliseconds of executing them (docs/performance.md, 'Reports and dashboard'). PGlite has no JIT
 * and accepts the setting. One transaction also makes every figure of an answer read the same
 * snapshot of the database.
 */
export const withoutJit = <T>(db: TDb, count: (tx: TTx) => Promise<T>): Promise<T> =>
  db.transaction(
    async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return count(tx);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

import type { SQL } from 'drizzle-orm';
import type { TDbOrTx } from '../audit';

/** The rows of a raw statement, whichever driver ran it (PGlite answers rows, node-postgres a result). */
export const rowsOf = async <T>(db: TDbOrTx, query: SQL): Promise<T[]> => {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
};

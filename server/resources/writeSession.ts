import { eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TSystemSettingsRecord } from '../../src/domain/systemSettings';
import type { TDbOrTx } from '../audit';
import { readSettings } from '../settings/readSettings';
import {
  greatestCodeNumber,
  lockRecordCodes,
  nextRecordCode,
  recordCodeOf,
  type TCodeTarget,
} from './recordCode';

/** A row's value in a column, or `undefined` when there is no row of that id. */
export type TFound = { value: unknown } | undefined;

/**
 * What a write's rules and hooks read of other tables and add beside the record
 * (`TWriteContext.session`). The rules are the same code for a form's save and for the bulk import;
 * only the session differs:
 * - `directSession`: each read and each added row is one statement, at once (a form's save);
 * - `batchSession`: the reads the records being written make in the same turn are one query per
 *   column, answers remembered; codes are read once and then counted on; added rows wait for
 *   `flush`, one multi-row insert per table (the bulk import, issue 25).
 */
export type TWriteSession = {
  /** `column` of the row of its table whose id is `id` (a place's level above, an item's list). */
  valueOf: (column: PgColumn, id: number) => Promise<TFound>;
  /** The system settings (read once per session). */
  settings: () => Promise<TSystemSettingsRecord>;
  /** The next free code of `stem`, the table's code lock held (server/resources/recordCode.ts). */
  nextCode: (target: TCodeTarget, stem: string) => Promise<string>;
  /** Rows that belong to the record written (its first status, its disabilities). */
  add: (table: PgTable, rows: Record<string, unknown>[]) => Promise<void>;
};

/** PostgreSQL takes at most 65,535 parameters in a statement. */
const parameterLimit = 65_535;

export const chunksOf = <T>(items: readonly T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
};

const idColumnOf = (table: PgTable) => (getTableColumns(table) as Record<string, PgColumn>).id;

/** Rows inserted into `table` in as few statements as the parameter limit allows (one per chunk). */
export const insertInChunks = async (db: TDbOrTx, table: PgTable, rows: Record<string, unknown>[]) => {
  if (rows.length === 0) return;
  const size = Math.max(1, Math.floor(parameterLimit / Object.keys(getTableColumns(table)).length));
  for (const chunk of chunksOf(rows, size)) await db.insert(table).values(chunk);
};

/** One statement for each read and each added row: a single record's write. */
export const directSession = (db: TDbOrTx): TWriteSession => {
  let settings: Promise<TSystemSettingsRecord> | undefined;
  return {
    valueOf: async (column, id) => {
      const [row] = await db
        .select({ value: column })
        .from(column.table)
        .where(eq(idColumnOf(column.table), id))
        .limit(1);
      return row ? { value: row.value } : undefined;
    },
    settings: () => {
      settings ??= readSettings(db);
      return settings;
    },
    nextCode: async (target, stem) => {
      await lockRecordCodes(db, target.entity);
      return nextRecordCode(db, target, stem);
    },
    add: async (table, rows) => {
      if (rows.length > 0) await db.insert(table).values(rows);
    },
  };
};

/** Ids asked of one column at a time: at most this many in one `in (...)`. */
const idsPerRead = 5_000;

/**
 * The session of many records written together (DESIGN.md section 8, docs/performance.md): rules
 * run for all the records at once (`Promise.all`), and the ids they ask of a column in the same
 * turn of the event loop are read in one query (as a DataLoader does); each answer is kept for the
 * session. Queries run one after the other (a transaction is one connection). `flush` writes the
 * added rows, table by table in the order they were first added.
 */
export const batchSession = (db: TDbOrTx): TWriteSession & { flush: () => Promise<void> } => {
  type TWaiting = { resolve: (found: TFound) => void; reject: (error: unknown) => void };
  const known = new Map<PgColumn, Map<number, Promise<TFound>>>();
  let waiting = new Map<PgColumn, Map<number, TWaiting>>();
  let reading: Promise<void> = Promise.resolve();
  let scheduled = false;

  const readWaiting = async () => {
    const asked = waiting;
    waiting = new Map();
    for (const [column, ids] of asked) {
      try {
        const found = new Map<number, unknown>();
        const idColumn = idColumnOf(column.table);
        for (const chunk of chunksOf([...ids.keys()], idsPerRead)) {
          const rows = await db
            .select({ id: idColumn, value: column })
            .from(column.table)
            .where(inArray(idColumn, chunk));
          for (const row of rows) found.set(Number(row.id), row.value);
        }
        for (const [id, { resolve }] of ids) resolve(found.has(id) ? { value: found.get(id) } : undefined);
      } catch (error) {
        for (const { reject } of ids.values()) reject(error);
      }
    }
  };

  /** The entry of `key` in `map`, made empty when there is none. */
  const entryOf = <K, V>(map: Map<K, Map<number, V>>, key: K): Map<number, V> => {
    const entry = map.get(key) ?? new Map<number, V>();
    map.set(key, entry);
    return entry;
  };

  const readValue = (column: PgColumn, id: number): Promise<TFound> => {
    const answers = entryOf(known, column);
    const kept = answers.get(id);
    if (kept) return kept;
    const answer = new Promise<TFound>((resolve, reject) => {
      entryOf(waiting, column).set(id, { resolve, reject });
    });
    answers.set(id, answer);
    if (!scheduled) {
      scheduled = true;
      // Once every record has asked what it asks now: one query per column for all of them.
      setImmediate(() => {
        scheduled = false;
        reading = reading.then(readWaiting);
      });
    }
    return answer;
  };

  let settings: Promise<TSystemSettingsRecord> | undefined;
  /** Per code stem: the last number given (the lock taken and the greatest read on the first). */
  const lastNumbers = new Map<string, Promise<{ last: number }>>();
  const added = new Map<PgTable, Record<string, unknown>[]>();

  return {
    valueOf: readValue,
    settings: () => {
      settings ??= readSettings(db);
      return settings;
    },
    nextCode: async (target, stem) => {
      const key = `${target.entity}\u0000${stem}`;
      let counter = lastNumbers.get(key);
      if (!counter) {
        counter = lockRecordCodes(db, target.entity).then(async () => ({
          last: await greatestCodeNumber(db, target, stem),
        }));
        lastNumbers.set(key, counter);
      }
      const kept = await counter;
      kept.last += 1;
      return recordCodeOf(stem, kept.last);
    },
    add: async (table, rows) => {
      const list = added.get(table) ?? [];
      list.push(...rows);
      added.set(table, list);
    },
    flush: async () => {
      for (const [table, rows] of added) await insertInChunks(db, table, rows);
      added.clear();
    },
  };
};

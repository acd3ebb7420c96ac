import { and, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';
import { auditValues, type TDbOrTx, writeAudit } from '../audit';
import type { TAuthUser } from '../auth/service';
import { auditLog } from '../db/schema';
import { ApiError, fieldErrors, notFound, staleVersion } from '../errors';
import { columnsOf, joinedTo } from './bindingColumns';
import { databaseErrorCode } from './databaseError';
import { officeCondition } from './officeScope';
import { RecordsRefused } from './recordsRefused';
import type { TResourceBinding } from './resourceBinding';
import type { TWriteContext } from './writeContext';
import { batchSession, chunksOf, directSession, insertInChunks, type TWriteSession } from './writeSession';

/**
 * The reads and writes of one resource's records, as its routes make them and anything else that
 * writes its records the same way (the bulk import, server/upload): the same checks, hooks, version
 * rule and audit rows.
 */
export const recordWrites = (binding: TResourceBinding) => {
  const { definition, table } = binding;
  const columns = columnsOf(table);
  const idColumn = columns.id;
  const versionColumn = columns.version;
  const entity = getTableName(table);
  const columnsFor = async (context: TWriteContext) =>
    binding.toColumns ? binding.toColumns(context) : context.body;
  const withJoins = <T extends PgSelect>(query: T): T => joinedTo(binding, query);
  /** The column of the record's head office, when its records are kept by office (DESIGN.md section 7). */
  const officeColumn = definition.officeScope ? columns[definition.officeScope] : undefined;
  if (definition.officeScope && !officeColumn)
    throw new Error(`${definition.name}: officeScope names ${definition.officeScope}, not a column`);

  const selectRows = (db: TDbOrTx) => {
    return withJoins(
      db
        .select(binding.selection as Record<string, PgColumn>)
        .from(table)
        .$dynamic(),
    );
  };
  /** One row, within the user's office when one is given: a row outside it is not found. */
  const findRow = async (db: TDbOrTx, id: number, user?: TAuthUser) => {
    const scope = user ? officeCondition(officeColumn, user) : undefined;
    const [row] = await selectRows(db)
      .where(and(eq(idColumn, id), scope, binding.merged?.where))
      .limit(1);
    return row as Record<string, unknown> | undefined;
  };
  /** The rows of `ids` (within the user's office when one is given), in the order of `ids`; a row not found is left out. */
  const findRows = async (db: TDbOrTx, ids: readonly number[], user?: TAuthUser) => {
    const scope = user ? officeCondition(officeColumn, user) : undefined;
    const byId = new Map<number, Record<string, unknown>>();
    for (const chunk of chunksOf(ids, 5_000)) {
      const rows = (await selectRows(db).where(
        and(inArray(idColumn, chunk), scope, binding.merged?.where),
      )) as Record<string, unknown>[];
      for (const row of rows) byId.set(Number(row.id), row);
    }
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    });
  };
  /**
   * Locks the record's row for the rest of the transaction before a write judges it: a workflow
   * step (`applyWorkflowEvent` locks the same row) and a delete or an edit sent together then run
   * one after the other, the second judging what the first left (DESIGN.md section 4). Only the
   * table's own row: `findRow`'s joins are read, not locked.
   */
  const lockRow = (db: TDbOrTx, id: number) =>
    db.select({ id: idColumn }).from(table).where(eq(idColumn, id)).for('update');

  /** Parents named in the body exist; a missing one is a 400 on its field. */
  const checkParents = async (
    db: TDbOrTx,
    body: Record<string, unknown>,
    session: TWriteSession = directSession(db),
  ) => {
    for (const parent of binding.parents ?? []) {
      const value = body[parent.field];
      if (typeof value !== 'number') continue;
      const found = await session.valueOf(columnsOf(parent.table).id, value);
      if (!found) throw fieldErrors((t) => t.server.invalidParent({ field: parent.field }));
    }
  };

  /** A unique violation becomes a 400 on the field it concerns, anything else is rethrown. */
  const rethrowDuplicate = (error: unknown): never => {
    const { code, constraint } = databaseErrorCode(error);
    const field = constraint ? binding.unique?.[constraint] : undefined;
    if (code === '23505') {
      const label = field ?? 'code';
      throw fieldErrors((t) => t.validation.duplicate({ label }));
    }
    throw error;
  };

  /** What a write needs besides the transaction: who acts, the app's clock, the request's words. */
  type TWriteOptions = { actor: TAuthUser; now: number; t: TranslationFunctions };

  /** Creates a record from a validated body in `tx`: parents, consistency, guard, hooks, one audit row. */
  const create = async (
    tx: TDbOrTx,
    body: Record<string, unknown>,
    { actor, now, t }: TWriteOptions,
    /** Runs once the record's own rules passed, before the insert (the create route's extras). */
    beforeInsert?: () => Promise<void>,
  ) => {
    const session = directSession(tx);
    const context: TWriteContext = { db: tx, mode: 'create', actor, body, now, t, session };
    await checkParents(tx, body, session);
    await binding.consistency?.(tx, body, session);
    await binding.guard?.(context);
    await beforeInsert?.();
    const [inserted] = await tx
      .insert(table)
      .values({ ...(await columnsFor(context)), createdBy: actor.id, updatedBy: actor.id })
      .returning({ id: idColumn });
    const id = inserted.id as number;
    await binding.afterChange?.({ ...context, id });
    const row = await findRow(tx, id);
    await writeAudit(tx, { userId: actor.id, entity, entityId: id, action: 'create', after: row });
    return row;
  };

  /**
   * Changes a record in `tx` (locked first) if it is at `version` and within the actor's office:
   * else 404 or 409, nothing changed. The same checks and hooks as a create, one audit row.
   */
  const update = async (
    tx: TDbOrTx,
    id: number,
    version: number,
    changes: Record<string, unknown>,
    { actor, now, t }: TWriteOptions,
  ) => {
    await lockRow(tx, id);
    const before = await findRow(tx, id, actor);
    if (!before) throw notFound();
    // A stale version is refused before any rule looks at the (outdated) change.
    if (before.version !== version) throw staleVersion();
    const session = directSession(tx);
    const context: TWriteContext = { db: tx, mode: 'update', actor, before, body: changes, now, t, session };
    await checkParents(tx, changes, session);
    await binding.consistency?.(tx, { ...before, ...changes }, session);
    await binding.guard?.(context);
    const result = await tx
      .update(table)
      .set({
        ...(await columnsFor(context)),
        version: sql`${versionColumn} + 1`,
        updatedBy: actor.id,
        updatedAt: new Date(),
      })
      .where(and(eq(idColumn, id), eq(versionColumn, version)))
      .returning({ id: idColumn });
    if (result.length === 0) throw staleVersion();
    await binding.afterChange?.({ ...context, id });
    const after = await findRow(tx, id);
    await writeAudit(tx, { userId: actor.id, entity, entityId: id, action: 'update', before, after });
    return after;
  };

  /** An ApiError of the body at `index` as a refusal of the batch; anything else is rethrown. */
  const refusalOf = (index: number, error: unknown): RecordsRefused => {
    if (error instanceof ApiError) return new RecordsRefused([{ index, error }]);
    throw error;
  };

  /**
   * Creates records from validated bodies in `tx`, in their order, as `create` does each (the same
   * parents, consistency, guard, columns, hooks, read-back and audit row; codes in the bodies'
   * order), answering the rows as `create` answers one. With `batchCreate`, the rules of all the
   * bodies run together through one batch session, then one multi-row insert per table; else one
   * by one. Refused bodies throw `RecordsRefused` (every body the rules refuse; else the first
   * refused by its columns or hooks); the caller's transaction is then to be rolled back.
   */
  const createMany = async (
    tx: TDbOrTx,
    bodies: readonly Record<string, unknown>[],
    options: TWriteOptions,
  ) => {
    if (!binding.batchCreate) {
      const rows: Record<string, unknown>[] = [];
      for (const [index, body] of bodies.entries())
        rows.push(
          (await create(tx, body, options).catch((error) => Promise.reject(refusalOf(index, error)))) ?? {},
        );
      return rows;
    }
    const { actor, now, t } = options;
    const session = batchSession(tx);
    const contexts: TWriteContext[] = bodies.map((body) => ({
      db: tx,
      mode: 'create',
      actor,
      body,
      now,
      t,
      session,
    }));
    // The rules of every record at once: their reads are one query per column for all of them.
    const judged = await Promise.allSettled(
      contexts.map(async (context) => {
        await checkParents(tx, context.body, session);
        await binding.consistency?.(tx, context.body, session);
        await binding.guard?.(context);
      }),
    );
    const refusals = judged.flatMap((outcome, index) =>
      outcome.status === 'rejected' ? refusalOf(index, outcome.reason).refusals : [],
    );
    if (refusals.length > 0) throw new RecordsRefused(refusals);
    // Their columns in the bodies' order: codes are counted on in that order.
    const values: Record<string, unknown>[] = [];
    for (const [index, context] of contexts.entries())
      values.push({
        ...(await columnsFor(context).catch((error) => Promise.reject(refusalOf(index, error)))),
        createdBy: actor.id,
        updatedBy: actor.id,
      });
    const ids: number[] = [];
    const size = Math.max(1, Math.floor(65_535 / Object.keys(columns).length));
    for (const chunk of chunksOf(values, size)) {
      const inserted = await tx.insert(table).values(chunk).returning({ id: idColumn });
      // Identities are drawn in the order of the values: ascending ids are the chunk's order.
      ids.push(...inserted.map((row) => Number(row.id)).sort((a, b) => a - b));
    }
    for (const [index, context] of contexts.entries())
      await binding
        .afterChange?.({ ...context, id: ids[index] })
        .catch((error) => Promise.reject(refusalOf(index, error)));
    await session.flush();
    const rows = await findRows(tx, ids);
    await insertInChunks(
      tx,
      auditLog,
      rows.map((row) =>
        auditValues({ userId: actor.id, entity, entityId: Number(row.id), action: 'create', after: row }),
      ),
    );
    return rows;
  };

  return {
    selectRows,
    findRow,
    findRows,
    lockRow,
    checkParents,
    rethrowDuplicate,
    create,
    createMany,
    update,
    officeColumn,
  };
};

/** What the resource's routes and the bulk import share of its reads and writes. */
export type TRecordWrites = ReturnType<typeof recordWrites>;

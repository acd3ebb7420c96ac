import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { TDbOrTx } from '../audit';
import type { TAuthUser } from '../auth/service';
import { accessLog, auditLog, users } from '../db/schema';
import type { TAccessLogQueue } from './accessLogQueue';

/** What a record's timeline reads besides its own table's rows: rows of tables that belong to it. */
export type TTimelineBinding = {
  /** The description's field keys: the changes told (set by the resource engine). */
  fields?: readonly string[];
  /**
   * e.g. `{ entity: 'child_documents', key: 'childId', about: 'document' }`: audit rows whose record
   * names it by `key` (and has the `match` values: an attachment's `entity`); `about` says what the
   * rows are, so the timeline words them (a document added, the family changed).
   */
  related?: readonly {
    entity: string;
    key: string;
    about: TTimelineAbout;
    match?: Readonly<Record<string, string>>;
  }[];
  /** What one reader is told of the entries (a sealed child's origins left out of them). */
  present?: (
    entries: TTimelineEntry[],
    context: { db: TDbOrTx; id: number; user: TAuthUser; now: number },
  ) => Promise<TTimelineEntry[]>;
};

/** What a related row is about. */
export const timelineAbouts = ['document', 'family'] as const;
export type TTimelineAbout = (typeof timelineAbouts)[number];

/** Keys that change with every write and say nothing to a reader. */
const quietKeys = new Set(['version', 'updatedAt', 'updatedBy', 'createdAt', 'createdBy', 'payload']);

export const ZTimelineEntry = z.object({
  id: z.string(),
  at: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** `audit`: a change; `access`: the record was opened. */
  kind: z.enum(['audit', 'access']),
  entity: z.string(),
  action: z.string(),
  /** The fields an update changed, with their values before and after (as stored). */
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  /** The record the row was about when it is a related one (a document's name...). */
  subject: z.record(z.string(), z.unknown()).nullable(),
  /** A workflow action's date and reason. */
  payload: z.record(z.string(), z.unknown()).nullable(),
  /** What a related row is about (its binding says); null for the record's own rows. */
  about: z.enum(timelineAbouts).nullable(),
});
export type TTimelineEntry = z.infer<typeof ZTimelineEntry>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An empty text and no value are the same to a reader: a form that sends '' changes nothing. */
const asTold = (value: unknown) => (value === '' || value === undefined ? null : value);

/**
 * The fields a person edits whose stored value differs, in the record's order. With `fields` (the
 * description's field keys) only those are told, a lookup by its named object (`headOffice` rather
 * than `headOfficeId`), and values derived from others (a whole name) are left out.
 */
export const changedFields = (
  before: unknown,
  after: unknown,
  fields?: readonly string[],
): TTimelineEntry['changes'] => {
  if (!isRecord(before) || !isRecord(after)) return [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const told = (key: string) => !fields || fields.includes(key) || fields.includes(`${key}Id`);
  const changed = keys
    .filter((key) => !quietKeys.has(key) && told(key))
    .filter((key) => JSON.stringify(asTold(before[key])) !== JSON.stringify(asTold(after[key])));
  return changed
    .filter((key) => !(key.endsWith('Id') && changed.includes(key.slice(0, -2))))
    .map((key) => ({ field: key, from: asTold(before[key]), to: asTold(after[key]) }));
};

/** How many timeline rows are answered: the newest. */
export const timelineLimit = 200;

/**
 * A record's timeline, newest first: every audit row of the record and of the rows that belong to
 * it (`related`), and, for a reader allowed to see them, who opened it.
 */
export const readTimeline = async (
  db: TDbOrTx,
  entity: string,
  id: number,
  binding: TTimelineBinding,
  withAccess: boolean,
): Promise<TTimelineEntry[]> => {
  /** The row as it was written (after) or removed (before) names the record, and matches. */
  const names = (column: PgColumn, key: string, match: Readonly<Record<string, string>>) =>
    and(
      sql`(${column} ->> ${key}) = ${String(id)}`,
      ...Object.entries(match).map(([field, value]) => sql`(${column} ->> ${field}) = ${value}`),
    );
  const related = (binding.related ?? []).map(({ entity: name, key, match = {} }) =>
    and(eq(auditLog.entity, name), or(names(auditLog.after, key, match), names(auditLog.before, key, match))),
  );
  const aboutOf = new Map((binding.related ?? []).map((entry) => [entry.entity, entry.about]));
  const audits = await db
    .select({
      id: auditLog.id,
      at: auditLog.createdAt,
      userId: auditLog.userId,
      userName: users.name,
      entity: auditLog.entity,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(or(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)), ...related))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(timelineLimit);
  // An opening with a reason (a sealed child's origins, issue 27) is told to every reader.
  const accesses = await db
    .select({
      id: accessLog.id,
      at: accessLog.at,
      userId: accessLog.userId,
      userName: users.name,
      reason: accessLog.reason,
    })
    .from(accessLog)
    .leftJoin(users, eq(users.id, accessLog.userId))
    .where(
      and(
        eq(accessLog.entity, entity),
        eq(accessLog.entityId, id),
        withAccess ? undefined : isNotNull(accessLog.reason),
      ),
    )
    .orderBy(desc(accessLog.at), desc(accessLog.id))
    .limit(timelineLimit);
  const userOf = (userId: number | null, userName: string | null) =>
    userId !== null && userName !== null ? { id: userId, name: userName } : null;
  const entries: TTimelineEntry[] = [
    ...audits.map((row) => {
      const own = row.entity === entity;
      const record = isRecord(row.after) ? row.after : isRecord(row.before) ? row.before : null;
      return {
        id: `audit-${row.id}`,
        at: row.at.toISOString(),
        user: userOf(row.userId, row.userName),
        kind: 'audit' as const,
        entity: row.entity,
        action: row.action,
        changes: own && row.action === 'update' ? changedFields(row.before, row.after, binding.fields) : [],
        subject: own ? null : record,
        payload: isRecord(row.after) && isRecord(row.after.payload) ? row.after.payload : null,
        about: own ? null : (aboutOf.get(row.entity) ?? null),
      };
    }),
    ...accesses.map((row) => ({
      id: `access-${row.id}`,
      at: row.at.toISOString(),
      user: userOf(row.userId, row.userName),
      kind: 'access' as const,
      entity,
      action: row.reason === null ? 'open' : 'open-origins',
      changes: [],
      subject: null,
      payload: row.reason === null ? null : { reason: row.reason },
      about: null,
    })),
  ];
  return entries
    .sort((a, b) => (a.at === b.at ? b.id.localeCompare(a.id) : a.at < b.at ? 1 : -1))
    .slice(0, timelineLimit);
};

/** Ten minutes: a record read again by the same user within them is not logged again. */
const accessWindowMs = 10 * 60_000;

/**
 * Notes who opened a record, once per user and record per ten minutes (per server process); the
 * row is written by the access-log queue (batched, server/resources/accessLogQueue.ts).
 */
export const createAccessRecorder = (now: () => number, queue: Pick<TAccessLogQueue, 'add'>) => {
  const last = new Map<string, number>();
  return (userId: number, entity: string, entityId: number): void => {
    const key = `${userId}:${entity}:${entityId}`;
    const at = now();
    const previous = last.get(key);
    if (previous !== undefined && at - previous < accessWindowMs) return;
    last.set(key, at);
    // Bounded: the oldest half goes when it grows large (a busy office reads thousands of records).
    if (last.size > 20_000) for (const old of [...last.keys()].slice(0, 10_000)) last.delete(old);
    queue.add({ userId, entity, entityId, at: new Date(at) });
  };
};

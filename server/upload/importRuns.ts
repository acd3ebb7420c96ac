import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { and, eq, gt, isNull, lt, lte, or } from 'drizzle-orm';
import type { TDuplicateMatch } from '../../src/domain/duplicates';
import type { TDbOrTx } from '../audit';
import type { TDb } from '../db/client';
import { importRuns } from '../db/schema';
import { ApiError } from '../errors';
import type { TStoredCell } from './readWorkbook';

/**
 * How long a commit's claim holds: a commit of the largest workbook takes well under a minute, so
 * a claim this old is one whose process stopped mid-commit (its transaction rolled back), and the
 * run may be committed again rather than wait for its expiry.
 */
export const importClaimStaleMs = 10 * 60_000;

/** One row of a checked workbook, as the commit and the errors workbook need it. */
export type TCheckedRow = {
  /** Its number in the sheet, as Excel shows it. */
  row: number;
  /** Its cells as typed (a date a date), by column index (for the errors workbook). */
  cells: TStoredCell[];
  /**
   * What the commit does with the row (issue 35: the dry run's plan): `create`; `update` (the row
   * names its record by code); `unchanged` (by code, or without one but equal to a kept record in
   * every column); `duplicate` (no code, and likely the same person as a kept record or an earlier
   * row: skipped unless the commit names it); `error`.
   */
  outcome: 'create' | 'update' | 'unchanged' | 'duplicate' | 'error';
  /** The validated body (create, duplicate) or the fields that change (update). */
  body?: Record<string, unknown>;
  /** The record a row names (by its code, or by being equal to it): changed only if still at this version. */
  target?: { id: number; code: string; version: number };
  /** create, duplicate: the key that tells the same record (checked again at the commit). */
  identity?: string;
  /** The office the new record goes to (the commit serialises creates per office). */
  officeId?: number | null;
  /** duplicate: the kept records it resembles, best first. */
  duplicates?: TDuplicateMatch[];
  /** duplicate: the earlier row of the workbook it repeats. */
  sameAsRow?: number;
};

/**
 * An error of a row: `column` is the field's key (the errors workbook finds its cell by it), `header`
 * the column's header as the workbook has it (null: the whole row, or a column the sheet lacks).
 */
export type TRowError = { row: number; column: string | null; header?: string | null; message: string };

/** A dry run kept behind its token until it is committed or expires. */
export type TImportRun = {
  token: string;
  userId: number;
  resource: string;
  createdAt: number;
  headers: string[];
  rows: TCheckedRow[];
  errors: TRowError[];
};

/** How long a dry run may be committed or its errors downloaded. */
export const importRunLifetimeMs = 24 * 3600 * 1000;

const packed = promisify(gzip);
const unpacked = promisify(gunzip);

/** What the row keeps of a run besides its columns. */
type TChecked = Pick<TImportRun, 'headers' | 'rows' | 'errors'>;

/** Tokens are 32 url-safe characters: anything else names no run. */
const isToken = (token: string) => /^[A-Za-z0-9_-]{32}$/.test(token);

/**
 * Dry runs kept in the database (`import_runs`, issue 36; they were files under `DATA_DIR/imports`):
 * the errors workbook and the commit work on whichever API process the request reaches. A run is
 * one row, the checked workbook gzipped in it (docs/decisions.md, "import runs in the database").
 * Times are the app's clock (`now`), not the database's, as the file's mtime was.
 */
export const createImportRuns = (db: TDb, now: () => number) => {
  /** Opportunistic: runs past their expiry (and claims a crashed commit left) go at the next dry run. */
  const sweep = () => db.delete(importRuns).where(lte(importRuns.expiresAt, new Date(now())));

  const save = async (run: Omit<TImportRun, 'token' | 'createdAt'>): Promise<TImportRun> => {
    await sweep();
    const kept: TImportRun = { ...run, token: randomBytes(24).toString('base64url'), createdAt: now() };
    const checked: TChecked = { headers: run.headers, rows: run.rows, errors: run.errors };
    await db.insert(importRuns).values({
      token: kept.token,
      userId: run.userId,
      resource: run.resource,
      createdAt: new Date(kept.createdAt),
      expiresAt: new Date(kept.createdAt + importRunLifetimeMs),
      checked: await packed(JSON.stringify(checked)),
    });
    return kept;
  };

  const runOf = async (row: {
    token: string;
    userId: number;
    resource: string;
    createdAt: Date;
    checked: Buffer;
  }): Promise<TImportRun> => ({
    token: row.token,
    userId: row.userId,
    resource: row.resource,
    createdAt: row.createdAt.getTime(),
    ...(JSON.parse((await unpacked(row.checked)).toString('utf8')) as TChecked),
  });

  const columns = {
    token: importRuns.token,
    userId: importRuns.userId,
    resource: importRuns.resource,
    createdAt: importRuns.createdAt,
    checked: importRuns.checked,
  };

  /**
   * This user's run of this resource, not expired and not being committed: another user's token,
   * another resource's, an expired or a claimed one (unless its claim is stale) is not there for this request.
   */
  const available = (token: string, userId: number, resource: string) =>
    and(
      eq(importRuns.token, token),
      eq(importRuns.userId, userId),
      eq(importRuns.resource, resource),
      gt(importRuns.expiresAt, new Date(now())),
      or(isNull(importRuns.claimedAt), lt(importRuns.claimedAt, new Date(now() - importClaimStaleMs))),
    );

  /** The dry run behind a token, when it is this user's, of this resource and not expired. */
  const load = async (token: string, userId: number, resource: string) => {
    if (!isToken(token)) return null;
    const [row] = await db
      .select(columns)
      .from(importRuns)
      .where(available(token, userId, resource));
    return row ? runOf(row) : null;
  };

  /**
   * Takes a dry run for its commit: one conditional UPDATE, so of two commits of the same token (a
   * double click, another tab, another process) only one finds it. `release` gives it back when the
   * commit fails; `done` deletes it inside the commit's transaction, so the records and the run's
   * end are written together.
   */
  const claim = async (token: string, userId: number, resource: string) => {
    if (!isToken(token)) return null;
    const claimer = `${hostname()}:${process.pid}:${randomBytes(6).toString('hex')}`;
    const [row] = await db
      .update(importRuns)
      .set({ claimedAt: new Date(now()), claimedBy: claimer })
      .where(available(token, userId, resource))
      .returning(columns);
    if (!row) return null;
    const mine = and(eq(importRuns.token, token), eq(importRuns.claimedBy, claimer));
    const release = async () => {
      await db.update(importRuns).set({ claimedAt: null, claimedBy: null }).where(mine);
    };
    const run = await runOf(row).catch(async (error: unknown) => {
      await release();
      throw error;
    });
    return {
      run,
      release,
      done: async (tx: TDbOrTx) => {
        // Still ours: a commit slower than the claim's hold was taken over by another, whose commit
        // is the one; this one's transaction is rolled back.
        const ended = await tx.delete(importRuns).where(mine).returning({ token: importRuns.token });
        if (ended.length === 0) throw new ApiError(404, 'importTokenUnknown');
      },
    };
  };

  return { save, load, claim };
};

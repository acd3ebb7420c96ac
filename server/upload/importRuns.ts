import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TDuplicateMatch } from '../../src/domain/duplicates';
import type { TStoredCell } from './readWorkbook';

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

/**
 * Dry runs are kept as files under `DATA_DIR/imports` (docs/decisions.md, issue 25): stateless API
 * processes share DATA_DIR, and a dry run of 10,000 rows is too large for a row of its own.
 */
export const importRuns = (dataDir: string, now: () => number) => {
  const directory = path.join(dataDir, 'imports');
  const fileOf = (token: string) => path.join(directory, `${token}.json`);
  /** Tokens are 32 url-safe characters: anything else names no file. */
  const isToken = (token: string) => /^[A-Za-z0-9_-]{32}$/.test(token);

  /** Removes dry runs past their lifetime (and claims left by a crash). */
  const sweep = async () => {
    const names = await readdir(directory).catch(() => [] as string[]);
    await Promise.all(
      names.map(async (name) => {
        const file = path.join(directory, name);
        const info = await stat(file).catch(() => null);
        if (info && now() - info.mtimeMs > importRunLifetimeMs) await rm(file, { force: true });
      }),
    );
  };

  const save = async (run: Omit<TImportRun, 'token' | 'createdAt'>): Promise<TImportRun> => {
    await mkdir(directory, { recursive: true });
    await sweep();
    const kept: TImportRun = { ...run, token: randomBytes(24).toString('base64url'), createdAt: now() };
    await writeFile(fileOf(kept.token), JSON.stringify(kept));
    return kept;
  };

  const parse = async (file: string, userId: number, resource: string): Promise<TImportRun | null> => {
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null) return null;
    const run = JSON.parse(text) as TImportRun;
    // Another user's token, another resource's, or an expired one: not there for this request.
    if (run.userId !== userId || run.resource !== resource || now() - run.createdAt > importRunLifetimeMs)
      return null;
    return run;
  };

  /** The dry run behind a token, when it is this user's, of this resource and not expired. */
  const load = (token: string, userId: number, resource: string) =>
    isToken(token) ? parse(fileOf(token), userId, resource) : Promise.resolve(null);

  /**
   * Takes a dry run for its commit: the file is renamed first, so a second commit of the same token
   * (a double click, another tab) finds nothing. `release` puts it back when the commit fails;
   * `done` removes it.
   */
  const claim = async (token: string, userId: number, resource: string) => {
    if (!isToken(token)) return null;
    const claimed = path.join(directory, `${token}.${randomBytes(6).toString('hex')}.committing`);
    const moved = await rename(fileOf(token), claimed).then(
      () => true,
      () => false,
    );
    if (!moved) return null;
    const run = await parse(claimed, userId, resource);
    const release = () => rename(claimed, fileOf(token)).catch(() => {});
    if (!run) {
      await release();
      return null;
    }
    return { run, release, done: () => rm(claimed, { force: true }) };
  };

  return { save, load, claim };
};

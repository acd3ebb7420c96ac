/**
 * One process at a time on the embedded database: PGlite has no locking of its own, and two
 * processes writing to one `DATA_DIR/db` corrupt it. Every opener goes through `openDatabase`
 * (server/db/client.ts), which takes this lock before PGlite touches the directory.
 *
 * The lock is a file beside the database (`DATA_DIR/db.lock`) holding who has it: pid, the
 * process's start time (so a pid reused by another program is not mistaken for the holder), host,
 * command line. It is created atomically: the content is written to a file of our own, then
 * hard-linked to the lock's name, which fails when the name exists; so the lock file is never seen
 * half written. A lock whose process is gone is taken over; two starters finding the same stale lock
 * take turns through a `mkdir` (atomic) so that only one removes it.
 */
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';

export type TLockHolder = {
  pid: number;
  /** Start time of the process in clock ticks since boot (Linux `/proc/<pid>/stat`), when known. */
  startTicks?: number;
  /** The boot the start time counts from (Linux), when known. */
  bootId?: string;
  hostname: string;
  /** What the process is: its command line (and npm script, when run through one). */
  command: string;
  /** ISO time the lock was taken. */
  since: string;
};

/** The database directory is held by a running process: the message names it; nothing was touched. */
export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holder: TLockHolder,
  ) {
    const where = holder.hostname === os.hostname() ? '' : ` on host ${holder.hostname}`;
    super(
      `The database in ${lockPath.replace(/\.lock$/, '')} is in use by another process${where}: ` +
        `pid ${holder.pid} (${holder.command}), since ${holder.since}. ` +
        'Only one process at a time may open the embedded database: stop that one first, or use another DATA_DIR. ' +
        `Nothing was changed. (Lock file: ${lockPath}; it is removed when that process ends and taken over ` +
        'if that process no longer runs.)',
    );
    this.name = 'DataDirLockedError';
  }
}

/** How long a takeover may take before another starter may assume its taker died. */
const takeoverStaleMs = 10_000;

const readProc = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** Field 22 of `/proc/<pid>/stat` (after the command name, which may hold spaces and parentheses). */
const processStartTicks = (pid: number): number | undefined => {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[19]);
  return Number.isFinite(ticks) ? ticks : undefined;
};

const bootId = () => readProc('/proc/sys/kernel/random/boot_id')?.trim();

const describeSelf = (): string => {
  const script = process.env.npm_lifecycle_event;
  const command = process.argv.join(' ');
  return script ? `npm run ${script}: ${command}` : command;
};

export const currentHolder = (): TLockHolder => ({
  pid: process.pid,
  startTicks: processStartTicks(process.pid),
  bootId: bootId(),
  hostname: os.hostname(),
  command: describeSelf(),
  since: new Date().toISOString(),
});

const readHolder = (lockPath: string): TLockHolder | 'missing' | 'unreadable' => {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const holder = JSON.parse(text) as TLockHolder;
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : 'unreadable';
  } catch {
    return 'unreadable';
  }
};

const sameHolder = (a: TLockHolder, b: TLockHolder) =>
  a.pid === b.pid && a.startTicks === b.startTicks && a.since === b.since && a.hostname === b.hostname;

/**
 * Whether the process that wrote `holder` still runs. Another host's process cannot be checked:
 * it counts as running (the safe answer). On Linux a pid now used by a process started at another
 * time, or a lock from before the last boot, is not the holder.
 */
export const holderIsAlive = (holder: TLockHolder): boolean => {
  if (holder.hostname !== os.hostname()) return true;
  if (holder.bootId && bootId() && holder.bootId !== bootId()) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the pid exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (holder.startTicks === undefined) return true;
  const ticks = processStartTicks(holder.pid);
  return ticks === undefined || ticks === holder.startTicks;
};

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Removes the lock while it is still `stale`, one starter at a time; false when another is at it. */
const removeStale = (lockPath: string, stale: TLockHolder | 'unreadable', staleText?: string): boolean => {
  const takeover = `${lockPath}.takeover`;
  try {
    mkdirSync(takeover);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // A taker that died half way leaves its directory; after a while it counts as abandoned.
    try {
      if (Date.now() - statSync(takeover).mtimeMs > takeoverStaleMs) rmdirSync(takeover);
    } catch {
      // Gone meanwhile: the next round tries again.
    }
    return false;
  }
  try {
    // Under the takeover: the lock must still be the stale one we saw, not a new holder's.
    const now = readHolder(lockPath);
    const unchanged =
      now === 'missing'
        ? false
        : stale === 'unreadable'
          ? now === 'unreadable' && readProc(lockPath) === staleText
          : now !== 'unreadable' && sameHolder(now, stale);
    if (unchanged) unlinkSync(lockPath);
    return true;
  } finally {
    rmdirSync(takeover);
  }
};

/** Locks this process holds, by path: opening one directory twice in one process is refused too. */
const held = new Map<string, TLockHolder>();

const releaseAllSync = () => {
  for (const [lockPath, holder] of held) releaseSync(lockPath, holder);
};

let handlersInstalled = false;
/**
 * Release on every way out: a normal end or `process.exit` ('exit'), and SIGINT/SIGTERM/SIGHUP when
 * nothing else handles them (a script): then the lock is released and the signal raised again, so
 * the process ends as it would have. The server's own handlers close the app, which releases it.
 * SIGKILL cannot be caught: that lock is stale and taken over by the next start.
 */
const installHandlers = () => {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', releaseAllSync);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      if (process.listenerCount(signal) > 1) return;
      releaseAllSync();
      process.removeListener(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
};

const releaseSync = (lockPath: string, holder: TLockHolder) => {
  held.delete(lockPath);
  const now = readHolder(lockPath);
  // Never remove a lock that is not ours (taken over after we were presumed dead).
  if (now !== 'missing' && now !== 'unreadable' && sameHolder(now, holder)) {
    try {
      unlinkSync(lockPath);
    } catch {
      // Already gone.
    }
  }
};

export type TDataDirLock = { lockPath: string; holder: TLockHolder; release: () => void };

/**
 * Takes the exclusive lock of a database directory (`DATA_DIR/db` -> `DATA_DIR/db.lock`), or throws
 * `DataDirLockedError` naming the live process that has it. Takes over a lock left by a dead process.
 */
export const lockDataDir = (databaseDir: string): TDataDirLock => {
  const lockPath = `${databaseDir.replace(/[\\/]+$/, '')}.lock`;
  const mine = held.get(lockPath);
  if (mine) throw new DataDirLockedError(lockPath, mine);
  const holder = currentHolder();
  const ownFile = `${lockPath}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  const fd = openSync(ownFile, 'wx', 0o644);
  try {
    writeSync(fd, `${JSON.stringify(holder, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        linkSync(ownFile, lockPath);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const existing = readHolder(lockPath);
      if (existing === 'missing') continue;
      if (existing !== 'unreadable' && holderIsAlive(existing)) {
        throw new DataDirLockedError(lockPath, existing);
      }
      const staleText = existing === 'unreadable' ? readProc(lockPath) : undefined;
      if (!removeStale(lockPath, existing, staleText)) {
        if (attempt > 400) throw new Error(`Could not take over the stale lock ${lockPath}.`);
        sleep(25);
      }
    }
  } finally {
    unlinkSync(ownFile);
  }
  held.set(lockPath, holder);
  installHandlers();
  return { lockPath, holder, release: () => releaseSync(lockPath, holder) };
};

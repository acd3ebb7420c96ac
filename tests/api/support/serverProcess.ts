import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

export type TServerProcess = {
  child: ChildProcessByStdio<null, Readable, null>;
  /** Every stdout line so far. */
  lines: string[];
  /** The first line `matches` accepts from now on; rejected if the process exits first. */
  lineOf: (matches: (line: string) => boolean) => Promise<string>;
  /** The exit code (null: killed by a signal). */
  exited: Promise<number | null>;
  /** Its base URL (`http://127.0.0.1:<port>`) once it says where it listens. */
  listening: Promise<string>;
  /** SIGTERM, then its exit code; SIGKILL if it has not exited within `graceMs`. */
  stop: (graceMs?: number) => Promise<number | null>;
};

/**
 * A real server process (tests/api/shutdown.test.ts, cluster.test.ts): `script` run by Node itself
 * with tsx's loader, not tsx's command (that one relays a signal to its child and kills the child
 * when it does not acknowledge within 30 ms: on a loaded machine, no answer). stdout is read line by
 * line (the JSON log); stderr goes to the test's.
 */
export const spawnServer = (script: string, env: NodeJS.ProcessEnv): TServerProcess => {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines: string[] = [];
  const waiters: { matches: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    for (const waiter of waiters.filter((candidate) => candidate.matches(line))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  });
  const lineOf = (matches: (line: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      waiters.push({ matches, resolve });
      void exited.then((code) =>
        reject(new Error(`the server exited (${code}) first:\n${lines.join('\n')}`)),
      );
    });
  const listening = lineOf((line) => line.includes('listening on http://')).then((line) => {
    const base = /(http:\/\/[^\s]+:\d+)/.exec(line)?.[1];
    if (!base) throw new Error(`no address in: ${line}`);
    return base;
  });
  // Awaited by whoever needs it; a start that fails must not also be an unhandled rejection.
  listening.catch(() => {});
  const stop = async (graceMs = 30_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };
  return { child, lines, lineOf, exited, listening, stop };
};

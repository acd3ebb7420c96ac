import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every source file of the client (tests and generated dictionaries aside). */
const sources = (directory: string): string[] =>
  readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });

describe('the client', () => {
  it('reads no server message: the client build leaves them out (scripts/build/serverMessages.ts)', () => {
    const readers = sources('src')
      .filter((file) => !file.startsWith(path.join('src', 'i18n')))
      .filter((file) => /\bLL\.server\b|\bbook\.server\b/.test(readFileSync(file, 'utf8')));
    expect(readers).toEqual([]);
  });
});

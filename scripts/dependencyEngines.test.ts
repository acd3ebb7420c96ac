import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` on a clean clone prints no warning (issue 22): every package of the lock file runs on
 * the oldest Node the project declares (`engines`: what CI and the machines run), and every
 * install script is one the project reviewed (`allowScripts`, npm 11).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
// semver comes with npm's own tree; its ranges are the ones npm checks engines with.
const semver = createRequire(import.meta.url)('semver') as {
  minVersion: (range: string) => { version: string } | null;
  satisfies: (version: string, range: string) => boolean;
};

const manifest = readJson('package.json') as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};
const lock = readJson('package-lock.json') as {
  packages: Record<string, { version?: string; engines?: { node?: string }; hasInstallScript?: boolean }>;
};
const packages = Object.entries(lock.packages).filter(([key]) => key !== '');
const nameOf = (key: string) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('the dependency tree', () => {
  it('runs on the oldest Node the project declares', () => {
    const oldest = semver.minVersion(manifest.engines.node)?.version ?? '';
    expect(oldest).toBe('20.19.0');
    const refusing = packages
      .filter(([, entry]) => entry.engines?.node && !semver.satisfies(oldest, entry.engines.node))
      .map(([key, entry]) => `${nameOf(key)}@${entry.version} wants node ${entry.engines?.node}`);
    expect(refusing).toEqual([]);
  });

  it('names every install script in allowScripts', () => {
    const unreviewed = packages
      .filter(([key, entry]) => entry.hasInstallScript && manifest.allowScripts?.[nameOf(key)] === undefined)
      .map(([key, entry]) => `${nameOf(key)}@${entry.version}`);
    expect(unreviewed).toEqual([]);
  });
});

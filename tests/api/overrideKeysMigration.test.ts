import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../server/db/client';
import en from '../../src/i18n/en';
import { renamedGenericKeys, renamedKeyPrefixes } from '../../src/i18n/renamedKeys';

/** The text at a dotted key of a dictionary, or undefined. */
const textAt = (dictionary: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dictionary);

/**
 * Issue 23: the dictionaries' keys moved (generic words to `record.*` and `workflow.*`, an area's
 * own to `areas.<name>.*`). The admin's overrides are stored by key, so a database that holds
 * overrides keeps them: migration 0020 renames them, in order, and leaves every other key alone.
 */
describe('the translation override keys migration', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'ab-migration-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  const before = path.join(scratch, 'before');
  cpSync(migrationsFolder, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= 19);
  writeFileSync(journalPath, JSON.stringify(journal));

  it('names a key the dictionary has for every renamed key', () => {
    for (const [from, to] of renamedGenericKeys)
      expect(typeof textAt(en, to), `${from} → ${to}`).toBe('string');
    // A prefix pair moves a section (its new place is a section) or one word (a text).
    for (const [from, to] of renamedKeyPrefixes)
      expect(typeof textAt(en, to), `${from} → ${to}`).not.toBe('undefined');
  });

  it('moves stored overrides to the new keys and keeps their words and order', async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before });
    const [generic] = renamedGenericKeys;
    const [prefix] = renamedKeyPrefixes;
    const subKey = Object.keys(textAt(en, prefix[1]) as object)[0];
    const stored = [
      { key: 'app.pageTitle', value: 'National system' },
      { key: generic[0], value: 'generic override' },
      { key: `${prefix[0]}.${subKey}`, value: 'area override' },
    ];
    await client.query(`INSERT INTO languages (code, name, localizations) VALUES ('en', 'English', $1)`, [
      JSON.stringify(stored),
    ]);
    await migrate(db, { migrationsFolder });
    const { rows } = await client.query<{ localizations: { key: string; value: string }[] }>(
      `SELECT localizations FROM languages WHERE code = 'en'`,
    );
    expect(rows[0].localizations).toEqual([
      { key: 'app.pageTitle', value: 'National system' },
      { key: generic[1], value: 'generic override' },
      { key: `${prefix[1]}.${subKey}`, value: 'area override' },
    ]);
    for (const { key } of rows[0].localizations) expect(typeof textAt(en, key), key).toBe('string');
    await client.close();
  });
});

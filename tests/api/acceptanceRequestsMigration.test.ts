import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../server/db/client';

/**
 * Issue 35's migration on a database that was in use before it: its countries get the words people
 * write for a nationality ('Cambodian', 'ខ្មែរ'), an administrator's own words are kept, and an
 * override of the matchings' four-eyes message moves to the key every workflow now reads.
 */
describe('the acceptance requests and nationality words migration', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'ab-migration-0030-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  const before = path.join(scratch, 'before');
  cpSync(migrationsFolder, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const ours = journal.entries.findIndex((entry) =>
    entry.tag.endsWith('_acceptance_requests_and_nationality_words'),
  );
  journal.entries = journal.entries.slice(0, ours);
  writeFileSync(journalPath, JSON.stringify(journal));

  it('gives the seeded countries their nationality words, keeps others, and moves the four-eyes override', async () => {
    expect(ours).toBeGreaterThan(0);
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before });
    await client.query(`INSERT INTO countries (code, name) VALUES
      ('KH', '{"kh":"កម្ពុជា","en":"Cambodia"}'), ('ZZ', '{"kh":"ផ្សេង","en":"Elsewhere"}')`);
    await client.query(`INSERT INTO languages (code, name, localizations) VALUES ('en', 'English', $1)`, [
      JSON.stringify([
        { key: 'app.pageTitle', value: 'National system' },
        { key: 'server.matchingFourEyes', value: 'Someone else decides.' },
      ]),
    ]);
    await migrate(db, { migrationsFolder });
    const { rows } = await client.query<{ code: string; other_names: string[] }>(
      'SELECT code, other_names FROM countries ORDER BY code',
    );
    expect(rows.find((row) => row.code === 'KH')?.other_names).toEqual(
      expect.arrayContaining(['Cambodian', 'Khmer', 'ខ្មែរ']),
    );
    expect(rows.find((row) => row.code === 'ZZ')?.other_names).toEqual([]);
    const languages = await client.query<{ localizations: { key: string; value: string }[] }>(
      `SELECT localizations FROM languages WHERE code = 'en'`,
    );
    expect(languages.rows[0].localizations).toEqual([
      { key: 'app.pageTitle', value: 'National system' },
      { key: 'server.fourEyes', value: 'Someone else decides.' },
    ]);
    await client.close();
  });
});

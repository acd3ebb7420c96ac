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
 * Issue 12: the child's status history moved into the shared `status_history` table (migrations
 * 0006 and 0007). A database that already holds children keeps every history row, with its id,
 * action, statuses, payload, user and time, and new rows number after the old ones.
 */
describe('the status history migration', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'ab-migration-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** The migrations as they stood before the shared table: 0000 to 0005. */
  const before = path.join(scratch, 'before');
  cpSync(migrationsFolder, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= 5);
  writeFileSync(journalPath, JSON.stringify(journal));

  it('keeps every row of child_status_history', async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      INSERT INTO provinces (code, name) VALUES ('12', '{"kh":"ភ្នំពេញ","en":"Phnom Penh"}');
      INSERT INTO head_offices (code, name, class, province_id) VALUES ('HO', '{"kh":"ក","en":"A"}', 'national', 1);
      INSERT INTO child_infos (code, sex, date_of_birth, head_office_id, status)
        VALUES ('CH-2026-000001', 'female', '2020-01-01', 1, 'adoptable');
      INSERT INTO child_status_history (child_id, action, from_status, to_status, payload, user_id, at)
        VALUES (1, 'register', '', 'registered', '{}', 1, '2026-01-01T00:00:00Z'),
               (1, 'confirm-adoption', 'registered', 'adoptable', '{"date":"2026-01-05"}', 1, '2026-01-05T03:00:00Z');
    `);
    const old = await client.query('SELECT * FROM child_status_history ORDER BY id');
    expect(old.rows).toHaveLength(2);

    await migrate(db, { migrationsFolder });
    const moved = await client.query<Record<string, unknown>>(
      'SELECT id, entity, entity_id, action, from_status, to_status, payload, user_id, at FROM status_history ORDER BY id',
    );
    expect(moved.rows).toEqual(
      (old.rows as Record<string, unknown>[]).map((row) => ({
        id: row.id,
        entity: 'child_infos',
        entity_id: row.child_id,
        action: row.action,
        from_status: row.from_status,
        to_status: row.to_status,
        payload: row.payload,
        user_id: row.user_id,
        at: row.at,
      })),
    );
    const gone = await client.query(`SELECT to_regclass('child_status_history') AS name`);
    expect(gone.rows).toEqual([{ name: null }]);
    // A new row numbers after the moved ones.
    const next = await client.query<{ id: number }>(
      `INSERT INTO status_history (entity, entity_id, action, from_status, to_status)
         VALUES ('child_infos', 1, 'unconfirmed-adoption', 'adoptable', 'registered') RETURNING id`,
    );
    expect(next.rows[0].id).toBe(3);
    await client.close();
  });
});

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
 * Issue 12: a child's documents and photo moved to the attachments engine (migrations 0011 to 0014). A
 * database that already holds documents keeps every one, with its id, stored file, names, size,
 * title, version and author, as an attachment of its child; new attachments number after them.
 */
describe('the child documents migration', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'ab-migration-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  const before = path.join(scratch, 'before');
  cpSync(migrationsFolder, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= 10);
  writeFileSync(journalPath, JSON.stringify(journal));

  it('keeps every document and photo of every child', async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      INSERT INTO provinces (code, name) VALUES ('12', '{"kh":"ភ្នំពេញ","en":"Phnom Penh"}');
      INSERT INTO head_offices (code, name, class, province_id) VALUES ('HO', '{"kh":"ក","en":"A"}', 'national', 1);
      INSERT INTO child_infos (code, sex, date_of_birth, head_office_id, status, photo)
        VALUES ('CH-2026-000001', 'female', '2020-01-01', 1, 'registered', 'c3c3.jpg'),
               ('CH-2026-000002', 'male', '2021-01-01', 1, 'registered', NULL);
      INSERT INTO child_documents (child_id, stored_name, original_name, mime_type, size, title, version, created_by)
        VALUES (1, 'a1.pdf', 'សំបុត្រកំណើត.pdf', 'application/pdf', 1200, 'Birth certificate', 2, 7),
               (1, 'b2.png', 'photo.png', 'image/png', 800, NULL, 1, 7);
    `);
    const old = await client.query<Record<string, unknown>>('SELECT * FROM child_documents ORDER BY id');
    expect(old.rows).toHaveLength(2);

    await migrate(db, { migrationsFolder });
    const moved = await client.query<Record<string, unknown>>(
      'SELECT id, entity, entity_id, slot, stored_name, original_name, mime_type, size, title, version, created_by FROM attachments WHERE slot IS NULL ORDER BY id',
    );
    expect(moved.rows).toEqual(
      old.rows.map((row) => ({
        id: row.id,
        entity: 'child_infos',
        entity_id: row.child_id,
        slot: null,
        stored_name: row.stored_name,
        original_name: row.original_name,
        mime_type: row.mime_type,
        size: row.size,
        title: row.title,
        version: row.version,
        created_by: row.created_by,
      })),
    );
    const gone = await client.query(`SELECT to_regclass('child_documents') AS name`);
    expect(gone.rows).toEqual([{ name: null }]);
    // The photo is the child's attachment in the 'photo' slot; the column is gone.
    const photos = await client.query<Record<string, unknown>>(
      "SELECT entity, entity_id, stored_name, original_name, mime_type FROM attachments WHERE slot = 'photo'",
    );
    expect(photos.rows).toEqual([
      {
        entity: 'child_infos',
        entity_id: 1,
        stored_name: 'c3c3.jpg',
        original_name: 'photo.jpg',
        mime_type: 'image/jpeg',
      },
    ]);
    const column = await client.query(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'child_infos' AND column_name = 'photo'",
    );
    expect(column.rows).toEqual([]);
    const next = await client.query<{ id: number }>(
      `INSERT INTO attachments (entity, entity_id, stored_name, original_name, mime_type, size)
         VALUES ('parent_infos', 1, 'c3.pdf', 'c.pdf', 'application/pdf', 10) RETURNING id`,
    );
    expect(next.rows[0].id).toBe(4);
    await client.close();
  });
});

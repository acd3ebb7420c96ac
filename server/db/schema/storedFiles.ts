import {
  bigint,
  customType,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's bytea as a Buffer (drizzle has no column type of its own for it). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres answers a Buffer; PGlite a Uint8Array (viewed, not copied).
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * A file kept in the database (issue 36, migration 0033): when DATABASE_URL is set, every uploaded
 * document, photo, thumbnail and logo, by the area (its directory under DATA_DIR/files: '' for
 * logos, `children`, `attachments`) and the name this code generated (server/files/fileStore.ts).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    area: text('area').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Hex SHA-256 of the whole file, checked by `npm run files:to-database`. */
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'stored_files_pkey', columns: [table.area, table.name] })],
);

/** A stored file's bytes, in chunks of 1 MiB numbered from 0 (the last one shorter). */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    area: text('area').notNull(),
    name: text('name').notNull(),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [
    primaryKey({ name: 'stored_file_chunks_pkey', columns: [table.area, table.name, table.seq] }),
    foreignKey({
      name: 'stored_file_chunks_file_fk',
      columns: [table.area, table.name],
      foreignColumns: [storedFiles.area, storedFiles.name],
    }).onDelete('cascade'),
  ],
);

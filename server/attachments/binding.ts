import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * How a record type's files are served by the attachments engine (DESIGN.md section 1):
 * `attachmentRoutes(binding)` makes `GET|POST {apiBase}/attachments/:id` (the record's files, an
 * upload) and `GET|DELETE {apiBase}/attachment/:attachmentId` (a download, a removal). Only users
 * who may read the record see or download its files; out of their office it does not exist.
 */
export type TAttachmentBinding = {
  /** The record's table name, the attachments' `entity` (`parent_infos`). */
  entity: string;
  apiBase: string;
  tag: string;
  table: PgTable;
  columns: { id: PgColumn; code: PgColumn };
  /** The record's head office, when its records are kept by office (DESIGN.md section 7). */
  officeColumn?: PgColumn;
  readPermission: string;
  /** Uploading and removing. */
  writePermission: string;
  /** What a file may stand for (checklist items); absent: files have no slot. */
  slots?: readonly string[];
  /**
   * The file store's area the files are kept in, when not `attachments` (the child's own:
   * `children`, DATA_DIR/files/children on disk).
   */
  area?: string;
  /**
   * How a file's change is audited, when not as an `attachments` row naming the record (the child's
   * documents keep the entity `child_documents` and the row they always had).
   */
  audit?: { entity: string; of: (row: TAttachmentRow) => Record<string, unknown> };
};

/** An attachment's row as the engine reads it (the stored name never leaves the server). */
export type TAttachmentRow = {
  id: number;
  entityId: number;
  slot: string | null;
  storedName: string;
  originalName: string;
  mimeType: string;
  size: number;
  title: string | null;
  /** A document on a child's origins (sealed with them, issue 27); false for any other file. */
  origin: boolean;
  version: number;
  createdAt: Date;
  createdBy: number | null;
  updatedAt: Date;
};

-- A child's documents move to the attachments engine (issue 12): the same rows, keyed by
-- ('child_infos', child id), their ids kept (addresses and audit rows name them); 0012 drops the old table. Their files stay
-- where they are (DATA_DIR/files/children): the child's attachments are kept in that directory.
INSERT INTO "attachments" ("id", "entity", "entity_id", "slot", "stored_name", "original_name", "mime_type", "size", "title", "version", "created_at", "updated_at", "created_by", "updated_by")
  OVERRIDING SYSTEM VALUE
  SELECT "id", 'child_infos', "child_id", NULL, "stored_name", "original_name", "mime_type", "size", "title", "version", "created_at", "updated_at", "created_by", "updated_by"
  FROM "child_documents";
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('attachments', 'id'), COALESCE(MAX("id"), 1), MAX("id") IS NOT NULL) FROM "attachments";

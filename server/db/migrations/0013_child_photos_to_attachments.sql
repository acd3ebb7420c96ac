-- A child's photo becomes the child's attachment in the 'photo' slot (issue 12: photos and documents
-- of any record are attachments). The file stays where it is (DATA_DIR/files/children, its
-- thumbnail beside it); its size is not known to SQL and is left 0 until the photo is replaced.
-- 0014 drops the column.
INSERT INTO "attachments" ("entity", "entity_id", "slot", "stored_name", "original_name", "mime_type", "size", "created_at", "updated_at", "created_by", "updated_by")
  SELECT 'child_infos', "id", 'photo', "photo",
    'photo.' || substring("photo" from '\.([a-z]+)$'),
    CASE substring("photo" from '\.([a-z]+)$')
      WHEN 'png' THEN 'image/png' WHEN 'jpg' THEN 'image/jpeg' WHEN 'webp' THEN 'image/webp' WHEN 'gif' THEN 'image/gif'
      ELSE 'application/octet-stream' END,
    0, "updated_at", "updated_at", "updated_by", "updated_by"
  FROM "child_infos" WHERE "photo" IS NOT NULL;

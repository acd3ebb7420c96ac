-- A record's code is never given again once its record is deleted: the next code reads the
-- greatest deleted code of the table from the audit log (server/resources/recordCode.ts). Only
-- the deletes, by entity and code: the read walks this index backwards instead of scanning every
-- audit row of the entity (the bulk import writes 10,000 at a time; docs/performance.md).
CREATE INDEX "audit_log_deleted_code_idx" ON "audit_log" USING btree ("entity",("before" ->> 'code')) WHERE "action" = 'delete';

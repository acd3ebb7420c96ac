-- Issue 37. The dashboard's last changes of a provincial user were scoped by an `exists` on each
-- record table inside an `or`, which PostgreSQL ran as hashed subplans reading every record of the
-- office before the log. The audit row now carries its record's office as the record stands (null
-- for other kinds and for a deleted record, whose office is no longer known), and the office's
-- changes are read newest first from one index range. The database keeps the column, so every
-- writer (server/audit.ts's callers, the bulk import, a bulk load in SQL) keeps it right: filled
-- when the row is written, moved with a record that changes office, emptied when it is deleted.
ALTER TABLE "audit_log" ADD COLUMN "head_office_id" integer;--> statement-breakpoint
CREATE FUNCTION "audit_log_record_office"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."head_office_id" IS NULL AND NEW."entity_id" IS NOT NULL THEN
    NEW."head_office_id" := CASE NEW."entity"
      WHEN 'child_infos' THEN (SELECT r."head_office_id" FROM "child_infos" r WHERE r."id" = NEW."entity_id")
      WHEN 'parent_infos' THEN (SELECT r."head_office_id" FROM "parent_infos" r WHERE r."id" = NEW."entity_id")
      WHEN 'adoptive_matchings' THEN (SELECT r."head_office_id" FROM "adoptive_matchings" r WHERE r."id" = NEW."entity_id")
      WHEN 'post_adoption_services' THEN (SELECT r."head_office_id" FROM "post_adoption_services" r WHERE r."id" = NEW."entity_id")
    END;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_record_office" BEFORE INSERT ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_record_office"();
--> statement-breakpoint
CREATE FUNCTION "audit_log_office_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "audit_log" SET "head_office_id" = NULL
    WHERE "entity" = TG_TABLE_NAME AND "entity_id" = OLD."id" AND "head_office_id" IS NOT NULL;
    RETURN OLD;
  END IF;
  UPDATE "audit_log" SET "head_office_id" = NEW."head_office_id"
  WHERE "entity" = TG_TABLE_NAME AND "entity_id" = NEW."id"
    AND "head_office_id" IS DISTINCT FROM NEW."head_office_id";
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "child_infos_audit_office" AFTER UPDATE OF "head_office_id" ON "child_infos"
  FOR EACH ROW WHEN (OLD."head_office_id" IS DISTINCT FROM NEW."head_office_id")
  EXECUTE FUNCTION "audit_log_office_moved"();--> statement-breakpoint
CREATE TRIGGER "child_infos_audit_office_deleted" AFTER DELETE ON "child_infos"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_office_moved"();--> statement-breakpoint
CREATE TRIGGER "parent_infos_audit_office" AFTER UPDATE OF "head_office_id" ON "parent_infos"
  FOR EACH ROW WHEN (OLD."head_office_id" IS DISTINCT FROM NEW."head_office_id")
  EXECUTE FUNCTION "audit_log_office_moved"();--> statement-breakpoint
CREATE TRIGGER "parent_infos_audit_office_deleted" AFTER DELETE ON "parent_infos"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_office_moved"();--> statement-breakpoint
CREATE TRIGGER "adoptive_matchings_audit_office" AFTER UPDATE OF "head_office_id" ON "adoptive_matchings"
  FOR EACH ROW WHEN (OLD."head_office_id" IS DISTINCT FROM NEW."head_office_id")
  EXECUTE FUNCTION "audit_log_office_moved"();--> statement-breakpoint
CREATE TRIGGER "adoptive_matchings_audit_office_deleted" AFTER DELETE ON "adoptive_matchings"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_office_moved"();--> statement-breakpoint
CREATE TRIGGER "post_adoption_services_audit_office" AFTER UPDATE OF "head_office_id" ON "post_adoption_services"
  FOR EACH ROW WHEN (OLD."head_office_id" IS DISTINCT FROM NEW."head_office_id")
  EXECUTE FUNCTION "audit_log_office_moved"();--> statement-breakpoint
CREATE TRIGGER "post_adoption_services_audit_office_deleted" AFTER DELETE ON "post_adoption_services"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_office_moved"();--> statement-breakpoint
UPDATE "audit_log" a SET "head_office_id" = r."head_office_id" FROM "child_infos" r
  WHERE a."entity" = 'child_infos' AND a."entity_id" = r."id";--> statement-breakpoint
UPDATE "audit_log" a SET "head_office_id" = r."head_office_id" FROM "parent_infos" r
  WHERE a."entity" = 'parent_infos' AND a."entity_id" = r."id";--> statement-breakpoint
UPDATE "audit_log" a SET "head_office_id" = r."head_office_id" FROM "adoptive_matchings" r
  WHERE a."entity" = 'adoptive_matchings' AND a."entity_id" = r."id";--> statement-breakpoint
UPDATE "audit_log" a SET "head_office_id" = r."head_office_id" FROM "post_adoption_services" r
  WHERE a."entity" = 'post_adoption_services' AND a."entity_id" = r."id";--> statement-breakpoint
CREATE INDEX "audit_log_office_idx" ON "audit_log" USING btree ("head_office_id", "created_at" DESC, "id" DESC)
  WHERE "head_office_id" IS NOT NULL;--> statement-breakpoint
-- The work queue's first page read in each source's order from an index (keyset), per status or
-- reason, rather than sorting every waiting row: for every office, and for one office.
CREATE INDEX "adoptive_matchings_step_order_idx" ON "adoptive_matchings" USING btree ("status", "last_step_at" NULLS FIRST, "id");--> statement-breakpoint
CREATE INDEX "adoptive_matchings_office_step_order_idx" ON "adoptive_matchings" USING btree ("head_office_id", "status", "last_step_at" NULLS FIRST, "id");--> statement-breakpoint
CREATE INDEX "adoptive_matchings_office_stage_idx" ON "adoptive_matchings" USING btree ("head_office_id", "status", "stage_entered_on", "id");--> statement-breakpoint
CREATE INDEX "post_adoption_services_office_planned_idx" ON "post_adoption_services" USING btree ("head_office_id", "status", "planned_date", "id");--> statement-breakpoint
CREATE INDEX "post_adoption_services_officer_planned_idx" ON "post_adoption_services" USING btree ("officer_id", "status", "planned_date", "id");--> statement-breakpoint
CREATE INDEX "post_adoption_services_concern_since_idx" ON "post_adoption_services" USING btree ((coalesce("actual_date", "decision_date", "planned_date")), "id") WHERE "status" = 'confirmed' AND "concern";--> statement-breakpoint
CREATE INDEX "post_adoption_services_office_concern_since_idx" ON "post_adoption_services" USING btree ("head_office_id", (coalesce("actual_date", "decision_date", "planned_date")), "id") WHERE "status" = 'confirmed' AND "concern";--> statement-breakpoint
CREATE INDEX "parent_infos_office_approval_idx" ON "parent_infos" USING btree ("head_office_id", "status", "approved_until", "id");

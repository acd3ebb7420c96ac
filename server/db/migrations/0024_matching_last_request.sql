-- Each matching keeps its last step's time and its last request (the last step that was not a
-- decision: who took it, which, when), read by four-eyes, the work queue and the dashboard, which
-- before looked each up in the status history (46,815 lookups at 200,000 matchings). The database
-- keeps them from the status history by a statement trigger, so every writer (a step, a proposal,
-- the demo data, a bulk load) keeps them right. The requests are `matchingAskingSteps`
-- (src/domain/workflows/matching.workflow.ts); tests/api/matchingLastRequest.test.ts holds the two
-- lists together.
ALTER TABLE "adoptive_matchings" ADD COLUMN "last_step_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "adoptive_matchings" ADD COLUMN "last_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "adoptive_matchings" ADD COLUMN "last_asked_by" integer;--> statement-breakpoint
ALTER TABLE "adoptive_matchings" ADD COLUMN "last_asked_action" text;--> statement-breakpoint
CREATE FUNCTION "matching_is_request"(text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  select $1 in ('propose', 'pending-adoption', 'pending-test', 'pending-warrant', 'request-warrant', 'child-keep')
$$;
--> statement-breakpoint
CREATE FUNCTION "matchings_last_steps"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The newest inserted step of each matching, and its newest request, each applied only when it
  -- is not older than what the matching already keeps (ties go to the later row, as the history's
  -- order `at desc, id desc` reads them).
  UPDATE "adoptive_matchings" m SET "last_step_at" = s."at"
  FROM (
    SELECT DISTINCT ON (n."entity_id") n."entity_id", n."at"
    FROM inserted n WHERE n."entity" = 'adoptive_matchings'
    ORDER BY n."entity_id", n."at" DESC, n."id" DESC
  ) s
  WHERE m."id" = s."entity_id" AND (m."last_step_at" IS NULL OR m."last_step_at" <= s."at");
  UPDATE "adoptive_matchings" m
  SET "last_asked_at" = s."at", "last_asked_by" = s."user_id", "last_asked_action" = s."action"
  FROM (
    SELECT DISTINCT ON (n."entity_id") n."entity_id", n."at", n."user_id", n."action"
    FROM inserted n WHERE n."entity" = 'adoptive_matchings' AND "matching_is_request"(n."action")
    ORDER BY n."entity_id", n."at" DESC, n."id" DESC
  ) s
  WHERE m."id" = s."entity_id" AND (m."last_asked_at" IS NULL OR m."last_asked_at" <= s."at");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "status_history_matchings_last_steps" AFTER INSERT ON "status_history"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "matchings_last_steps"();
--> statement-breakpoint
UPDATE "adoptive_matchings" m SET "last_step_at" = s."at"
FROM (
  SELECT DISTINCT ON (h."entity_id") h."entity_id", h."at"
  FROM "status_history" h WHERE h."entity" = 'adoptive_matchings'
  ORDER BY h."entity_id", h."at" DESC, h."id" DESC
) s
WHERE m."id" = s."entity_id";--> statement-breakpoint
UPDATE "adoptive_matchings" m
SET "last_asked_at" = s."at", "last_asked_by" = s."user_id", "last_asked_action" = s."action"
FROM (
  SELECT DISTINCT ON (h."entity_id") h."entity_id", h."at", h."user_id", h."action"
  FROM "status_history" h WHERE h."entity" = 'adoptive_matchings' AND "matching_is_request"(h."action")
  ORDER BY h."entity_id", h."at" DESC, h."id" DESC
) s
WHERE m."id" = s."entity_id";--> statement-breakpoint
-- The work queue's and the dashboard's count of decisions: by status, office and last step's day,
-- four-eyes a comparison with the last requester: read from the index alone.
CREATE INDEX "adoptive_matchings_waiting_idx" ON "adoptive_matchings" USING btree ("status", "head_office_id", "last_step_date", "last_asked_by");
--> statement-breakpoint
-- The dashboard's and the work queue's other counts, each read from one index range alone
-- (docs/performance.md, 'Dashboard'): matchings late in their stage and by stage, a caseworker's
-- next steps, services overdue / due soon / with a concern, approvals ending.
CREATE INDEX "adoptive_matchings_stage_idx" ON "adoptive_matchings" USING btree ("status", "stage_entered_on", "head_office_id");--> statement-breakpoint
CREATE INDEX "adoptive_matchings_next_step_idx" ON "adoptive_matchings" USING btree ("status", "head_office_id", "created_by");--> statement-breakpoint
DROP INDEX "post_adoption_services_status_planned_idx";--> statement-breakpoint
CREATE INDEX "post_adoption_services_waiting_idx" ON "post_adoption_services" USING btree ("status", "planned_date", "head_office_id", "officer_id");--> statement-breakpoint
CREATE INDEX "post_adoption_services_concern_idx" ON "post_adoption_services" USING btree ("head_office_id", "officer_id") WHERE "status" = 'confirmed' AND "concern";--> statement-breakpoint
CREATE INDEX "parent_infos_approval_idx" ON "parent_infos" USING btree ("status", "approved_until", "head_office_id");

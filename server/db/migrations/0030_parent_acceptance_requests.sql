-- Issue 35: accepting an application that fails the eligibility rules is a request another holder of
-- adoptive_parents:approve decides (status 'acceptanceRequested'; the status column has no check).
-- The application keeps who asked and when: four-eyes refuses them the decision, the work queue
-- shows the request to the others.
ALTER TABLE "parent_infos" ADD COLUMN "acceptance_requested_by" integer;--> statement-breakpoint
ALTER TABLE "parent_infos" ADD COLUMN "acceptance_requested_at" timestamp with time zone;--> statement-breakpoint
-- The matchings' four-eyes words became every workflow's (server.fourEyes): an admin's
-- translation override moves with them.
UPDATE "languages" SET "localizations" = (
  SELECT coalesce(jsonb_agg(jsonb_set(elem, '{key}', to_jsonb(CASE
      WHEN elem->>'key' = 'server.matchingFourEyes' THEN 'server.fourEyes'
      ELSE elem->>'key' END)) ORDER BY ord), '[]'::jsonb)
  FROM jsonb_array_elements("localizations") WITH ORDINALITY AS t(elem, ord)
)
WHERE jsonb_array_length("localizations") > 0;

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
--> statement-breakpoint
-- Issue 35: 'Cambodian' was refused as a nationality. A country keeps the other words people write
-- for it (its people's, another spelling); a workbook's cell matches them as it matches the name.
-- The seed gives them to a new database (server/db/seedData/countries.ts); this to one seeded before.
ALTER TABLE "countries" ADD COLUMN "other_names" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
UPDATE "countries" SET "other_names" = v.names FROM (VALUES
  ('KH', ARRAY['Cambodian', 'Khmer', 'Kampuchea', 'ខ្មែរ', 'ជនជាតិខ្មែរ', 'សញ្ជាតិខ្មែរ', 'ជនជាតិកម្ពុជា']),
  ('TH', ARRAY['Thai', 'ជនជាតិថៃ']),
  ('VN', ARRAY['Vietnamese', 'Viet Nam', 'ជនជាតិវៀតណាម']),
  ('LA', ARRAY['Lao', 'Laotian', 'ជនជាតិឡាវ']),
  ('MY', ARRAY['Malaysian']),
  ('SG', ARRAY['Singaporean']),
  ('CN', ARRAY['Chinese', 'ជនជាតិចិន']),
  ('FR', ARRAY['French', 'ជនជាតិបារាំង']),
  ('US', ARRAY['American', 'USA', 'United States of America', 'អាមេរិក'])
) AS v(code, names) WHERE "countries"."code" = v.code AND "countries"."other_names" = '{}';

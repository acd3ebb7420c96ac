-- The duplicate check (issue 35, server/duplicates): a merged record points at the one it was merged
-- into and is hidden, never deleted; the kept record's search finds the codes merged into it; the
-- sex, birth date and given name the check is led by are held by btree indexes, so a check at a
-- million children reads a few hundred rows (docs/performance.md: a trigram index on the names was
-- tried and read 80,000 to 175,000 entries for a common name); the review list's pairs are kept.
ALTER TABLE "child_infos" ADD COLUMN "merged_into_id" integer REFERENCES "child_infos"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "child_infos" ADD COLUMN "merged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "child_infos" ADD COLUMN "former_codes" text;--> statement-breakpoint
DROP INDEX IF EXISTS "child_infos_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "child_infos" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "child_infos" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce("code", '') || ' ' || coalesce("family_name_kh", '') || ' ' || coalesce("given_name_kh", '') || ' ' || coalesce("family_name_en", '') || ' ' || coalesce("given_name_en", '') || ' ' || coalesce("former_codes", '')) STORED;--> statement-breakpoint
CREATE INDEX "child_infos_search_trgm_idx" ON "child_infos" USING gin ((coalesce("search_text", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "child_infos_sex_birth_idx" ON "child_infos" ("sex", "date_of_birth");--> statement-breakpoint
CREATE INDEX "child_infos_dup_given_kh_idx" ON "child_infos" ("sex", (coalesce(trim("given_name_kh"), '')), "date_of_birth");--> statement-breakpoint
CREATE INDEX "child_infos_dup_given_en_idx" ON "child_infos" ("sex", (lower(coalesce(trim("given_name_en"), ''))), "date_of_birth");--> statement-breakpoint
CREATE INDEX "child_infos_merged_into_idx" ON "child_infos" ("merged_into_id") WHERE "merged_into_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "parent_infos" ADD COLUMN "merged_into_id" integer REFERENCES "parent_infos"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "parent_infos" ADD COLUMN "merged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parent_infos" ADD COLUMN "former_codes" text;--> statement-breakpoint
CREATE INDEX "parent_infos_dup_given_kh_1_idx" ON "parent_infos" ("applicant1_sex", (coalesce(trim("applicant1_given_name_kh"), '')), "applicant1_date_of_birth");--> statement-breakpoint
CREATE INDEX "parent_infos_dup_given_en_1_idx" ON "parent_infos" ("applicant1_sex", (lower(coalesce(trim("applicant1_given_name_en"), ''))), "applicant1_date_of_birth");--> statement-breakpoint
CREATE INDEX "parent_infos_dup_given_kh_2_idx" ON "parent_infos" ("applicant2_sex", (coalesce(trim("applicant2_given_name_kh"), '')), "applicant2_date_of_birth");--> statement-breakpoint
CREATE INDEX "parent_infos_dup_given_en_2_idx" ON "parent_infos" ("applicant2_sex", (lower(coalesce(trim("applicant2_given_name_en"), ''))), "applicant2_date_of_birth");--> statement-breakpoint
CREATE INDEX "parent_infos_sex_birth_1_idx" ON "parent_infos" ("applicant1_sex", "applicant1_date_of_birth");--> statement-breakpoint
CREATE INDEX "parent_infos_sex_birth_2_idx" ON "parent_infos" ("applicant2_sex", "applicant2_date_of_birth");--> statement-breakpoint
CREATE INDEX "parent_infos_id_number_1_idx" ON "parent_infos" ("applicant1_id_number") WHERE "applicant1_id_number" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "parent_infos_id_number_2_idx" ON "parent_infos" ("applicant2_id_number") WHERE "applicant2_id_number" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "parent_infos_merged_into_idx" ON "parent_infos" ("merged_into_id") WHERE "merged_into_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "duplicate_pairs" (
	"kind" text NOT NULL,
	"a_id" integer NOT NULL,
	"b_id" integer NOT NULL,
	"score" real NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone,
	"dismissed_by" integer,
	"dismiss_reason" text,
	CONSTRAINT "duplicate_pairs_pk" PRIMARY KEY ("kind", "a_id", "b_id"),
	CONSTRAINT "duplicate_pairs_order" CHECK ("a_id" < "b_id")
);--> statement-breakpoint
CREATE INDEX "duplicate_pairs_open_idx" ON "duplicate_pairs" ("kind", "score" DESC, "a_id", "b_id") WHERE "dismissed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "duplicate_pairs_b_idx" ON "duplicate_pairs" ("kind", "b_id");

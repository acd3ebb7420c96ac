-- Issue 35: the parents' report filters by the first applicant's sex (as its 'By sex' breakdown
-- groups): the kept days and the families' proposals keep that sex too. The summaries are replaced
-- whole at each refresh, so the rows written before it have none until the next one.
ALTER TABLE "report_application_days" ADD COLUMN IF NOT EXISTS "sex" text;--> statement-breakpoint
ALTER TABLE "report_family_proposals" ADD COLUMN IF NOT EXISTS "sex" text;

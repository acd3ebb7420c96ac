-- The reports' and the dashboard's counts kept rather than counted (issue 24; docs/decisions.md,
-- 'Issue 24, speed'). Written only by server/modules/reports/reportSummaries.ts, which replaces
-- every row at each refresh (at most every 5 minutes); `report_summary_state` says when.
CREATE TABLE IF NOT EXISTS "report_summary_state" (
	"id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
	"taken_at" timestamp with time zone NOT NULL,
	"today" date NOT NULL
);--> statement-breakpoint
-- Children now, by their own office, status, sex, age band on the summary's `today`, disability.
CREATE TABLE IF NOT EXISTS "report_children_now" (
	"head_office_id" integer NOT NULL,
	"status" text NOT NULL,
	"sex" text NOT NULL,
	"age_band" text,
	"disability" boolean NOT NULL,
	"n" integer NOT NULL
);--> statement-breakpoint
-- Events by day (adoptions, placements, proposals, rejections by stage, services given) by the
-- record's own office and its child's groups: a period is a sum over its days.
CREATE TABLE IF NOT EXISTS "report_child_days" (
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"head_office_id" integer NOT NULL,
	"sex" text NOT NULL,
	"age_band" text,
	"disability" boolean NOT NULL,
	"n" integer NOT NULL,
	"days" bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_child_days_day_idx" ON "report_child_days" ("day");--> statement-breakpoint
-- The same by month (`day` the month's first): a period's whole months are read here, its first and
-- last days apart from the days table (a year: about a tenth of the rows).
CREATE TABLE IF NOT EXISTS "report_child_months" (LIKE "report_child_days");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_child_months_day_idx" ON "report_child_months" ("day");--> statement-breakpoint
-- Stage periods by the day they were left and their length in days (a histogram: the median and
-- the 90th percentile of a period are exact from it).
CREATE TABLE IF NOT EXISTS "report_stage_days" (
	"stage" text NOT NULL,
	"left_on" date NOT NULL,
	"head_office_id" integer NOT NULL,
	"sex" text NOT NULL,
	"age_band" text,
	"disability" boolean NOT NULL,
	"days" integer NOT NULL,
	"n" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_stage_days_left_idx" ON "report_stage_days" ("left_on");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "report_stage_months" (LIKE "report_stage_days");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_stage_months_left_idx" ON "report_stage_months" ("left_on");--> statement-breakpoint
-- Applications now by office, status and first applicant's sex.
CREATE TABLE IF NOT EXISTS "report_applications_now" (
	"head_office_id" integer NOT NULL,
	"status" text NOT NULL,
	"sex" text,
	"n" integer NOT NULL
);--> statement-breakpoint
-- Applications' days (received, decided, approval's end) by office.
CREATE TABLE IF NOT EXISTS "report_application_days" (
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"head_office_id" integer NOT NULL,
	"n" integer NOT NULL,
	"days" bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_application_days_kind_day_idx" ON "report_application_days" ("kind", "day");
--> statement-breakpoint
-- Families matched in a period (the parents' report, counted live): the period's proposals only.
CREATE INDEX IF NOT EXISTS "adoptive_matchings_proposed_idx" ON "adoptive_matchings" ("proposed_date");

--> statement-breakpoint
-- Families matched: each family's proposals by office and day, and whether its approval came 3
-- months or more before (a period counts distinct families over its days: no join to applications).
CREATE TABLE IF NOT EXISTS "report_family_proposals" (
	"head_office_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	"day" date NOT NULL,
	"waited" boolean NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "report_family_proposals_day_idx" ON "report_family_proposals" ("day");

-- Issue 36: a bulk import's dry run kept in the database (it was a file under DATA_DIR/imports), so
-- its errors workbook and its commit work on any API process. One row per dry run: the checked
-- workbook as gzipped JSON (`checked`, bounded by the 20 MB / 10,000-row workbook limits), its user
-- and resource, its expiry, and the claim of a commit in progress (`claimed_at`, `claimed_by`: a
-- conditional UPDATE, so two commits of one token cannot both run).
CREATE TABLE IF NOT EXISTS "import_runs" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"resource" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"claimed_by" text,
	"checked" bytea NOT NULL
);--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "import_runs_expires_at" ON "import_runs" ("expires_at");

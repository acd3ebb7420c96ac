-- Issue 36: the runs of the background jobs (the scheduled backup, the report summaries' refresh),
-- cluster-wide. A timer's run claims its slot (the backup's day and hour, the refresh's interval)
-- by inserting its row: the unique (job, slot) makes a slot run once however many processes' timers
-- fire for it. Pruned to the last runs of each job (server/jobs/jobRuns.ts).
CREATE TABLE IF NOT EXISTS "job_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"slot" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"process" text NOT NULL,
	"duration_ms" integer,
	"result" text DEFAULT 'running' NOT NULL,
	"error" text
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "job_runs_job_slot" ON "job_runs" ("job", "slot");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_runs_started_at" ON "job_runs" ("started_at");

-- Issue 36: the backups' list in the database, so that every process of a cluster lists, downloads
-- and prunes the same archives (kept in BACKUP_DIR, shared storage). Before, each archive's state
-- was a `<name>.json` beside it in DATA_DIR/backups (imported into this table at start). The unique
-- name refuses two backups named alike by two processes.
CREATE TABLE IF NOT EXISTS "backups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"by" text NOT NULL,
	"process" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"size" bigint,
	"sha256" text,
	"files" integer,
	"rows" integer,
	"tables" jsonb,
	"error" text,
	"scheduled" boolean DEFAULT false NOT NULL,
	"slot" text
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "backups_name" ON "backups" ("name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "backups_started_at" ON "backups" ("started_at");

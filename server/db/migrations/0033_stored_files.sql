-- Issue 36: files in the database when DATABASE_URL is set (server/files/fileStore.ts). A file is
-- one `stored_files` row (its area — the directory it had under DATA_DIR/files: '' for logos,
-- `children`, `attachments` — its generated name, size and SHA-256) and its bytes in 1 MiB
-- `stored_file_chunks`, written in one transaction and read one chunk per query, so no process holds
-- a whole file. The embedded database keeps files on disk and leaves these tables empty.
CREATE TABLE IF NOT EXISTS "stored_files" (
	"area" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_pkey" PRIMARY KEY ("area", "name")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stored_file_chunks" (
	"area" text NOT NULL,
	"name" text NOT NULL,
	"seq" integer NOT NULL,
	"bytes" bytea NOT NULL,
	CONSTRAINT "stored_file_chunks_pkey" PRIMARY KEY ("area", "name", "seq"),
	CONSTRAINT "stored_file_chunks_file_fk" FOREIGN KEY ("area", "name") REFERENCES "stored_files" ("area", "name") ON DELETE CASCADE
);--> statement-breakpoint
-- PDFs and images are compressed already: kept out of line without another compression attempt.
ALTER TABLE "stored_file_chunks" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;

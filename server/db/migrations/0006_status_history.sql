CREATE TABLE "status_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE INDEX "status_history_entity_idx" ON "status_history" USING btree ("entity","entity_id","at");--> statement-breakpoint
-- The child's rows move into the shared table, unchanged (ids kept, so their order is kept too).
INSERT INTO "status_history" ("id", "entity", "entity_id", "action", "from_status", "to_status", "payload", "user_id", "at", "created_by", "updated_by", "created_at", "updated_at")
  OVERRIDING SYSTEM VALUE
  SELECT "id", 'child_infos', "child_id", "action", "from_status", "to_status", "payload", "user_id", "at", "created_by", "updated_by", "created_at", "updated_at"
  FROM "child_status_history";
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('status_history', 'id'), COALESCE(MAX("id"), 1), MAX("id") IS NOT NULL) FROM "status_history";

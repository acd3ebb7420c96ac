CREATE TABLE "seed_editions" (
	"name" text PRIMARY KEY NOT NULL,
	"edition" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);

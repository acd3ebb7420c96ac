-- Issue 27 (second part): a child's origins are sealed when its adoption is completed (DESIGN.md
-- section 7 'Sealed origins'). `sealed_at` is the day the matching completed; the birthplace, the
-- birth family and the documents marked as origin documents are then answered only to a holder of
-- `sealed_records:read` who opened them with a reason (`origin_openings`, 30 minutes each).
ALTER TABLE "child_infos" ADD COLUMN "sealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "origin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "access_log" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE TABLE "origin_openings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "origin_openings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"child_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "origin_openings_child_id_child_infos_id_fk" FOREIGN KEY ("child_id") REFERENCES "child_infos"("id") ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX "origin_openings_user_child_idx" ON "origin_openings" USING btree ("user_id","child_id","expires_at");--> statement-breakpoint
-- Every completion seals its child, whoever writes it (the workflow, the demo data, a bulk load),
-- in the writer's transaction; a child sealed before keeps its first date.
CREATE FUNCTION "child_origins_seal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "child_infos"
  SET "sealed_at" = coalesce(NEW."completed_on"::timestamp AT TIME ZONE 'Asia/Phnom_Penh', now())
  WHERE "id" = NEW."child_id" AND "sealed_at" IS NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "adoptive_matchings_seal_origins" AFTER INSERT OR UPDATE OF "status" ON "adoptive_matchings"
FOR EACH ROW WHEN (NEW."status" = 'completed') EXECUTE FUNCTION "child_origins_seal"();--> statement-breakpoint
-- The children adopted before: sealed from the day their matching completed.
UPDATE "child_infos" c
SET "sealed_at" = coalesce(m."completed_on"::timestamp AT TIME ZONE 'Asia/Phnom_Penh', m."updated_at")
FROM "adoptive_matchings" m
WHERE m."child_id" = c."id" AND m."status" = 'completed' AND c."sealed_at" IS NULL;

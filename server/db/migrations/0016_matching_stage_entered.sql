ALTER TABLE "adoptive_matchings" ADD COLUMN "stage_entered_on" date;--> statement-breakpoint
UPDATE "adoptive_matchings" SET "stage_entered_on" = "last_step_date";--> statement-breakpoint
ALTER TABLE "adoptive_matchings" ALTER COLUMN "stage_entered_on" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "adoptive_matchings_stage_entered_idx" ON "adoptive_matchings" USING btree ("stage_entered_on");

CREATE TABLE "adoptive_matchings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adoptive_matchings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"child_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	"head_office_id" integer NOT NULL,
	"proposed_date" date NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"last_step_date" date NOT NULL,
	"trial_start" date,
	"trial_end" date,
	"warrant_requested_on" date,
	"warrant_reference" text,
	"warranted_on" date,
	"warrant_number" text,
	"keep_requested_on" date,
	"completed_on" date,
	"rejected_on" date,
	"rejection_reason" text,
	"compatibility" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"justification" text,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "adoptive_matchings_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "adoptive_matchings" ADD CONSTRAINT "adoptive_matchings_child_id_child_infos_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."child_infos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adoptive_matchings" ADD CONSTRAINT "adoptive_matchings_parent_id_parent_infos_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parent_infos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adoptive_matchings" ADD CONSTRAINT "adoptive_matchings_head_office_id_head_offices_id_fk" FOREIGN KEY ("head_office_id") REFERENCES "public"."head_offices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adoptive_matchings_status_idx" ON "adoptive_matchings" USING btree ("status");--> statement-breakpoint
CREATE INDEX "adoptive_matchings_child_idx" ON "adoptive_matchings" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "adoptive_matchings_parent_idx" ON "adoptive_matchings" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "adoptive_matchings_head_office_idx" ON "adoptive_matchings" USING btree ("head_office_id");
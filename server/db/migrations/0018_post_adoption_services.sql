CREATE TABLE "post_adoption_services" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "post_adoption_services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"matching_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"head_office_id" integer NOT NULL,
	"adopted_on" date NOT NULL,
	"service_type" text NOT NULL,
	"planned_date" date NOT NULL,
	"actual_date" date,
	"officer_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"findings" jsonb,
	"concern" boolean DEFAULT false NOT NULL,
	"decision_date" date,
	"decision_reason" text,
	"origin" text DEFAULT 'manual' NOT NULL,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "post_adoption_services_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "post_adoption_services" ADD CONSTRAINT "post_adoption_services_matching_id_adoptive_matchings_id_fk" FOREIGN KEY ("matching_id") REFERENCES "public"."adoptive_matchings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_adoption_services" ADD CONSTRAINT "post_adoption_services_child_id_child_infos_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."child_infos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_adoption_services" ADD CONSTRAINT "post_adoption_services_head_office_id_head_offices_id_fk" FOREIGN KEY ("head_office_id") REFERENCES "public"."head_offices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_adoption_services_status_planned_idx" ON "post_adoption_services" USING btree ("status","planned_date");--> statement-breakpoint
CREATE INDEX "post_adoption_services_planned_idx" ON "post_adoption_services" USING btree ("planned_date");--> statement-breakpoint
CREATE INDEX "post_adoption_services_matching_idx" ON "post_adoption_services" USING btree ("matching_id");--> statement-breakpoint
CREATE INDEX "post_adoption_services_child_idx" ON "post_adoption_services" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "post_adoption_services_office_idx" ON "post_adoption_services" USING btree ("head_office_id");--> statement-breakpoint
CREATE INDEX "post_adoption_services_officer_idx" ON "post_adoption_services" USING btree ("officer_id");
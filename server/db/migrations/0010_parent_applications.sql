CREATE TABLE "attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"slot" text,
	"stored_name" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"title" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "attachments_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "parent_family" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parent_family_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer NOT NULL,
	"members" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "parent_family_parent_id_unique" UNIQUE("parent_id")
);
--> statement-breakpoint
CREATE TABLE "parent_infos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parent_infos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"applicant_type" text NOT NULL,
	"applicant1_family_name_kh" text,
	"applicant1_given_name_kh" text,
	"applicant1_family_name_en" text,
	"applicant1_given_name_en" text,
	"applicant1_sex" text,
	"applicant1_date_of_birth" date,
	"applicant1_nationality_id" integer,
	"applicant1_id_number" text,
	"applicant1_occupation" text,
	"applicant1_education" text,
	"applicant1_phone" text,
	"applicant2_family_name_kh" text,
	"applicant2_given_name_kh" text,
	"applicant2_family_name_en" text,
	"applicant2_given_name_en" text,
	"applicant2_sex" text,
	"applicant2_date_of_birth" date,
	"applicant2_nationality_id" integer,
	"applicant2_id_number" text,
	"applicant2_occupation" text,
	"applicant2_education" text,
	"applicant2_phone" text,
	"province_id" integer,
	"district_id" integer,
	"commune_id" integer,
	"village_id" integer,
	"address_detail" text,
	"marriage_date" date,
	"monthly_income" integer,
	"own_children" integer,
	"head_office_id" integer NOT NULL,
	"application_date" date NOT NULL,
	"preferred_sex" text DEFAULT 'any' NOT NULL,
	"age_from" integer,
	"age_to" integer,
	"children_count" integer DEFAULT 1 NOT NULL,
	"disability_accepted" text DEFAULT 'no' NOT NULL,
	"accepted_disability_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"home_study_on" date,
	"police_record_on" date,
	"medical_report_on" date,
	"references_on" date,
	"training_on" date,
	"notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_date" date,
	"decision_reason" text,
	"approved_until" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "parent_infos_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "parent_family" ADD CONSTRAINT "parent_family_parent_id_parent_infos_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parent_infos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_infos" ADD CONSTRAINT "parent_infos_applicant1_nationality_id_countries_id_fk" FOREIGN KEY ("applicant1_nationality_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_infos" ADD CONSTRAINT "parent_infos_applicant2_nationality_id_countries_id_fk" FOREIGN KEY ("applicant2_nationality_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_infos" ADD CONSTRAINT "parent_infos_province_id_provinces_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."provinces"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_infos" ADD CONSTRAINT "parent_infos_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_infos" ADD CONSTRAINT "parent_infos_commune_id_communes_id_fk" FOREIGN KEY ("commune_id") REFERENCES "public"."communes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_infos" ADD CONSTRAINT "parent_infos_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_infos" ADD CONSTRAINT "parent_infos_head_office_id_head_offices_id_fk" FOREIGN KEY ("head_office_id") REFERENCES "public"."head_offices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_entity_idx" ON "attachments" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "parent_infos_status_idx" ON "parent_infos" USING btree ("status");--> statement-breakpoint
CREATE INDEX "parent_infos_head_office_idx" ON "parent_infos" USING btree ("head_office_id");--> statement-breakpoint
CREATE INDEX "parent_infos_province_idx" ON "parent_infos" USING btree ("province_id");--> statement-breakpoint
CREATE INDEX "parent_infos_approved_until_idx" ON "parent_infos" USING btree ("approved_until");
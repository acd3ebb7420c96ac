CREATE TABLE "child_disabilities" (
	"child_id" integer NOT NULL,
	"disability_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "child_disabilities_child_id_disability_id_pk" PRIMARY KEY("child_id","disability_id")
);
--> statement-breakpoint
CREATE TABLE "child_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "child_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"child_id" integer NOT NULL,
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
	CONSTRAINT "child_documents_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "child_family" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "child_family_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"child_id" integer NOT NULL,
	"father" jsonb,
	"mother" jsonb,
	"siblings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "child_family_child_id_unique" UNIQUE("child_id")
);
--> statement-breakpoint
CREATE TABLE "child_infos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "child_infos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"family_name_kh" text,
	"given_name_kh" text,
	"family_name_en" text,
	"given_name_en" text,
	"sex" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"date_of_birth_estimated" boolean DEFAULT false NOT NULL,
	"birth_province_id" integer,
	"birth_district_id" integer,
	"birth_commune_id" integer,
	"birth_village_id" integer,
	"nationality_id" integer,
	"head_office_id" integer NOT NULL,
	"admitted_on" date,
	"keeping_reason_id" integer,
	"living_with_id" integer,
	"family_type_id" integer,
	"health_status_id" integer,
	"health_notes" text,
	"notes" text,
	"photo" text,
	"status" text DEFAULT 'registered' NOT NULL,
	"adoption_confirmed_on" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "child_infos_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "child_status_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "child_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"child_id" integer NOT NULL,
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
ALTER TABLE "child_disabilities" ADD CONSTRAINT "child_disabilities_child_id_child_infos_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."child_infos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_disabilities" ADD CONSTRAINT "child_disabilities_disability_id_reference_items_id_fk" FOREIGN KEY ("disability_id") REFERENCES "public"."reference_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_documents" ADD CONSTRAINT "child_documents_child_id_child_infos_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."child_infos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_family" ADD CONSTRAINT "child_family_child_id_child_infos_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."child_infos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_infos" ADD CONSTRAINT "child_infos_birth_province_id_provinces_id_fk" FOREIGN KEY ("birth_province_id") REFERENCES "public"."provinces"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_infos" ADD CONSTRAINT "child_infos_birth_district_id_districts_id_fk" FOREIGN KEY ("birth_district_id") REFERENCES "public"."districts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_infos" ADD CONSTRAINT "child_infos_birth_commune_id_communes_id_fk" FOREIGN KEY ("birth_commune_id") REFERENCES "public"."communes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_infos" ADD CONSTRAINT "child_infos_birth_village_id_villages_id_fk" FOREIGN KEY ("birth_village_id") REFERENCES "public"."villages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_infos" ADD CONSTRAINT "child_infos_nationality_id_countries_id_fk" FOREIGN KEY ("nationality_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_infos" ADD CONSTRAINT "child_infos_head_office_id_head_offices_id_fk" FOREIGN KEY ("head_office_id") REFERENCES "public"."head_offices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_infos" ADD CONSTRAINT "child_infos_keeping_reason_id_reference_items_id_fk" FOREIGN KEY ("keeping_reason_id") REFERENCES "public"."reference_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_infos" ADD CONSTRAINT "child_infos_living_with_id_reference_items_id_fk" FOREIGN KEY ("living_with_id") REFERENCES "public"."reference_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_infos" ADD CONSTRAINT "child_infos_family_type_id_reference_items_id_fk" FOREIGN KEY ("family_type_id") REFERENCES "public"."reference_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_infos" ADD CONSTRAINT "child_infos_health_status_id_reference_items_id_fk" FOREIGN KEY ("health_status_id") REFERENCES "public"."reference_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_status_history" ADD CONSTRAINT "child_status_history_child_id_child_infos_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."child_infos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "child_documents_child_idx" ON "child_documents" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "child_infos_status_idx" ON "child_infos" USING btree ("status");--> statement-breakpoint
CREATE INDEX "child_infos_head_office_idx" ON "child_infos" USING btree ("head_office_id");--> statement-breakpoint
CREATE INDEX "child_infos_birth_province_idx" ON "child_infos" USING btree ("birth_province_id");--> statement-breakpoint
CREATE INDEX "child_infos_names_trgm_idx" ON "child_infos" USING gin ((coalesce("code", '') || ' ' || coalesce("family_name_kh", '') || ' ' || coalesce("given_name_kh", '') || ' ' || coalesce("family_name_en", '') || ' ' || coalesce("given_name_en", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "child_status_history_child_idx" ON "child_status_history" USING btree ("child_id");
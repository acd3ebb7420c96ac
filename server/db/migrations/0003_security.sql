ALTER TABLE "groups" DROP CONSTRAINT "groups_name_unique";--> statement-breakpoint
ALTER TABLE "groups" ALTER COLUMN "name" SET DATA TYPE jsonb USING jsonb_build_object('kh', "name", 'en', "name");--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "code" text;--> statement-breakpoint
UPDATE "groups" SET "code" = 'group-' || "id";--> statement-breakpoint
ALTER TABLE "groups" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_code_unique" UNIQUE("code");

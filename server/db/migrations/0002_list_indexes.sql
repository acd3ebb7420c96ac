CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "communes_name_kh_idx" ON "communes" USING btree (("name"->>'kh'),"id");--> statement-breakpoint
CREATE INDEX "communes_name_en_idx" ON "communes" USING btree (("name"->>'en'),"id");--> statement-breakpoint
CREATE INDEX "villages_search_idx" ON "villages" USING gin ((coalesce("code", '') || ' ' || coalesce("name"->>'kh', '') || ' ' || coalesce("name"->>'en', '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "villages_code_id_idx" ON "villages" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "villages_commune_code_idx" ON "villages" USING btree ("commune_id","code");--> statement-breakpoint
CREATE INDEX "villages_name_kh_idx" ON "villages" USING btree (("name"->>'kh'),"id");--> statement-breakpoint
CREATE INDEX "villages_name_en_idx" ON "villages" USING btree (("name"->>'en'),"id");
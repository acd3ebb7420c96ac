ALTER TABLE "adoptive_matchings" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "child_infos_name_sort_idx" ON "child_infos" USING btree (coalesce(nullif(trim(coalesce(trim("family_name_kh"), '') || ' ' || coalesce(trim("given_name_kh"), '')), ''), nullif(trim(coalesce(trim("family_name_en"), '') || ' ' || coalesce(trim("given_name_en"), '')), '')));--> statement-breakpoint
CREATE INDEX "adoptive_matchings_search_trgm_idx" ON "adoptive_matchings" USING gin ((coalesce("search_text", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parent_infos_applicants_sort_idx" ON "parent_infos" USING btree (coalesce(coalesce(nullif(trim(coalesce(trim("applicant1_family_name_kh"), '') || ' ' || coalesce(trim("applicant1_given_name_kh"), '')), ''), nullif(trim(coalesce(trim("applicant1_family_name_en"), '') || ' ' || coalesce(trim("applicant1_given_name_en"), '')), '')) || ' & ' || coalesce(nullif(trim(coalesce(trim("applicant2_family_name_kh"), '') || ' ' || coalesce(trim("applicant2_given_name_kh"), '')), ''), nullif(trim(coalesce(trim("applicant2_family_name_en"), '') || ' ' || coalesce(trim("applicant2_given_name_en"), '')), '')), coalesce(nullif(trim(coalesce(trim("applicant1_family_name_kh"), '') || ' ' || coalesce(trim("applicant1_given_name_kh"), '')), ''), nullif(trim(coalesce(trim("applicant1_family_name_en"), '') || ' ' || coalesce(trim("applicant1_given_name_en"), '')), '')), coalesce(nullif(trim(coalesce(trim("applicant2_family_name_kh"), '') || ' ' || coalesce(trim("applicant2_given_name_kh"), '')), ''), nullif(trim(coalesce(trim("applicant2_family_name_en"), '') || ' ' || coalesce(trim("applicant2_given_name_en"), '')), ''))));--> statement-breakpoint
-- A matching's search text (schema/matchings.ts `searchText`): what the list's search looked in
-- across the joins before, its code, its child's code and names, its application's code and
-- applicants' names, in one column that a trigram index holds. Kept here, in the database, so that
-- every writer (the API, the seeds, a bulk load) keeps it.
CREATE FUNCTION "matching_search_text"(text, integer, integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT concat_ws(' ', $1, c."code", c."family_name_kh", c."given_name_kh", c."family_name_en",
      c."given_name_en", p."code", p."applicant1_family_name_kh", p."applicant1_given_name_kh",
      p."applicant1_family_name_en", p."applicant1_given_name_en", p."applicant2_family_name_kh",
      p."applicant2_given_name_kh", p."applicant2_family_name_en", p."applicant2_given_name_en")
    FROM "child_infos" c, "parent_infos" p WHERE c."id" = $2 AND p."id" = $3
  ), coalesce($1, ''))
$$;
--> statement-breakpoint
CREATE FUNCTION "adoptive_matchings_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_text" := "matching_search_text"(NEW."code", NEW."child_id", NEW."parent_id");
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "adoptive_matchings_search_text" BEFORE INSERT OR UPDATE OF "code", "child_id", "parent_id" ON "adoptive_matchings"
  FOR EACH ROW EXECUTE FUNCTION "adoptive_matchings_search_text"();
--> statement-breakpoint
-- A child or an application renamed (or recoded): its matchings' search text follows.
CREATE FUNCTION "matchings_search_text_of_child"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "adoptive_matchings" SET "search_text" = "matching_search_text"("code", "child_id", "parent_id")
    WHERE "child_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "child_infos_matchings_search_text" AFTER UPDATE OF "code", "family_name_kh", "given_name_kh", "family_name_en", "given_name_en" ON "child_infos"
  FOR EACH ROW WHEN ((OLD."code", OLD."family_name_kh", OLD."given_name_kh", OLD."family_name_en", OLD."given_name_en") IS DISTINCT FROM (NEW."code", NEW."family_name_kh", NEW."given_name_kh", NEW."family_name_en", NEW."given_name_en"))
  EXECUTE FUNCTION "matchings_search_text_of_child"();
--> statement-breakpoint
CREATE FUNCTION "matchings_search_text_of_parent"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "adoptive_matchings" SET "search_text" = "matching_search_text"("code", "child_id", "parent_id")
    WHERE "parent_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "parent_infos_matchings_search_text" AFTER UPDATE OF "code", "applicant1_family_name_kh", "applicant1_given_name_kh", "applicant1_family_name_en", "applicant1_given_name_en", "applicant2_family_name_kh", "applicant2_given_name_kh", "applicant2_family_name_en", "applicant2_given_name_en" ON "parent_infos"
  FOR EACH ROW WHEN ((OLD."code", OLD."applicant1_family_name_kh", OLD."applicant1_given_name_kh", OLD."applicant1_family_name_en", OLD."applicant1_given_name_en", OLD."applicant2_family_name_kh", OLD."applicant2_given_name_kh", OLD."applicant2_family_name_en", OLD."applicant2_given_name_en") IS DISTINCT FROM (NEW."code", NEW."applicant1_family_name_kh", NEW."applicant1_given_name_kh", NEW."applicant1_family_name_en", NEW."applicant1_given_name_en", NEW."applicant2_family_name_kh", NEW."applicant2_given_name_kh", NEW."applicant2_family_name_en", NEW."applicant2_given_name_en"))
  EXECUTE FUNCTION "matchings_search_text_of_parent"();
--> statement-breakpoint
UPDATE "adoptive_matchings" SET "search_text" = "matching_search_text"("code", "child_id", "parent_id");

-- Issue 37: the reports' and the dashboard's counts kept by the transactions that change the records
-- (triggers), no longer rewritten whole every 4 minutes (docs/decisions.md, 'h16').
--
-- Two layers. Each child's and each family's contribution to the reports is kept as its "facts"
-- (report_child_facts, report_parent_facts): the child's status now, its events (adoption,
-- placement, proposal, rejection by stage, services) and its matchings' stage periods, each with the
-- child's office/sex/disability/birth date. A trigger on a record re-derives the facts of the
-- children and families it touches and writes only the difference; a trigger on the facts adds or
-- takes away their counts in the small summaries the reports read.
DROP TABLE IF EXISTS "report_summary_state";--> statement-breakpoint
DROP TABLE IF EXISTS "report_children_now";--> statement-breakpoint
DROP TABLE IF EXISTS "report_child_days";--> statement-breakpoint
DROP TABLE IF EXISTS "report_child_months";--> statement-breakpoint
DROP TABLE IF EXISTS "report_stage_days";--> statement-breakpoint
DROP TABLE IF EXISTS "report_stage_months";--> statement-breakpoint
DROP TABLE IF EXISTS "report_applications_now";--> statement-breakpoint
DROP TABLE IF EXISTS "report_application_days";--> statement-breakpoint
DROP TABLE IF EXISTS "report_family_proposals";--> statement-breakpoint
-- kind: 'now' (status now; day null), 'adopted', 'adoptedKnown', 'adoptedWithin', 'placed', 'proposed',
-- 'rejected.<stage>', 'servicesGiven', 'servicesWithConcern' (day: the event's), 'stage.<stage>' (day:
-- the day the stage was left, days: its length). n identical facts are one row.
CREATE TABLE "report_child_facts" (
	"child_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date,
	"head_office_id" integer NOT NULL,
	"status" text,
	"sex" text,
	"disability" boolean NOT NULL,
	"date_of_birth" date,
	"days" integer NOT NULL,
	"n" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "report_child_facts_child_idx" ON "report_child_facts" ("child_id");--> statement-breakpoint
-- Children now by birth day (the age bands' boundary months are read here) and events by day (an
-- age band filter, which depends on today, reads the period's events here).
CREATE INDEX "report_child_facts_now_birth_idx" ON "report_child_facts" ("date_of_birth") WHERE "kind" = 'now';--> statement-breakpoint
CREATE INDEX "report_child_facts_day_idx" ON "report_child_facts" ("day") WHERE "kind" <> 'now';--> statement-breakpoint
-- Children now by office, status, sex, disability and birth month (stable: an age band on any day is
-- its whole months here plus its boundary months' children from the facts by birth day).
CREATE TABLE "report_child_now" (
	"head_office_id" integer NOT NULL,
	"status" text NOT NULL,
	"sex" text,
	"disability" boolean NOT NULL,
	"birth_month" date,
	"n" integer NOT NULL,
	CONSTRAINT "report_child_now_key" UNIQUE NULLS NOT DISTINCT ("head_office_id", "status", "sex", "disability", "birth_month")
);--> statement-breakpoint
CREATE INDEX "report_child_now_birth_idx" ON "report_child_now" ("birth_month");--> statement-breakpoint
-- The same by birth year: a report reads whole years here, the months of the (at most five) years
-- a band boundary falls in from the months table, the boundary months' children by birth day.
CREATE TABLE "report_child_now_year" (
	"head_office_id" integer NOT NULL,
	"status" text NOT NULL,
	"sex" text,
	"disability" boolean NOT NULL,
	"birth_year" integer,
	"n" integer NOT NULL,
	CONSTRAINT "report_child_now_year_key" UNIQUE NULLS NOT DISTINCT ("head_office_id", "status", "sex", "disability", "birth_year")
);--> statement-breakpoint
-- Events by day and by month (a period: its whole months here, its first and last days there).
CREATE TABLE "report_child_day" (
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"head_office_id" integer NOT NULL,
	"sex" text,
	"disability" boolean NOT NULL,
	"n" integer NOT NULL,
	"days" bigint NOT NULL,
	CONSTRAINT "report_child_day_key" UNIQUE NULLS NOT DISTINCT ("day", "kind", "head_office_id", "sex", "disability")
);--> statement-breakpoint
CREATE TABLE "report_child_month" (LIKE "report_child_day" INCLUDING ALL);--> statement-breakpoint
-- Stage periods by the day (month) they were left and their length in days: a histogram whose
-- median and 90th percentile over a period are exact.
CREATE TABLE "report_stage_day" (
	"stage" text NOT NULL,
	"day" date NOT NULL,
	"head_office_id" integer NOT NULL,
	"sex" text,
	"disability" boolean NOT NULL,
	"days" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_stage_day_key" UNIQUE NULLS NOT DISTINCT ("day", "stage", "head_office_id", "sex", "disability", "days")
);--> statement-breakpoint
CREATE TABLE "report_stage_month" (LIKE "report_stage_day" INCLUDING ALL);--> statement-breakpoint
-- A family's facts: 'now' (status), 'received', 'decided' (days: application to decision),
-- 'approvedUntilFree'/'approvedUntilMatched' (day: approval's end), 'proposal' (a day it was proposed a
-- child; waited: its approval came 3 months or more before). sex: the first applicant's.
CREATE TABLE "report_parent_facts" (
	"parent_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date,
	"head_office_id" integer NOT NULL,
	"status" text,
	"sex" text,
	"waited" boolean NOT NULL,
	"days" integer NOT NULL,
	"n" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "report_parent_facts_parent_idx" ON "report_parent_facts" ("parent_id");--> statement-breakpoint
CREATE INDEX "report_parent_facts_proposal_idx" ON "report_parent_facts" ("day") WHERE "kind" = 'proposal';--> statement-breakpoint
CREATE TABLE "report_application_now" (
	"head_office_id" integer NOT NULL,
	"status" text NOT NULL,
	"sex" text,
	"n" integer NOT NULL,
	CONSTRAINT "report_application_now_key" UNIQUE NULLS NOT DISTINCT ("head_office_id", "status", "sex")
);--> statement-breakpoint
CREATE TABLE "report_application_day" (
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"head_office_id" integer NOT NULL,
	"sex" text,
	"n" integer NOT NULL,
	"days" bigint NOT NULL,
	CONSTRAINT "report_application_day_key" UNIQUE NULLS NOT DISTINCT ("kind", "day", "head_office_id", "sex")
);--> statement-breakpoint
CREATE INDEX "child_infos_birth_idx" ON "child_infos" ("date_of_birth");--> statement-breakpoint
-- A matching status's stage (src/domain/workflows/matching.workflow.ts `matchingStages`).
CREATE FUNCTION "report_stage_of"(status text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE
		WHEN status IN ('proposed', 'adoptionPending', 'adoptionConfirmed') THEN 'proposal'
		WHEN status IN ('testing', 'testPending', 'testConfirmed') THEN 'trial'
		WHEN status IN ('warrantPending', 'warrantRequested', 'warranted') THEN 'warrant'
		WHEN status IN ('keepRequested') THEN 'keeping'
	END
$$;--> statement-breakpoint
-- The facts of the children `c` meets `filter` for (SQL text over child_infos c; $1 is its argument),
-- as the summaries of issue 24 counted them (server/modules/reports/reportSummaries.ts before 0036).
CREATE FUNCTION "report_child_facts_sql"(filter text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
	SELECT format($q$
	WITH c AS (
		SELECT c.*, EXISTS (SELECT 1 FROM child_disabilities d WHERE d.child_id = c.id) AS dis
		FROM child_infos c WHERE %1$s
	), m AS (
		SELECT m.*, coalesce(m.trial_start, m.keep_requested_on) AS placement FROM adoptive_matchings m WHERE m.child_id IN (SELECT id FROM c)
	), e AS (
		SELECT c.id AS child_id, 'now' AS kind, NULL::date AS day, c.head_office_id, c.status, 0 AS days, c.id AS ref
		FROM c WHERE c.merged_into_id IS NULL
		UNION ALL SELECT m.child_id, 'adopted', m.completed_on, m.head_office_id, NULL, 0, m.id FROM m WHERE m.completed_on IS NOT NULL
		UNION ALL SELECT m.child_id, 'adoptedKnown', m.completed_on, m.head_office_id, NULL, 0, m.id
			FROM m JOIN c ON c.id = m.child_id WHERE m.completed_on IS NOT NULL AND c.adoption_confirmed_on IS NOT NULL
		UNION ALL SELECT m.child_id, 'adoptedWithin', m.completed_on, m.head_office_id, NULL, 0, m.id
			FROM m JOIN c ON c.id = m.child_id
			WHERE m.completed_on IS NOT NULL AND c.adoption_confirmed_on IS NOT NULL AND m.completed_on < c.adoption_confirmed_on + interval '14 months'
		UNION ALL SELECT m.child_id, 'placed', m.placement, m.head_office_id, NULL, m.placement - c.admitted_on, m.id
			FROM m JOIN c ON c.id = m.child_id WHERE m.placement IS NOT NULL AND c.admitted_on IS NOT NULL
		UNION ALL SELECT m.child_id, 'proposed', m.proposed_date, m.head_office_id, NULL, m.proposed_date - c.adoption_confirmed_on, m.id
			FROM m JOIN c ON c.id = m.child_id WHERE m.proposed_date IS NOT NULL AND c.adoption_confirmed_on IS NOT NULL
		UNION ALL SELECT m.child_id, 'rejected.' || report_stage_of(r.from_status), m.rejected_on, m.head_office_id, NULL, 0, m.id
			FROM m JOIN LATERAL (SELECT h.from_status FROM status_history h WHERE h.entity = 'adoptive_matchings' AND h.entity_id = m.id AND h.to_status = 'rejected' ORDER BY h.at DESC, h.id DESC LIMIT 1) r ON true
			WHERE m.status = 'rejected' AND m.rejected_on IS NOT NULL AND report_stage_of(r.from_status) IS NOT NULL
		UNION ALL SELECT s.child_id, 'servicesGiven', s.actual_date, s.head_office_id, NULL, 0, s.id
			FROM post_adoption_services s WHERE s.child_id IN (SELECT id FROM c) AND s.status = 'confirmed' AND s.actual_date IS NOT NULL
		UNION ALL SELECT s.child_id, 'servicesWithConcern', s.actual_date, s.head_office_id, NULL, 0, s.id
			FROM post_adoption_services s WHERE s.child_id IN (SELECT id FROM c) AND s.status = 'confirmed' AND s.actual_date IS NOT NULL AND s.concern
		UNION ALL SELECT m.child_id, 'stage.' || sp.stage, sp.left_on, m.head_office_id, NULL, sp.left_on - sp.entered, m.id
			FROM (
				SELECT entity_id, stage, day AS entered, lead(day) OVER (PARTITION BY entity_id ORDER BY at, id) AS left_on
				FROM (
					SELECT entity_id, at, id, day, stage,
						stage IS DISTINCT FROM lag(stage) OVER (PARTITION BY entity_id ORDER BY at, id) AS starts
					FROM (
						SELECT h.entity_id, h.at, h.id,
							coalesce((h.payload->>'date')::date, (h.at AT TIME ZONE 'Asia/Phnom_Penh')::date) AS day,
							report_stage_of(h.to_status) AS stage
						FROM status_history h WHERE h.entity = 'adoptive_matchings' AND h.entity_id IN (SELECT id FROM m)
					) steps
				) starts WHERE starts
			) sp JOIN m ON m.id = sp.entity_id
			WHERE sp.stage IS NOT NULL AND sp.left_on IS NOT NULL
	)
	SELECT e.child_id, e.kind, e.day, e.head_office_id, e.status, c.sex, c.dis, c.date_of_birth, e.days, count(*)::int
	FROM e JOIN c ON c.id = e.child_id
	GROUP BY e.child_id, e.kind, e.day, e.head_office_id, e.status, c.sex, c.dis, c.date_of_birth, e.days
	$q$, filter)
$f$;--> statement-breakpoint
CREATE FUNCTION "report_parent_facts_sql"(filter text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
	SELECT format($q$
	WITH p AS (SELECT p.* FROM parent_infos p WHERE %1$s), e AS (
		SELECT p.id AS parent_id, 'now' AS kind, NULL::date AS day, p.status, 0 AS days, false AS waited, p.id AS ref
		FROM p WHERE p.merged_into_id IS NULL
		UNION ALL SELECT p.id, 'received', p.application_date, NULL, 0, false, p.id
			FROM p WHERE p.application_date IS NOT NULL AND p.merged_into_id IS NULL
		UNION ALL SELECT p.id, 'decided', p.decision_date, NULL, p.decision_date - p.application_date, false, p.id
			FROM p WHERE p.decision_date IS NOT NULL AND p.status NOT IN ('pending', 'acceptanceRequested') AND p.merged_into_id IS NULL
		UNION ALL SELECT p.id,
			CASE WHEN EXISTS (SELECT 1 FROM adoptive_matchings am WHERE am.parent_id = p.id AND am.status NOT IN ('completed', 'rejected'))
				THEN 'approvedUntilMatched' ELSE 'approvedUntilFree' END,
			p.approved_until, NULL, 0, false, p.id
			FROM p WHERE p.status = 'accepted' AND p.approved_until IS NOT NULL AND p.merged_into_id IS NULL
		UNION ALL SELECT p.id, 'proposal', m.proposed_date, NULL, 0,
			coalesce(bool_or(p.decision_date <= m.proposed_date - interval '3 months'), false), p.id
			FROM adoptive_matchings m JOIN p ON p.id = m.parent_id WHERE m.proposed_date IS NOT NULL
			GROUP BY p.id, m.proposed_date
	)
	SELECT e.parent_id, e.kind, e.day, p.head_office_id, e.status, p.applicant1_sex, e.waited, e.days, count(*)::int
	FROM e JOIN p ON p.id = e.parent_id
	GROUP BY e.parent_id, e.kind, e.day, p.head_office_id, e.status, p.applicant1_sex, e.waited, e.days
	$q$, filter)
$f$;--> statement-breakpoint
-- The children's facts re-derived, only the difference written (the facts' trigger keeps the summaries).
CREATE FUNCTION "report_sync_children"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
	-- One transaction at a time re-derives a child (until it commits): two at once would each add
	-- their own copy of its new facts. The next statement's snapshot then sees the other's commit.
	PERFORM pg_advisory_xact_lock(37001, id) FROM (SELECT DISTINCT unnest(ids) AS id ORDER BY 1) locked;
	EXECUTE format($q$
		WITH fresh AS (%s),
		gone AS (
			DELETE FROM report_child_facts f WHERE f.child_id = ANY($1)
				AND NOT EXISTS (SELECT 1 FROM fresh WHERE row(fresh.*) IS NOT DISTINCT FROM row(f.*))
		)
		INSERT INTO report_child_facts
		SELECT * FROM fresh WHERE NOT EXISTS (
			SELECT 1 FROM report_child_facts f WHERE f.child_id = fresh.child_id AND row(f.*) IS NOT DISTINCT FROM row(fresh.*))
	$q$, report_child_facts_sql('c.id = ANY($1)')) USING ids;
END $$;--> statement-breakpoint
CREATE FUNCTION "report_sync_parents"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
	PERFORM pg_advisory_xact_lock(37002, id) FROM (SELECT DISTINCT unnest(ids) AS id ORDER BY 1) locked;
	EXECUTE format($q$
		WITH fresh AS (%s),
		gone AS (
			DELETE FROM report_parent_facts f WHERE f.parent_id = ANY($1)
				AND NOT EXISTS (SELECT 1 FROM fresh WHERE row(fresh.*) IS NOT DISTINCT FROM row(f.*))
		)
		INSERT INTO report_parent_facts
		SELECT * FROM fresh WHERE NOT EXISTS (
			SELECT 1 FROM report_parent_facts f WHERE f.parent_id = fresh.parent_id AND row(f.*) IS NOT DISTINCT FROM row(fresh.*))
	$q$, report_parent_facts_sql('p.id = ANY($1)')) USING ids;
END $$;--> statement-breakpoint
-- A fact added (sign 1) or taken away (-1) in the summaries it counts in.
CREATE FUNCTION "report_child_fact_counted"(f report_child_facts, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF f.kind = 'now' THEN
		INSERT INTO report_child_now AS s (head_office_id, status, sex, disability, birth_month, n)
		VALUES (f.head_office_id, f.status, f.sex, f.disability, date_trunc('month', f.date_of_birth)::date, sign * f.n)
		ON CONFLICT ON CONSTRAINT report_child_now_key DO UPDATE SET n = s.n + excluded.n;
		INSERT INTO report_child_now_year AS s (head_office_id, status, sex, disability, birth_year, n)
		VALUES (f.head_office_id, f.status, f.sex, f.disability, extract(year FROM f.date_of_birth)::int, sign * f.n)
		ON CONFLICT ON CONSTRAINT report_child_now_year_key DO UPDATE SET n = s.n + excluded.n;
	ELSIF f.kind LIKE 'stage.%' THEN
		INSERT INTO report_stage_day AS s (stage, day, head_office_id, sex, disability, days, n)
		VALUES (substr(f.kind, 7), f.day, f.head_office_id, f.sex, f.disability, f.days, sign * f.n)
		ON CONFLICT ON CONSTRAINT report_stage_day_key DO UPDATE SET n = s.n + excluded.n;
		INSERT INTO report_stage_month AS s (stage, day, head_office_id, sex, disability, days, n)
		VALUES (substr(f.kind, 7), date_trunc('month', f.day)::date, f.head_office_id, f.sex, f.disability, f.days, sign * f.n)
		ON CONFLICT (day, stage, head_office_id, sex, disability, days) DO UPDATE SET n = s.n + excluded.n;
	ELSE
		INSERT INTO report_child_day AS s (kind, day, head_office_id, sex, disability, n, days)
		VALUES (f.kind, f.day, f.head_office_id, f.sex, f.disability, sign * f.n, sign * f.n * f.days)
		ON CONFLICT ON CONSTRAINT report_child_day_key DO UPDATE SET n = s.n + excluded.n, days = s.days + excluded.days;
		INSERT INTO report_child_month AS s (kind, day, head_office_id, sex, disability, n, days)
		VALUES (f.kind, date_trunc('month', f.day)::date, f.head_office_id, f.sex, f.disability, sign * f.n, sign * f.n * f.days)
		ON CONFLICT (day, kind, head_office_id, sex, disability) DO UPDATE SET n = s.n + excluded.n, days = s.days + excluded.days;
	END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "report_parent_fact_counted"(f report_parent_facts, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF f.kind = 'now' THEN
		INSERT INTO report_application_now AS s (head_office_id, status, sex, n)
		VALUES (f.head_office_id, f.status, f.sex, sign * f.n)
		ON CONFLICT ON CONSTRAINT report_application_now_key DO UPDATE SET n = s.n + excluded.n;
	ELSIF f.kind <> 'proposal' THEN
		INSERT INTO report_application_day AS s (kind, day, head_office_id, sex, n, days)
		VALUES (f.kind, f.day, f.head_office_id, f.sex, sign * f.n, sign * f.n * f.days)
		ON CONFLICT ON CONSTRAINT report_application_day_key DO UPDATE SET n = s.n + excluded.n, days = s.days + excluded.days;
	END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "report_child_facts_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM report_child_fact_counted(OLD, -1); END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM report_child_fact_counted(NEW, 1); END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "report_parent_facts_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM report_parent_fact_counted(OLD, -1); END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM report_parent_fact_counted(NEW, 1); END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "report_child_facts_counted" AFTER INSERT OR UPDATE OR DELETE ON "report_child_facts"
	FOR EACH ROW EXECUTE FUNCTION report_child_facts_counted();--> statement-breakpoint
CREATE TRIGGER "report_parent_facts_counted" AFTER INSERT OR UPDATE OR DELETE ON "report_parent_facts"
	FOR EACH ROW EXECUTE FUNCTION report_parent_facts_counted();--> statement-breakpoint
-- The records' triggers: each changed row re-derives the facts of the children and families it
-- touches (before and after the change). `adoption.reports_kept = 'off'` (a bulk load, then
-- `npm run reports:rebuild`) skips them.
CREATE FUNCTION "report_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	o jsonb := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN to_jsonb(OLD) END;
	n jsonb := CASE WHEN TG_OP IN ('UPDATE', 'INSERT') THEN to_jsonb(NEW) END;
	child_key text := CASE WHEN TG_TABLE_NAME = 'child_infos' THEN 'id' ELSE 'child_id' END;
BEGIN
	IF current_setting('adoption.reports_kept', true) = 'off' THEN RETURN NULL; END IF;
	IF TG_TABLE_NAME = 'status_history' THEN
		PERFORM report_sync_children(array(SELECT DISTINCT m.child_id FROM adoptive_matchings m WHERE m.id IN (
			CASE WHEN o->>'entity' = 'adoptive_matchings' THEN (o->>'entity_id')::int END,
			CASE WHEN n->>'entity' = 'adoptive_matchings' THEN (n->>'entity_id')::int END)));
	ELSIF TG_TABLE_NAME = 'parent_infos' THEN
		PERFORM report_sync_parents(array_remove(array[(o->>'id')::int, (n->>'id')::int], NULL));
	ELSE
		PERFORM report_sync_children(array_remove(array[(o->>child_key)::int, (n->>child_key)::int], NULL));
		IF TG_TABLE_NAME = 'adoptive_matchings' THEN
			PERFORM report_sync_parents(array_remove(array[(o->>'parent_id')::int, (n->>'parent_id')::int], NULL));
		END IF;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "report_row_changed" AFTER INSERT OR DELETE OR UPDATE OF "head_office_id", "status", "sex", "date_of_birth", "merged_into_id", "admitted_on", "adoption_confirmed_on"
	ON "child_infos" FOR EACH ROW EXECUTE FUNCTION report_row_changed();--> statement-breakpoint
CREATE TRIGGER "report_row_changed" AFTER INSERT OR DELETE OR UPDATE OF "child_id"
	ON "child_disabilities" FOR EACH ROW EXECUTE FUNCTION report_row_changed();--> statement-breakpoint
CREATE TRIGGER "report_row_changed" AFTER INSERT OR DELETE OR UPDATE OF "child_id", "parent_id", "head_office_id", "status", "completed_on", "trial_start", "keep_requested_on", "proposed_date", "rejected_on"
	ON "adoptive_matchings" FOR EACH ROW EXECUTE FUNCTION report_row_changed();--> statement-breakpoint
CREATE TRIGGER "report_row_changed" AFTER INSERT OR DELETE OR UPDATE OF "child_id", "head_office_id", "status", "actual_date", "concern"
	ON "post_adoption_services" FOR EACH ROW EXECUTE FUNCTION report_row_changed();--> statement-breakpoint
CREATE TRIGGER "report_row_changed" AFTER INSERT OR DELETE OR UPDATE OF "entity", "entity_id", "to_status", "from_status", "at", "payload"
	ON "status_history" FOR EACH ROW EXECUTE FUNCTION report_row_changed();--> statement-breakpoint
CREATE TRIGGER "report_row_changed" AFTER INSERT OR DELETE OR UPDATE OF "head_office_id", "status", "applicant1_sex", "application_date", "decision_date", "approved_until", "merged_into_id"
	ON "parent_infos" FOR EACH ROW EXECUTE FUNCTION report_row_changed();--> statement-breakpoint
-- Every fact and summary derived again from the records (after a bulk load; `npm run reports:rebuild`).
CREATE FUNCTION "report_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	-- Never two at once, nor beside the facts' own triggers (their rows are replaced here).
	LOCK TABLE report_child_facts, report_parent_facts IN EXCLUSIVE MODE;
	ALTER TABLE report_child_facts DISABLE TRIGGER report_child_facts_counted;
	ALTER TABLE report_parent_facts DISABLE TRIGGER report_parent_facts_counted;
	TRUNCATE report_child_facts, report_parent_facts, report_child_now, report_child_now_year, report_child_day, report_child_month,
		report_stage_day, report_stage_month, report_application_now, report_application_day;
	EXECUTE 'INSERT INTO report_child_facts ' || report_child_facts_sql('true');
	EXECUTE 'INSERT INTO report_parent_facts ' || report_parent_facts_sql('true');
	ALTER TABLE report_child_facts ENABLE TRIGGER report_child_facts_counted;
	ALTER TABLE report_parent_facts ENABLE TRIGGER report_parent_facts_counted;
	INSERT INTO report_child_now (head_office_id, status, sex, disability, birth_month, n)
		SELECT head_office_id, status, sex, disability, date_trunc('month', date_of_birth)::date, sum(n)
		FROM report_child_facts WHERE kind = 'now' GROUP BY 1, 2, 3, 4, 5;
	INSERT INTO report_child_now_year (head_office_id, status, sex, disability, birth_year, n)
		SELECT head_office_id, status, sex, disability, extract(year FROM birth_month)::int, sum(n)
		FROM report_child_now GROUP BY 1, 2, 3, 4, 5;
	INSERT INTO report_child_day (kind, day, head_office_id, sex, disability, n, days)
		SELECT kind, day, head_office_id, sex, disability, sum(n), sum(n * days)
		FROM report_child_facts WHERE kind <> 'now' AND kind NOT LIKE 'stage.%' GROUP BY 1, 2, 3, 4, 5;
	INSERT INTO report_child_month (kind, day, head_office_id, sex, disability, n, days)
		SELECT kind, date_trunc('month', day)::date, head_office_id, sex, disability, sum(n), sum(days)
		FROM report_child_day GROUP BY 1, 2, 3, 4, 5;
	INSERT INTO report_stage_day (stage, day, head_office_id, sex, disability, days, n)
		SELECT substr(kind, 7), day, head_office_id, sex, disability, days, sum(n)
		FROM report_child_facts WHERE kind LIKE 'stage.%' GROUP BY 1, 2, 3, 4, 5, 6;
	INSERT INTO report_stage_month (stage, day, head_office_id, sex, disability, days, n)
		SELECT stage, date_trunc('month', day)::date, head_office_id, sex, disability, days, sum(n)
		FROM report_stage_day GROUP BY 1, 2, 3, 4, 5, 6;
	INSERT INTO report_application_now (head_office_id, status, sex, n)
		SELECT head_office_id, status, sex, sum(n) FROM report_parent_facts WHERE kind = 'now' GROUP BY 1, 2, 3;
	INSERT INTO report_application_day (kind, day, head_office_id, sex, n, days)
		SELECT kind, day, head_office_id, sex, sum(n), sum(n * days)
		FROM report_parent_facts WHERE kind NOT IN ('now', 'proposal') GROUP BY 1, 2, 3, 4;
	-- The planner's estimates of the new rows (a bulk load is followed by a rebuild).
	ANALYZE report_child_facts, report_parent_facts, report_child_now, report_child_now_year, report_child_day,
		report_child_month, report_stage_day, report_stage_month, report_application_now, report_application_day;
END $$;--> statement-breakpoint
SELECT report_rebuild();

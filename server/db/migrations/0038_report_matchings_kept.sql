-- Issue 37: matchings by status now kept as counts too (they were counted live: at a million
-- children the national report and dashboard each read every matching's index entry, ~50-70 ms).
-- A child's facts gain one 'matching' fact per matching (its status; day: the day it entered its
-- stage, for the open stages only), counted in report_matching_now by office, status and the
-- child's sex and disability. 'Past its stage's expected days' depends on today: the report counts
-- the open matchings that entered their stage on or after the cut-off day from the facts (an index
-- range: those still on time) and takes them from the status's count.
-- The children's boundary birth months are read from the facts by birth day: a covering index lets
-- that be an index-only scan.
CREATE TABLE "report_matching_now" (
	"head_office_id" integer NOT NULL,
	"status" text NOT NULL,
	"sex" text,
	"disability" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_matching_now_key" UNIQUE NULLS NOT DISTINCT ("head_office_id", "status", "sex", "disability")
);--> statement-breakpoint
CREATE INDEX "report_child_facts_matching_idx" ON "report_child_facts" ("status", "day")
	INCLUDE ("head_office_id", "sex", "disability", "date_of_birth", "n") WHERE "kind" = 'matching';--> statement-breakpoint
-- The dashboard's approvals expiring and expired (unmerged applications): an index-only range, not
-- a heap read of every accepted application whose approval ended (48,000 at a million children).
CREATE INDEX "parent_infos_approval_current_idx" ON "parent_infos" ("status", "approved_until", "head_office_id")
	WHERE "merged_into_id" IS NULL;--> statement-breakpoint
DROP INDEX "report_child_facts_now_birth_idx";--> statement-breakpoint
CREATE INDEX "report_child_facts_now_birth_idx" ON "report_child_facts" ("date_of_birth")
	INCLUDE ("head_office_id", "status", "sex", "disability", "n") WHERE "kind" = 'now';--> statement-breakpoint
DROP INDEX "report_child_facts_day_idx";--> statement-breakpoint
CREATE INDEX "report_child_facts_day_idx" ON "report_child_facts" ("day") WHERE "kind" NOT IN ('now', 'matching');--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_child_facts_sql"(filter text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
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
		UNION ALL SELECT m.child_id, 'matching', CASE WHEN report_stage_of(m.status) IS NOT NULL THEN m.stage_entered_on END,
			m.head_office_id, m.status, 0, m.id FROM m
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
CREATE OR REPLACE FUNCTION "report_child_fact_counted"(f report_child_facts, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF f.kind = 'now' THEN
		INSERT INTO report_child_now AS s (head_office_id, status, sex, disability, birth_month, n)
		VALUES (f.head_office_id, f.status, f.sex, f.disability, date_trunc('month', f.date_of_birth)::date, sign * f.n)
		ON CONFLICT ON CONSTRAINT report_child_now_key DO UPDATE SET n = s.n + excluded.n;
		INSERT INTO report_child_now_year AS s (head_office_id, status, sex, disability, birth_year, n)
		VALUES (f.head_office_id, f.status, f.sex, f.disability, extract(year FROM f.date_of_birth)::int, sign * f.n)
		ON CONFLICT ON CONSTRAINT report_child_now_year_key DO UPDATE SET n = s.n + excluded.n;
	ELSIF f.kind = 'matching' THEN
		INSERT INTO report_matching_now AS s (head_office_id, status, sex, disability, n)
		VALUES (f.head_office_id, f.status, f.sex, f.disability, sign * f.n)
		ON CONFLICT ON CONSTRAINT report_matching_now_key DO UPDATE SET n = s.n + excluded.n;
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
CREATE OR REPLACE FUNCTION "report_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	-- Never two at once, nor beside the facts' own triggers (their rows are replaced here).
	LOCK TABLE report_child_facts, report_parent_facts IN EXCLUSIVE MODE;
	ALTER TABLE report_child_facts DISABLE TRIGGER report_child_facts_counted;
	ALTER TABLE report_parent_facts DISABLE TRIGGER report_parent_facts_counted;
	TRUNCATE report_child_facts, report_parent_facts, report_child_now, report_child_now_year, report_child_day, report_child_month,
		report_stage_day, report_stage_month, report_application_now, report_application_day, report_matching_now;
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
		FROM report_child_facts WHERE kind NOT IN ('now', 'matching') AND kind NOT LIKE 'stage.%' GROUP BY 1, 2, 3, 4, 5;
	INSERT INTO report_child_month (kind, day, head_office_id, sex, disability, n, days)
		SELECT kind, date_trunc('month', day)::date, head_office_id, sex, disability, sum(n), sum(days)
		FROM report_child_day GROUP BY 1, 2, 3, 4, 5;
	INSERT INTO report_stage_day (stage, day, head_office_id, sex, disability, days, n)
		SELECT substr(kind, 7), day, head_office_id, sex, disability, days, sum(n)
		FROM report_child_facts WHERE kind LIKE 'stage.%' GROUP BY 1, 2, 3, 4, 5, 6;
	INSERT INTO report_stage_month (stage, day, head_office_id, sex, disability, days, n)
		SELECT stage, date_trunc('month', day)::date, head_office_id, sex, disability, days, sum(n)
		FROM report_stage_day GROUP BY 1, 2, 3, 4, 5, 6;
	INSERT INTO report_matching_now (head_office_id, status, sex, disability, n)
		SELECT head_office_id, status, sex, disability, sum(n) FROM report_child_facts WHERE kind = 'matching' GROUP BY 1, 2, 3, 4;
	INSERT INTO report_application_now (head_office_id, status, sex, n)
		SELECT head_office_id, status, sex, sum(n) FROM report_parent_facts WHERE kind = 'now' GROUP BY 1, 2, 3;
	INSERT INTO report_application_day (kind, day, head_office_id, sex, n, days)
		SELECT kind, day, head_office_id, sex, sum(n), sum(n * days)
		FROM report_parent_facts WHERE kind NOT IN ('now', 'proposal') GROUP BY 1, 2, 3, 4;
	-- The planner's estimates of the new rows (a bulk load is followed by a rebuild).
	ANALYZE report_child_facts, report_parent_facts, report_child_now, report_child_now_year, report_child_day,
		report_child_month, report_stage_day, report_stage_month, report_application_now, report_application_day, report_matching_now;
END $$;--> statement-breakpoint
-- A matching's stage day is one of its facts now.
DROP TRIGGER "report_row_changed" ON "adoptive_matchings";--> statement-breakpoint
CREATE TRIGGER "report_row_changed" AFTER INSERT OR DELETE OR UPDATE OF "child_id", "parent_id", "head_office_id", "status", "completed_on", "trial_start", "keep_requested_on", "proposed_date", "rejected_on", "stage_entered_on"
	ON "adoptive_matchings" FOR EACH ROW EXECUTE FUNCTION report_row_changed();--> statement-breakpoint
SELECT report_rebuild();

CREATE TABLE "statistics_by_department" (
	"date" date NOT NULL,
	"department_id" integer,
	"editors" integer NOT NULL,
	"articles" integer NOT NULL,
	"videos" integer NOT NULL,
	"pv" bigint NOT NULL,
	"uv" bigint NOT NULL,
	CONSTRAINT "statistics_by_department_uq" UNIQUE NULLS NOT DISTINCT("date","department_id")
);
--> statement-breakpoint
CREATE TABLE "statistics_by_month" (
	"month" date NOT NULL,
	"user_id" integer NOT NULL,
	"department_id" integer,
	"days" integer NOT NULL,
	"articles" integer NOT NULL,
	"videos" integer NOT NULL,
	"pv" bigint NOT NULL,
	"uv" bigint NOT NULL,
	CONSTRAINT "statistics_by_month_uq" UNIQUE NULLS NOT DISTINCT("month","user_id","department_id")
);
--> statement-breakpoint
CREATE INDEX "statistics_by_department_dept_idx" ON "statistics_by_department" USING btree ("department_id","date");--> statement-breakpoint
-- The rollups follow every statement that writes `statistics` (server/db/schema/statistics.ts): the
-- rows it added count +1, the rows it removed -1 (an update is both), grouped per rollup key and
-- applied in key order (two multi-row writers lock rollup rows in the same order).
CREATE FUNCTION statistics_rollup() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT date, user_id, department_id, 1 AS n, articles, videos, pv::bigint AS pv, uv::bigint AS uv FROM statistics_new'
    WHEN 'DELETE' THEN 'SELECT date, user_id, department_id, -1 AS n, -articles AS articles, -videos AS videos, -pv::bigint AS pv, -uv::bigint AS uv FROM statistics_old'
    ELSE 'SELECT date, user_id, department_id, 1 AS n, articles, videos, pv::bigint AS pv, uv::bigint AS uv FROM statistics_new
          UNION ALL SELECT date, user_id, department_id, -1, -articles, -videos, -pv::bigint, -uv::bigint FROM statistics_old'
  END;
  changed text := 'sum(n) <> 0 OR sum(articles) <> 0 OR sum(videos) <> 0 OR sum(pv) <> 0 OR sum(uv) <> 0';
BEGIN
  EXECUTE format($q$
    WITH d AS (%1$s),
    by_department AS (
      INSERT INTO statistics_by_department AS r (date, department_id, editors, articles, videos, pv, uv)
      SELECT date, department_id, sum(n), sum(articles), sum(videos), sum(pv), sum(uv) FROM d
      GROUP BY date, department_id HAVING %2$s ORDER BY date, department_id
      ON CONFLICT (date, department_id) DO UPDATE SET editors = r.editors + EXCLUDED.editors, articles = r.articles + EXCLUDED.articles,
        videos = r.videos + EXCLUDED.videos, pv = r.pv + EXCLUDED.pv, uv = r.uv + EXCLUDED.uv
    )
    INSERT INTO statistics_by_month AS r (month, user_id, department_id, days, articles, videos, pv, uv)
    SELECT date_trunc('month', date::timestamp)::date, user_id, department_id, sum(n), sum(articles), sum(videos), sum(pv), sum(uv) FROM d
    GROUP BY 1, 2, 3 HAVING %2$s ORDER BY 1, 2, 3
    ON CONFLICT (month, user_id, department_id) DO UPDATE SET days = r.days + EXCLUDED.days, articles = r.articles + EXCLUDED.articles,
      videos = r.videos + EXCLUDED.videos, pv = r.pv + EXCLUDED.pv, uv = r.uv + EXCLUDED.uv
  $q$, delta, changed);
  IF TG_OP <> 'INSERT' THEN
    -- Only keys a removed row counted in can have emptied.
    DELETE FROM statistics_by_department r USING (SELECT DISTINCT date, department_id FROM statistics_old) k
    WHERE r.date = k.date AND r.department_id IS NOT DISTINCT FROM k.department_id AND r.editors = 0;
    DELETE FROM statistics_by_month r USING (SELECT DISTINCT date_trunc('month', date::timestamp)::date AS month, user_id, department_id FROM statistics_old) k
    WHERE r.month = k.month AND r.user_id = k.user_id AND r.department_id IS NOT DISTINCT FROM k.department_id AND r.days = 0;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION statistics_rollup_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE statistics_by_department, statistics_by_month;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER statistics_rollup_insert AFTER INSERT ON statistics REFERENCING NEW TABLE AS statistics_new FOR EACH STATEMENT EXECUTE FUNCTION statistics_rollup();
--> statement-breakpoint
CREATE TRIGGER statistics_rollup_update AFTER UPDATE ON statistics REFERENCING OLD TABLE AS statistics_old NEW TABLE AS statistics_new FOR EACH STATEMENT EXECUTE FUNCTION statistics_rollup();
--> statement-breakpoint
CREATE TRIGGER statistics_rollup_delete AFTER DELETE ON statistics REFERENCING OLD TABLE AS statistics_old FOR EACH STATEMENT EXECUTE FUNCTION statistics_rollup();
--> statement-breakpoint
CREATE TRIGGER statistics_rollup_truncate AFTER TRUNCATE ON statistics FOR EACH STATEMENT EXECUTE FUNCTION statistics_rollup_truncate();
--> statement-breakpoint
-- The rows already there.
INSERT INTO statistics_by_department (date, department_id, editors, articles, videos, pv, uv)
SELECT date, department_id, count(*), sum(articles), sum(videos), sum(pv), sum(uv) FROM statistics GROUP BY date, department_id;
--> statement-breakpoint
INSERT INTO statistics_by_month (month, user_id, department_id, days, articles, videos, pv, uv)
SELECT date_trunc('month', date::timestamp)::date, user_id, department_id, count(*), sum(articles), sum(videos), sum(pv), sum(uv) FROM statistics GROUP BY 1, 2, 3;

CREATE TABLE "statistics" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"user_id" integer NOT NULL,
	"department_id" integer,
	"articles" integer DEFAULT 0 NOT NULL,
	"videos" integer DEFAULT 0 NOT NULL,
	"pv" integer DEFAULT 0 NOT NULL,
	"uv" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "statistics_date_user_uq" ON "statistics" USING btree ("date","user_id");--> statement-breakpoint
CREATE INDEX "statistics_user_date_idx" ON "statistics" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "statistics_department_date_idx" ON "statistics" USING btree ("department_id","date");--> statement-breakpoint
-- Publications before this migration: each item once, on the China day of its first publication.
INSERT INTO "statistics" ("date", "user_id", "department_id", "articles", "videos")
SELECT d.day, d.owner_id, u.department_id, d.articles, d.videos
FROM (
  SELECT (e.at AT TIME ZONE 'Asia/Shanghai')::date AS day, e.owner_id,
    count(*) FILTER (WHERE e.content_type = 'article') AS articles, count(*) FILTER (WHERE e.content_type = 'video') AS videos
  FROM content_events e
  WHERE e.owner_id IS NOT NULL AND e.to_status = 3 AND e.from_status <> 3
    AND NOT EXISTS (SELECT 1 FROM content_events p WHERE p.content_type = e.content_type AND p.content_id = e.content_id AND p.to_status = 3 AND p.from_status <> 3 AND p.id < e.id)
  GROUP BY 1, 2
) d LEFT JOIN "users" u ON u.id = d.owner_id;

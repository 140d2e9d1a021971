ALTER TABLE "video_stores" ADD COLUMN "poster_key" varchar(512);--> statement-breakpoint
CREATE INDEX "upload_tickets_user_idx" ON "upload_tickets" USING btree ("user_id","created_at");--> statement-breakpoint
-- Backfill only what is certain: the cover is exactly the URL of a poster upload this video's uploader
-- registered together with it (within minutes), and no other video shows that cover. Anything else
-- stays null: its delete removes no poster (a leftover file rather than someone else's poster).
UPDATE "video_stores" AS v SET "poster_key" = t."key"
FROM "upload_tickets" AS t
WHERE t."kind" = 'poster' AND t."storage" = v."storage" AND t."user_id" = v."uploader_id" AND t."registered_at" IS NOT NULL
  AND abs(extract(epoch FROM t."registered_at" - v."created_at")) < 600
  AND ((v."storage" = 'local' AND v."cover" = '/uploads/' || t."key") OR (v."storage" <> 'local' AND v."cover" LIKE 'http%' AND right(v."cover", length(t."key") + 1) = '/' || t."key"))
  AND NOT EXISTS (SELECT 1 FROM "video_stores" AS o WHERE o."id" <> v."id" AND o."cover" = v."cover");

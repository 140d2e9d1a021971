DROP INDEX "articles_published_idx";--> statement-breakpoint
CREATE INDEX "articles_status_category_updated_idx" ON "articles" USING btree ("status","category_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);
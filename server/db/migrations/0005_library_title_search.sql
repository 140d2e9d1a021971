DROP INDEX "pic_stores_title_trgm_idx";--> statement-breakpoint
DROP INDEX "video_stores_title_trgm_idx";
ALTER TABLE "outbox_events" ALTER COLUMN "content_type" SET DATA TYPE varchar(24);--> statement-breakpoint
ALTER TABLE "outbox_events" ADD COLUMN "item" jsonb;--> statement-breakpoint
ALTER TABLE "outbox_events" ADD COLUMN "keys" jsonb DEFAULT '[]'::jsonb NOT NULL;
CREATE TABLE "outbox_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" varchar(48) NOT NULL,
	"content_type" varchar(16) NOT NULL,
	"content_id" integer NOT NULL,
	"action" varchar(24) NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "outbox_events_item_idx" ON "outbox_events" USING btree ("content_type","content_id","id");
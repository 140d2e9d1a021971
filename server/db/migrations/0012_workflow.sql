CREATE TABLE "content_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"content_type" varchar(16) NOT NULL,
	"content_id" integer NOT NULL,
	"action" varchar(24) NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"user_id" integer,
	"owner_id" integer,
	"department_id" integer,
	"comment" varchar(500) DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"content_type" varchar(16) NOT NULL,
	"content_id" integer NOT NULL,
	"action" varchar(16) NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "offline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "review_comment" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "reviewer_id" integer;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "content_events_item_idx" ON "content_events" USING btree ("content_type","content_id","id");--> statement-breakpoint
CREATE INDEX "content_events_status_at_idx" ON "content_events" USING btree ("to_status","at");--> statement-breakpoint
CREATE INDEX "content_events_owner_at_idx" ON "content_events" USING btree ("owner_id","at");--> statement-breakpoint
CREATE INDEX "content_events_user_at_idx" ON "content_events" USING btree ("user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_jobs_pending_uq" ON "scheduled_jobs" USING btree ("content_type","content_id","action") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "scheduled_jobs_due_idx" ON "scheduled_jobs" USING btree ("run_at") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "articles_review_queue_idx" ON "articles" USING btree ("submitted_at","id") WHERE status = 1;
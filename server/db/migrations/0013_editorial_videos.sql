CREATE TABLE "edit_locks" (
	"resource" varchar(16) NOT NULL,
	"resource_id" integer NOT NULL,
	"token" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"renewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"draft" jsonb,
	"draft_at" timestamp with time zone,
	"taken_from_token" varchar(64),
	"taken_from_user_id" integer,
	"taken_at" timestamp with time zone,
	CONSTRAINT "edit_locks_pk" PRIMARY KEY("resource","resource_id")
);
--> statement-breakpoint
CREATE TABLE "revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource" varchar(16) NOT NULL,
	"resource_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"user_id" integer,
	"note" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(128) NOT NULL,
	"cover" varchar(1024) DEFAULT '' NOT NULL,
	"video_store_id" integer NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"category_id" integer,
	"tag_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"editor_id" integer NOT NULL,
	"department_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"publish_at" timestamp with time zone,
	"offline_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"review_comment" varchar(500) DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone,
	"check_result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "edit_locks_user_idx" ON "edit_locks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "revisions_resource_idx" ON "revisions" USING btree ("resource","resource_id","id");--> statement-breakpoint
CREATE INDEX "videos_updated_idx" ON "videos" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "videos_status_updated_idx" ON "videos" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "videos_category_updated_idx" ON "videos" USING btree ("category_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "videos_editor_updated_idx" ON "videos" USING btree ("editor_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "videos_department_updated_idx" ON "videos" USING btree ("department_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "videos_store_idx" ON "videos" USING btree ("video_store_id");--> statement-breakpoint
CREATE INDEX "videos_tags_idx" ON "videos" USING gin ("tag_ids") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "videos_review_queue_idx" ON "videos" USING btree ("submitted_at","id") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "videos_title_bigram_idx" ON "videos" USING gin (cms_bigrams("title")) WITH (fastupdate = off);

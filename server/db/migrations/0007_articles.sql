CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(8) DEFAULT 'article' NOT NULL,
	"title" varchar(128) NOT NULL,
	"subtitle" varchar(128) DEFAULT '' NOT NULL,
	"summary" varchar(500) DEFAULT '' NOT NULL,
	"cover" varchar(1024) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video_store_id" integer,
	"category_id" integer,
	"tag_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"topic_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"album_id" integer,
	"platform_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"author" varchar(64) DEFAULT '' NOT NULL,
	"source" varchar(64) DEFAULT '' NOT NULL,
	"editor_id" integer NOT NULL,
	"department_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"check_result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensitive_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" varchar(64) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "articles_updated_idx" ON "articles" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "articles_status_updated_idx" ON "articles" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "articles_category_updated_idx" ON "articles" USING btree ("category_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "articles_editor_updated_idx" ON "articles" USING btree ("editor_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "articles_department_updated_idx" ON "articles" USING btree ("department_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "articles_tags_idx" ON "articles" USING gin ("tag_ids") WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "sensitive_words_word_uq" ON "sensitive_words" USING btree ("word");
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"parent_id" integer,
	"name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platforms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"code" varchar(32) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(128) NOT NULL,
	"cover" varchar(512) DEFAULT '' NOT NULL,
	"summary" varchar(500) DEFAULT '' NOT NULL,
	"url" varchar(512) DEFAULT '' NOT NULL,
	"activity_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_usage" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"media_kind" varchar(8) NOT NULL,
	"media_id" integer NOT NULL,
	"owner_type" varchar(32) NOT NULL,
	"owner_id" integer NOT NULL,
	"owner_title" varchar(128) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pic_store_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pic_stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(128) NOT NULL,
	"storage" varchar(16) NOT NULL,
	"key" varchar(512) NOT NULL,
	"url" varchar(1024) NOT NULL,
	"mime" varchar(64) NOT NULL,
	"size" bigint NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"sha256" varchar(64) DEFAULT '' NOT NULL,
	"tag_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"uploader_id" integer,
	"check_status" smallint DEFAULT 0 NOT NULL,
	"check_note" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"thumb_url" varchar(1024) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"storage" varchar(16) NOT NULL,
	"key" varchar(512) NOT NULL,
	"user_id" integer NOT NULL,
	"max_size" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone,
	"size" bigint,
	"mime" varchar(64),
	"sha256" varchar(64),
	"registered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_store_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(128) NOT NULL,
	"storage" varchar(16) NOT NULL,
	"key" varchar(512) NOT NULL,
	"url" varchar(1024) NOT NULL,
	"mime" varchar(64) NOT NULL,
	"size" bigint NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"sha256" varchar(64) DEFAULT '' NOT NULL,
	"tag_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"uploader_id" integer,
	"check_status" smallint DEFAULT 0 NOT NULL,
	"check_note" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration" real DEFAULT 0 NOT NULL,
	"cover" varchar(1024) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "categories_type_parent_sort_idx" ON "categories" USING btree ("type_id","parent_id","sort","id");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_sibling_name_uq" ON "categories" USING btree ("type_id",coalesce("parent_id", 0),"name");--> statement-breakpoint
CREATE UNIQUE INDEX "category_types_name_uq" ON "category_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "category_types_sort_idx" ON "category_types" USING btree ("sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "platforms_name_uq" ON "platforms" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "platforms_code_uq" ON "platforms" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_types_name_uq" ON "tag_types" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_type_name_uq" ON "tags" USING btree ("type_id","name");--> statement-breakpoint
CREATE INDEX "tags_name_prefix_idx" ON "tags" USING btree ("name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "tags_name_trgm_idx" ON "tags" USING gin ("name" public.gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "topics_sort_idx" ON "topics" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "topics_title_trgm_idx" ON "topics" USING gin ("title" public.gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "media_usage_uq" ON "media_usage" USING btree ("media_kind","media_id","owner_type","owner_id");--> statement-breakpoint
CREATE INDEX "media_usage_owner_idx" ON "media_usage" USING btree ("owner_type","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pic_store_tags_name_uq" ON "pic_store_tags" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "pic_stores_key_uq" ON "pic_stores" USING btree ("storage","key");--> statement-breakpoint
CREATE INDEX "pic_stores_created_idx" ON "pic_stores" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "pic_stores_sha_idx" ON "pic_stores" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "pic_stores_tags_idx" ON "pic_stores" USING gin ("tag_ids") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "pic_stores_title_trgm_idx" ON "pic_stores" USING gin ("title" public.gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "pic_stores_uploader_idx" ON "pic_stores" USING btree ("uploader_id","created_at");--> statement-breakpoint
CREATE INDEX "pic_stores_check_idx" ON "pic_stores" USING btree ("check_status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "upload_tickets_token_uq" ON "upload_tickets" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "upload_tickets_key_uq" ON "upload_tickets" USING btree ("storage","key");--> statement-breakpoint
CREATE INDEX "upload_tickets_expires_idx" ON "upload_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "video_store_tags_name_uq" ON "video_store_tags" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "video_stores_key_uq" ON "video_stores" USING btree ("storage","key");--> statement-breakpoint
CREATE INDEX "video_stores_created_idx" ON "video_stores" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "video_stores_sha_idx" ON "video_stores" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "video_stores_tags_idx" ON "video_stores" USING gin ("tag_ids") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "video_stores_title_trgm_idx" ON "video_stores" USING gin ("title" public.gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "video_stores_uploader_idx" ON "video_stores" USING btree ("uploader_id","created_at");--> statement-breakpoint
CREATE INDEX "video_stores_check_idx" ON "video_stores" USING btree ("check_status","created_at");
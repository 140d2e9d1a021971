CREATE TABLE "advertise" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"position" varchar(32) NOT NULL,
	"image" varchar(1024) DEFAULT '' NOT NULL,
	"url" varchar(512) DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"state" smallint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"logo" varchar(1024) DEFAULT '' NOT NULL,
	"initial" varchar(1) DEFAULT '' NOT NULL,
	"product_brand_id" integer NOT NULL,
	"product_brand_name" varchar(64) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chameleon_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chameleon_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"platform" varchar(32) DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chameleons" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"icon" varchar(1024) DEFAULT '' NOT NULL,
	"url" varchar(512) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "focus_channel" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(128) NOT NULL,
	"image" varchar(1024) DEFAULT '' NOT NULL,
	"url" varchar(512) DEFAULT '' NOT NULL,
	"article_id" integer,
	"video_id" integer,
	"platform" varchar(32) DEFAULT '' NOT NULL,
	"category_id" integer,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "focus_home" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(128) NOT NULL,
	"image" varchar(1024) DEFAULT '' NOT NULL,
	"url" varchar(512) DEFAULT '' NOT NULL,
	"article_id" integer,
	"video_id" integer,
	"platform" varchar(32) DEFAULT '' NOT NULL,
	"category_id" integer,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "focus_home_right" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(128) NOT NULL,
	"image" varchar(1024) DEFAULT '' NOT NULL,
	"url" varchar(512) DEFAULT '' NOT NULL,
	"article_id" integer,
	"video_id" integer,
	"platform" varchar(32) DEFAULT '' NOT NULL,
	"category_id" integer,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"flushed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "focus_video" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(128) NOT NULL,
	"image" varchar(1024) DEFAULT '' NOT NULL,
	"url" varchar(512) DEFAULT '' NOT NULL,
	"article_id" integer,
	"video_id" integer,
	"platform" varchar(32) DEFAULT '' NOT NULL,
	"category_id" integer,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "friend_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"url" varchar(512) NOT NULL,
	"logo" varchar(1024) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_keywords" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" varchar(64) NOT NULL,
	"url" varchar(512) DEFAULT '' NOT NULL,
	"platform" varchar(8) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "advertise_position_sort_idx" ON "advertise" USING btree ("position","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_uq" ON "brands" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_product_brand_uq" ON "brands" USING btree ("product_brand_id");--> statement-breakpoint
CREATE INDEX "brands_initial_sort_idx" ON "brands" USING btree ("initial","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chameleon_types_name_uq" ON "chameleon_types" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "chameleon_versions_platform_name_uq" ON "chameleon_versions" USING btree ("platform","name");--> statement-breakpoint
CREATE INDEX "chameleons_version_type_sort_idx" ON "chameleons" USING btree ("version_id","type_id","sort","id");--> statement-breakpoint
CREATE INDEX "focus_channel_group_sort_idx" ON "focus_channel" USING btree ("category_id","sort","id");--> statement-breakpoint
CREATE INDEX "focus_home_group_sort_idx" ON "focus_home" USING btree ("platform","sort","id");--> statement-breakpoint
CREATE INDEX "focus_home_right_sort_idx" ON "focus_home_right" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "focus_video_group_sort_idx" ON "focus_video" USING btree ("platform","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "friend_links_name_uq" ON "friend_links" USING btree ("name");--> statement-breakpoint
CREATE INDEX "friend_links_sort_idx" ON "friend_links" USING btree ("sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "search_keywords_platform_word_uq" ON "search_keywords" USING btree ("platform","word");--> statement-breakpoint
CREATE INDEX "search_keywords_platform_sort_idx" ON "search_keywords" USING btree ("platform","sort","id");--> statement-breakpoint
CREATE INDEX "pic_stores_url_idx" ON "pic_stores" USING btree ("url");
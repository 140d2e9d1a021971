CREATE TABLE "article_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"url" varchar(512) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "article_sources_name_uq" ON "article_sources" USING btree ("name");--> statement-breakpoint
CREATE INDEX "article_sources_sort_idx" ON "article_sources" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "article_sources_enabled_idx" ON "article_sources" USING btree ("enabled");
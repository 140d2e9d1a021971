CREATE TABLE "article_autosaves" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"article_id" integer DEFAULT 0 NOT NULL,
	"kind" varchar(8) DEFAULT 'article' NOT NULL,
	"base_version" integer DEFAULT 0 NOT NULL,
	"data" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "article_autosaves_user_article_uq" ON "article_autosaves" USING btree ("user_id","article_id","kind");--> statement-breakpoint
CREATE INDEX "article_autosaves_article_idx" ON "article_autosaves" USING btree ("article_id");
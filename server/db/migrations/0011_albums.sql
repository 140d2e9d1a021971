CREATE TABLE "albums" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"cover" varchar(512) DEFAULT '' NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "albums_name_uq" ON "albums" USING btree ("name");--> statement-breakpoint
CREATE INDEX "albums_sort_idx" ON "albums" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "articles_album_idx" ON "articles" USING btree ("album_id","id");
CREATE TABLE "storage_deletions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"storage" varchar(16) NOT NULL,
	"bucket" varchar(128) DEFAULT '' NOT NULL,
	"key" varchar(512) NOT NULL,
	"source" varchar(128) DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" varchar(500) DEFAULT '' NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "storage_deletions_due_idx" ON "storage_deletions" USING btree ("next_attempt_at");
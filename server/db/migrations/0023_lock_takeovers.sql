CREATE TABLE "edit_lock_takeovers" (
	"token" varchar(64) PRIMARY KEY NOT NULL,
	"resource" varchar(16) NOT NULL,
	"resource_id" integer NOT NULL,
	"by_user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "edit_lock_takeovers_at_idx" ON "edit_lock_takeovers" USING btree ("at");
CREATE TABLE "dingtalk_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"user_id" integer,
	"union_id" varchar(128),
	"nick" varchar(64),
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dingtalk_tickets_token_uq" ON "dingtalk_tickets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "dingtalk_tickets_expires_idx" ON "dingtalk_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_dingtalk_union_uq" ON "users" USING btree ("dingtalk_union_id") WHERE "users"."dingtalk_union_id" IS NOT NULL;
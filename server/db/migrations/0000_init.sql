CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"parent_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" varchar(64) NOT NULL,
	"user_id" integer,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(512) DEFAULT '' NOT NULL,
	"success" boolean NOT NULL,
	"reason" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"username" varchar(64) DEFAULT '' NOT NULL,
	"type" varchar(32) NOT NULL,
	"resource" varchar(64) NOT NULL,
	"resource_id" varchar(64) DEFAULT '' NOT NULL,
	"summary" varchar(255) DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"description" varchar(255) DEFAULT '' NOT NULL,
	"routes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"level" smallint DEFAULT 3 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "route_permissions" (
	"path" varchar(128) PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"home" varchar(64),
	"icon" varchar(64),
	"ignore" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(512) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"password_hash" text NOT NULL,
	"department_id" integer,
	"role_id" integer,
	"phone" varchar(32) DEFAULT '' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"avatar" varchar(512) DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_super" boolean DEFAULT false NOT NULL,
	"dingtalk_union_id" varchar(128),
	"dingtalk_nick" varchar(64),
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "departments_parent_sort_idx" ON "departments" USING btree ("parent_id","sort","id");--> statement-breakpoint
CREATE INDEX "login_logs_created_idx" ON "login_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "login_logs_username_created_idx" ON "login_logs" USING btree ("username","created_at");--> statement-breakpoint
CREATE INDEX "login_logs_ip_created_idx" ON "login_logs" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "login_logs_user_created_idx" ON "login_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "operation_logs_created_idx" ON "operation_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "operation_logs_user_created_idx" ON "operation_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "operation_logs_type_created_idx" ON "operation_logs" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "operation_logs_resource_created_idx" ON "operation_logs" USING btree ("resource","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_uq" ON "roles" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "users_department_idx" ON "users" USING btree ("department_id","id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id");
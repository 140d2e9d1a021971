CREATE TABLE "login_challenges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"via" varchar(16) NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "totp_recovery_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "require_totp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" varchar(64);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_pending_secret" varchar(64);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "login_challenges_token_uq" ON "login_challenges" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "login_challenges_user_idx" ON "login_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "totp_recovery_codes_uq" ON "totp_recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
-- Issue 26: `last_seen_at` is written about once a minute per active session; that write must not
-- move the session generation (it would empty every instance's session cache each time). Any other
-- change of a session row still does, and so do the new user and role columns a session reflects.
DROP TRIGGER "sessions_generation" ON "sessions";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sessions_generation AFTER UPDATE ON sessions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.token_hash, OLD.user_id, OLD.expires_at, OLD.ended_at, OLD.end_reason) IS DISTINCT FROM (NEW.token_hash, NEW.user_id, NEW.expires_at, NEW.ended_at, NEW.end_reason))
  EXECUTE FUNCTION session_generation_bump();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sessions_generation_delete AFTER DELETE ON sessions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION session_generation_bump();--> statement-breakpoint
DROP TRIGGER "users_generation" ON "users";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_generation AFTER UPDATE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.username, OLD.name, OLD.avatar, OLD.department_id, OLD.role_id, OLD.is_super, OLD.enabled, OLD.password_hash, OLD.totp_enabled_at)
        IS DISTINCT FROM (NEW.username, NEW.name, NEW.avatar, NEW.department_id, NEW.role_id, NEW.is_super, NEW.enabled, NEW.password_hash, NEW.totp_enabled_at))
  EXECUTE FUNCTION session_generation_bump();--> statement-breakpoint
DROP TRIGGER "roles_generation" ON "roles";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER roles_generation AFTER UPDATE ON roles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.routes, OLD.level, OLD.require_totp) IS DISTINCT FROM (NEW.routes, NEW.level, NEW.require_totp))
  EXECUTE FUNCTION session_generation_bump();

CREATE TABLE "session_generation" (
	"id" smallint PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "session_generation" ("id", "n") VALUES (1, 0);
--> statement-breakpoint
-- Issue 17: the session cache's generation. Runs at commit (deferred constraint triggers), once per
-- transaction: the row lock it takes is the transaction's last, so it orders after every other lock
-- and cannot close a deadlock cycle; the NOTIFY tells an in-process listener (PGlite) at the commit.
CREATE FUNCTION session_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF current_setting('cms.session_generation_bumped', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('cms.session_generation_bumped', 'on', true);
  UPDATE session_generation SET n = n + 1 WHERE id = 1;
  PERFORM pg_notify('cms_session_generation', '');
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sessions_generation AFTER UPDATE OR DELETE ON sessions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION session_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_generation AFTER UPDATE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.username, OLD.name, OLD.avatar, OLD.department_id, OLD.role_id, OLD.is_super, OLD.enabled, OLD.password_hash)
        IS DISTINCT FROM (NEW.username, NEW.name, NEW.avatar, NEW.department_id, NEW.role_id, NEW.is_super, NEW.enabled, NEW.password_hash))
  EXECUTE FUNCTION session_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_generation_delete AFTER DELETE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION session_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER roles_generation AFTER UPDATE ON roles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.routes, OLD.level) IS DISTINCT FROM (NEW.routes, NEW.level))
  EXECUTE FUNCTION session_generation_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER roles_generation_delete AFTER DELETE ON roles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION session_generation_bump();
--> statement-breakpoint
CREATE TRIGGER sessions_generation_truncate AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION session_generation_bump();
--> statement-breakpoint
CREATE TRIGGER users_generation_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION session_generation_bump();
--> statement-breakpoint
CREATE TRIGGER roles_generation_truncate AFTER TRUNCATE ON roles FOR EACH STATEMENT EXECUTE FUNCTION session_generation_bump();

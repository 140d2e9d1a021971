CREATE TABLE "sensitive_words_generation" (
	"id" smallint PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- A random start: the cache in server/content/check.ts is per process, and two databases read by
-- one process (the API tests' PGlite and PostgreSQL) must not share a generation by chance.
INSERT INTO "sensitive_words_generation" ("id", "n") VALUES (1, floor(random() * 1e15)::bigint);
--> statement-breakpoint
-- The content check's automaton is rebuilt when this moves (server/content/check.ts): any insert,
-- update, delete or truncate of the dictionary, by the API, a script or hand-written SQL, moves it
-- once per statement. The row lock it takes orders concurrent dictionary edits (they are rare).
CREATE FUNCTION sensitive_words_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE sensitive_words_generation SET n = n + 1 WHERE id = 1;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER sensitive_words_generation_change AFTER INSERT OR UPDATE OR DELETE ON sensitive_words FOR EACH STATEMENT EXECUTE FUNCTION sensitive_words_generation_bump();
--> statement-breakpoint
CREATE TRIGGER sensitive_words_generation_truncate AFTER TRUNCATE ON sensitive_words FOR EACH STATEMENT EXECUTE FUNCTION sensitive_words_generation_bump();

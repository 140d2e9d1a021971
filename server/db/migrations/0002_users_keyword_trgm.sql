-- Trigram search for the users keyword filter. The extension is created in `public` (shared by
-- every schema in the database); openDatabase() serialises migrations database-wide so two
-- instances cannot race to create it. pg_trgm is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" public.gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" public.gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" public.gin_trgm_ops) WITH (fastupdate=false);
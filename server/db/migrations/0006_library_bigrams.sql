-- Library titles are searched by character bigrams: the distinct two-character pieces of the
-- lower-cased title. A keyword of two or more characters matches where all of its bigrams are
-- present (GIN array containment), then ILIKE checks the exact text. Two-character Chinese words
-- are the common query, which trigram indexes cannot serve.
CREATE OR REPLACE FUNCTION cms_bigrams(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(array_agg(DISTINCT lower(substr(t, i, 2))), '{}') FROM generate_series(1, length(t) - 1) AS i $$;--> statement-breakpoint
CREATE INDEX "pic_stores_title_bigram_idx" ON "pic_stores" USING gin (cms_bigrams("title")) WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "video_stores_title_bigram_idx" ON "video_stores" USING gin (cms_bigrams("title")) WITH (fastupdate = off);

-- Index expressions are evaluated with a search_path of pg_catalog only on PostgreSQL 17 and later (PGlite):
-- the normal form must name its helper with its schema to be usable in an index. Same result as before.
CREATE OR REPLACE FUNCTION public.f_search_norm(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT pg_catalog.btrim(pg_catalog.regexp_replace(pg_catalog.lower(public.f_unaccent($1)), '[^a-z0-9]+', ' ', 'g')) $$;
--> statement-breakpoint
-- Author suggestions and author matches of a search: any word of the name, with or without diacritics ('nguyen
-- nh' finds 'Nguyễn Nhật Ánh'). The expression is the one the queries test.
CREATE INDEX IF NOT EXISTS "authors_name_words_idx" ON "authors" USING gin (to_tsvector('simple'::regconfig, public.f_search_norm("name")));
--> statement-breakpoint
-- The words of the titles alone. A title word is in about 1 % of the books, while the document's words include
-- the publishers' and the authors' (one publisher name covers 3 % of a million books, a family name 10 %): the
-- title tiers of a search intersect these short posting lists first, and the document's only when needed.
CREATE INDEX IF NOT EXISTS "book_search_title_words_idx" ON "book_search" USING gin (to_tsvector('simple'::regconfig, "title")) WHERE visible;

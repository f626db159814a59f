-- The in-memory search of every instance follows book_search through this version: a sequence value written by
-- the trigger on every insert and every real change (sales, visibility, title, words), so an instance reads only
-- the rows changed since its last read (index on version).
CREATE SEQUENCE IF NOT EXISTS "book_search_version_seq";
--> statement-breakpoint
ALTER TABLE "book_search" ADD COLUMN IF NOT EXISTS "version" bigint NOT NULL DEFAULT nextval('book_search_version_seq');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "book_search_version_idx" ON "book_search" ("version");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION book_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO book_search (book_id, visible, sold, title, words)
  VALUES (NEW.id, NEW.status IN ('ACTIVE', 'OUT_OF_STOCK'), NEW.sold, NEW.title_norm, strip(NEW.search_tsv))
  ON CONFLICT (book_id) DO UPDATE SET visible = EXCLUDED.visible, sold = EXCLUDED.sold, title = EXCLUDED.title,
    words = EXCLUDED.words, version = nextval('book_search_version_seq')
  WHERE book_search.visible IS DISTINCT FROM EXCLUDED.visible OR book_search.sold IS DISTINCT FROM EXCLUDED.sold
    OR book_search.title IS DISTINCT FROM EXCLUDED.title OR book_search.words IS DISTINCT FROM EXCLUDED.words;
  RETURN NULL;
END $$;

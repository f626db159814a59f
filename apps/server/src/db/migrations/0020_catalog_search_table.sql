-- The shopper's search reads this compact copy of the searchable part of each book instead of the books table:
-- about 120 bytes a row instead of 800, so the candidates of a search sit in a few cached pages (a search that
-- fetched 300 rows from books touched 300 pages, mostly outside shared_buffers at a million books).
-- title is books.title_norm, words the document's words without positions (strip: ranking uses the title, not
-- word positions). A trigger on books keeps it in step with every write (status, sales count, title, document),
-- so no code path can forget it.
CREATE TABLE IF NOT EXISTS "book_search" (
  "book_id" integer PRIMARY KEY NOT NULL REFERENCES "books"("id") ON DELETE CASCADE,
  "visible" boolean NOT NULL,
  "sold" integer NOT NULL,
  "title" text NOT NULL,
  "words" tsvector NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION book_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO book_search (book_id, visible, sold, title, words)
  VALUES (NEW.id, NEW.status IN ('ACTIVE', 'OUT_OF_STOCK'), NEW.sold, NEW.title_norm, strip(NEW.search_tsv))
  ON CONFLICT (book_id) DO UPDATE SET visible = EXCLUDED.visible, sold = EXCLUDED.sold, title = EXCLUDED.title, words = EXCLUDED.words
  WHERE book_search.visible IS DISTINCT FROM EXCLUDED.visible OR book_search.sold IS DISTINCT FROM EXCLUDED.sold
    OR book_search.title IS DISTINCT FROM EXCLUDED.title OR book_search.words IS DISTINCT FROM EXCLUDED.words;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "books_search_sync" ON "books";
--> statement-breakpoint
CREATE TRIGGER "books_search_sync" AFTER INSERT OR UPDATE OF "status", "sold", "title_norm", "search_doc" ON "books"
  FOR EACH ROW EXECUTE FUNCTION book_search_sync();
--> statement-breakpoint
INSERT INTO "book_search" ("book_id", "visible", "sold", "title", "words")
  SELECT b.id, b.status IN ('ACTIVE', 'OUT_OF_STOCK'), b.sold, b.title_norm, strip(b.search_tsv) FROM books b
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Words (every word of the term, the last one possibly as a prefix), on the visible books only.
CREATE INDEX IF NOT EXISTS "book_search_words_idx" ON "book_search" USING gin ("words") WHERE visible;
--> statement-breakpoint
-- Titles starting with the term (tiers 0 and 1 of the ranking, and the suggestions); index-only with sold.
CREATE INDEX IF NOT EXISTS "book_search_title_idx" ON "book_search" USING btree ("title" text_pattern_ops) INCLUDE ("sold") WHERE visible;
--> statement-breakpoint
-- Best sellers first, with what a match test and the ranking need (index-only): frequent terms and suggestions.
CREATE INDEX IF NOT EXISTS "book_search_sold_idx" ON "book_search" USING btree ("sold", "book_id") INCLUDE ("title", "words") WHERE visible;
--> statement-breakpoint
ANALYZE "book_search";

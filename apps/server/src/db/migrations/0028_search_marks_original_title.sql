-- Search a bookseller would sign (docs/decisions.md): the original title of a translated book (searched too), the
-- title as written (lower case, with its marks: an exact title typed with its marks ranks above a look-alike that
-- differs by a mark) in book_search, and the books removed from book_search, so every instance's index in memory
-- drops a deleted book through the same version feed as a hidden one.
ALTER TABLE "books" ADD COLUMN IF NOT EXISTS "original_title" varchar(500);
--> statement-breakpoint
ALTER TABLE "book_search" ADD COLUMN IF NOT EXISTS "marked" text NOT NULL DEFAULT '';
--> statement-breakpoint
UPDATE "book_search" s SET "marked" = lower(b.title) FROM "books" b WHERE b.id = s.book_id AND s.marked IS DISTINCT FROM lower(b.title);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "book_search_removed" (
  "book_id" integer NOT NULL,
  "version" bigint NOT NULL DEFAULT nextval('book_search_version_seq')
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "book_search_removed_version_idx" ON "book_search_removed" ("version");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION book_search_removed_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO book_search_removed (book_id) VALUES (OLD.book_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "book_search_removed_log" ON "book_search";
--> statement-breakpoint
CREATE TRIGGER "book_search_removed_log" AFTER DELETE ON "book_search" FOR EACH ROW EXECUTE FUNCTION book_search_removed_log();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION book_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO book_search (book_id, visible, sold, title, words, marked)
  VALUES (NEW.id, NEW.status IN ('ACTIVE', 'OUT_OF_STOCK'), NEW.sold, NEW.title_norm, strip(NEW.search_tsv), lower(NEW.title))
  ON CONFLICT (book_id) DO UPDATE SET visible = EXCLUDED.visible, sold = EXCLUDED.sold, title = EXCLUDED.title,
    words = EXCLUDED.words, marked = EXCLUDED.marked, version = nextval('book_search_version_seq')
  WHERE book_search.visible IS DISTINCT FROM EXCLUDED.visible OR book_search.sold IS DISTINCT FROM EXCLUDED.sold
    OR book_search.title IS DISTINCT FROM EXCLUDED.title OR book_search.words IS DISTINCT FROM EXCLUDED.words
    OR book_search.marked IS DISTINCT FROM EXCLUDED.marked;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "books_search_sync" ON "books";
--> statement-breakpoint
CREATE TRIGGER "books_search_sync" AFTER INSERT OR UPDATE OF "status", "sold", "title", "title_norm", "search_doc" ON "books"
  FOR EACH ROW EXECUTE FUNCTION book_search_sync();
--> statement-breakpoint
-- The index build reads the best sellers index-only: the marked title joins what the index carries.
DROP INDEX IF EXISTS "book_search_sold_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "book_search_sold_idx" ON "book_search" USING btree ("sold", "book_id") INCLUDE ("title", "words", "marked") WHERE visible;

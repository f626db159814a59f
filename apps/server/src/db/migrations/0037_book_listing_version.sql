-- Listings from memory (docs/decisions.md): every instance keeps the visible books' listing columns in its
-- process and reads the books changed since its last look by listing_version, a sequence bumped by a trigger on
-- every insert and every update of a column a listing filters or sorts on, so no write path can forget it.
-- NULL: not changed since the column came (a build reads every book anyway).
CREATE SEQUENCE IF NOT EXISTS "book_listing_version_seq";
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN IF NOT EXISTS "listing_version" bigint;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "books_listing_version_idx" ON "books" ("listing_version") WHERE "listing_version" IS NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION book_listing_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.listing_version := nextval('book_listing_version_seq');
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "books_listing_touch" ON "books";
--> statement-breakpoint
CREATE TRIGGER "books_listing_touch" BEFORE INSERT OR UPDATE OF "status", "sold", "price", "sale_price", "sale_start_at",
  "sale_end_at", "category_ids", "publisher_id", "supplier_id", "language", "age_rating", "created_at" ON "books"
  FOR EACH ROW EXECUTE FUNCTION book_listing_touch();

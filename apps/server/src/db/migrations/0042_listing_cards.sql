-- Cards from the listing index (docs/decisions.md, "Cards from the listing index"): every instance keeps, beside a
-- visible book's listing columns, its stock and what its card shows (title, slug, picture, authors), so a change of
-- any of them bumps listing_version and the feed reads the book again. Images and authors live in their own tables:
-- a change there bumps the books it concerns (an author renamed: each of the author's books).
DROP TRIGGER IF EXISTS "books_listing_touch" ON "books";
--> statement-breakpoint
CREATE TRIGGER "books_listing_touch" BEFORE INSERT OR UPDATE OF "status", "sold", "stock", "price", "sale_price", "sale_start_at",
  "sale_end_at", "category_ids", "publisher_id", "supplier_id", "language", "age_rating", "created_at", "title", "slug" ON "books"
  FOR EACH ROW EXECUTE FUNCTION book_listing_touch();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION book_card_part_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE books SET listing_version = nextval('book_listing_version_seq') WHERE id = OLD.book_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.book_id <> OLD.book_id) THEN
    UPDATE books SET listing_version = nextval('book_listing_version_seq') WHERE id = NEW.book_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "book_images_card_touch" ON "book_images";
--> statement-breakpoint
CREATE TRIGGER "book_images_card_touch" AFTER INSERT OR UPDATE OR DELETE ON "book_images"
  FOR EACH ROW EXECUTE FUNCTION book_card_part_touch();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "book_authors_card_touch" ON "book_authors";
--> statement-breakpoint
CREATE TRIGGER "book_authors_card_touch" AFTER INSERT OR UPDATE OR DELETE ON "book_authors"
  FOR EACH ROW EXECUTE FUNCTION book_card_part_touch();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION author_card_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE books SET listing_version = nextval('book_listing_version_seq')
    WHERE id IN (SELECT book_id FROM book_authors WHERE author_id = NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "authors_card_touch" ON "authors";
--> statement-breakpoint
CREATE TRIGGER "authors_card_touch" AFTER UPDATE OF "name", "slug" ON "authors"
  FOR EACH ROW EXECUTE FUNCTION author_card_touch();

-- The catalogue's cards take their stock from the listing index (docs/decisions.md, "Cards' prices and stock from
-- the listing index"), beside the price, sale and sold it already holds: a change of stock bumps listing_version too.
DROP TRIGGER IF EXISTS "books_listing_touch" ON "books";
--> statement-breakpoint
CREATE TRIGGER "books_listing_touch" BEFORE INSERT OR UPDATE OF "status", "sold", "stock", "price", "sale_price", "sale_start_at",
  "sale_end_at", "category_ids", "publisher_id", "supplier_id", "language", "age_rating", "created_at" ON "books"
  FOR EACH ROW EXECUTE FUNCTION book_listing_touch();

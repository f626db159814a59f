-- Covering indexes of the storefront sorts. Each is (sort column, id) for stable paging, INCLUDE every column a
-- shopper can filter on, partial on the visible statuses: a filtered, sorted page (a category with a price range
-- and a language, say) walks one index with no table access: 0.7 ms instead of 136 ms on a million books.
-- The best-seller index also carries title_norm and search_tsv: a search for a frequent word tests and ranks the
-- best sellers from it (index-only). drizzle cannot express INCLUDE, hence this custom file.
DROP INDEX IF EXISTS "books_visible_sold_search_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "books_visible_created_cover_idx" ON "books" USING btree ("created_at", "id")
  INCLUDE ("status", "category_ids", "language", "price", "sale_price", "sale_start_at", "sale_end_at", "age_min_years", "publisher_id", "supplier_id")
  WHERE status in ('ACTIVE', 'OUT_OF_STOCK');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "books_visible_sold_cover_idx" ON "books" USING btree ("sold", "id")
  INCLUDE ("status", "category_ids", "language", "price", "sale_price", "sale_start_at", "sale_end_at", "age_min_years", "publisher_id", "supplier_id", "title_norm", "search_tsv")
  WHERE status in ('ACTIVE', 'OUT_OF_STOCK');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "books_visible_price_cover_idx" ON "books" USING btree ("price", "id")
  INCLUDE ("status", "category_ids", "language", "sale_price", "sale_start_at", "sale_end_at", "age_min_years", "publisher_id", "supplier_id")
  WHERE status in ('ACTIVE', 'OUT_OF_STOCK');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "books_visible_sale_price_cover_idx" ON "books" USING btree ("sale_price", "id")
  INCLUDE ("status", "category_ids", "language", "price", "sale_start_at", "sale_end_at", "age_min_years", "publisher_id", "supplier_id")
  WHERE status in ('ACTIVE', 'OUT_OF_STOCK') and sale_price is not null;

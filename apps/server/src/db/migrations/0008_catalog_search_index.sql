-- Best sellers of the storefront, and the search path for frequent words: walked backwards (sold desc) it gives
-- the best-selling books, and with title_norm and search_tsv included a search can test the words and rank the
-- titles without reading the table (index-only scan). drizzle cannot express INCLUDE, hence this custom file.
CREATE INDEX IF NOT EXISTS "books_visible_sold_search_idx" ON "books" USING btree ("sold", "id") INCLUDE ("title_norm", "search_tsv")
  WHERE status in ('ACTIVE', 'OUT_OF_STOCK');

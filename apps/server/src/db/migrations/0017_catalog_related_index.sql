-- Related books by the same author: book_authors gives the candidate ids (an author has a few hundred books at
-- most), then each candidate is checked for visibility and ranked by sold. This index answers that check from the
-- index alone (no heap read per candidate): 400 candidates cost 400 index probes instead of 400 table pages.
-- drizzle cannot express INCLUDE, hence this custom file.
CREATE INDEX IF NOT EXISTS "books_visible_id_sold_idx" ON "books" USING btree ("id") INCLUDE ("sold")
  WHERE status in ('ACTIVE', 'OUT_OF_STOCK');

-- The log of books removed from book_search is read by every instance's index feed from its last version; a row
-- older than any instance can lag is read by nobody again. removed_at lets the feed prune those rows
-- (search-index-loader.ts, REMOVED_KEEP_MS); rows already there count from now.
ALTER TABLE "book_search_removed" ADD COLUMN IF NOT EXISTS "removed_at" timestamptz NOT NULL DEFAULT now();
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "book_search_removed_at_idx" ON "book_search_removed" ("removed_at");

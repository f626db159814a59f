-- "Báo tôi khi có hàng": shoppers waiting for a sold-out book (catalogue). A signed-in shopper's request is
-- confirmed at once, a guest's e-mail once its link is opened. The stock ledger mails each confirmed request once,
-- in the transaction where the book's stock rises from zero, and marks it notified.
CREATE TABLE IF NOT EXISTS "stock_alerts" (
  "id" serial PRIMARY KEY,
  "book_id" integer NOT NULL REFERENCES "books"("id") ON DELETE CASCADE,
  "user_id" integer REFERENCES "users"("id") ON DELETE CASCADE,
  "email" varchar(254) NOT NULL,
  "token" varchar(64) NOT NULL,
  "shop_url" varchar(300) NOT NULL,
  "confirmed_at" timestamp with time zone,
  "notified_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stock_alerts_waiting_uq" ON "stock_alerts" ("book_id", lower("email")) WHERE "notified_at" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stock_alerts_token_uq" ON "stock_alerts" ("token");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_alerts_due_idx" ON "stock_alerts" ("book_id") WHERE "confirmed_at" IS NOT NULL AND "notified_at" IS NULL;

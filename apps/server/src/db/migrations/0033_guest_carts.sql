-- Guest carts: a visitor's cart kept on the server against a signed cookie (cart module), so every instance sees the
-- same cart; merged into the account's cart at login and then deleted. Carts untouched for 30 days are swept.
CREATE TABLE IF NOT EXISTS "guest_carts" (
  "id" uuid PRIMARY KEY,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "guest_carts_updated_idx" ON "guest_carts" ("updated_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "guest_cart_items" (
  "guest_cart_id" uuid NOT NULL REFERENCES "guest_carts"("id") ON DELETE CASCADE,
  "book_id" integer NOT NULL REFERENCES "books"("id") ON DELETE CASCADE,
  "qty" integer NOT NULL,
  "selected" boolean DEFAULT true NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "guest_cart_items_pk" PRIMARY KEY ("guest_cart_id", "book_id"),
  CONSTRAINT "guest_cart_items_qty_range" CHECK ("qty" BETWEEN 1 AND 99)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "guest_cart_items_book_idx" ON "guest_cart_items" ("book_id");

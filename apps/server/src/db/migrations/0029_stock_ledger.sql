-- The stock room (catalog/stock): a ledger of stock movements, receipts from suppliers, stock counts and per-book
-- low-stock thresholds. books.stock stays the fast figure orders check; every change of it writes a movement in
-- the same transaction, so a book's stock equals the sum of its movements.
CREATE TABLE IF NOT EXISTS "stock_movements" (
  "id" bigserial PRIMARY KEY,
  "book_id" integer NOT NULL REFERENCES "books"("id") ON DELETE CASCADE,
  "delta" integer NOT NULL,
  "balance_after" integer NOT NULL,
  "reason" varchar(24) NOT NULL,
  "ref_type" varchar(16),
  "ref_id" integer,
  "ref_code" varchar(40),
  "unit_cost" integer,
  "note" text,
  "actor_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "actor_name" varchar(64),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "stock_movements_delta_nonzero" CHECK ("delta" <> 0),
  CONSTRAINT "stock_movements_balance_nonnegative" CHECK ("balance_after" >= 0),
  CONSTRAINT "stock_movements_reason_valid" CHECK ("reason" IN ('OPENING', 'RECEIPT', 'ORDER', 'ORDER_CANCELLED', 'RETURN', 'COUNT_ADJUSTMENT', 'DAMAGE'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_movements_book_idx" ON "stock_movements" ("book_id", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_movements_created_idx" ON "stock_movements" ("created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_movements_ref_idx" ON "stock_movements" ("ref_type", "ref_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "book_stock_settings" (
  "book_id" integer PRIMARY KEY REFERENCES "books"("id") ON DELETE CASCADE,
  "threshold" integer NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "book_stock_settings_threshold_nonnegative" CHECK ("threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stock_receipts" (
  "id" serial PRIMARY KEY,
  "code" varchar(24) NOT NULL,
  "status" varchar(12) DEFAULT 'DRAFT' NOT NULL,
  "supplier_id" integer REFERENCES "suppliers"("id") ON DELETE RESTRICT,
  "supplier_ref" varchar(60),
  "note" text,
  "created_by_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_by" varchar(64),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "posted_by_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "posted_by" varchar(64),
  "posted_at" timestamp with time zone,
  CONSTRAINT "stock_receipts_status_valid" CHECK ("status" IN ('DRAFT', 'POSTED'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stock_receipts_code_uq" ON "stock_receipts" ("code");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_receipts_status_idx" ON "stock_receipts" ("status", "id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stock_receipt_lines" (
  "id" serial PRIMARY KEY,
  "receipt_id" integer NOT NULL REFERENCES "stock_receipts"("id") ON DELETE CASCADE,
  "book_id" integer NOT NULL REFERENCES "books"("id") ON DELETE RESTRICT,
  "quantity" integer NOT NULL,
  "unit_cost" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "stock_receipt_lines_quantity_positive" CHECK ("quantity" > 0),
  CONSTRAINT "stock_receipt_lines_cost_nonnegative" CHECK ("unit_cost" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stock_receipt_lines_book_uq" ON "stock_receipt_lines" ("receipt_id", "book_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_receipt_lines_book_idx" ON "stock_receipt_lines" ("book_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stock_counts" (
  "id" serial PRIMARY KEY,
  "code" varchar(24) NOT NULL,
  "status" varchar(12) DEFAULT 'OPEN' NOT NULL,
  "category_id" integer REFERENCES "categories"("id") ON DELETE RESTRICT,
  "note" text,
  "created_by_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_by" varchar(64),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "posted_by_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "posted_by" varchar(64),
  "posted_at" timestamp with time zone,
  CONSTRAINT "stock_counts_status_valid" CHECK ("status" IN ('OPEN', 'POSTED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stock_counts_code_uq" ON "stock_counts" ("code");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_counts_status_idx" ON "stock_counts" ("status", "id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stock_count_lines" (
  "count_id" integer NOT NULL REFERENCES "stock_counts"("id") ON DELETE CASCADE,
  "book_id" integer NOT NULL REFERENCES "books"("id") ON DELETE CASCADE,
  "expected" integer NOT NULL,
  "counted" integer,
  "counted_at" timestamp with time zone,
  PRIMARY KEY ("count_id", "book_id"),
  CONSTRAINT "stock_count_lines_counted_nonnegative" CHECK ("counted" IS NULL OR "counted" >= 0)
);
--> statement-breakpoint
-- Books that existed before the ledger: their stock becomes an opening movement, so the sum holds for old data.
INSERT INTO "stock_movements" ("book_id", "delta", "balance_after", "reason", "note")
SELECT b."id", b."stock", b."stock", 'OPENING', 'Tồn kho khi bắt đầu sổ kho'
FROM "books" b
WHERE b."stock" <> 0 AND NOT EXISTS (SELECT 1 FROM "stock_movements" m WHERE m."book_id" = b."id");
--> statement-breakpoint
-- A book inserted with stock (the admin form's opening stock, the demo seed, a bulk import) gets its opening
-- movement in the same statement, whoever inserts it.
CREATE OR REPLACE FUNCTION books_opening_movement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.stock <> 0 THEN
    INSERT INTO stock_movements (book_id, delta, balance_after, reason, note)
    VALUES (NEW.id, NEW.stock, NEW.stock, 'OPENING', 'Tồn kho ban đầu khi tạo sách');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "books_opening_movement" ON "books";
--> statement-breakpoint
CREATE TRIGGER "books_opening_movement" AFTER INSERT ON "books" FOR EACH ROW EXECUTE FUNCTION books_opening_movement();

-- Warehouse batches (catalog/stock/batches.ts): goods in, goods out and adjustments posted at once. A batch is only
-- a header: its lines are its movements in stock_movements (ref_type 'BATCH', ref_id = the batch), the one ledger.
CREATE TABLE IF NOT EXISTS "stock_batches" (
  "id" serial PRIMARY KEY,
  "code" varchar(24) NOT NULL,
  "type" varchar(12) NOT NULL,
  "reason" varchar(200),
  "note" text,
  "performed_by_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "performed_by" varchar(64),
  "performed_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "stock_batches_type_valid" CHECK ("type" IN ('INBOUND', 'OUTBOUND', 'ADJUSTMENT'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stock_batches_code_uq" ON "stock_batches" ("code");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_batches_performed_idx" ON "stock_batches" ("performed_at", "id");
--> statement-breakpoint
-- Goods sent out by a batch have a reason of their own.
ALTER TABLE "stock_movements" DROP CONSTRAINT IF EXISTS "stock_movements_reason_valid";
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason_valid"
  CHECK ("reason" IN ('OPENING', 'RECEIPT', 'ORDER', 'ORDER_CANCELLED', 'RETURN', 'COUNT_ADJUSTMENT', 'DAMAGE', 'ISSUE'));

-- VAT invoices on a company's request (modules/invoices). Each category says how VAT applies to its books (not
-- subject, or a rate); an order may carry the company's details; an invoice is numbered within its series without
-- gaps (the series row is locked while a number is taken) and keeps what it printed, lines included.
ALTER TABLE "categories" ADD COLUMN IF NOT EXISTS "vat_treatment" varchar(3) DEFAULT '5' NOT NULL;
--> statement-breakpoint
ALTER TABLE "categories" DROP CONSTRAINT IF EXISTS "categories_vat_treatment_valid";
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_vat_treatment_valid" CHECK ("vat_treatment" IN ('KCT', '0', '5', '8', '10'));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "invoice_requests" (
  "order_id" integer PRIMARY KEY REFERENCES "orders"("id") ON DELETE CASCADE,
  "company_name" varchar(200) NOT NULL,
  "tax_code" varchar(14) NOT NULL,
  "address" varchar(300) NOT NULL,
  "email" varchar(254) NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "invoice_series" (
  "form" varchar(1) NOT NULL,
  "series" varchar(8) NOT NULL,
  "last_number" integer DEFAULT 0 NOT NULL,
  PRIMARY KEY ("form", "series")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "invoices" (
  "id" serial PRIMARY KEY,
  "order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE RESTRICT,
  "kind" varchar(10) NOT NULL,
  "adjusts_id" integer REFERENCES "invoices"("id") ON DELETE RESTRICT,
  "reason" text,
  "form" varchar(1) NOT NULL,
  "series" varchar(8) NOT NULL,
  "number" integer NOT NULL,
  "issued_at" timestamp with time zone NOT NULL,
  "document" jsonb NOT NULL,
  "total" bigint NOT NULL,
  "provider" varchar(24) NOT NULL,
  "provider_ref" varchar(64) NOT NULL,
  CONSTRAINT "invoices_kind_valid" CHECK ("kind" IN ('ORIGINAL', 'ADJUSTMENT')),
  CONSTRAINT "invoices_adjusts_only_adjustment" CHECK (("kind" = 'ADJUSTMENT') = ("adjusts_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "invoices_number_uq" ON "invoices" ("form", "series", "number");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "invoices_order_original_uq" ON "invoices" ("order_id") WHERE "kind" = 'ORIGINAL';
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "invoices_adjusts_uq" ON "invoices" ("adjusts_id") WHERE "adjusts_id" IS NOT NULL;

-- The built-in sandbox carrier's own orders (modules/carrier-sandbox).
CREATE TABLE IF NOT EXISTS "carrier_sandbox_orders" (
  "id" serial PRIMARY KEY,
  "order_code" varchar(32) NOT NULL,
  "client_order_code" varchar(50) NOT NULL,
  "shop_id" varchar(20) NOT NULL,
  "service_type_id" integer NOT NULL,
  "to_name" varchar(200) NOT NULL,
  "to_phone" varchar(20) NOT NULL,
  "to_address" text NOT NULL,
  "to_province" varchar(200) NOT NULL,
  "weight" integer NOT NULL,
  "cod_amount" integer NOT NULL,
  "total_fee" integer NOT NULL,
  "sort_code" varchar(32) NOT NULL,
  "status" varchar(40) DEFAULT 'ready_to_pick' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "carrier_sandbox_orders_code_uq" ON "carrier_sandbox_orders" ("order_code");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "carrier_sandbox_orders_client_uq" ON "carrier_sandbox_orders" ("shop_id", "client_order_code");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "carrier_sandbox_orders_created_idx" ON "carrier_sandbox_orders" ("created_at");

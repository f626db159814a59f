-- Shipping by carrier (modules/shipping): an order's parcel with the carrier and its tracking timeline.
CREATE TABLE IF NOT EXISTS "shipments" (
  "id" serial PRIMARY KEY,
  "order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "carrier" varchar(16) NOT NULL,
  "status" varchar(12) DEFAULT 'PENDING' NOT NULL,
  "delivery_method" varchar(10) NOT NULL,
  "tracking_code" varchar(64),
  "sort_code" varchar(64),
  "carrier_fee" integer,
  "weight_gram" integer NOT NULL,
  "cod_amount" integer DEFAULT 0 NOT NULL,
  "expected_delivery_at" timestamp with time zone,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "locked_until" timestamp with time zone,
  "last_error" text,
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "shipments_status_valid" CHECK ("status" IN ('PENDING', 'CREATED', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED', 'FAILED', 'RETURNED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "shipments_order_uq" ON "shipments" ("order_id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "shipments_tracking_uq" ON "shipments" ("carrier", "tracking_code") WHERE "tracking_code" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shipments_pending_idx" ON "shipments" ("next_attempt_at") WHERE "status" = 'PENDING';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "shipment_events" (
  "id" serial PRIMARY KEY,
  "shipment_id" integer NOT NULL REFERENCES "shipments"("id") ON DELETE CASCADE,
  "event_id" varchar(128) NOT NULL,
  "status" varchar(12) NOT NULL,
  "carrier_status" varchar(40) NOT NULL,
  "description" text NOT NULL,
  "location" varchar(200),
  "at" timestamp with time zone NOT NULL,
  "received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "shipment_events_event_uq" ON "shipment_events" ("shipment_id", "event_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shipment_events_shipment_idx" ON "shipment_events" ("shipment_id", "at");

CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"method" varchar(16) NOT NULL,
	"status" varchar(10) DEFAULT 'DONE' NOT NULL,
	"actor_id" integer,
	"gateway_ref" varchar(64),
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount" > 0),
	CONSTRAINT "order_refunds_method_valid" CHECK ("order_refunds"."method" in ('CASH', 'BANK_TRANSFER', 'GATEWAY')),
	CONSTRAINT "order_refunds_status_valid" CHECK ("order_refunds"."status" in ('PENDING', 'DONE'))
);
--> statement-breakpoint
CREATE TABLE "order_shipping" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"carrier" varchar(100) NOT NULL,
	"tracking_code" varchar(64) NOT NULL,
	"fee" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_shipping_fee_nonnegative" CHECK ("order_shipping"."fee" is null or "order_shipping"."fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipping" ADD CONSTRAINT "order_shipping_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipping" ADD CONSTRAINT "order_shipping_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_shipping_tracking_idx" ON "order_shipping" USING btree ("tracking_code");
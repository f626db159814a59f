CREATE TABLE "cart_items" (
	"user_id" integer NOT NULL,
	"book_id" integer NOT NULL,
	"qty" integer NOT NULL,
	"selected" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_user_id_book_id_pk" PRIMARY KEY("user_id","book_id"),
	CONSTRAINT "cart_items_qty_range" CHECK ("cart_items"."qty" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"full_name" varchar(100) NOT NULL,
	"phone" varchar(15) NOT NULL,
	"line1" varchar(255) NOT NULL,
	"ward" varchar(100) NOT NULL,
	"district" varchar(100) NOT NULL,
	"province" varchar(100) NOT NULL,
	"ward_code" varchar(8),
	"district_code" varchar(8),
	"province_code" varchar(8),
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_role" varchar(10) NOT NULL,
	"type" varchar(10) NOT NULL,
	"from_status" varchar(20),
	"to_status" varchar(20),
	"note" text
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"book_id" integer NOT NULL,
	"slug" varchar(200),
	"sku" varchar(64),
	"isbn" char(13),
	"title" varchar(500) NOT NULL,
	"image_url" text,
	"unit_price" integer NOT NULL,
	"original_unit_price" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"qty" integer NOT NULL,
	"line_total" integer NOT NULL,
	CONSTRAINT "order_items_qty_positive" CHECK ("order_items"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"user_id" integer,
	"status" varchar(20) DEFAULT 'PENDING' NOT NULL,
	"payment_status" varchar(20) DEFAULT 'UNPAID' NOT NULL,
	"payment_method" varchar(10) NOT NULL,
	"delivery_method" varchar(10) NOT NULL,
	"subtotal" integer NOT NULL,
	"discount_total" integer DEFAULT 0 NOT NULL,
	"shipping_fee" integer DEFAULT 0 NOT NULL,
	"tax_total" integer DEFAULT 0 NOT NULL,
	"grand_total" integer NOT NULL,
	"note" text,
	"receiver_name" varchar(100) NOT NULL,
	"receiver_phone" varchar(15) NOT NULL,
	"receiver_email" varchar(254),
	"line1" varchar(255) NOT NULL,
	"ward" varchar(100) NOT NULL,
	"district" varchar(100) NOT NULL,
	"province" varchar(100) NOT NULL,
	"ward_code" varchar(8),
	"district_code" varchar(8),
	"province_code" varchar(8),
	"address_line" text NOT NULL,
	"assignee_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"stock_returned" boolean DEFAULT false NOT NULL,
	"cancel_reason" text,
	"payment_expires_at" timestamp with time zone,
	"payment_transaction_no" varchar(64),
	"idempotency_key" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_status_valid" CHECK ("orders"."status" in ('PENDING', 'CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'COMPLETED', 'CANCELED', 'CANCEL_REQUESTED')),
	CONSTRAINT "orders_payment_status_valid" CHECK ("orders"."payment_status" in ('UNPAID', 'PENDING', 'PAID', 'REFUND_PENDING', 'REFUNDED')),
	CONSTRAINT "orders_payment_method_valid" CHECK ("orders"."payment_method" in ('COD', 'VNPAY')),
	CONSTRAINT "orders_delivery_method_valid" CHECK ("orders"."delivery_method" in ('STANDARD', 'EXPRESS')),
	CONSTRAINT "orders_money_nonnegative" CHECK ("orders"."subtotal" >= 0 and "orders"."discount_total" >= 0 and "orders"."shipping_fee" >= 0 and "orders"."tax_total" >= 0 and "orders"."grand_total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_items_book_idx" ON "cart_items" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_uq" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","at","id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_items_book_idx" ON "order_items" USING btree ("book_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_code_uq" ON "orders" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_uq" ON "orders" USING btree ("user_id","idempotency_key") WHERE "orders"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_payment_due_idx" ON "orders" USING btree ("payment_expires_at") WHERE "orders"."status" = 'PENDING' and "orders"."payment_status" in ('UNPAID', 'PENDING') and "orders"."payment_expires_at" is not null;
CREATE TABLE "payment_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" varchar(16) NOT NULL,
	"txn_ref" varchar(100) NOT NULL,
	"amount" integer NOT NULL,
	"status" varchar(16) DEFAULT 'PENDING' NOT NULL,
	"create_date" varchar(14) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"return_url" text NOT NULL,
	"ip_addr" varchar(45) NOT NULL,
	"response_code" varchar(8),
	"transaction_status" varchar(8),
	"transaction_no" varchar(64),
	"bank_code" varchar(32),
	"bank_tran_no" varchar(255),
	"card_type" varchar(32),
	"pay_date" timestamp with time zone,
	"note" text,
	"ipn_params" jsonb,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_transactions_status_valid" CHECK ("payment_transactions"."status" in ('PENDING', 'SUCCESS', 'FAILED')),
	CONSTRAINT "payment_transactions_amount_positive" CHECK ("payment_transactions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "vnpay_sandbox_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tmn_code" varchar(16) NOT NULL,
	"txn_ref" varchar(100) NOT NULL,
	"amount" bigint NOT NULL,
	"order_info" text NOT NULL,
	"create_date" varchar(14) NOT NULL,
	"transaction_no" varchar(20) NOT NULL,
	"bank_code" varchar(32) NOT NULL,
	"card_type" varchar(32) NOT NULL,
	"pay_date" varchar(14) NOT NULL,
	"response_code" varchar(8) NOT NULL,
	"transaction_status" varchar(8) NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_txn_ref_uq" ON "payment_transactions" USING btree ("provider","txn_ref");--> statement-breakpoint
CREATE INDEX "payment_transactions_order_idx" ON "payment_transactions" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vnpay_sandbox_transactions_ref_uq" ON "vnpay_sandbox_transactions" USING btree ("tmn_code","txn_ref");
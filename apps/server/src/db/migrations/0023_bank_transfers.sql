ALTER TABLE "orders" ALTER COLUMN "payment_method" TYPE varchar(20);--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method_valid";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_valid" CHECK ("orders"."payment_method" in ('COD', 'VNPAY', 'BANK_TRANSFER'));--> statement-breakpoint
CREATE TABLE "bank_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_txn_id" varchar(64) NOT NULL,
	"order_id" integer,
	"order_code" varchar(20),
	"amount" bigint NOT NULL,
	"account_number" varchar(40) NOT NULL,
	"bank_name" varchar(100),
	"reference_code" varchar(100),
	"content" text,
	"transfer_type" varchar(3) NOT NULL,
	"transaction_at" timestamp with time zone,
	"outcome" varchar(20) NOT NULL,
	"note" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transfers_outcome_valid" CHECK ("bank_transfers"."outcome" in ('PAID', 'AMOUNT_MISMATCH', 'ALREADY_PAID', 'LATE_PAYMENT', 'UNMATCHED', 'IGNORED')),
	CONSTRAINT "bank_transfers_transfer_type_valid" CHECK ("bank_transfers"."transfer_type" in ('in', 'out'))
);
--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfers_provider_txn_uq" ON "bank_transfers" USING btree ("provider_txn_id");--> statement-breakpoint
CREATE INDEX "bank_transfers_order_idx" ON "bank_transfers" USING btree ("order_id","id");

-- The unit set of an address: THREE_LEVEL (province, district, ward: before 1 July 2025) or TWO_LEVEL (province,
-- ward: Resolution 202/2025/QH15). Every address and order saved so far is THREE_LEVEL; the codes stored beside the
-- names mean something only with their set (the two sets reuse ward codes for other wards).
ALTER TABLE "addresses" ADD COLUMN IF NOT EXISTS "scheme" varchar(12) DEFAULT 'THREE_LEVEL' NOT NULL;
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_scheme_valid" CHECK ("scheme" in ('TWO_LEVEL', 'THREE_LEVEL'));
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "address_scheme" varchar(12) DEFAULT 'THREE_LEVEL' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_address_scheme_valid" CHECK ("address_scheme" in ('TWO_LEVEL', 'THREE_LEVEL'));

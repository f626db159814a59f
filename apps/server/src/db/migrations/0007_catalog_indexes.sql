DROP INDEX "books_visible_sold_idx";--> statement-breakpoint
DROP INDEX "books_visible_created_idx";--> statement-breakpoint
DROP INDEX "books_status_created_idx";--> statement-breakpoint
DROP INDEX "books_created_idx";--> statement-breakpoint
DROP INDEX "books_publisher_idx";--> statement-breakpoint
DROP INDEX "books_supplier_idx";--> statement-breakpoint
DROP INDEX "books_language_idx";--> statement-breakpoint
CREATE INDEX "books_visible_created_idx" ON "books" USING btree ("created_at","id") WHERE status in ('ACTIVE', 'OUT_OF_STOCK');--> statement-breakpoint
CREATE INDEX "books_status_created_idx" ON "books" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "books_created_idx" ON "books" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "books_publisher_idx" ON "books" USING btree ("publisher_id","created_at","id");--> statement-breakpoint
CREATE INDEX "books_supplier_idx" ON "books" USING btree ("supplier_id","created_at","id");--> statement-breakpoint
CREATE INDEX "books_language_idx" ON "books" USING btree ("language","created_at","id");
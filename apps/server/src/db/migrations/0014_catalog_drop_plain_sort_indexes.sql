DROP INDEX "books_visible_created_idx";--> statement-breakpoint
DROP INDEX "books_visible_price_idx";--> statement-breakpoint
DROP INDEX "books_visible_sale_price_idx";
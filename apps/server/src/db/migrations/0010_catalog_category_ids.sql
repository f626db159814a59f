ALTER TABLE "books" ADD COLUMN "category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE INDEX "books_category_ids_idx" ON "books" USING gin ("category_ids");
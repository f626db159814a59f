-- Verified reviews: 'did this user buy this book' is asked for every review shown and every rating posted. The
-- user's delivered or completed orders (a handful) come from this partial index, their lines from
-- order_items_order_idx.
CREATE INDEX IF NOT EXISTS "orders_user_delivered_idx" ON "orders" USING btree ("user_id") WHERE status in ('DELIVERED', 'COMPLETED');

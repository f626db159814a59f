-- Returns and refunds after delivery (modules/returns): the shopper's request, its lines and its steps.
CREATE TABLE IF NOT EXISTS "order_returns" (
  "id" serial PRIMARY KEY,
  "order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "order_code" varchar(20) NOT NULL,
  "user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "status" varchar(12) DEFAULT 'REQUESTED' NOT NULL,
  "reason" varchar(24) NOT NULL,
  "note" text,
  "amount" integer NOT NULL,
  "photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "bank_name" varchar(100),
  "bank_account_number" varchar(20),
  "bank_account_holder" varchar(100),
  "refusal_reason" text,
  "refund_id" integer REFERENCES "order_refunds"("id") ON DELETE SET NULL,
  "refund_method" varchar(16),
  "decided_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "received_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "refunded_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "approved_at" timestamp with time zone,
  "refused_at" timestamp with time zone,
  "received_at" timestamp with time zone,
  "refunded_at" timestamp with time zone,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "order_returns_status_valid" CHECK ("status" IN ('REQUESTED', 'APPROVED', 'REFUSED', 'RECEIVED', 'REFUNDING', 'REFUNDED')),
  CONSTRAINT "order_returns_amount_nonnegative" CHECK ("amount" >= 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_returns_order_idx" ON "order_returns" ("order_id", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_returns_status_idx" ON "order_returns" ("status", "created_at" DESC);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "order_return_lines" (
  "id" serial PRIMARY KEY,
  "return_id" integer NOT NULL REFERENCES "order_returns"("id") ON DELETE CASCADE,
  "order_item_id" integer NOT NULL REFERENCES "order_items"("id") ON DELETE CASCADE,
  "book_id" integer NOT NULL,
  "title" varchar(500) NOT NULL,
  "image_url" text,
  "unit_price" integer NOT NULL,
  "qty" integer NOT NULL,
  "amount" integer NOT NULL,
  CONSTRAINT "order_return_lines_qty_positive" CHECK ("qty" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "order_return_lines_uq" ON "order_return_lines" ("return_id", "order_item_id");
--> statement-breakpoint
-- The policy page says how to ask now (only when the admin has not rewritten those sentences).
UPDATE "content_pages" SET "markdown" = replace("markdown",
  '1. Gửi yêu cầu qua [trang Liên hệ](/lien-he) (chọn chủ đề "Đổi trả, hoàn tiền"), ghi mã đơn hàng và mô tả lỗi, kèm ảnh nếu có.',
  '1. Trong 7 ngày kể từ khi nhận hàng, mở đơn hàng trong mục "Đơn hàng của tôi" và chọn **Trả hàng / hoàn tiền**: chọn sách và số lượng trả, lý do, kèm tối đa 3 ảnh (JPEG, PNG, WebP, mỗi ảnh tối đa 5 MB). Đơn COD hoặc chuyển khoản cần thêm tài khoản ngân hàng nhận tiền hoàn. Cần hỗ trợ thêm, gửi yêu cầu qua [trang Liên hệ](/lien-he).')
WHERE "slug" = 'doi-tra';
--> statement-breakpoint
UPDATE "content_pages" SET "markdown" = replace("markdown",
  '- Đơn chuyển khoản (VietQR): hoàn về tài khoản đã chuyển.',
  '- Đơn chuyển khoản (VietQR): hoàn bằng chuyển khoản vào tài khoản bạn cung cấp.
- Số tiền hoàn là giá đã trả của sách trả lại (trừ phần giảm giá của mã khuyến mãi chia theo giá trị sách); phí giao hàng không hoàn.')
WHERE "slug" = 'doi-tra';

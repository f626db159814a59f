CREATE TABLE "content_pages" (
	"slug" varchar(100) PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"markdown" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(32)
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(20),
	"topic" varchar(16) NOT NULL,
	"message" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" varchar(32)
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "contact_messages_new_idx" ON "contact_messages" USING btree ("created_at" DESC, "id" DESC) WHERE "handled_at" IS NULL;--> statement-breakpoint
INSERT INTO "content_pages" ("slug", "title", "markdown") VALUES
('huong-dan-dat-hang', 'Hướng dẫn đặt hàng', $md$Đặt sách tại Nhà Sách chỉ mất vài phút. Bạn cần một tài khoản (đăng ký miễn phí bằng email) để đặt hàng và theo dõi đơn.

## 1. Chọn sách

- Tìm sách bằng ô **Tìm kiếm** trên đầu trang, hoặc mở **Danh mục** để duyệt theo thể loại.
- Trên trang sách, chọn số lượng rồi bấm **Thêm vào giỏ**, hoặc **Mua ngay** để đến thẳng bước thanh toán.

## 2. Kiểm tra giỏ hàng

- Mở **Giỏ hàng**, đánh dấu những sách muốn mua lần này và chỉnh số lượng.
- Đơn từ **500.000₫** (tính trên các sách đã chọn) được miễn phí giao hàng tiêu chuẩn.

## 3. Đặt hàng

1. Chọn hoặc thêm **địa chỉ giao hàng**.
2. Chọn **phương thức giao hàng**: tiêu chuẩn (30.000₫) hoặc nhanh (35.000₫).
3. Chọn **phương thức thanh toán**: thanh toán khi nhận hàng (COD), VNPAY hoặc chuyển khoản ngân hàng (VietQR).
4. Kiểm tra tổng tiền rồi bấm **Đặt hàng**.

Sau khi đặt, bạn nhận email xác nhận và xem đơn tại **Đơn hàng của tôi**.

## 4. Theo dõi và huỷ đơn

Trạng thái đơn được cập nhật tại **Đơn hàng của tôi**. Bạn có thể huỷ đơn khi đơn còn chờ xác nhận; sau đó vui lòng [liên hệ với chúng tôi](/lien-he).
$md$),
('thanh-toan', 'Phương thức thanh toán', $md$Nhà Sách nhận hai cách thanh toán.

## Thanh toán khi nhận hàng (COD)

Bạn trả tiền mặt cho nhân viên giao hàng khi nhận sách. Vui lòng kiểm tra hàng trước khi thanh toán.

## Thanh toán trực tuyến qua VNPAY

- Thanh toán bằng thẻ ATM nội địa, thẻ quốc tế (Visa, Mastercard, JCB) hoặc quét mã QR bằng ứng dụng ngân hàng.
- Sau khi đặt hàng, bạn được chuyển đến cổng VNPAY; đơn hàng được giữ **15 phút** để thanh toán. Quá thời hạn, đơn được huỷ tự động và sách trở lại kho.
- Nhà Sách không lưu thông tin thẻ của bạn: mọi giao dịch được xử lý và bảo mật bởi VNPAY.

## Chuyển khoản ngân hàng (VietQR)

- Sau khi đặt hàng, trang thanh toán hiện mã VietQR cùng số tài khoản, số tiền và nội dung chuyển khoản (mã đơn hàng).
- Quét mã bằng ứng dụng ngân hàng bất kỳ (chuyển nhanh NAPAS 247), giữ nguyên **số tiền** và **nội dung**: đơn hàng được xác nhận tự động trong vài giây.
- Đơn được giữ **24 giờ** để chuyển khoản. Chuyển sai số tiền sẽ được nhân viên kiểm tra và liên hệ xử lý.

## Hoàn tiền

Đơn đã thanh toán trực tuyến mà bị huỷ sẽ được hoàn tiền về đúng tài khoản, thẻ đã thanh toán trong 5-7 ngày làm việc (tuỳ ngân hàng). Xem thêm [Chính sách đổi trả và hoàn tiền](/trang/doi-tra).
$md$),
('cau-hoi-thuong-gap', 'Câu hỏi thường gặp', $md$## Tôi có cần tài khoản để mua sách không?

Có. Tài khoản giúp bạn theo dõi đơn hàng, lưu địa chỉ và sách yêu thích. Đăng ký chỉ cần email và mã xác nhận gửi về hộp thư.

## Bao lâu tôi nhận được sách?

Giao hàng tiêu chuẩn 2-5 ngày làm việc, giao nhanh 1-2 ngày làm việc tại các thành phố lớn. Xem [Chính sách vận chuyển](/trang/van-chuyen).

## Tôi có thể huỷ đơn không?

Bạn huỷ được đơn đang chờ xác nhận ngay tại trang đơn hàng. Đơn đã xác nhận, vui lòng [liên hệ](/lien-he) để được hỗ trợ.

## Sách bị lỗi in, hư hỏng khi nhận thì sao?

Nhà Sách đổi sách mới hoặc hoàn tiền trong 7 ngày kể từ khi nhận hàng. Xem [Chính sách đổi trả và hoàn tiền](/trang/doi-tra).

## Thanh toán VNPAY có an toàn không?

Có. Thông tin thẻ được nhập trên cổng VNPAY, Nhà Sách không nhận và không lưu thông tin thẻ.
$md$),
('van-chuyen', 'Chính sách vận chuyển', $md$Nhà Sách giao hàng toàn quốc qua các đối tác vận chuyển uy tín.

## Phí giao hàng

| Phương thức | Thời gian dự kiến | Phí |
|---|---|---|
| Giao tiêu chuẩn | 2-5 ngày làm việc | 30.000₫, **miễn phí** cho đơn từ 500.000₫ |
| Giao nhanh | 1-2 ngày làm việc | 35.000₫ |

Thời gian tính từ khi đơn được xác nhận, không kể Chủ Nhật và ngày lễ. Vùng sâu, vùng xa có thể cần thêm 1-3 ngày.

## Kiểm tra khi nhận hàng

- Bạn được kiểm tra số lượng và tình trạng bên ngoài của sách trước khi nhận.
- Nếu kiện hàng móp, rách hoặc thiếu sách, vui lòng từ chối nhận và [báo cho chúng tôi](/lien-he) trong 48 giờ.

## Giao hàng không thành công

Đơn vị vận chuyển liên hệ giao tối đa 3 lần. Sau đó đơn được hoàn về Nhà Sách và huỷ; nếu đã thanh toán trực tuyến, bạn được hoàn tiền đầy đủ.
$md$),
('doi-tra', 'Chính sách đổi trả và hoàn tiền', $md$## Điều kiện đổi trả

Nhà Sách nhận đổi hoặc trả sách trong **7 ngày** kể từ khi bạn nhận hàng khi:

- Sách bị lỗi in ấn: thiếu trang, mất chữ, đóng sai thứ tự trang.
- Sách bị hư hỏng trong quá trình vận chuyển.
- Sách giao không đúng tên, phiên bản hoặc số lượng đã đặt.

Sách cần còn nguyên vẹn như khi nhận (không viết, vẽ, không bị ướt), kèm hoá đơn hoặc mã đơn hàng.

## Cách yêu cầu đổi trả

1. Gửi yêu cầu qua [trang Liên hệ](/lien-he) (chọn chủ đề "Đổi trả, hoàn tiền"), ghi mã đơn hàng và mô tả lỗi, kèm ảnh nếu có.
2. Nhà Sách xác nhận trong 24 giờ làm việc và hướng dẫn gửi trả.
3. Phí gửi trả do Nhà Sách chịu khi lỗi thuộc về Nhà Sách.

## Hoàn tiền

- Đơn COD: hoàn bằng chuyển khoản vào tài khoản bạn cung cấp.
- Đơn VNPAY: hoàn về thẻ, tài khoản đã thanh toán.
- Đơn chuyển khoản (VietQR): hoàn về tài khoản đã chuyển.
- Thời gian nhận tiền 5-7 ngày làm việc sau khi Nhà Sách nhận lại sách.
$md$),
('bao-mat', 'Chính sách bảo mật', $md$Nhà Sách tôn trọng và bảo vệ thông tin cá nhân của bạn theo Nghị định 13/2023/NĐ-CP về bảo vệ dữ liệu cá nhân.

## Thông tin chúng tôi thu thập

- Thông tin tài khoản: họ tên, tên đăng nhập, email, số điện thoại, ngày sinh (nếu bạn nhập).
- Địa chỉ giao hàng và lịch sử đơn hàng.
- Đánh giá, bình luận và sách yêu thích bạn chia sẻ.

## Mục đích sử dụng

- Xử lý, giao đơn hàng và hỗ trợ khách hàng.
- Gửi email xác nhận tài khoản, đơn hàng và thông báo cần thiết.
- Không bán hay cho thuê thông tin của bạn cho bên thứ ba.

## Bảo mật

- Mật khẩu được lưu dưới dạng băm, không ai đọc được, kể cả nhân viên.
- Kết nối được mã hoá; thông tin thẻ thanh toán chỉ được nhập trên cổng VNPAY.

## Quyền của bạn

Bạn có thể xem, sửa thông tin tại **Tài khoản của tôi**, hoặc yêu cầu xoá tài khoản qua [trang Liên hệ](/lien-he).
$md$),
('dieu-khoan', 'Điều khoản sử dụng', $md$Khi sử dụng website Nhà Sách, bạn đồng ý với các điều khoản sau.

## Tài khoản

- Bạn chịu trách nhiệm giữ bí mật mật khẩu và mọi hoạt động dưới tài khoản của mình.
- Nhà Sách có thể khoá tài khoản vi phạm điều khoản, gian lận hoặc gây hại cho người khác.

## Giá và đơn hàng

- Giá sách đã bao gồm VAT và được hiển thị bằng đồng Việt Nam.
- Đơn hàng chỉ được xác nhận khi Nhà Sách kiểm tra còn hàng. Nếu có sai sót về giá hoặc tồn kho, chúng tôi sẽ liên hệ và bạn có thể huỷ đơn.

## Nội dung người dùng

Đánh giá và bình luận cần trung thực, lịch sự và không vi phạm pháp luật. Nhà Sách có thể ẩn nội dung không phù hợp.

## Liên hệ

Mọi thắc mắc về điều khoản, vui lòng [liên hệ với chúng tôi](/lien-he).
$md$);

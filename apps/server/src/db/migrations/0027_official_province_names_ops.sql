-- Provinces of the 2025 list by their official names ('Tỉnh Lâm Đồng', as the cities are 'Thành phố ...'): addresses
-- and orders saved with the bare name before are renamed, the order's printed line with it.
UPDATE "addresses" SET "province" = 'Tỉnh ' || "province"
WHERE "scheme" = 'TWO_LEVEL' AND "province" IN ('Cao Bằng', 'Tuyên Quang', 'Điện Biên', 'Lai Châu', 'Sơn La', 'Lào Cai', 'Thái Nguyên', 'Lạng Sơn', 'Quảng Ninh', 'Bắc Ninh', 'Phú Thọ', 'Hưng Yên', 'Ninh Bình', 'Thanh Hóa', 'Nghệ An', 'Hà Tĩnh', 'Quảng Trị', 'Quảng Ngãi', 'Gia Lai', 'Khánh Hòa', 'Đắk Lắk', 'Lâm Đồng', 'Đồng Nai', 'Tây Ninh', 'Đồng Tháp', 'Vĩnh Long', 'An Giang', 'Cà Mau');
--> statement-breakpoint
UPDATE "orders" SET
  "address_line" = CASE WHEN right("address_line", length("province")) = "province"
    THEN left("address_line", length("address_line") - length("province")) || 'Tỉnh ' || "province"
    ELSE "address_line" END,
  "province" = 'Tỉnh ' || "province"
WHERE "address_scheme" = 'TWO_LEVEL' AND "province" IN ('Cao Bằng', 'Tuyên Quang', 'Điện Biên', 'Lai Châu', 'Sơn La', 'Lào Cai', 'Thái Nguyên', 'Lạng Sơn', 'Quảng Ninh', 'Bắc Ninh', 'Phú Thọ', 'Hưng Yên', 'Ninh Bình', 'Thanh Hóa', 'Nghệ An', 'Hà Tĩnh', 'Quảng Trị', 'Quảng Ngãi', 'Gia Lai', 'Khánh Hòa', 'Đắk Lắk', 'Lâm Đồng', 'Đồng Nai', 'Tây Ninh', 'Đồng Tháp', 'Vĩnh Long', 'An Giang', 'Cà Mau');

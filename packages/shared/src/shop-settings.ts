// Shop settings: what the footer shows of the business. Rules and names only, without Zod, so that the footer in
// every storefront page's first load does not carry the schema (content.ts holds it).

/** The Bộ Công Thương badge picture the shop ships (apps/web/public/badges). */
export const MOIT_BADGE_IMAGE = '/badges/da-thong-bao-bct.svg';

/** The keys of the shop settings and their labels in the back-office. */
export const SHOP_SETTING_FIELDS = {
  businessName: 'Tên doanh nghiệp',
  businessRegistration: 'Giấy chứng nhận đăng ký doanh nghiệp (số, nơi cấp, ngày cấp)',
  businessAddress: 'Địa chỉ trụ sở',
  moitUrl: 'Liên kết thông báo với Bộ Công Thương',
  moitImageUrl: 'Ảnh huy hiệu "Đã thông báo Bộ Công Thương"',
} as const;
export type ShopSettingKey = keyof typeof SHOP_SETTING_FIELDS;
export type ShopSettingsDto = Record<ShopSettingKey, string>;

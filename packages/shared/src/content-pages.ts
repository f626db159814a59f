// The store's contact details and information pages, with no schema library: the footer of every page uses them.

/** The store's own contact details, shown on the contact page and in the footer. */
export const STORE_CONTACT = {
  name: 'Nhà Sách',
  address: '60-62 Lê Lợi, Phường Sài Gòn, TP. Hồ Chí Minh',
  hours: [
    { days: 'Thứ Hai - Thứ Sáu', time: '8:00 - 21:00' },
    { days: 'Thứ Bảy - Chủ Nhật', time: '8:00 - 22:00' },
  ],
  phone: '1900 6656',
  phoneHref: 'tel:19006656',
  email: 'hotro@nhasach.vn',
  /** Phone support answers round the clock (the store's promise). */
  hotlineNote: 'Tổng đài hỗ trợ 24/7, kể cả ngày lễ.',
} as const;

/**
 * The information pages an admin edits at /admin/pages (Markdown) and the storefront shows at /trang/{slug}.
 * group: the footer column the page is linked from.
 */
export const CONTENT_PAGES = [
  { slug: 'huong-dan-dat-hang', title: 'Hướng dẫn đặt hàng', group: 'support' },
  { slug: 'thanh-toan', title: 'Phương thức thanh toán', group: 'support' },
  { slug: 'cau-hoi-thuong-gap', title: 'Câu hỏi thường gặp', group: 'support' },
  { slug: 'van-chuyen', title: 'Chính sách vận chuyển', group: 'policy' },
  { slug: 'doi-tra', title: 'Chính sách đổi trả và hoàn tiền', group: 'policy' },
  { slug: 'bao-mat', title: 'Chính sách bảo mật', group: 'policy' },
  { slug: 'dieu-khoan', title: 'Điều khoản sử dụng', group: 'policy' },
] as const;
export type ContentPageSlug = (typeof CONTENT_PAGES)[number]['slug'];
export const CONTENT_PAGE_SLUGS = CONTENT_PAGES.map((p) => p.slug) as ContentPageSlug[];
export const contentPagePath = (slug: string) => `/trang/${slug}`;
export const isContentPageSlug = (value: string): value is ContentPageSlug => (CONTENT_PAGE_SLUGS as string[]).includes(value);

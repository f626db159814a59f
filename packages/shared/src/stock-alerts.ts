/** "Báo tôi khi có hàng": the texts and the state the product page reads (no zod: the page's first load; the schema is in stock.ts). */

export const STOCK_ALERT_MESSAGES = {
  subscribed: 'Chúng tôi sẽ gửi email cho bạn khi sách có hàng trở lại.',
  confirmSent: 'Vui lòng mở email và bấm liên kết xác nhận để nhận thông báo khi sách có hàng.',
  emailRequired: 'Vui lòng nhập email để nhận thông báo khi có hàng.',
  inStock: 'Sách đang có hàng, bạn có thể mua ngay.',
  unavailable: 'Sách này không còn bán.',
  linkInvalid: 'Liên kết xác nhận không hợp lệ hoặc đã được dùng.',
} as const;

/** Whether the signed-in shopper waits for the book (the product page's button state). */
export interface StockAlertStateDto {
  subscribed: boolean;
}

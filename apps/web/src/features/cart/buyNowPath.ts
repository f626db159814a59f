/** Checkout resuming a guest's "Mua ngay" after login: /checkout?buyNow={bookId}&qty={qty} (CheckoutPage). */
export const buyNowPath = (bookId: number, qty: number) => `/checkout?buyNow=${bookId}&qty=${qty}`;

/** The book and quantity of a /checkout?buyNow=… address, when they are sane. */
export function buyNowParams(params: URLSearchParams): { bookId: number; qty: number } | undefined {
  const bookId = Number(params.get('buyNow'));
  const qty = Number(params.get('qty') ?? '1');
  if (!Number.isInteger(bookId) || bookId <= 0 || !Number.isInteger(qty) || qty < 1 || qty > 99) return undefined;
  return { bookId, qty };
}

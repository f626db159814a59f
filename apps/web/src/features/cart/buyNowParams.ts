// A module of its own: the checkout page reads it on every visit, and loads the screen that resumes a "Mua ngay"
// (BuyNowResume) only when the address carries one.
/** The book and quantity of a /checkout?buyNow=… address, when they are sane. */
export function buyNowParams(params: URLSearchParams): { bookId: number; qty: number } | undefined {
  const bookId = Number(params.get('buyNow'));
  const qty = Number(params.get('qty') ?? '1');
  if (!Number.isInteger(bookId) || bookId <= 0 || !Number.isInteger(qty) || qty < 1 || qty > 99) return undefined;
  return { bookId, qty };
}

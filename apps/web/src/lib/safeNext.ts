/**
 * The `next` target after login, only when it is a path of this site ('/...', not '//host' or '/\host');
 * anything else is dropped so the login page cannot be used as an open redirect.
 */
export function safeNextPath(next: string | null | undefined): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return undefined;
  if (/^\/dang-nhap(?:[/?#]|$)/.test(next)) return undefined;
  return next;
}

/** `/dang-nhap?next=...` for the current path and query. */
export function loginPathFor(pathAndQuery: string): string {
  return `/dang-nhap?next=${encodeURIComponent(pathAndQuery)}`;
}

/** The address page that comes back to checkout after saving (spec section 2, Checkout). */
export const ADDRESS_PAGE_FOR_CHECKOUT = '/tai-khoan/dia-chi?return=/checkout';

/** Checkout resuming a guest's "Mua ngay" after login: /checkout?buyNow={bookId}&qty={qty} (CheckoutPage). */
export const buyNowPath = (bookId: number, qty: number) => `/checkout?buyNow=${bookId}&qty=${qty}`;

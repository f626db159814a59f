import type { CartDto, ErrorCode } from '@nhasach/shared';
import { CART_CHANGED_EVENT } from '../lib/cartBadge.ts';
import { ApiError, api } from './client.ts';
import { errorText } from '../components/ui/errorText.ts';

// The code as a typed literal: reading it from ERROR_CODES would put the whole table in every page's first load.
const OUT_OF_STOCK: ErrorCode = 'OUT_OF_STOCK';

/**
 * Cart calls (spec section 7, Cart). Every answer is the whole recomputed cart. Every write fires 'cart:changed'
 * with a detail object (spec section 4, Cart), the spec's signal for whatever listens. The app itself reads the cart
 * from its query (features/cart/api/get-cart.ts), which the writes' answers update (useCartWrite); the badge count
 * the spec keeps under CART_BADGE_COUNT is written from that query (Header).
 */

/** What 'cart:changed' carries. */
export interface CartChangedDetail {
  action: 'add' | 'select' | 'select-all' | 'qty' | 'remove' | 'clear' | 'refresh' | 'voucher';
  bookId?: number;
  count?: number;
  cart?: CartDto;
}

/** The parts of a cart answer the badge reads (older answers used other names for the same count). */
interface CartLike {
  items?: unknown[];
  distinctItems?: number;
  uniqueItems?: number;
  totalItems?: number;
}

/** Distinct lines of a cart answer (the header badge count). */
export function distinctCount(cart: unknown): number | undefined {
  if (!cart || typeof cart !== 'object') return undefined;
  const c = cart as CartLike;
  const n = c.totalItems ?? c.distinctItems ?? c.uniqueItems ?? (Array.isArray(c.items) ? c.items.length : undefined);
  return typeof n === 'number' && Number.isFinite(n) ? Math.max(0, n) : undefined;
}

/** Tells the page a cart changed ('cart:changed' with a detail object, spec section 4, Cart). */
export function publishCart(cart: CartDto | undefined, action: CartChangedDetail['action'], bookId?: number): void {
  const detail: CartChangedDetail = { action, bookId, count: distinctCount(cart), cart };
  window.dispatchEvent(new CustomEvent<CartChangedDetail>(CART_CHANGED_EVENT, { detail }));
}

async function write(call: Promise<CartDto>, action: CartChangedDetail['action'], bookId?: number): Promise<CartDto> {
  const cart = await call;
  publishCart(cart, action, bookId);
  return cart;
}

/** GET /api/v1/cart. */
export const fetchCart = (signal?: AbortSignal) => api.get<CartDto>('/api/v1/cart', undefined, { signal });

/** POST /api/v1/cart/items {bookId, qty}: adds to the quantity already in the cart. */
export const addToCart = (bookId: number, qty: number) => write(api.post<CartDto>('/api/v1/cart/items', { bookId, qty }), 'add', bookId);

/** PUT /api/v1/cart/items/{bookId} {selected}. */
export const setCartItemSelected = (bookId: number, selected: boolean) =>
  write(api.put<CartDto>(`/api/v1/cart/items/${bookId}`, { selected }), 'select', bookId);

/** PUT /api/v1/cart/items/{bookId} {qty}; 0 removes the line. */
export const setCartItemQty = (bookId: number, qty: number) => write(api.put<CartDto>(`/api/v1/cart/items/${bookId}`, { qty }), 'qty', bookId);

/** DELETE /api/v1/cart/items/{bookId}. */
export const removeCartItem = (bookId: number) => write(api.delete<CartDto>(`/api/v1/cart/items/${bookId}`), 'remove', bookId);

/** POST /api/v1/cart/clear {onlyUnselected}: empties the cart, or removes the unselected lines only. */
export const clearCart = (onlyUnselected: boolean) => write(api.post<CartDto>('/api/v1/cart/clear', { onlyUnselected }), 'clear');

/** PUT /api/v1/cart/select-all {selected}. */
export const selectAllCart = (selected: boolean) => write(api.put<CartDto>('/api/v1/cart/select-all', { selected }), 'select-all');

/** PUT /api/v1/cart/voucher {voucherCode}: applies a code (replacing the one applied); 400 on voucherCode says why not. */
export const applyCartVoucher = (voucherCode: string) => write(api.put<CartDto>('/api/v1/cart/voucher', { voucherCode }), 'voucher');

/** DELETE /api/v1/cart/voucher. */
export const removeCartVoucher = () => write(api.delete<CartDto>('/api/v1/cart/voucher'), 'voucher');

/** Spec section 8, Cart: the two stock messages, else the one error rule (the server's text, else 'Có lỗi xảy ra'). */
export function cartErrorText(err: unknown): string {
  const message = err instanceof ApiError ? err.message : err instanceof Error ? err.message : '';
  if (/Inventory not found/i.test(message)) return 'Sản phẩm chưa có tồn kho hoặc đã hết hàng.';
  if (/Out of stock/i.test(message) || (err instanceof ApiError && err.code === OUT_OF_STOCK)) return 'Sản phẩm đã hết hàng.';
  return errorText(err, 'Có lỗi xảy ra');
}

import { ERROR_CODES, STORAGE_KEYS, type CartDto } from '@nhasach/shared';
import { storage } from '../lib/storage.ts';
import { CART_CHANGED_EVENT } from '../lib/cartBadge.ts';
import { ApiError, api } from './client.ts';

/**
 * The cart calls the storefront buttons need (spec section 7, Cart): add a line and select it. Every write
 * stores the badge count from the answer and fires 'cart:changed' (spec section 4, Cart).
 */

/** The parts of a cart answer this file reads; the cart feature owns the full shape. */
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
  const n = c.distinctItems ?? c.uniqueItems ?? (Array.isArray(c.items) ? c.items.length : c.totalItems);
  return typeof n === 'number' && Number.isFinite(n) ? Math.max(0, n) : undefined;
}

function afterWrite(cart: unknown, action: string, bookId: number): void {
  const count = distinctCount(cart);
  if (count !== undefined) storage.set(STORAGE_KEYS.cartBadge, String(count));
  window.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT, { detail: { action, bookId, count, cart } }));
}

/** POST /api/v1/cart/items {bookId, qty}. */
export async function addToCart(bookId: number, qty: number): Promise<CartDto> {
  const cart = await api.post<CartDto>('/api/v1/cart/items', { bookId, qty });
  afterWrite(cart, 'add', bookId);
  return cart;
}

/** PUT /api/v1/cart/items/{bookId} {selected}. */
export async function setCartItemSelected(bookId: number, selected: boolean): Promise<CartDto> {
  const cart = await api.put<CartDto>(`/api/v1/cart/items/${bookId}`, { selected });
  afterWrite(cart, 'select', bookId);
  return cart;
}

/** Spec section 8, Cart: the two stock messages, else the server message, else 'Có lỗi xảy ra'. */
export function cartErrorText(err: unknown): string {
  const message = err instanceof ApiError ? err.message : err instanceof Error ? err.message : '';
  if (/Inventory not found/i.test(message)) return 'Sản phẩm chưa có tồn kho hoặc đã hết hàng.';
  if (/Out of stock/i.test(message) || (err instanceof ApiError && err.code === ERROR_CODES.outOfStock)) return 'Sản phẩm đã hết hàng.';
  if (err instanceof ApiError) {
    const body = err.body as { message?: unknown } | undefined;
    if (body && typeof body === 'object' && typeof body.message === 'string' && body.message.trim()) return body.message;
  }
  return 'Có lỗi xảy ra';
}

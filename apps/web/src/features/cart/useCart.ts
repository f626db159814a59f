import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, type CartDto } from '@nhasach/shared';
import {
  cartErrorText,
  clearCart,
  distinctCount,
  fetchCart,
  publishCart,
  removeCartItem,
  selectAllCart,
  setCartItemQty,
  setCartItemSelected,
  type CartChangedDetail,
} from '../../api/cart.ts';
import { CART_CHANGED_EVENT } from '../../lib/cartBadge.ts';
import { storage, storedUserId } from '../../lib/storage.ts';
import { useAuth } from '../auth/useAuth.ts';

/**
 * The cart store: one TanStack query holding the server's cart, kept current by the answers of every write
 * (each answer is the whole cart) and by 'cart:changed' events from other parts of the page (product buttons).
 */

export const cartKeys = { cart: ['cart'] as const };

/** Spec section 7: the badge refresh has a 900 ms debounce guard. */
export const BADGE_REFRESH_GUARD_MS = 900;
let lastBadgeRefresh = 0;
let badgeRefreshInFlight: Promise<void> | undefined;

/** Stores the badge count of a cart that was only read; tells the header only when the count moved. */
function syncBadgeFromRead(cart: CartDto): void {
  const count = distinctCount(cart);
  if (count === undefined) return;
  if (storage.get(STORAGE_KEYS.cartBadge) === String(count)) return;
  publishCart(cart, 'refresh');
}

/**
 * Re-reads the cart for the header badge (after login, or on a page that shows no cart). Calls closer than
 * 900 ms to the previous one, or while one is running, are folded into it. Failures are ignored: the badge
 * keeps its last value.
 */
export function refreshCartBadge(): Promise<void> {
  if (badgeRefreshInFlight) return badgeRefreshInFlight;
  const now = Date.now();
  if (now - lastBadgeRefresh < BADGE_REFRESH_GUARD_MS) return Promise.resolve();
  lastBadgeRefresh = now;
  const session = storedUserId();
  badgeRefreshInFlight = fetchCart()
    .then((cart) => {
      if (storedUserId() === session) syncBadgeFromRead(cart);
    })
    .catch(() => undefined)
    .finally(() => {
      badgeRefreshInFlight = undefined;
    });
  return badgeRefreshInFlight;
}

/** Keeps the header badge in step with the server cart whenever a user signs in (mount once in the shell). */
export function useCartBadgeSync(): void {
  const { user } = useAuth();
  const userId = user?.id;
  useEffect(() => {
    if (userId !== undefined) void refreshCartBadge();
  }, [userId]);
}

/**
 * After an order the server removed the ordered lines: the badge gets the new count now, while the cached cart is
 * only marked stale (replacing it would flash an empty checkout before the page moves on).
 */
export async function refreshCartAfterOrder(queryClient: QueryClient): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: cartKeys.cart, refetchType: 'none' });
  try {
    const session = storedUserId();
    const cart = await fetchCart();
    const count = distinctCount(cart);
    if (count === undefined || storedUserId() !== session) return;
    storage.set(STORAGE_KEYS.cartBadge, String(count));
    const detail: CartChangedDetail = { action: 'refresh', count };
    window.dispatchEvent(new CustomEvent<CartChangedDetail>(CART_CHANGED_EVENT, { detail }));
  } catch {
    // the badge keeps its value until the next cart read
  }
}

export type CartWrite =
  | { kind: 'qty'; bookId: number; qty: number }
  | { kind: 'select'; bookId: number; selected: boolean }
  | { kind: 'remove'; bookId: number }
  | { kind: 'select-all'; selected: boolean }
  | { kind: 'clear'; onlyUnselected: boolean };

function send(write: CartWrite): Promise<CartDto> {
  switch (write.kind) {
    case 'qty':
      return setCartItemQty(write.bookId, write.qty);
    case 'select':
      return setCartItemSelected(write.bookId, write.selected);
    case 'remove':
      return removeCartItem(write.bookId);
    case 'select-all':
      return selectAllCart(write.selected);
    case 'clear':
      return clearCart(write.onlyUnselected);
  }
}

/** Which part of the cart a running write touches: a line id, or 'all' for whole-cart writes. */
export type CartBusy = number | 'all' | null;

/**
 * The signed-in user's cart and its writes. `run` resolves to an error text (spec section 8, Cart) or undefined;
 * the cart itself updates from the write's answer.
 */
export function useCart(enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: cartKeys.cart,
    queryFn: async ({ signal }) => {
      const session = storedUserId();
      const cart = await fetchCart(signal);
      if (storedUserId() === session) syncBadgeFromRead(cart);
      return cart;
    },
    enabled,
    staleTime: 0,
  });
  const [busy, setBusy] = useState<CartBusy>(null);

  // Writes made elsewhere (the product page's buttons, buy now) carry the new cart: take it as it is.
  useEffect(() => {
    const onChange = (e: Event) => {
      const detail = (e as CustomEvent<CartChangedDetail | undefined>).detail;
      if (detail?.cart) queryClient.setQueryData(cartKeys.cart, detail.cart);
    };
    window.addEventListener(CART_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(CART_CHANGED_EVENT, onChange);
  }, [queryClient]);

  const run = useCallback(
    async (write: CartWrite): Promise<string | undefined> => {
      setBusy('bookId' in write ? write.bookId : 'all');
      // A tick shows at once; the totals follow with the answer.
      if (write.kind === 'select' || write.kind === 'select-all') {
        queryClient.setQueryData<CartDto>(cartKeys.cart, (old) =>
          old && {
            ...old,
            items: old.items.map((i) => (write.kind === 'select-all' || i.bookId === write.bookId ? { ...i, selected: write.selected } : i)),
          },
        );
      }
      try {
        const cart = await send(write);
        queryClient.setQueryData(cartKeys.cart, cart);
        return undefined;
      } catch (err) {
        // The cart may have changed under us (stock, another tab): show it as it is now.
        void queryClient.invalidateQueries({ queryKey: cartKeys.cart });
        return cartErrorText(err);
      } finally {
        setBusy(null);
      }
    },
    [queryClient],
  );

  return { query, cart: query.data, busy, run };
}

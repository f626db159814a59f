import { queryOptions } from '@tanstack/react-query';
import { distinctCount, fetchCart } from '../../../api/cart.ts';
import { sessionKey } from '../../../lib/viewer.ts';

/**
 * The cart, one cache entry per session: the signed-in user's, or the guest cart the server keeps against its
 * cookie (an empty cart while the visitor has none). The cart page, checkout and the header's badge read it.
 */
export const cartQueryOptions = (viewer: string) =>
  queryOptions({
    queryKey: sessionKey(viewer, 'cart'),
    queryFn: ({ signal }) => fetchCart(signal),
    staleTime: 0,
  });

/** Spec section 7: the badge refresh has a 900 ms debounce guard (the header's cart reads are at most that often). */
export const BADGE_REFRESH_GUARD_MS = 900;

/** The header's badge: distinct lines of the cart (spec section 2), 0 before the cart is read. */
export const cartCount = (cart: unknown): number => distinctCount(cart) ?? 0;

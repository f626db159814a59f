import { useCallback } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CartDto } from '@nhasach/shared';
import { cartErrorText, clearCart, fetchCart, removeCartItem, selectAllCart, setCartItemQty, setCartItemSelected } from '../../api/cart.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { useViewer } from '../../lib/viewer.ts';
import { cartQueryOptions } from './api/get-cart.ts';
import { useCartMutation } from './useCartWrite.ts';

/**
 * After an order the server removed the ordered lines: the session's cart is read again and put in its query, so
 * the badge shows the new count (the checkout keeps its page while it moves on, CheckoutPage).
 */
export async function refreshCartAfterOrder(queryClient: QueryClient, viewer: string): Promise<void> {
  try {
    queryClient.setQueryData(cartQueryOptions(viewer).queryKey, await fetchCart());
  } catch {
    void queryClient.invalidateQueries({ queryKey: cartQueryOptions(viewer).queryKey });
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

function withSelection(cart: CartDto, w: Extract<CartWrite, { kind: 'select' | 'select-all' }>): CartDto {
  return { ...cart, items: cart.items.map((i) => (w.kind === 'select-all' || i.bookId === w.bookId ? { ...i, selected: w.selected } : i)) };
}

/** Which part of the cart a running write touches: a line id, or 'all' for whole-cart writes. */
export type CartBusy = number | 'all' | null;

/**
 * The signed-in user's cart and its writes. `run` resolves to an error text (spec section 8, Cart) or undefined;
 * the cart itself updates from the write's answer.
 */
export function useCart(enabled = true) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  // A page the server rendered hydrates as a guest sees it: the cart is read from the render after, with the
  // stored session's key (a read under the guest's key would be thrown away).
  const hydrated = useHydrated();
  const options = cartQueryOptions(viewer);
  const query = useQuery({ ...options, enabled: enabled && hydrated && options.enabled !== false });
  const key = options.queryKey;
  const write = useCartMutation(send, {
    // A read of the cart still on its way (the page's own refetch as it opens) would land after the write's
    // answer and undo it: it is cancelled (the tick is drawn over the cart meanwhile, below).
    onMutate: () => void queryClient.cancelQueries({ queryKey: key }),
    // The cart may have changed under us (stock, another tab): show it as it is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  const { mutateAsync } = write;
  const busy: CartBusy = write.isPending ? ('bookId' in write.variables ? write.variables.bookId : 'all') : null;

  const run = useCallback(
    async (w: CartWrite): Promise<string | undefined> => {
      try {
        await mutateAsync(w);
        return undefined;
      } catch (err) {
        return cartErrorText(err);
      }
    },
    [mutateAsync],
  );

  // A tick shows at once, drawn over the cart while its write runs (the totals follow with the answer).
  const pending = write.isPending ? write.variables : undefined;
  const cart = pending && (pending.kind === 'select' || pending.kind === 'select-all') && query.data ? withSelection(query.data, pending) : query.data;

  return { query, cart, busy, run };
}

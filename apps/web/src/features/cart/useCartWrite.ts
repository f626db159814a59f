import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CartDto } from '@nhasach/shared';
import { useViewer } from '../../lib/viewer.ts';
import { cartQueryOptions } from './api/get-cart.ts';

/**
 * A cart write (add, select, quantity, voucher, ...): its answer is the whole cart, put in the cart query of the
 * session that made it. An answer that lands after a logout goes to that session's key, which nothing reads.
 * A plain callback rather than useMutation: the product page's buy box uses it, and TanStack's mutation code
 * would put that page over its first-load budget (e2e/storefront.e2e.ts) for no state the buttons need.
 */
/** Runs one cart write and files its answer (the whole cart). */
export type CartWrite = (call: () => Promise<CartDto>) => Promise<CartDto>;

export function useCartWrite(): { mutateAsync: CartWrite } {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const mutateAsync = useCallback(
    async (call: () => Promise<CartDto>): Promise<CartDto> => {
      const cart = await call();
      queryClient.setQueryData(cartQueryOptions(viewer).queryKey, cart);
      return cart;
    },
    [queryClient, viewer],
  );
  return { mutateAsync };
}

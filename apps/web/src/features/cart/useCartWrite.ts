import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartDto } from '@nhasach/shared';
import { useViewer } from '../../lib/viewer.ts';
import { cartQueryOptions } from './api/get-cart.ts';

/**
 * A cart write (add, select, quantity, voucher, ...): its answer is the whole cart, put in the cart query of the
 * session that made it. An answer that lands after a logout goes to that session's key, which nothing reads.
 */
export function useCartWrite() {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: (call: () => Promise<CartDto>) => call(),
    onSuccess: (cart) => queryClient.setQueryData(cartQueryOptions(viewer).queryKey, cart),
  });
}

import { useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { CartDto } from '@nhasach/shared';
import { useViewer } from '../../lib/viewer.ts';
import { cartQueryOptions } from './api/get-cart.ts';

/**
 * A cart write (add, select, quantity, voucher, ...): its answer is the whole cart, put in the cart query of the
 * session that made it. An answer that lands after a logout goes to that session's key, which nothing reads.
 * `send` makes the request of a write described by its variables; `options` adds what the caller shows.
 */
export function useCartMutation<V>(send: (write: V) => Promise<CartDto>, options: Pick<UseMutationOptions<CartDto, Error, V>, 'onMutate' | 'onError'> = {}) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    ...options,
    mutationKey: CART_WRITE,
    mutationFn: send,
    onSuccess: (cart) => {
      const key = cartQueryOptions(viewer).queryKey;
      // Writes overlapping (a quantity, then a tick before its answer): an answer while another write runs would
      // undo that write's tick on the page. Only the last one to finish is shown, and after overlapping writes the
      // cart is read again, since the answers may have come in another order than the server applied them.
      if (queryClient.isMutating({ mutationKey: CART_WRITE }) > 1) {
        overlapped.add(queryClient);
        return;
      }
      queryClient.setQueryData(key, cart);
      if (overlapped.delete(queryClient)) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

const CART_WRITE = ['cart-write'];
/** Query clients whose cart writes overlapped since their cart was last shown from an answer. */
const overlapped = new WeakSet<QueryClient>();

/** Runs one cart write (a function making its requests) and files its answer (the whole cart). */
export type CartWrite = (call: () => Promise<CartDto>) => Promise<CartDto>;

const runCall = (call: () => Promise<CartDto>) => call();

/** A cart write given as the function that makes its requests (the buy box, buy now, the voucher field). */
export function useCartWrite() {
  return useCartMutation(runCall);
}

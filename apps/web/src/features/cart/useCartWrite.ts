import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
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
    mutationFn: send,
    onSuccess: (cart) => queryClient.setQueryData(cartQueryOptions(viewer).queryKey, cart),
  });
}

/** Runs one cart write (a function making its requests) and files its answer (the whole cart). */
export type CartWrite = (call: () => Promise<CartDto>) => Promise<CartDto>;

const runCall = (call: () => Promise<CartDto>) => call();

/** A cart write given as the function that makes its requests (the buy box, buy now, the voucher field). */
export function useCartWrite() {
  return useCartMutation(runCall);
}

import { IDEMPOTENCY_KEY_HEADER, type CreateOrderInput, type OrderDto, type OrderPage, type OrderStatus } from '@nhasach/shared';
import { queryOptions } from '@tanstack/react-query';
import { sessionKey } from '../lib/viewer.ts';
import { api } from './client.ts';

/** The customer's orders (spec section 7, Orders and payment). */

/** Keys of the session's orders (lib/viewer.ts): the viewer is the signed-in user's id. */
export const orderKeys = {
  all: (viewer: string) => sessionKey(viewer, 'orders'),
  mine: (viewer: string, statuses: readonly OrderStatus[], page: number, size: number) => sessionKey(viewer, 'orders', 'me', statuses.join(','), page, size),
  detail: (viewer: string, code: string) => sessionKey(viewer, 'orders', 'detail', code),
};

/**
 * POST /api/v1/orders from the selected cart lines. The Idempotency-Key makes a repeated submit (double click,
 * a retry after a lost answer) return the first order instead of placing a second one.
 */
export const createOrder = (body: CreateOrderInput, idempotencyKey: string) =>
  api.post<OrderDto>('/api/v1/orders', body, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

/** GET /api/v1/orders/me?page&size&status (status: a comma list). */
export const fetchMyOrders = (statuses: readonly OrderStatus[], page: number, size: number, signal?: AbortSignal) =>
  api.get<OrderPage>('/api/v1/orders/me', { page, size, status: statuses.join(',') }, { signal });

/** GET /api/v1/orders/{code}. */
export const fetchOrder = (code: string, signal?: AbortSignal) => api.get<OrderDto>(`/api/v1/orders/${encodeURIComponent(code)}`, undefined, { signal });

/** One of the session's orders, as its page reads it. */
export const orderQuery = (viewer: string, code: string) =>
  queryOptions({ queryKey: orderKeys.detail(viewer, code), queryFn: ({ signal }) => fetchOrder(code, signal) });

/** POST /api/v1/orders/{code}/cancel {reason}. */
export const cancelOrder = (code: string, reason: string) => api.post<OrderDto>(`/api/v1/orders/${encodeURIComponent(code)}/cancel`, { reason });

/** A random key for one checkout attempt (8-64 of [A-Za-z0-9._:-]); works outside secure contexts too. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

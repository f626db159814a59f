import type { OrderReturnsDto, PageResult, ReturnDto, ReturnRequestInput, ReturnStatus } from '@nhasach/shared';
import { sessionKey } from '../lib/viewer.ts';
import { api } from './client.ts';

/** Returns after delivery: the shopper's request and page, and the sales back-office's steps. */

export const returnKeys = {
  order: (viewer: string, code: string) => sessionKey(viewer, 'orders', 'returns', code),
  staffAll: ['sales', 'returns'] as const,
  staffList: (status: ReturnStatus | undefined, page: number, orderId?: number) => ['sales', 'returns', 'list', status ?? '', page, orderId ?? 0] as const,
  staffOne: (id: number) => ['sales', 'returns', 'one', id] as const,
};

const orderPath = (code: string) => `/api/v1/orders/${encodeURIComponent(code)}/returns`;

/** GET /api/v1/orders/{code}/returns: the order's returns, what may still be returned, until when. */
export const fetchOrderReturns = (code: string, signal?: AbortSignal) => api.get<OrderReturnsDto>(orderPath(code), undefined, { signal });

/** POST /api/v1/orders/{code}/returns, multipart: `data` (JSON) and up to three `photos`. */
export function requestReturn(code: string, data: ReturnRequestInput, photos: readonly File[]) {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const p of photos) form.append('photos', p, p.name);
  return api.post<ReturnDto>(orderPath(code), form);
}

const STAFF = '/api/v1/sales/returns';
export const fetchReturns = (q: { status?: ReturnStatus; page: number; size: number; orderId?: number }, signal?: AbortSignal) =>
  api.get<PageResult<ReturnDto>>(STAFF, q, { signal });
export const fetchReturn = (id: number, signal?: AbortSignal) => api.get<ReturnDto>(`${STAFF}/${id}`, undefined, { signal });
export const approveReturn = (id: number) => api.post<ReturnDto>(`${STAFF}/${id}/approve`, {});
export const refuseReturn = (id: number, reason: string) => api.post<ReturnDto>(`${STAFF}/${id}/refuse`, { reason });
export const receiveReturn = (id: number) => api.post<ReturnDto>(`${STAFF}/${id}/receive`, {});
export const refundReturn = (id: number, note?: string) => api.post<ReturnDto>(`${STAFF}/${id}/refund`, { note: note || null });

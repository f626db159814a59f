import type {
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  SaleAssignInput,
  SaleCancelInput,
  SaleNoteInput,
  SaleOrderCountsDto,
  SaleOrderDto,
  SaleOrderPage,
  SalePaymentChangeInput,
  SaleRefundInput,
  SaleShippingInput,
  SaleStaffDto,
  SaleStatusChangeInput,
} from '@nhasach/shared';
import { api } from './client.ts';

/** The sales back-office (spec section 7, Sales): order list, detail and the writes of the order forms. */

const BASE = '/api/v1/sales/orders';
const orderPath = (id: number) => `${BASE}/${id}`;

/** The filters of the order list, as sent (page zero-based, sort 'field,direction'). */
export interface SaleOrderListParams {
  page: number;
  size: number;
  sort: string;
  q?: string;
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
  paymentMethod?: PaymentMethod;
  /** yyyy-mm-dd, inclusive, Vietnam time. */
  from?: string;
  to?: string;
}

/** The filters the per-status counts follow: everything except paging, sort and the status tab. */
export type SaleOrderCountFilters = Pick<SaleOrderListParams, 'q' | 'paymentStatus' | 'paymentMethod' | 'from' | 'to'>;

export const saleKeys = {
  all: ['sales'] as const,
  lists: ['sales', 'orders', 'list'] as const,
  list: (params: SaleOrderListParams) => ['sales', 'orders', 'list', params] as const,
  counts: (filters: SaleOrderCountFilters) => ['sales', 'orders', 'counts', filters] as const,
  countsAll: ['sales', 'orders', 'counts'] as const,
  detail: (id: number) => ['sales', 'orders', 'detail', id] as const,
  staff: ['sales', 'staff'] as const,
};

/** GET /api/v1/sales/orders?page&size&sort&q&status&paymentStatus&paymentMethod&from&to. */
export const fetchSaleOrders = (params: SaleOrderListParams, signal?: AbortSignal) => api.get<SaleOrderPage>(BASE, { ...params }, { signal });

/** GET /api/v1/sales/orders/counts: orders per status under the same filters. */
export const fetchSaleOrderCounts = (filters: SaleOrderCountFilters, signal?: AbortSignal) =>
  api.get<SaleOrderCountsDto>(`${BASE}/counts`, { ...filters }, { signal });

/** GET /api/v1/sales/orders/{id} with items, address, shipping, notes, refunds, history and what may change. */
export const fetchSaleOrder = (id: number, signal?: AbortSignal) => api.get<SaleOrderDto>(orderPath(id), undefined, { signal });

/** GET /api/v1/sales/staff: enabled SALE and ADMIN accounts an order can be assigned to. */
export const fetchSaleStaff = (signal?: AbortSignal) => api.get<SaleStaffDto[]>('/api/v1/sales/staff', undefined, { signal });

// Every write answers with the whole order (SaleOrderDto), so the page can show it without reloading.

/** PUT .../{id}/status {status, note?, version}. */
export const changeSaleOrderStatus = (id: number, body: SaleStatusChangeInput) => api.put<SaleOrderDto>(`${orderPath(id)}/status`, body);

/** PUT .../{id}/payment {paymentStatus, paidAt?, note?, version}. */
export const changeSaleOrderPayment = (id: number, body: SalePaymentChangeInput) => api.put<SaleOrderDto>(`${orderPath(id)}/payment`, body);

/** PUT .../{id}/shipping {fee, shippingCarrier, trackingCode, shippedAt, version}. */
export const updateSaleOrderShipping = (id: number, body: SaleShippingInput) => api.put<SaleOrderDto>(`${orderPath(id)}/shipping`, body);

/** PUT .../{id}/assign {assigneeId, version}. */
export const assignSaleOrder = (id: number, body: SaleAssignInput) => api.put<SaleOrderDto>(`${orderPath(id)}/assign`, body);

/** POST .../{id}/notes {note}. */
export const addSaleOrderNote = (id: number, body: SaleNoteInput) => api.post<SaleOrderDto>(`${orderPath(id)}/notes`, body);

/** POST .../{id}/cancel {reason, version}. */
export const cancelSaleOrder = (id: number, body: SaleCancelInput) => api.post<SaleOrderDto>(`${orderPath(id)}/cancel`, body);

/** POST .../{id}/refund-manual {amount, method, note?, version}. */
export const refundSaleOrder = (id: number, body: SaleRefundInput) => api.post<SaleOrderDto>(`${orderPath(id)}/refund-manual`, body);

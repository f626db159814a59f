import { queryOptions } from '@tanstack/react-query';
import type { OrderInvoiceDto } from '@nhasach/shared';
import { api } from '../../../api/client.ts';
import { saleKeys } from '../../../api/sales.ts';

/**
 * Sales staff: an order's VAT invoice request and invoices, per version of the order (a payment saved on the page
 * bumps it, and the invoice it issued is read anew).
 */
export const saleInvoiceQueryOptions = (orderId: number, version: number) =>
  queryOptions({
    queryKey: [...saleKeys.detail(orderId), 'invoice', version] as const,
    queryFn: ({ signal }) => api.get<OrderInvoiceDto>(`/api/v1/sales/orders/${orderId}/invoice`, undefined, { signal }),
  });

/** POST: issues the invoice of a paid order that asked for one (once). */
export const issueInvoice = (orderId: number) => api.post<OrderInvoiceDto>(`/api/v1/sales/orders/${orderId}/invoice`);

export const saleInvoicePdfPath = (orderId: number, invoiceId: number) => `/api/v1/sales/orders/${orderId}/invoices/${invoiceId}/pdf`;

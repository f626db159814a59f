import { queryOptions } from '@tanstack/react-query';
import type { InvoiceRequestDto, OrderInvoiceDto } from '@nhasach/shared';
import { api } from '../../../api/client.ts';
import { sessionKey } from '../../../lib/viewer.ts';

const path = (code: string) => `/api/v1/orders/${encodeURIComponent(code)}/invoice`;

/** The shopper's VAT invoice request and invoices of one order (session-keyed, like the order). */
export const orderInvoiceQueryOptions = (viewer: string, code: string) =>
  queryOptions({
    queryKey: sessionKey(viewer, 'orders', 'invoice', code),
    queryFn: ({ signal }) => api.get<OrderInvoiceDto>(path(code), undefined, { signal }),
  });

/** PUT: asks for (or corrects) the company invoice of an order not yet invoiced. */
export const requestInvoice = (code: string, body: InvoiceRequestDto) => api.put<OrderInvoiceDto>(path(code), body);

/** Where the shopper downloads one invoice as PDF. */
export const orderInvoicePdfPath = (code: string, invoiceId: number) => `/api/v1/orders/${encodeURIComponent(code)}/invoices/${invoiceId}/pdf`;

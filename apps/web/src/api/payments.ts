import type { BankTransferPaymentDto, PaymentCheckoutDto, PaymentMethodOptionDto, PaymentProvider, PaymentReturnDto, PaymentStatusDto } from '@nhasach/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';

/** Online payment (spec section 7, Orders and payment). */

export const paymentKeys = { methods: ['payments', 'methods'] as const };

/** GET /api/v1/payments/methods: what the shop takes now, in the order the checkout offers it. */
export const fetchPaymentMethods = (signal?: AbortSignal) => api.get<PaymentMethodOptionDto[]>('/api/v1/payments/methods', undefined, { signal });

/** The methods as the checkout reads them (one query for every visit of the form). */
export const paymentMethodsQuery = () =>
  queryOptions({ queryKey: paymentKeys.methods, queryFn: ({ signal }) => fetchPaymentMethods(signal), staleTime: 5 * 60_000 });

/** POST /api/v1/payments/{orderCode}/checkout?provider&returnUrl: the gateway URL to send the browser to. */
export const startPaymentCheckout = (orderCode: string, provider: PaymentProvider, returnUrl: string) =>
  api.post<PaymentCheckoutDto>(`/api/v1/payments/${encodeURIComponent(orderCode)}/checkout`, undefined, { query: { provider, returnUrl } });

/** GET /api/v1/payments/vnpay/return?{gateway query}: the return query checked by the server (never applied). */
export const readVnpayReturn = (gatewayQuery: Record<string, string>) => api.get<PaymentReturnDto>('/api/v1/payments/vnpay/return', gatewayQuery);

/** GET /api/v1/payments/{orderCode}/status: what the return page polls. */
export const fetchPaymentStatus = (orderCode: string, signal?: AbortSignal) =>
  api.get<PaymentStatusDto>(`/api/v1/payments/${encodeURIComponent(orderCode)}/status`, undefined, { signal });

/** GET /api/v1/payments/{orderCode}/bank-transfer: the VietQR page of a bank-transfer order. */
export const fetchBankTransfer = (orderCode: string, signal?: AbortSignal) =>
  api.get<BankTransferPaymentDto>(`/api/v1/payments/${encodeURIComponent(orderCode)}/bank-transfer`, undefined, { signal });

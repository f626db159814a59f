import { STOCK_ALERT_MESSAGES, type StockAlertStateDto } from '@nhasach/shared';
import { api, requestRaw } from './client.ts';

/** "Báo tôi khi có hàng": POST /api/v1/books/{id}/stock-alerts (a guest gives an e-mail); the answer's message says what happens. */
export async function subscribeStockAlert(bookId: number, email?: string): Promise<string> {
  const body = (await requestRaw('POST', `/api/v1/books/${bookId}/stock-alerts`, { body: email ? { email } : {} })) as { message?: string } | undefined;
  return body?.message ?? STOCK_ALERT_MESSAGES.subscribed;
}

/** Whether the signed-in shopper already waits for the book. */
export const fetchStockAlertState = (bookId: number, signal?: AbortSignal) =>
  api.get<StockAlertStateDto>(`/api/v1/books/${bookId}/stock-alerts/me`, undefined, { signal });

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { SHIPPING_QUOTE_PATH, type ErrorCode, type ShippingQuoteDto, type ShippingQuoteRequest } from '@nhasach/shared';
import { ApiError, api } from '../../../api/client.ts';
import { sessionKey } from '../../../lib/viewer.ts';

/**
 * The carrier's fee quote for the checkout's address and lines (POST /shipping/quote). Keyed by the address and the
 * lines (book and quantity, in a stable order), so that picking another address or changing a quantity quotes again
 * and going back to one already quoted answers from the cache.
 */
export const shippingQuoteOptions = (viewer: string, body: ShippingQuoteRequest | null) => {
  const items = body ? [...body.items].sort((a, b) => a.bookId - b.bookId) : [];
  return queryOptions({
    queryKey: sessionKey(viewer, 'shipping-quote', body?.addressId ?? 0, items.map((i) => `${i.bookId}x${i.quantity}`).join(',')),
    queryFn: ({ signal }) => api.post<ShippingQuoteDto>(SHIPPING_QUOTE_PATH, { addressId: body!.addressId, items }, { signal }),
    enabled: !!body && items.length > 0,
    // A carrier's tariff moves rarely; the order is checked against the server's own quote anyway.
    staleTime: 60_000,
    // The previous address's options stay (dimmed) while the new ones are quoted, instead of the list jumping.
    placeholderData: keepPreviousData,
    // An address the carrier does not serve (400) or not the shopper's (404) is an answer, not a hiccup.
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
};

/** The order was refused because the fee shown is not the server's quote any more (409). */
// A typed literal rather than ERROR_CODES: the table would join the checkout's first load for one code.
const SHIPPING_FEE_CHANGED: ErrorCode = 'SHIPPING_FEE_CHANGED';
export const isShippingFeeChanged = (err: unknown) => err instanceof ApiError && err.code === SHIPPING_FEE_CHANGED;

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DeliveryMethod } from '@nhasach/shared';
import { useViewer } from '../../lib/viewer.ts';
import { shippingQuoteOptions } from './api/shippingQuote.ts';

/** The carrier's quote for the checkout: the query, and the option of the chosen method once quoted for this address. */
export function useShippingQuote(addressId: number | undefined, lines: readonly { bookId: number; qty: number }[], method: DeliveryMethod | null) {
  const viewer = useViewer();
  const body = addressId && lines.length > 0 ? { addressId, items: lines.map((l) => ({ bookId: l.bookId, quantity: l.qty })) } : null;
  const query = useQuery(shippingQuoteOptions(viewer, body));
  // The previous address's quote, shown while this one is asked, is not this address's fee.
  const current = query.isPlaceholderData ? undefined : query.data;
  const option = current?.options.find((o) => o.deliveryMethod === method);
  // The order was refused for a stale fee: the options say so beside the new fee until the shopper orders again.
  const [feeChanged, setFeeChanged] = useState(false);
  const refreshAfterFeeChange = () => {
    setFeeChanged(true);
    void query.refetch();
    document.getElementById('checkout-step-2')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  return { query, option, feeChanged, refreshAfterFeeChange, clearFeeChanged: () => setFeeChanged(false) };
}
export type ShippingQuoteState = ReturnType<typeof useShippingQuote>;


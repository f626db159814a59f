// The way back from the payment gateway, apart from the rest of online payment (payment.ts): the checkout page
// reads it on every visit, and loads the gateway's code only to leave for it or to read its answer.

/** The gateway sends the shopper back here: the checkout page shows the payment-result banner. */
export const PAYMENT_RETURN_PATH = '/checkout';

/** The return page at the address the store is open at (the server accepts its own addresses). */
export const paymentReturnBase = (): string => `${window.location.origin}${PAYMENT_RETURN_PATH}`;

/** The gateway's parameters in the current query (vnp_*), or nothing when this is not a return from it. */
export function gatewayParams(search: URLSearchParams): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [k, v] of search) if (k.startsWith('vnp_')) out[k] = v;
  return Object.keys(out).length ? out : undefined;
}

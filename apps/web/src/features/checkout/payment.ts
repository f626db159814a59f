import {
  PAYMENT_BANNERS,
  PAYMENT_POLL_INTERVAL_MS,
  PAYMENT_POLL_TRIES,
  PAYMENT_PROVIDER_NAMES,
  PAYMENT_PROVIDERS,
  STORAGE_KEYS,
  paymentReturnResult,
  type PaymentProvider,
} from '@nhasach/shared';
import { fetchPaymentStatus, readVnpayReturn, startPaymentCheckout } from '../../api/payments.ts';
import { errorText } from '../../components/ui/errorText.ts';
import { storage } from '../../lib/storage.ts';
import { paymentReturnBase } from './paymentReturn.ts';

export { gatewayParams, PAYMENT_RETURN_PATH, paymentReturnBase } from './paymentReturn.ts';

/**
 * Online payment in the browser: leaving for the gateway, and reading the result when the shopper comes back
 * (spec section 4, Payment-return flow).
 */

/** The card gateway the shop sends shoppers to. */
export const PROVIDER: PaymentProvider = PAYMENT_PROVIDERS[0];
export const providerName = (p: PaymentProvider = PROVIDER) => PAYMENT_PROVIDER_NAMES[p];

export function paymentReturnUrl(orderCode: string): string {
  return `${paymentReturnBase()}?order=${encodeURIComponent(orderCode)}`;
}

/**
 * Starts the payment of `orderCode` and sends the browser to the gateway. The intro overlay is told to stay away
 * on the way back. Throws with 'Không nhận được URL thanh toán VNPAY' when the server gave no link.
 */
export async function goToGateway(orderCode: string, provider: PaymentProvider = PROVIDER): Promise<void> {
  const result = await startPaymentCheckout(orderCode, provider, paymentReturnUrl(orderCode));
  const url = result?.checkoutUrl;
  if (!url) throw new Error(`Không nhận được URL thanh toán ${providerName(provider)}`);
  storage.set(STORAGE_KEYS.introSkipOnce, '1');
  window.location.assign(url);
}

/** What the order page says when the gateway could not be opened for a new order (goToGateway threw). */
export const startFailedText = (err: unknown): string => errorText(err, PAYMENT_BANNERS.startFailed(providerName()));

export type PaymentOutcomeKind = 'checking' | 'pending' | 'success' | 'recorded' | 'fail' | 'unreadable';

export interface PaymentOutcome {
  kind: PaymentOutcomeKind;
  orderCode: string | null;
  /** The gateway's text for its response code. */
  message?: string;
  amount?: number | null;
  /** Another payment can be started (fail / unreadable only). */
  canPay?: boolean;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = window.setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      window.clearTimeout(t);
      resolve();
    });
  });

async function canPayNow(orderCode: string | null): Promise<boolean> {
  if (!orderCode) return false;
  try {
    return (await fetchPaymentStatus(orderCode)).canPay;
  } catch {
    return false;
  }
}

/**
 * Reads the return query through the server, then polls the order's payment status up to 5 times 1.2 s apart
 * while the gateway said '00' but the payment is not PAID yet. `onProgress` gets the intermediate states.
 */
export async function resolvePaymentReturn(
  params: Record<string, string>,
  fallbackOrderCode: string | null,
  onProgress: (o: PaymentOutcome) => void,
  signal: AbortSignal,
): Promise<PaymentOutcome> {
  let read;
  try {
    read = await readVnpayReturn(params);
  } catch {
    return { kind: 'unreadable', orderCode: fallbackOrderCode, canPay: await canPayNow(fallbackOrderCode) };
  }
  const orderCode = read.orderCode ?? fallbackOrderCode;
  if (!read.valid) return { kind: 'unreadable', orderCode, canPay: await canPayNow(orderCode) };
  const base = { orderCode, message: read.message, amount: read.amount };
  const first = paymentReturnResult({ paymentStatus: read.paymentStatus, responseCode: read.responseCode });
  if (first === 'success') return { ...base, kind: 'success' };
  if (first === 'fail') return { ...base, kind: 'fail', canPay: await canPayNow(orderCode) };

  // '00' without PAID yet: the gateway's server-to-server notice may still be on its way.
  onProgress({ ...base, kind: 'pending' });
  if (!orderCode) return { ...base, kind: 'recorded' };
  for (let i = 0; i < PAYMENT_POLL_TRIES; i++) {
    await sleep(PAYMENT_POLL_INTERVAL_MS, signal);
    if (signal.aborted) break;
    try {
      const status = await fetchPaymentStatus(orderCode);
      if (status.paymentStatus === 'PAID') return { ...base, kind: 'success' };
    } catch {
      // one failed poll is not the answer; try again
    }
  }
  return { ...base, kind: 'recorded' };
}

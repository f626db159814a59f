import { ONLINE_PAYMENT_TTL_MINUTES, vnpayResponseMessage } from '@nhasach/shared';
import type { PaymentProviderDefinition } from '../provider.ts';
import { createVnpayClient } from './client.ts';
import { clientIpForVnpay } from './protocol.ts';
import { assertOnlinePaymentReady } from './readiness.ts';
import { latestForOrder } from './repo.ts';
import { vnpayRoutes } from './routes.ts';
import { startPayment, type VnpayContext } from './service.ts';
import { SANDBOX_API_PATH, SANDBOX_PATH, vnpaySettings } from './settings.ts';

/**
 * VNPAY (protocol 2.1.0): the shopper pays on the gateway's page within 15 minutes; the IPN records the payment;
 * querydr and refund go to the merchant web API. Without VNPAY_URL the built-in sandbox plays the gateway when
 * VNPAY_SANDBOX is on (the vnpay-sandbox module), reached over HTTP at this server's own address.
 */
export const vnpay: PaymentProviderDefinition = {
  method: 'VNPAY',
  paidHow: 'thanh toán qua VNPAY',
  placedMailNote: (_order, { deadline }) => `Vui lòng hoàn tất thanh toán VNPAY trước ${deadline}; sau thời hạn này đơn hàng sẽ tự động bị huỷ.`,
  deliveredMailLine: () => null,
  create({ config, db, log, process, ownOrigin }) {
    // Throws at start when a real gateway is configured without its credentials.
    const settings = vnpaySettings(config);
    const ctx: VnpayContext = { db, settings, process, log };
    const client = createVnpayClient({ db, settings, apiUrl: () => (settings.sandbox ? `${ownOrigin()}${SANDBOX_API_PATH}` : settings.apiUrl) });
    return {
      ready: settings.enabled,
      sandbox: settings.sandbox ? { path: SANDBOX_PATH } : null,
      startupNotice: settings.sandbox
        ? `VNPAY SANDBOX: payments go to the built-in test gateway at ${settings.payUrl} (no real money moves). ` +
          'Set VNPAY_URL, VNPAY_TMN_CODE and VNPAY_HASH_SECRET for real payments, or VNPAY_SANDBOX=false to turn it off.'
        : !settings.enabled
          ? 'No VNPAY gateway: VNPAY_URL is not set and the sandbox is off (VNPAY_SANDBOX), so only cash on delivery can be paid.'
          : undefined,
      assertCanPlace: ({ returnUrl, reached }) => void assertOnlinePaymentReady(config, settings, returnUrl, reached),
      paymentDeadline: (now) => new Date(now.getTime() + ONLINE_PAYMENT_TTL_MINUTES * 60_000),
      checkout: {
        prepare: ({ returnUrl, reached }) => ({ returnUrl: assertOnlinePaymentReady(config, settings, returnUrl, reached) }),
        start: (tx, order, input, now) => startPayment(ctx, tx, order, { ...input, ip: clientIpForVnpay(input.ip) }, now),
      },
      routes: (app) => vnpayRoutes(app, ctx),
      async statusFacts(database, order) {
        const last = await latestForOrder(database, order.id);
        const message = last?.responseCode ? vnpayResponseMessage(last.responseCode) : null;
        return { lastAttempt: last ? { txnRef: last.txnRef, status: last.status, responseCode: last.responseCode, message } : null };
      },
      query: (ref, opts) => client.query(ref, { ip: opts?.ip }),
      refund: (input) => client.refund(input),
    };
  },
};


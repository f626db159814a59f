/**
 * Payments (VNPAY 2.1.0): checkout, IPN, return and status under /api/v1/payments, and the built-in gateway
 * sandbox under /sandbox/vnpay when no real gateway is configured (VNPAY_URL unset).
 * Bank transfer (VietQR): the payment page's data and the notification webhook under /api/v1/payments, and the
 * built-in test bank under /sandbox/bank when no real account is configured (bank-transfer/).
 * For the sales back-office: refundVnpayPayment and queryVnpayTransaction (gateway-client.ts).
 * The expiry of unpaid orders is scheduled by the orders module (orderExpiryPlugin), not here.
 */
import type { FastifyInstance } from 'fastify';
import { paymentRoutes } from './routes.ts';
import { sandboxRoutes } from './sandbox/routes.ts';
import { vnpaySettings } from './settings.ts';
import { bankTransferRoutes } from './bank-transfer/routes.ts';
import { bankSandboxRoutes } from './bank-transfer/sandbox-routes.ts';
import { bankTransferSettings } from './bank-transfer/settings.ts';

export { queryVnpayTransaction, refundVnpayPayment, type GatewayApiResult, type RefundInput } from './gateway-client.ts';
export { listForOrder as paymentTransactionsOf, type PaymentTxnRow } from './repo.ts';
export { vnpaySettings, type VnpaySettings } from './settings.ts';
export { bankTransferSettings, type BankTransferSettings } from './bank-transfer/settings.ts';
export { transfersOfOrder as bankTransfersOf, type BankTransferRow } from './bank-transfer/repo.ts';

export async function paymentsPlugin(app: FastifyInstance): Promise<void> {
  // Throws at start when a real gateway is configured without its credentials.
  const settings = vnpaySettings(app.config);
  if (settings.sandbox) {
    app.log.warn(
      `VNPAY SANDBOX: payments go to the built-in test gateway at ${settings.payUrl} (no real money moves). ` +
        'Set VNPAY_URL, VNPAY_TMN_CODE and VNPAY_HASH_SECRET for real payments, or VNPAY_SANDBOX=false to turn it off.',
    );
  } else if (!settings.enabled) {
    app.log.warn('No VNPAY gateway: VNPAY_URL is not set and the sandbox is off (VNPAY_SANDBOX), so only cash on delivery can be paid.');
  }
  await app.register(paymentRoutes, { prefix: '/api/v1', settings });
  await app.register(sandboxRoutes, { settings });

  const bank = bankTransferSettings(app.config);
  if (bank.sandbox) {
    app.log.warn(
      `BANK TRANSFER SANDBOX: VietQR codes name a demo account and the test bank at ${bank.sandboxUrl} confirms transfers (no real money moves). ` +
        'Set BANK_TRANSFER_ACCOUNT_NO, BANK_TRANSFER_BIN, BANK_TRANSFER_ACCOUNT_NAME and BANK_TRANSFER_WEBHOOK_SECRET for real transfers.',
    );
  } else if (!bank.enabled) {
    app.log.warn('No bank account for transfers: BANK_TRANSFER_ACCOUNT_NO is not set and the test bank is off (BANK_TRANSFER_SANDBOX).');
  }
  await app.register(bankTransferRoutes, { prefix: '/api/v1', settings: bank });
  await app.register(bankSandboxRoutes, { settings: bank });
}

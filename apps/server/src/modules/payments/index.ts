/**
 * Payments: one provider per method (cod/, vnpay/, bank-transfer/), registered in registry.ts, behind one interface
 * (provider.ts): start a payment, read and verify the gateway's return and notification, query, refund where the
 * gateway can, the payment deadline. The method list, the checkout, the readiness checks and the order expiry read
 * the registry. Routes under /api/v1/payments. Payments change orders only through the orders module's process.
 * The built-in sandboxes (vnpay-sandbox, bank-sandbox) are modules of their own, loaded only when turned on.
 */
import type { FastifyInstance } from 'fastify';
import type { PaymentRegistry } from './registry.ts';
import { paymentRoutes } from './routes.ts';

export {
  COLLECTED_ON_DELIVERY_METHODS,
  createPaymentRegistry,
  paymentMethodDefinition,
  type PaymentRegistry,
} from './registry.ts';
export type { GatewayApiResult, PaymentProvider, PaymentProviderDefinition, ProviderDeps, RefundInput } from './provider.ts';
export { ownOrigin } from './own-origin.ts';
export { transfersOfOrder as bankTransfersOf, type BankTransferRow } from './bank-transfer/repo.ts';

// For the built-in sandboxes, which play the gateway and the bank with the same protocol code.
export * as vnpayProtocol from './vnpay/protocol.ts';
export { IPN_PATH, SANDBOX_API_PATH, SANDBOX_PATH, SANDBOX_TMN_CODE, vnpaySettings, type VnpaySettings } from './vnpay/settings.ts';
export { findByRef as findVnpayAttempt } from './vnpay/repo.ts';
export {
  BANK_SANDBOX_PATH,
  BANK_WEBHOOK_PATH,
  bankNameOf,
  bankTransferSettings,
  DEMO_BANK_ACCOUNT,
  type BankTransferSettings,
} from './bank-transfer/settings.ts';
export { signBody as signBankNotification } from './bank-transfer/signature.ts';
export { decodeVietQr } from './bank-transfer/vietqr.ts';

/** Logs what each method's configuration means, then serves the payment routes under /api/v1. */
export async function paymentsPlugin(app: FastifyInstance, opts: { registry: PaymentRegistry }): Promise<void> {
  for (const provider of opts.registry.all()) if (provider.startupNotice) app.log.warn(provider.startupNotice);
  await app.register(paymentRoutes, { prefix: '/api/v1', registry: opts.registry });
}

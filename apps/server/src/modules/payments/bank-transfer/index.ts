import { ERROR_CODES, formatVnd } from '@nhasach/shared';
import { AppError } from '../../../lib/errors.ts';
import type { PaymentProviderDefinition } from '../provider.ts';
import { latestMismatch } from './repo.ts';
import { bankTransferRoutes } from './routes.ts';
import type { BankTransferContext } from './service.ts';
import { BANK_SANDBOX_PATH, bankTransferSettings } from './settings.ts';

/**
 * Bank transfer by VietQR: the shopper scans the code (account, exact amount, the order code as the note) in a
 * banking app; a transfer-notification service calls the signed webhook, which records the payment. No gateway
 * refund (staff give the money back by transfer). Without an account the built-in test bank plays the bank when
 * BANK_TRANSFER_SANDBOX is on (the bank-sandbox module).
 */
export const bankTransfer: PaymentProviderDefinition = {
  method: 'BANK_TRANSFER',
  paidHow: 'thanh toán bằng chuyển khoản ngân hàng',
  placedMailNote: (order, { link, deadline }) =>
    `Vui lòng chuyển khoản đúng ${formatVnd(order.grandTotal)} với nội dung ${order.code} trước ${deadline} ` +
    `(mã VietQR và số tài khoản: ${link}/chuyen-khoan); sau thời hạn này đơn hàng sẽ tự động bị huỷ.`,
  deliveredMailLine: () => null,
  create({ config, db, log, process }) {
    // Throws at start when a real account is half configured.
    const settings = bankTransferSettings(config);
    const ctx: BankTransferContext = { db, settings, process, log };
    return {
      ready: settings.enabled,
      sandbox: settings.sandbox ? { path: BANK_SANDBOX_PATH } : null,
      startupNotice: settings.sandbox
        ? `BANK TRANSFER SANDBOX: VietQR codes name a demo account and the test bank at ${settings.sandboxUrl} confirms transfers (no real money moves). ` +
          'Set BANK_TRANSFER_ACCOUNT_NO, BANK_TRANSFER_BIN, BANK_TRANSFER_ACCOUNT_NAME and BANK_TRANSFER_WEBHOOK_SECRET for real transfers.'
        : !settings.enabled
          ? 'No bank account for transfers: BANK_TRANSFER_ACCOUNT_NO is not set and the test bank is off (BANK_TRANSFER_SANDBOX).'
          : undefined,
      assertCanPlace() {
        if (!settings.enabled) {
          throw new AppError(409, ERROR_CODES.paymentNotAllowed, 'Cửa hàng chưa nhận chuyển khoản ngân hàng. Vui lòng chọn phương thức thanh toán khác.');
        }
      },
      paymentDeadline: (now) => new Date(now.getTime() + settings.expiryMinutes * 60_000),
      routes: (app) => bankTransferRoutes(app, ctx),
      async statusFacts(database, order) {
        const mismatch = await latestMismatch(database, order.id);
        return { transferMismatch: mismatch ? { amount: mismatch.amount, receivedAt: mismatch.receivedAt.toISOString() } : null };
      },
    };
  },
};

import type { FastifyBaseLogger } from 'fastify';
import {
  bankTransferWebhookSchema,
  ERROR_CODES,
  formatVnd,
  orderCodesIn,
  transferNoteFor,
  type BankTransferNotification,
  type BankTransferOutcome,
  type BankTransferPaymentDto,
  type BankTransferWebhookAnswer,
} from '@nhasach/shared';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { AuthUser } from '../../../lib/guards.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { findOrderByCode, lockOrder, markOrderPaid, ORDER_NOT_FOUND, recordHistory, SYSTEM_ACTOR, type OrderProcess, type OrderRow } from '../../orders/index.ts';
import * as repo from './repo.ts';
import type { BankTransferSettings } from './settings.ts';
import { verifyBodySignature } from './signature.ts';
import { qrSvgDataUrl, vietQrPayload } from './vietqr.ts';

export interface BankTransferContext {
  db: Db;
  settings: BankTransferSettings;
  process: OrderProcess;
  log: FastifyBaseLogger;
}

/** What the history and the mails call this payment. */
export const BANK_TRANSFER_PROVIDER = 'Chuyển khoản';

const awaiting = (order: OrderRow, now: Date) =>
  order.status === 'PENDING' &&
  (order.paymentStatus === 'UNPAID' || order.paymentStatus === 'PENDING') &&
  order.paymentExpiresAt !== null &&
  order.paymentExpiresAt.getTime() > now.getTime();

/**
 * The VietQR payment page of the shopper's own transfer order: the shop's account, the exact amount, the note and
 * the QR code that holds them. Someone else's order, or an unknown code, is a 404.
 */
export async function paymentInfo(ctx: BankTransferContext, user: AuthUser, orderCode: string, now = new Date()): Promise<BankTransferPaymentDto> {
  const order = await findOrderByCode(ctx.db, orderCode);
  if (!order || order.userId !== user.id) throw notFound(ORDER_NOT_FOUND);
  if (order.paymentMethod !== 'BANK_TRANSFER') {
    throw new AppError(409, ERROR_CODES.paymentNotAllowed, 'Đơn hàng này không thanh toán bằng chuyển khoản ngân hàng.');
  }
  const s = ctx.settings;
  if (!s.enabled) {
    throw new AppError(503, ERROR_CODES.paymentGatewayError, 'Cửa hàng chưa cấu hình tài khoản nhận chuyển khoản. Vui lòng liên hệ cửa hàng.');
  }
  const transferNote = transferNoteFor(order.code);
  const qrPayload = vietQrPayload({ bankBin: s.bankBin, accountNo: s.accountNo, amount: order.grandTotal, note: transferNote });
  return {
    orderCode: order.code,
    status: order.status,
    paymentStatus: order.paymentStatus,
    amount: order.grandTotal,
    bankBin: s.bankBin,
    bankName: s.bankName,
    accountNo: s.accountNo,
    accountName: s.accountName,
    transferNote,
    qrPayload,
    qrImage: await qrSvgDataUrl(qrPayload),
    expiresAt: order.paymentExpiresAt?.toISOString() ?? null,
    paidAt: order.paidAt?.toISOString() ?? null,
    awaitingPayment: awaiting(order, now),
    sandboxBankUrl: s.sandboxUrl ? `${s.sandboxUrl}?qr=${encodeURIComponent(qrPayload)}` : null,
  };
}

export interface WebhookResult {
  status: number;
  answer: BankTransferWebhookAnswer;
}

/** 'yyyy-MM-dd HH:mm:ss' in Vietnam time (SePay), or an ISO 8601 instant; undefined when neither. */
export function parseTransactionDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const local = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(value);
  const date = local ? new Date(`${local[1]}-${local[2]}-${local[3]}T${local[4]}:${local[5]}:${local[6]}+07:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The transfer-notification webhook: signature over the raw body first (nothing is read before it verifies), then
 * the body, then the transaction is recorded once by the service's id and applied under the order's row lock.
 * Answers: 200 {success: true, message: outcome | 'DUPLICATE'} for everything read and recorded (services retry
 * anything else); 401 INVALID_SIGNATURE, 400 INVALID_BODY, 500 ERROR (nothing written: the service retries).
 */
export async function handleWebhook(ctx: BankTransferContext, rawBody: string, signature: string | undefined, now = new Date()): Promise<WebhookResult> {
  if (!verifyBodySignature(rawBody, signature, ctx.settings.webhookSecret)) {
    return { status: 401, answer: { success: false, message: 'INVALID_SIGNATURE' } };
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { status: 400, answer: { success: false, message: 'INVALID_BODY' } };
  }
  const parsed = bankTransferWebhookSchema.safeParse(json);
  if (!parsed.success) return { status: 400, answer: { success: false, message: 'INVALID_BODY' } };
  const n = parsed.data;
  try {
    return await ctx.db.transaction((tx) => applyNotification(ctx, tx, n, json as Record<string, unknown>, now));
  } catch (err) {
    // A replay that raced past ON CONFLICT (the first one rolled back and was retried): still a replay.
    if (isUniqueViolation(err)) return { status: 200, answer: { success: true, message: 'DUPLICATE' } };
    ctx.log.error({ err, providerTxnId: n.id }, 'bank transfer notification failed');
    return { status: 500, answer: { success: false, message: 'ERROR' } };
  }
}

interface Decision {
  outcome: BankTransferOutcome;
  order?: OrderRow;
  note?: string;
}

async function applyNotification(
  ctx: BankTransferContext,
  tx: Tx,
  n: BankTransferNotification,
  payload: Record<string, unknown>,
  now: Date,
): Promise<WebhookResult> {
  const transactionAt = parseTransactionDate(n.transactionDate);
  const row = await repo.insertOnce(tx, {
    providerTxnId: n.id,
    amount: n.transferAmount,
    accountNumber: n.accountNumber,
    bankName: n.gateway ?? null,
    referenceCode: n.referenceCode ?? null,
    content: n.content ?? null,
    transferType: n.transferType,
    transactionAt: transactionAt ?? null,
    // Provisional: settled below in the same transaction.
    outcome: 'UNMATCHED',
    payload,
    receivedAt: now,
  });
  if (!row) {
    const first = await repo.findByProviderId(tx, n.id);
    return { status: 200, answer: { success: true, message: 'DUPLICATE', orderCode: first?.orderCode ?? null } };
  }

  const decision = await decide(ctx, tx, n, transactionAt ?? now, now);
  await repo.updateTransfer(tx, row.id, {
    outcome: decision.outcome,
    orderId: decision.order?.id ?? null,
    orderCode: decision.order?.code ?? null,
    note: decision.note ?? null,
  });
  if (decision.order && decision.note) {
    await recordHistory(tx, { orderId: decision.order.id, actor: SYSTEM_ACTOR, type: 'PAYMENT', note: `${BANK_TRANSFER_PROVIDER}: ${decision.note}`, at: now });
  }
  if (decision.outcome !== 'PAID') {
    ctx.log.warn({ providerTxnId: n.id, orderCode: decision.order?.code, outcome: decision.outcome }, 'bank transfer needs attention');
  }
  return { status: 200, answer: { success: true, message: decision.outcome, orderCode: decision.order?.code ?? null } };
}

async function decide(ctx: BankTransferContext, tx: Tx, n: BankTransferNotification, paidAt: Date, now: Date): Promise<Decision> {
  if (n.transferType !== 'in') return { outcome: 'IGNORED', note: undefined };
  if (n.accountNumber !== ctx.settings.accountNo) return { outcome: 'IGNORED' };

  // The first code in the note that names an existing order.
  let found: OrderRow | undefined;
  for (const code of orderCodesIn([n.code, n.content, n.description].filter(Boolean).join(' '))) {
    found = await findOrderByCode(tx, code);
    if (found) break;
  }
  if (!found) return { outcome: 'UNMATCHED' };
  const amount = formatVnd(n.transferAmount);
  const ref = n.referenceCode ?? n.id;
  if (found.paymentMethod !== 'BANK_TRANSFER') {
    return { outcome: 'UNMATCHED', order: found, note: `nhận ${amount} (mã ${ref}) cho đơn không chọn chuyển khoản: cần kiểm tra.` };
  }
  // Order first: the same lock order as every other payment write.
  const order = (await lockOrder(tx, found.id))!;
  if (order.paidAt !== null || order.paymentStatus === 'PAID' || order.paymentStatus === 'REFUND_PENDING' || order.paymentStatus === 'REFUNDED') {
    return { outcome: 'ALREADY_PAID', order, note: `nhận thêm ${amount} (mã ${ref}) cho đơn đã thanh toán: cần hoàn tiền.` };
  }
  if (n.transferAmount !== order.grandTotal) {
    return {
      outcome: 'AMOUNT_MISMATCH',
      order,
      note: `nhận ${amount} (mã ${ref}) nhưng đơn cần ${formatVnd(order.grandTotal)}: chưa ghi nhận thanh toán, cần xử lý thủ công.`,
    };
  }
  const transactionNo = String(ref).slice(0, 64);
  const { outcome, order: updated } = await markOrderPaid(ctx.process, tx, order.id, { provider: BANK_TRANSFER_PROVIDER, transactionNo, amount: n.transferAmount, paidAt });
  switch (outcome) {
    case 'PAID':
      return { outcome: 'PAID', order: updated ?? order };
    case 'LATE_PAYMENT':
      // markOrderPaid wrote the history (refund due).
      ctx.log.warn({ orderId: order.id, at: now }, 'bank transfer for a cancelled order: refund due');
      return { outcome: 'LATE_PAYMENT', order: updated ?? order };
    case 'ALREADY_PAID':
      return { outcome: 'ALREADY_PAID', order, note: `nhận thêm ${amount} (mã ${ref}) cho đơn đã thanh toán: cần hoàn tiền.` };
    case 'AMOUNT_MISMATCH':
      return { outcome: 'AMOUNT_MISMATCH', order, note: `nhận ${amount} (mã ${ref}), không khớp số tiền của đơn.` };
    case 'NOT_FOUND':
      return { outcome: 'UNMATCHED' };
  }
}

import type { FastifyBaseLogger } from 'fastify';
import {
  ERROR_CODES,
  formatVnd,
  paymentReturnResult,
  VNPAY_INVALID_SIGNATURE_MESSAGE,
  vnpayResponseMessage,
  type PaymentCheckoutDto,
  type PaymentReturnDto,
} from '@nhasach/shared';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { accepted, findOrderById, lockOrder, markOrderPaid, recordHistory, SYSTEM_ACTOR, type OrderProcess, type OrderRow } from '../../orders/index.ts';
import * as repo from './repo.ts';
import type { VnpaySettings } from './settings.ts';
import { buildPaymentUrl, formatVnpDate, IPN_ANSWERS, parseVnpDate, verifyQuery, type IpnAnswer, type VnpParams } from './protocol.ts';

/** VNPAY 2.1.0 on the merchant side: a payment attempt, the IPN (source of truth) and the browser's return. */
export interface VnpayContext {
  db: Db;
  settings: VnpaySettings;
  process: OrderProcess;
  log: FastifyBaseLogger;
}

/** Attempts per order (two digits of the reference); far above what a shopper does within the 15-minute window. */
export const MAX_ATTEMPTS = 30;

/**
 * Starts a VNPAY payment for an order that waits for it (locked by the caller): a new attempt (its own vnp_TxnRef,
 * since VNPAY refuses a reference it has seen), the order's payment PENDING, and the signed URL of the gateway. The
 * gateway closes the payment at the order's payment deadline (vnp_ExpireDate), before the expiry job cancels the order.
 */
export async function startPayment(
  ctx: VnpayContext,
  tx: Tx,
  order: OrderRow,
  input: { returnUrl: string; ip: string },
  now: Date,
): Promise<PaymentCheckoutDto> {
  const attempt = (await repo.countForOrder(tx, order.id)) + 1;
  if (attempt > MAX_ATTEMPTS) throw new AppError(409, ERROR_CODES.paymentNotAllowed, 'Đơn hàng đã vượt quá số lần thử thanh toán. Vui lòng liên hệ cửa hàng.');
  const txnRef = `${order.code}${String(attempt).padStart(2, '0')}`;
  const expiresAt = order.paymentExpiresAt!;
  const { returnUrl } = input;
  await repo.insertTxn(tx, {
    orderId: order.id,
    provider: 'VNPAY',
    txnRef,
    amount: order.grandTotal,
    createDate: formatVnpDate(now),
    expiresAt,
    returnUrl,
    ipAddr: input.ip,
  });
  if (order.paymentStatus === 'UNPAID') accepted(await ctx.process.transition(tx, order, { payment: { to: 'PENDING' } }, SYSTEM_ACTOR));
  const checkoutUrl = buildPaymentUrl(
    ctx.settings.payUrl,
    { txnRef, amount: order.grandTotal, orderInfo: `Thanh toan don hang ${order.code}`, returnUrl, ipAddr: input.ip, createdAt: now, expiresAt },
    ctx.settings,
  );
  return { checkoutUrl, provider: 'VNPAY', orderCode: order.code, txnRef, expiresAt: expiresAt.toISOString() };
}

/** The result fields VNPAY reports, as stored on the attempt. */
function gatewayFields(params: VnpParams, now: Date) {
  const { vnp_SecureHash: _hash, vnp_SecureHashType: _type, ...signed } = params;
  return {
    responseCode: params.vnp_ResponseCode ?? null,
    transactionStatus: params.vnp_TransactionStatus ?? null,
    transactionNo: params.vnp_TransactionNo ?? null,
    bankCode: params.vnp_BankCode ?? null,
    bankTranNo: params.vnp_BankTranNo ?? null,
    cardType: params.vnp_CardType ?? null,
    payDate: parseVnpDate(params.vnp_PayDate) ?? null,
    ipnParams: signed,
    processedAt: now,
  };
}

/**
 * The IPN (server to server, the source of truth): signature, then the attempt ('01'), the amount ('04'), then
 * whether it was already applied ('02'); the result is applied once, under the order's and the attempt's row locks.
 * Success marks the order paid. A failure (cancelled at the gateway, declined) is recorded and the order goes back
 * to UNPAID: the shopper may try again until the payment deadline, when the expiry job cancels the order and
 * returns its stock exactly once.
 */
export async function handleIpn(ctx: VnpayContext, query: Record<string, unknown>, now = new Date()): Promise<IpnAnswer> {
  const { valid, params } = verifyQuery(query, ctx.settings.hashSecret);
  if (!valid) return IPN_ANSWERS.invalidSignature;
  const txnRef = params.vnp_TxnRef;
  if (!txnRef || params.vnp_TmnCode !== ctx.settings.tmnCode) return IPN_ANSWERS.orderNotFound;
  if (!/^\d{1,16}$/.test(params.vnp_Amount ?? '')) return IPN_ANSWERS.invalidAmount;
  try {
    return await ctx.db.transaction((tx) => applyIpn(ctx, tx, txnRef, params, now));
  } catch (err) {
    ctx.log.error({ err, txnRef }, 'VNPAY IPN failed');
    return IPN_ANSWERS.unknownError;
  }
}

async function applyIpn(ctx: VnpayContext, tx: Tx, txnRef: string, params: VnpParams, now: Date): Promise<IpnAnswer> {
  const found = await repo.findByRef(tx, txnRef);
  if (!found) return IPN_ANSWERS.orderNotFound;
  // Order first, then the attempt: the same lock order as checkout, so the two never deadlock.
  const order = await lockOrder(tx, found.orderId);
  if (!order) return IPN_ANSWERS.orderNotFound;
  const txn = (await repo.lockByRef(tx, txnRef))!;
  if (Number(params.vnp_Amount) !== txn.amount * 100 || txn.amount !== order.grandTotal) return IPN_ANSWERS.invalidAmount;
  if (txn.status !== 'PENDING') return IPN_ANSWERS.alreadyConfirmed;

  const fields = gatewayFields(params, now);
  const paid = params.vnp_ResponseCode === '00' && params.vnp_TransactionStatus === '00';
  if (!paid) {
    await repo.updateTxn(tx, txn.id, { ...fields, status: 'FAILED' });
    const code = params.vnp_ResponseCode ?? '';
    const note = `VNPAY: thanh toán không thành công (mã ${code}: ${vnpayResponseMessage(code)}), giao dịch ${txnRef}.`;
    // The shopper may try again until the deadline: a payment under way is unpaid again.
    if (order.paymentStatus === 'PENDING') accepted(await ctx.process.transition(tx, order, { payment: { to: 'UNPAID', note } }, SYSTEM_ACTOR));
    else await recordHistory(tx, { orderId: order.id, actor: SYSTEM_ACTOR, type: 'PAYMENT', note, at: now });
    return IPN_ANSWERS.success;
  }

  const transactionNo = params.vnp_TransactionNo || txnRef;
  const { outcome } = await markOrderPaid(ctx.process, tx, order.id, { provider: 'VNPAY', transactionNo, amount: txn.amount, paidAt: fields.payDate ?? now });
  switch (outcome) {
    case 'PAID':
      await repo.updateTxn(tx, txn.id, { ...fields, status: 'SUCCESS' });
      return IPN_ANSWERS.success;
    case 'LATE_PAYMENT': {
      // The order was cancelled before the money came (orders marked it REFUND_PENDING and wrote its history).
      await repo.updateTxn(tx, txn.id, { ...fields, status: 'SUCCESS', note: 'Thanh toán đến sau khi đơn đã huỷ: cần hoàn tiền.' });
      ctx.log.warn({ txnRef, orderId: order.id }, 'VNPAY payment for a cancelled order: refund due');
      return IPN_ANSWERS.success;
    }
    case 'ALREADY_PAID': {
      // Paid twice (two attempts completed, or staff recorded a payment): keep the money's trace for a refund.
      const note = `Đơn đã được thanh toán trước đó: cần hoàn tiền giao dịch ${txnRef} (${formatVnd(txn.amount)}).`;
      await repo.updateTxn(tx, txn.id, { ...fields, status: 'SUCCESS', note });
      await recordHistory(tx, { orderId: order.id, actor: SYSTEM_ACTOR, type: 'PAYMENT', note: `VNPAY: ${note}`, at: now });
      ctx.log.warn({ txnRef, orderId: order.id }, 'second VNPAY payment for a paid order: refund due');
      return IPN_ANSWERS.alreadyConfirmed;
    }
    case 'AMOUNT_MISMATCH':
      return IPN_ANSWERS.invalidAmount;
    case 'NOT_FOUND':
      return IPN_ANSWERS.orderNotFound;
  }
}

/**
 * What the browser brought back from the gateway, checked but never applied (the IPN is the source of truth):
 * the codes, their Vietnamese text and the order's current payment status.
 */
export async function readReturn(ctx: VnpayContext, query: Record<string, unknown>): Promise<PaymentReturnDto> {
  const { valid, params } = verifyQuery(query, ctx.settings.hashSecret);
  if (!valid) {
    return {
      valid: false,
      orderCode: null,
      txnRef: null,
      responseCode: null,
      transactionStatus: null,
      amount: null,
      message: VNPAY_INVALID_SIGNATURE_MESSAGE,
      paymentStatus: null,
      result: 'fail',
    };
  }
  const txnRef = params.vnp_TxnRef ?? null;
  const txn = txnRef ? await repo.findByRef(ctx.db, txnRef) : undefined;
  const order = txn ? await findOrderById(ctx.db, txn.orderId) : undefined;
  const responseCode = params.vnp_ResponseCode ?? null;
  const amount = /^\d+$/.test(params.vnp_Amount ?? '') ? Number(params.vnp_Amount) / 100 : null;
  return {
    valid: true,
    orderCode: order?.code ?? null,
    txnRef,
    responseCode,
    transactionStatus: params.vnp_TransactionStatus ?? null,
    amount,
    message: vnpayResponseMessage(responseCode),
    paymentStatus: order?.paymentStatus ?? null,
    result: paymentReturnResult({ paymentStatus: order?.paymentStatus, responseCode }),
  };
}


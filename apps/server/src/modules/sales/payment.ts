import {
  ERROR_CODES,
  formatVnd,
  paidAmountOf,
  PAYMENT_STATUS_LABELS,
  paymentChangeBlock,
  REFUND_METHOD_LABELS,
  refundBlock,
  SALES_MESSAGES,
  type SaleOrderDto,
  type SalePaymentChange,
  type SaleRefund,
} from '@nhasach/shared';
import type { Tx } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { AuthUser } from '../../lib/guards.ts';
import { cancelOrder, recordRefund, accepted, lockOrder, type OrderRow } from '../orders/index.ts';
import type { GatewayApiResult } from '../payments/index.ts';
import * as repo from './repo.ts';
import { actorOf, auditOrder, checkInstant, getOrder, refusal, withLockedOrder, type SalesContext } from './service.ts';

const PAID_AT_ONLY_WHEN_RECEIVED = 'Chỉ nhập thời điểm thanh toán khi ghi nhận đơn chưa thanh toán là Đã thanh toán.';

/** PUT .../{id}/payment: the changes of the shared MANUAL_PAYMENT_STATUS_CHANGES table and its guards; 409 otherwise. */
export async function changePayment(ctx: SalesContext, user: AuthUser, id: number, input: SalePaymentChange): Promise<SaleOrderDto> {
  await withLockedOrder(ctx.db, id, input.version, async (tx, { order, facts }) => {
    const to = input.paymentStatus;
    const blocked = paymentChangeBlock(facts, to);
    if (blocked) throw refusal(blocked);
    const from = order.paymentStatus;
    const received = to === 'PAID' && (from === 'UNPAID' || from === 'PENDING');
    if (input.paidAt && !received) throw badRequest(PAID_AT_ONLY_WHEN_RECEIVED, [{ field: 'paidAt', message: PAID_AT_ONLY_WHEN_RECEIVED }]);

    const paidAt = received ? (input.paidAt ? new Date(input.paidAt) : new Date()) : undefined;
    if (paidAt) checkInstant(order, paidAt, 'paidAt');

    const line = `${PAYMENT_STATUS_LABELS[from]} → ${PAYMENT_STATUS_LABELS[to]}`;
    const detail = received ? `${line} (${formatVnd(order.grandTotal)}, ghi nhận tay)` : line;
    const note = input.note ? `${detail}: ${input.note}` : detail;
    // The process stamps paidAt (or clears it when a payment is undone) and mails the shopper a payment received.
    accepted(await ctx.process.transition(tx, order, { payment: { to, note, ...(paidAt ? { paidAt } : {}) } }, actorOf(user)));
    await auditOrder(tx, user, order, 'ORDER_PAYMENT', `Đơn ${order.code}: ${note}`, {
      from,
      to,
      paidAt: paidAt?.toISOString() ?? null,
      note: input.note ?? null,
    });
  });
  return getOrder(ctx, id);
}

/**
 * The effects of a refund now recorded: history, audit, and once the refunds reach the amount paid, REFUNDED; a
 * CANCEL_REQUESTED order is then CANCELED, its stock back exactly once (orders module).
 */
async function applyRefund(ctx: Omit<SalesContext, 'shipments' | 'carrierCreatesShipments'>, tx: Tx, user: AuthUser, order: OrderRow, refund: repo.RefundRow, refundedTotal: number): Promise<void> {
  const actor = actorOf(user);
  const full = refundedTotal >= paidAmountOf(order);
  const parts = [`Hoàn ${formatVnd(refund.amount)} (${REFUND_METHOD_LABELS[refund.method]})`];
  if (refund.gatewayRef) parts.push(`mã giao dịch ${refund.gatewayRef}`);
  if (full) parts.push('đã hoàn đủ tiền');
  const note = `${parts.join(', ')}${refund.note ? `: ${refund.note}` : ''}`;
  await recordRefund(ctx.process, tx, order, { amount: refund.amount, note, full, actor, at: new Date() });
  let canceled = false;
  if (full && order.status === 'CANCEL_REQUESTED') {
    await cancelOrder(ctx.process, tx, order.id, { actor, reason: order.cancelReason ?? 'Đã hoàn tiền theo yêu cầu huỷ đơn', toStatus: 'CANCELED' });
    canceled = true;
  }
  await auditOrder(tx, user, order, 'ORDER_REFUND', `Đơn ${order.code}: ${note}`, {
    refundId: refund.id,
    amount: refund.amount,
    method: refund.method,
    gatewayRef: refund.gatewayRef,
    refundedTotal,
    paymentStatus: full ? 'REFUNDED' : order.paymentStatus,
    canceled,
  });
}

/** Why the gateway call failed, as a 502 that says nothing changed. */
function gatewayFailure(result: GatewayApiResult): AppError {
  const detail = result.verified ? `${result.message} (mã ${result.responseCode})` : 'phản hồi không có chữ ký hợp lệ';
  return new AppError(502, ERROR_CODES.paymentGatewayError, SALES_MESSAGES.gatewayRefundFailed(detail));
}

/**
 * POST .../{id}/refund-manual. Cash and bank transfers are recorded in one transaction. A GATEWAY refund asks
 * VNPAY (the sandbox when VNPAY_URL is unset) and must not hold the order's lock during the call, so: (1) under
 * the lock, check and insert the refund PENDING (it counts against what is refundable, so concurrent refunds can
 * never exceed the amount paid); (2) ask the gateway; (3) on success, under the lock again, mark it DONE and apply
 * the effects; on any failure delete the PENDING row (the order never changed) and answer 502.
 */
export async function refundOrder(ctx: SalesContext, user: AuthUser, id: number, input: SaleRefund, ip?: string): Promise<SaleOrderDto> {
  await makeRefund(ctx, user, id, input, ip);
  return getOrder(ctx, id);
}

/**
 * The refund itself (see refundOrder), answering the refund's id: the returns module refunds returned lines through
 * it, so order_refunds stays the one record of money given back and REFUNDED follows only from the whole amount paid.
 */
export async function makeRefund(ctx: Omit<SalesContext, 'shipments' | 'carrierCreatesShipments'>, user: AuthUser, id: number, input: SaleRefund, ip?: string): Promise<number> {
  const check = (facts: Parameters<typeof refundBlock>[0]) => {
    const blocked = refundBlock(facts, input.amount, input.method);
    if (blocked) throw refusal(blocked);
  };

  if (input.method !== 'GATEWAY') {
    return withLockedOrder(ctx.db, id, input.version, async (tx, { order, facts, refunded }) => {
      check(facts);
      const refund = await repo.insertRefund(tx, {
        orderId: id,
        amount: input.amount,
        method: input.method,
        status: 'DONE',
        actorId: user.id,
        note: input.note ?? null,
        completedAt: new Date(),
      });
      await applyRefund(ctx, tx, user, order, refund, refunded + input.amount);
      return refund.id;
    });
  }

  const { reserved, gateway } = await withLockedOrder(ctx.db, id, input.version, async (tx, { order, facts }) => {
    check(facts);
    const row = await repo.insertRefund(tx, { orderId: id, amount: input.amount, method: 'GATEWAY', status: 'PENDING', actorId: user.id, note: input.note ?? null });
    return { reserved: row, gateway: ctx.payments.get(order.paymentMethod) };
  });

  let result: GatewayApiResult;
  try {
    if (!gateway.refund) throw new AppError(409, ERROR_CODES.refundNotAllowed, SALES_MESSAGES.gatewayRefundUnavailable);
    result = await gateway.refund({ orderId: id, amount: input.amount, createdBy: user.username, ip });
  } catch (err) {
    await repo.deletePendingRefund(ctx.db, reserved.id);
    if (err instanceof AppError && err.statusCode < 500) throw err;
    if (!(err instanceof AppError)) ctx.log.error({ err, orderId: id }, 'VNPAY refund call failed');
    throw new AppError(502, ERROR_CODES.paymentGatewayError, SALES_MESSAGES.gatewayUnreachable);
  }
  if (!result.ok) {
    await repo.deletePendingRefund(ctx.db, reserved.id);
    ctx.log.warn({ orderId: id, responseCode: result.responseCode, verified: result.verified }, 'VNPAY refused a refund');
    throw gatewayFailure(result);
  }

  await ctx.db.transaction(async (tx) => {
    const order = (await lockOrder(tx, id))!;
    const gatewayRef = result.reference;
    await repo.completeRefund(tx, reserved.id, gatewayRef);
    const refundedTotal = await repo.refundedSum(tx, id);
    await applyRefund(ctx, tx, user, order, { ...reserved, status: 'DONE', gatewayRef }, refundedTotal);
  });
  return reserved.id;
}

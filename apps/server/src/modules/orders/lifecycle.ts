import { ERROR_CODES, formatVnd, type OrderHistoryType, type OrderStatus } from '@nhasach/shared';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { accepted, NOT_CANCELLABLE, SYSTEM_ACTOR, type OrderActor, type OrderProcess } from './process.ts';
import * as repo from './repo.ts';

/**
 * What happens to an order after it is placed, for the customer routes, the payments module, the sales back-office
 * and the expiry job. Every function that changes an order takes a transaction, locks the order row first and
 * changes status and payment status only through the order process.
 */

export const ORDER_NOT_FOUND = 'Không tìm thấy đơn hàng';
export const EXPIRED_REASON = 'Hết thời hạn thanh toán trực tuyến';

export interface HistoryEntry {
  orderId: number;
  actor: OrderActor;
  type: OrderHistoryType;
  note?: string | null;
  at?: Date;
}

/** One line of the order's history that is not a change of state (a failed payment, a shipment, an assignment). */
export async function recordHistory(tx: Tx, entry: HistoryEntry): Promise<void> {
  await repo.insertHistory(tx, {
    orderId: entry.orderId,
    actorId: entry.actor.id,
    actorRole: entry.actor.role,
    type: entry.type,
    note: entry.note ?? null,
    ...(entry.at ? { at: entry.at } : {}),
  });
}

/** The order with this code (any owner), or undefined. */
export function findOrderByCode(db: Db | Tx, code: string): Promise<repo.OrderRow | undefined> {
  return repo.findByCode(db, code.trim().toUpperCase());
}

export interface CancelOptions {
  actor: OrderActor;
  reason: string;
  /** CANCELED (default) returns the stock; CANCEL_REQUESTED asks staff to cancel a paid order (and refund). */
  toStatus?: 'CANCELED' | 'CANCEL_REQUESTED';
  /** Statuses the order may be in for this caller (the customer's, the expiry job's); default: the process's table. */
  allowedFrom?: readonly OrderStatus[];
}

/**
 * Cancels an order (or records a cancellation request): payment PAID -> REFUND_PENDING, stock and voucher use back
 * exactly once, the shopper's mail (after-hooks of the process). 404 when the order does not exist, 409
 * ORDER_STATUS_INVALID when its status does not allow it.
 */
export async function cancelOrder(process: OrderProcess, tx: Tx, orderId: number, opts: CancelOptions): Promise<repo.OrderRow> {
  const toStatus = opts.toStatus ?? 'CANCELED';
  const order = await repo.lockById(tx, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (opts.allowedFrom && !opts.allowedFrom.includes(order.status)) throw new AppError(409, ERROR_CODES.orderStatusInvalid, NOT_CANCELLABLE);
  // Money received for a cancelled order is owed back; staff refunds it (sales back-office).
  const owed = toStatus === 'CANCELED' && order.paymentStatus === 'PAID';
  return accepted(await process.transition(tx, order, { status: toStatus, ...(owed ? { payment: { to: 'REFUND_PENDING' } } : {}) }, opts.actor, opts.reason));
}

export interface PaymentReceipt {
  /** Who took the money, as the history says it ('VNPAY', 'Chuyển khoản'). */
  provider: string;
  transactionNo: string;
  /** Integer VND. */
  amount: number;
  paidAt: Date;
  actor?: OrderActor;
}

export type MarkPaidOutcome =
  /** Recorded now. */
  | 'PAID'
  /** Already recorded (a repeated IPN): nothing changed. */
  | 'ALREADY_PAID'
  /** The amount is not the order's grand total: nothing changed. */
  | 'AMOUNT_MISMATCH'
  /** The order was cancelled (e.g. its payment window expired) before the money came: recorded as REFUND_PENDING. */
  | 'LATE_PAYMENT'
  | 'NOT_FOUND';

/**
 * Records a payment received, idempotently (a gateway's notification is the source of truth and may come more than
 * once). The order's status is not changed: staff confirm paid orders like the others.
 */
export async function markOrderPaid(
  process: OrderProcess,
  tx: Tx,
  orderId: number,
  receipt: PaymentReceipt,
): Promise<{ outcome: MarkPaidOutcome; order?: repo.OrderRow }> {
  const order = await repo.lockById(tx, orderId);
  if (!order) return { outcome: 'NOT_FOUND' };
  if (order.paidAt !== null || order.paymentStatus === 'PAID' || order.paymentStatus === 'REFUND_PENDING' || order.paymentStatus === 'REFUNDED') {
    return { outcome: 'ALREADY_PAID', order };
  }
  if (receipt.amount !== order.grandTotal) return { outcome: 'AMOUNT_MISMATCH', order };
  const actor = receipt.actor ?? SYSTEM_ACTOR;
  const paidNote = `${receipt.provider}: đã nhận ${formatVnd(receipt.amount)}, mã giao dịch ${receipt.transactionNo}`;
  const late = order.status === 'CANCELED';
  const payment = late
    ? { to: 'REFUND_PENDING' as const, note: `${paidNote} sau khi đơn đã huỷ: cần hoàn tiền.` }
    : { to: 'PAID' as const, note: paidNote };
  const updated = accepted(
    await process.transition(tx, order, { payment: { ...payment, paidAt: receipt.paidAt, transactionNo: receipt.transactionNo } }, actor),
  );
  return { outcome: late ? 'LATE_PAYMENT' : 'PAID', order: updated };
}

/**
 * A refund recorded by staff (order locked): REFUNDED once the refunds reach the amount paid (else the version
 * moves, so concurrent edits notice), the REFUND line of the history, and the shopper's mail with the amount.
 */
export async function recordRefund(
  process: OrderProcess,
  tx: Tx,
  order: repo.OrderRow,
  refund: { amount: number; note: string; full: boolean; actor: OrderActor; at: Date },
): Promise<repo.OrderRow> {
  let updated: repo.OrderRow;
  if (refund.full) {
    updated = accepted(await process.transition(tx, order, { payment: { to: 'REFUNDED' } }, refund.actor));
  } else {
    updated = await repo.recordRefundMade(tx, order.id);
  }
  await recordHistory(tx, { orderId: order.id, actor: refund.actor, type: 'REFUND', note: refund.note, at: refund.at });
  // Every refund is the shopper's money coming back: each one is mailed with its amount.
  await process.notifier.event(tx, updated, { kind: 'REFUNDED', amount: refund.amount });
  return updated;
}

/** True while an online order still waits for its payment and its window closed at or before `at`. */
function paymentOverdue(order: repo.OrderRow, at: Date): boolean {
  return (
    order.status === 'PENDING' &&
    (order.paymentStatus === 'UNPAID' || order.paymentStatus === 'PENDING') &&
    order.paymentExpiresAt !== null &&
    order.paymentExpiresAt.getTime() <= at.getTime()
  );
}

/**
 * Cancels online orders whose payment did not arrive by paymentExpiresAt <= `now`, returning their stock. Each order
 * is claimed in its own transaction with FOR UPDATE SKIP LOCKED, so instances running the job at the same time share
 * the work and never take the same order; a crash rolls back only the order in hand, which the next run takes.
 * Re-checked under the lock (a payment recorded meanwhile wins). Returns how many this call cancelled.
 */
export async function expireUnpaidOnlineOrders(process: OrderProcess, db: Db, now: Date = new Date()): Promise<number> {
  let cancelled = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const order = await repo.claimDuePaymentOrder(tx, now);
      if (!order) return false;
      if (paymentOverdue(order, now)) {
        await cancelOrder(process, tx, order.id, { actor: SYSTEM_ACTOR, reason: EXPIRED_REASON, allowedFrom: ['PENDING'] });
        cancelled += 1;
      }
      return true;
    });
    if (!claimed) return cancelled;
  }
}

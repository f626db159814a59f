import {
  canTransition,
  ERROR_CODES,
  formatVnd,
  ORDER_STATUSES,
  type OrderActorRole,
  type OrderHistoryType,
  type OrderStatus,
} from '@nhasach/shared';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { announceCatalogChange } from '../catalog/cache-bus.ts';
import { giveBackUse } from '../vouchers/index.ts';
import { mailOrderEvent } from './notifications.ts';
import * as repo from './repo.ts';

/**
 * The order lifecycle API shared by the customer routes, the payments module and the sales back-office.
 * Every function that changes an order takes a transaction, locks the order row first and records history.
 */

export const ORDER_NOT_FOUND = 'Không tìm thấy đơn hàng';
export const NOT_CANCELLABLE = 'Không thể huỷ đơn ở trạng thái hiện tại.';
export const EXPIRED_REASON = 'Hết thời hạn thanh toán trực tuyến';

export interface OrderActor {
  /** The user who acted; null for the system (expiry job, gateway callbacks). */
  id: number | null;
  role: OrderActorRole;
}
export const SYSTEM_ACTOR: OrderActor = { id: null, role: 'SYSTEM' };

export interface HistoryEntry {
  orderId: number;
  actor: OrderActor;
  type: OrderHistoryType;
  fromStatus?: OrderStatus | null;
  toStatus?: OrderStatus | null;
  note?: string | null;
  at?: Date;
}

/** One line of the order's history: who, when, from, to and why. */
export async function recordHistory(tx: Tx, entry: HistoryEntry): Promise<void> {
  await repo.insertHistory(tx, {
    orderId: entry.orderId,
    actorId: entry.actor.id,
    actorRole: entry.actor.role,
    type: entry.type,
    fromStatus: entry.fromStatus ?? null,
    toStatus: entry.toStatus ?? null,
    note: entry.note ?? null,
    ...(entry.at ? { at: entry.at } : {}),
  });
}

/** The order with this code (any owner), or undefined. */
export function findOrderByCode(db: Db | Tx, code: string): Promise<repo.OrderRow | undefined> {
  return repo.findByCode(db, code.trim().toUpperCase());
}

/**
 * Gives the items' stock (and the voucher use, if any) back, exactly once per order: the stock_returned flag is claimed in the same transaction,
 * so a second cancel, a retry or a concurrent expiry finds it set and returns nothing. Books in id order (the
 * order creation locks them in the same order, so the two never deadlock).
 */
export async function returnStockOnce(tx: Tx, orderId: number): Promise<boolean> {
  if (!(await repo.claimStockReturn(tx, orderId))) return false;
  const items = await repo.itemsOf(tx, orderId);
  const byBook = new Map<number, number>();
  for (const item of items) byBook.set(item.bookId, (byBook.get(item.bookId) ?? 0) + item.qty);
  for (const bookId of [...byBook.keys()].sort((a, b) => a - b)) await repo.putBackStock(tx, bookId, byBook.get(bookId)!);
  // The voucher use goes back with the stock, under the same once-only claim (after the books: the lock order of
  // order creation, books then voucher).
  await giveBackUse(tx, orderId);
  // A sold-out book may be on sale again: every instance drops its catalogue caches at commit.
  await announceCatalogChange(tx);
  return true;
}

export interface CancelOptions {
  actor: OrderActor;
  reason: string;
  /** CANCELED (default) returns the stock; CANCEL_REQUESTED asks staff to cancel a paid order (and refund). */
  toStatus?: 'CANCELED' | 'CANCEL_REQUESTED';
  /** Statuses the order may be in; default: those the staff table allows to go to toStatus. */
  allowedFrom?: readonly OrderStatus[];
}

/**
 * Cancels an order (or records a cancellation request): status, reason and time, payment PAID -> REFUND_PENDING,
 * stock back exactly once, history. 404 when the order does not exist, 409 ORDER_STATUS_INVALID when its status does
 * not allow it.
 */
export async function cancelOrderReturningStock(tx: Tx, orderId: number, opts: CancelOptions): Promise<repo.OrderRow> {
  const toStatus = opts.toStatus ?? 'CANCELED';
  const order = await repo.lockById(tx, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const allowed = opts.allowedFrom ?? ORDER_STATUSES.filter((s) => canTransition(s, toStatus));
  if (!allowed.includes(order.status)) throw new AppError(409, ERROR_CODES.orderStatusInvalid, NOT_CANCELLABLE);

  const now = new Date();
  let updated: repo.OrderRow;
  if (toStatus === 'CANCELED') {
    updated = await repo.updateOrder(tx, orderId, {
      status: 'CANCELED',
      canceledAt: now,
      cancelReason: opts.reason,
      // Money received for a cancelled order is owed back; staff refunds it (sales back-office).
      ...(order.paymentStatus === 'PAID' ? { paymentStatus: 'REFUND_PENDING' as const } : {}),
    });
    await returnStockOnce(tx, orderId);
    await mailOrderEvent(tx, updated, { kind: 'CANCELED', reason: opts.reason });
  } else {
    updated = await repo.updateOrder(tx, orderId, { status: 'CANCEL_REQUESTED', cancelReason: opts.reason });
  }
  await recordHistory(tx, { orderId, actor: opts.actor, type: 'STATUS', fromStatus: order.status, toStatus, note: opts.reason, at: now });
  return updated;
}

export interface PaymentReceipt {
  /** 'VNPAY', or 'MANUAL' for staff. */
  provider: string;
  transactionNo: string;
  /** Integer VND (VNPAY's vnp_Amount / 100). */
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
 * Records a successful payment, idempotently (the IPN is the source of truth and may come more than once).
 * The order's status is not changed: staff confirm paid orders like the others.
 */
export async function markOrderPaid(tx: Tx, orderId: number, receipt: PaymentReceipt): Promise<{ outcome: MarkPaidOutcome; order?: repo.OrderRow }> {
  const order = await repo.lockById(tx, orderId);
  if (!order) return { outcome: 'NOT_FOUND' };
  if (order.paidAt !== null || order.paymentStatus === 'PAID' || order.paymentStatus === 'REFUNDED' || order.paymentStatus === 'REFUND_PENDING') {
    return { outcome: 'ALREADY_PAID', order };
  }
  if (receipt.amount !== order.grandTotal) return { outcome: 'AMOUNT_MISMATCH', order };
  const actor = receipt.actor ?? SYSTEM_ACTOR;
  const paidNote = `${receipt.provider}: đã nhận ${formatVnd(receipt.amount)}, mã giao dịch ${receipt.transactionNo}`;
  if (order.status === 'CANCELED') {
    const updated = await repo.updateOrder(tx, orderId, {
      paymentStatus: 'REFUND_PENDING',
      paidAt: receipt.paidAt,
      paymentTransactionNo: receipt.transactionNo,
    });
    await recordHistory(tx, { orderId, actor, type: 'PAYMENT', note: `${paidNote} sau khi đơn đã huỷ: cần hoàn tiền.` });
    return { outcome: 'LATE_PAYMENT', order: updated };
  }
  const updated = await repo.updateOrder(tx, orderId, {
    paymentStatus: 'PAID',
    paidAt: receipt.paidAt,
    paymentTransactionNo: receipt.transactionNo,
  });
  await recordHistory(tx, { orderId, actor, type: 'PAYMENT', note: paidNote });
  await mailOrderEvent(tx, updated, { kind: 'PAID' });
  return { outcome: 'PAID', order: updated };
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
export async function expireUnpaidOnlineOrders(db: Db, now: Date = new Date()): Promise<number> {
  let cancelled = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const order = await repo.claimDuePaymentOrder(tx, now);
      if (!order) return false;
      if (paymentOverdue(order, now)) {
        await cancelOrderReturningStock(tx, order.id, { actor: SYSTEM_ACTOR, reason: EXPIRED_REASON, allowedFrom: ['PENDING'] });
        cancelled += 1;
      }
      return true;
    });
    if (!claimed) return cancelled;
  }
}

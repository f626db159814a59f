import { eq, sql } from 'drizzle-orm';
import {
  ERROR_CODES,
  ORDER_STATUS_CHANGES,
  ORDER_STATUS_TIMESTAMPS,
  PAYMENT_STATUS_CHANGES,
  SALES_MESSAGES,
  type ErrorCode,
  type InvoiceRequestDto,
  type OrderActorRole,
  type OrderHistoryType,
  type OrderStatus,
  type PaymentStatus,
} from '@nhasach/shared';
import type { Tx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { AppError } from '../../lib/errors.ts';
import type { OrderNotifier } from './notifications.ts';
import * as repo from './repo.ts';
import { returnStockOnce } from './stock.ts';

/**
 * The order process: the one door through which an order's status and payment status change. It checks the shared
 * tables (ORDER_STATUS_CHANGES, PAYMENT_STATUS_CHANGES), stamps the timestamps, writes the history and runs the
 * after-hooks (stock and voucher use back on cancellation, the shopper's mails through the outbox), all in the
 * caller's transaction, with the order's row locked by the caller. Who may ask for which change (staff guards, the
 * customer's cancellable statuses) is decided by the caller before it knocks.
 */

export const NOT_CANCELLABLE = 'Không thể huỷ đơn ở trạng thái hiện tại.';

export interface OrderActor {
  /** The user who acted; null for the system (expiry job, gateway callbacks). */
  id: number | null;
  role: OrderActorRole;
}
export const SYSTEM_ACTOR: OrderActor = { id: null, role: 'SYSTEM' };

export interface PaymentChange {
  to: PaymentStatus;
  /**
   * The PAYMENT line of the history. A change without one records none: a payment started at the gateway, the
   * money of an order being cancelled now owed back (the cancellation's line says it), a refund (its own line).
   */
  note?: string;
  /** When the money arrived, for a change that receives it (default: the instant of the transition). */
  paidAt?: Date;
  /** The gateway's or the bank's reference of the money received. */
  transactionNo?: string;
}

export interface TransitionTarget {
  status?: OrderStatus;
  payment?: PaymentChange;
  /** The parcel handed over (SHIPPED): its carrier and tracking code go into the shopper's mail. */
  shipment?: { carrier: string; trackingCode: string };
}

/** Why the process refused: a stable code and the Vietnamese text the API answers with (HTTP 409). */
export interface TransitionRefusal {
  code: ErrorCode;
  message: string;
}

export type TransitionResult = { ok: true; order: repo.OrderRow } | { ok: false; refusal: TransitionRefusal };

/** What an after-hook is told: the order before and after, who, why, and what changed. */
export interface TransitionEvent {
  tx: Tx;
  before: repo.OrderRow;
  order: repo.OrderRow;
  actor: OrderActor;
  reason: string | undefined;
  at: Date;
  status?: { from: OrderStatus; to: OrderStatus };
  payment?: { from: PaymentStatus; to: PaymentStatus };
  shipment?: TransitionTarget['shipment'];
}

/** Runs after a change is written, in its transaction; a throw rolls the whole change back. */
export type AfterTransitionHook = (event: TransitionEvent) => Promise<void>;

/** What a placed-hook is told: the new order, its lines and the shopper's request (extras such as an invoice). */
export interface PlacedEvent {
  tx: Tx;
  order: repo.OrderRow;
  items: repo.OrderItemRow[];
  request: PlaceRequest;
}
/** The parts of the checkout request other modules act on. */
export interface PlaceRequest {
  invoice?: InvoiceRequestDto | null;
}
/** Runs when an order is placed, in its transaction; a throw rolls the order back. */
export type PlacedHook = (event: PlacedEvent) => Promise<void>;

export interface OrderProcess {
  /**
   * Moves `order` (locked by the caller, as read under the lock) to `to`. `reason` is the note of the STATUS history
   * line and the cancel reason of a cancellation. Refused, with nothing written, when the shared tables do not
   * allow a change.
   */
  transition(tx: Tx, order: repo.OrderRow, to: TransitionTarget, actor: OrderActor, reason?: string): Promise<TransitionResult>;
  /** A new order is written (PENDING): the confirmation mail, then the placed-hooks, in its transaction. */
  placed(event: PlacedEvent): Promise<void>;
  /** The shopper's mails (order placed, refunds), created once with the shop's address. */
  readonly notifier: OrderNotifier;
}

export interface OrderProcessOptions {
  notifier: OrderNotifier;
  /** Further after-hooks, run after the process's own (stock return, mails), in this order. */
  afterHooks?: readonly AfterTransitionHook[];
  /** Run when an order is placed, after its confirmation mail, in this order. */
  placedHooks?: readonly PlacedHook[];
}

const isCancel = (s: OrderStatus) => s === 'CANCELED' || s === 'CANCEL_REQUESTED';
const awaitingMoney = (s: PaymentStatus) => s === 'UNPAID' || s === 'PENDING';

function refuseStatus(to: OrderStatus): TransitionRefusal {
  return isCancel(to)
    ? { code: ERROR_CODES.orderStatusInvalid, message: NOT_CANCELLABLE }
    : { code: ERROR_CODES.orderTransitionInvalid, message: SALES_MESSAGES.transitionInvalid };
}

/** The shared tables' verdict on `to` from `order`, or null when allowed. A target equal to the current value is refused. */
function transitionRefusal(order: Pick<repo.OrderRow, 'status' | 'paymentStatus'>, to: TransitionTarget): TransitionRefusal | null {
  if (to.status !== undefined && !ORDER_STATUS_CHANGES[order.status].includes(to.status)) return refuseStatus(to.status);
  if (to.payment && !PAYMENT_STATUS_CHANGES[order.paymentStatus].includes(to.payment.to)) {
    return { code: ERROR_CODES.paymentStatusInvalid, message: SALES_MESSAGES.paymentChangeInvalid };
  }
  if (to.status === undefined && !to.payment) return { code: ERROR_CODES.orderStatusInvalid, message: SALES_MESSAGES.transitionInvalid };
  return null;
}

/** The refusal as the API answers it. */
const refusalError = (r: TransitionRefusal): AppError => new AppError(409, r.code, r.message);

/** The changed order, or the refusal thrown as the API's 409. */
export function accepted(result: TransitionResult): repo.OrderRow {
  if (!result.ok) throw refusalError(result.refusal);
  return result.order;
}

export function createOrderProcess(options: OrderProcessOptions): OrderProcess {
  const { notifier } = options;
  const afterHooks: readonly AfterTransitionHook[] = [returnStockOnCancel, notifier.afterTransition, ...(options.afterHooks ?? [])];

  return {
    notifier,
    async placed(event) {
      await notifier.placed(event.tx, event.order, event.items);
      for (const hook of options.placedHooks ?? []) await hook(event);
    },
    async transition(tx, order, to, actor, reason) {
      const refusal = transitionRefusal(order, to);
      if (refusal) return { ok: false, refusal };
      const at = new Date();
      const status = to.status !== undefined ? { from: order.status, to: to.status } : undefined;
      const payment = to.payment ? { from: order.paymentStatus, to: to.payment.to } : undefined;

      const changes: Partial<typeof orders.$inferInsert> = {};
      if (status) {
        changes.status = status.to;
        if (status.to in ORDER_STATUS_TIMESTAMPS) changes[ORDER_STATUS_TIMESTAMPS[status.to as keyof typeof ORDER_STATUS_TIMESTAMPS]] = at;
        if (isCancel(status.to)) changes.cancelReason = reason ?? null;
      }
      if (payment && to.payment) {
        changes.paymentStatus = payment.to;
        // Money arrives (paid, or owed back at once for a cancelled order): when, and the gateway's reference.
        if (awaitingMoney(payment.from) && !awaitingMoney(payment.to)) changes.paidAt = to.payment.paidAt ?? at;
        // A payment undone: the order is unpaid again.
        if (payment.to === 'UNPAID') changes.paidAt = null;
        if (to.payment.transactionNo !== undefined) changes.paymentTransactionNo = to.payment.transactionNo;
      }
      // The one write of an order's status and payment status; the version lets staff edits detect a change.
      const [updated] = await tx
        .update(orders)
        .set({ ...changes, version: sql`${orders.version} + 1`, updatedAt: at })
        .where(eq(orders.id, order.id))
        .returning();

      const line = (type: OrderHistoryType, note: string | null, statuses?: { from: OrderStatus; to: OrderStatus }) =>
        repo.insertHistory(tx, {
          orderId: order.id,
          actorId: actor.id,
          actorRole: actor.role,
          type,
          fromStatus: statuses?.from ?? null,
          toStatus: statuses?.to ?? null,
          note,
          at,
        });
      if (status) await line('STATUS', reason ?? null, status);
      if (to.payment?.note) await line('PAYMENT', to.payment.note);

      const event: TransitionEvent = { tx, before: order, order: updated!, actor, reason, at, status, payment, shipment: to.shipment };
      for (const hook of afterHooks) await hook(event);
      return { ok: true, order: updated! };
    },
  };
}

/** A cancelled order gives its stock and voucher use back, exactly once (returnStockOnce). */
const returnStockOnCancel: AfterTransitionHook = async ({ tx, order, status }) => {
  if (status?.to === 'CANCELED') await returnStockOnce(tx, order);
};

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  ERROR_CODES,
  ORDER_STATUSES,
  SALES_MESSAGES,
  type OrderStatus,
  type RuleBlock,
  type SaleOrderCountsDto,
  type SaleOrderDto,
  type SaleOrderFacts,
  type SaleOrderListQuery,
  type SaleOrderPage,
  type SaleStaffDto,
  type ShipmentDto,
} from '@nhasach/shared';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../lib/guards.ts';
import { toPage } from '../../lib/pagination.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { listStaff as listStaffAccounts } from '../users/index.ts';
import {
  countStaffOrdersByStatus,
  lockOrder,
  orderHistoryWithNames,
  orderItemsOf,
  pageStaffOrders,
  staffOrderSummary,
  type OrderActor,
  type OrderProcess,
  type OrderRow,
} from '../orders/index.ts';
import { bankTransfersOf, type PaymentRegistry } from '../payments/index.ts';
import { factsOf, toDetailDto, toSummaryDto } from './dto.ts';
import * as repo from './repo.ts';

/**
 * The sales back-office: reads, and the frame every write runs in (lock, version check, history, audit).
 * The writes themselves are in status.ts, payment.ts and fulfilment.ts.
 */

/** An order's carrier shipment as staff see it (the shipping module's, handed over by the composition root). */
export type StaffShipmentReader = (db: Db | Tx, orderId: number) => Promise<ShipmentDto | null>;

export interface SalesContext {
  db: Db;
  log: FastifyBaseLogger;
  /** The order process: every change of status and payment status goes through it. */
  process: OrderProcess;
  /** The payment providers: cash collected on delivery, refunds through a gateway. */
  payments: PaymentRegistry;
  /** The order's carrier shipment, shown on the order. */
  shipments: StaffShipmentReader;
  /** False with the flat tariff: the parcel goes by hand, staff type its tracking code; no shipment to create. */
  carrierCreatesShipments: boolean;
}

export interface SalesRoutesOptions {
  process: OrderProcess;
  payments: PaymentRegistry;
  shipments?: StaffShipmentReader;
  carrierCreatesShipments?: boolean;
}

const noShipment: StaffShipmentReader = async () => null;

export const salesContextOf = (app: FastifyInstance, opts: SalesRoutesOptions): SalesContext => ({
  db: app.db,
  log: app.log,
  process: opts.process,
  payments: opts.payments,
  shipments: opts.shipments ?? noShipment,
  carrierCreatesShipments: opts.carrierCreatesShipments ?? false,
});

// ---------------------------------------------------------------------------------------------------------
// Reads

export async function listOrders(db: Db, q: SaleOrderListQuery): Promise<SaleOrderPage> {
  const { rows, total } = await pageStaffOrders(db, q);
  return toPage(rows.map(toSummaryDto), total, q.page, q.size);
}

export async function countOrders(db: Db, q: SaleOrderListQuery): Promise<SaleOrderCountsDto> {
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  let total = 0;
  for (const { status, n } of await countStaffOrdersByStatus(db, q)) {
    byStatus[status] = n;
    total += n;
  }
  return { total, byStatus };
}

export async function getOrder(ctx: Pick<SalesContext, 'db' | 'shipments' | 'carrierCreatesShipments'>, id: number): Promise<SaleOrderDto> {
  const { db } = ctx;
  const summary = await staffOrderSummary(db, id);
  if (!summary) throw notFound(SALES_MESSAGES.notFound);
  const [items, shipping, refunds, notes, history, bankTransfers, shipment] = await Promise.all([
    orderItemsOf(db, id),
    repo.shippingOf(db, id),
    repo.refundsOf(db, id),
    repo.notesOf(db, id),
    orderHistoryWithNames(db, id),
    bankTransfersOf(db, id),
    ctx.shipments(db, id),
  ]);
  return toDetailDto({ summary, items, shipping, refunds, notes, history, bankTransfers, shipment, carrierCreatesShipments: ctx.carrierCreatesShipments });
}

export async function listStaff(db: Db): Promise<SaleStaffDto[]> {
  const rows = await listStaffAccounts(db);
  return rows.map((r) => ({ id: r.id, username: r.username, fullName: r.fullName, role: r.role as 'SALE' | 'ADMIN' }));
}

// ---------------------------------------------------------------------------------------------------------
// The frame of a write

export interface LockedOrder {
  order: OrderRow;
  shipping: repo.ShippingRow | undefined;
  refunded: number;
  facts: SaleOrderFacts;
}

/**
 * Runs `fn` in a transaction holding the order's row lock (SELECT ... FOR UPDATE): two staff members changing the
 * same order are serialised, and the second one sees the first one's result. When the client sent the `version`
 * it read and the order has changed since, 409 ORDER_CONFLICT (checked under the lock, so exactly one of two
 * concurrent writes from the same version wins).
 */
export async function withLockedOrder<T>(db: Db, id: number, version: number | undefined, fn: (tx: Tx, locked: LockedOrder) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw notFound(SALES_MESSAGES.notFound);
    if (version !== undefined && version !== order.version) throw conflict(SALES_MESSAGES.conflict, ERROR_CODES.orderConflict);
    const shipping = await repo.shippingOf(tx, id);
    const refunded = await repo.refundedSum(tx, id);
    return fn(tx, { order, shipping, refunded, facts: factsOf(order, shipping, refunded) });
  });
}

/** The error for a refused write: 400 with the field when it is about one field, else 409 with the rule's code. */
export function refusal(b: RuleBlock): AppError {
  if (b.field) return badRequest(b.message, [{ field: b.field, message: b.message }]);
  return new AppError(409, b.code, b.message);
}

/** Who acted, as order history records it. */
export const actorOf = (user: AuthUser): OrderActor => ({ id: user.id, role: user.role === 'ADMIN' ? 'ADMIN' : 'SALE' });

/** One audit-log line for a write on `order`, in the write's transaction. */
export function auditOrder(tx: Tx, user: AuthUser, order: OrderRow, action: string, summary: string, details: Record<string, unknown> = {}) {
  return recordAudit(tx, {
    ...auditActor(user),
    action,
    entityType: 'ORDER',
    entityId: order.code,
    summary,
    details: { orderId: order.id, ...details },
  });
}

/** 400 on `field` unless `at` lies between the order's creation and now (a minute of clock skew allowed). */
export function checkInstant(order: OrderRow, at: Date, field: string): void {
  if (at.getTime() > Date.now() + 60_000) throw badRequest(SALES_MESSAGES.dateInFuture, [{ field, message: SALES_MESSAGES.dateInFuture }]);
  if (at.getTime() < order.createdAt.getTime() - 60_000) {
    throw badRequest(SALES_MESSAGES.dateBeforeOrder, [{ field, message: SALES_MESSAGES.dateBeforeOrder }]);
  }
}

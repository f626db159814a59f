import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderStatus } from '@nhasach/shared';
import type { Db, Tx } from '../../db/client.ts';
import { orderHistory, orderItems, orders } from '../../db/schema/orders.ts';

export type OrderRow = typeof orders.$inferSelect;
/** A new order starts where the order process starts (PENDING, UNPAID: the columns' defaults). */
export type NewOrder = Omit<typeof orders.$inferInsert, 'status' | 'paymentStatus'>;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrderItem = typeof orderItems.$inferInsert;
export type OrderHistoryRow = typeof orderHistory.$inferSelect;
export type NewOrderHistory = typeof orderHistory.$inferInsert;

export async function findByCode(db: Db | Tx, code: string, userId?: number): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.code, code), userId === undefined ? undefined : eq(orders.userId, userId)))
    .limit(1);
  return row;
}

export async function findById(db: Db | Tx, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/** The order row, locked until the transaction ends: every change of an order goes through this. */
export async function lockById(tx: Tx, id: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function findByIdempotencyKey(db: Db | Tx, userId: number, key: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

export async function insertOrder(tx: Tx, values: NewOrder): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  return row!;
}

export async function codeExists(tx: Tx, code: string): Promise<boolean> {
  const [row] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.code, code)).limit(1);
  return row !== undefined;
}

export async function insertItems(tx: Tx, items: NewOrderItem[]): Promise<void> {
  if (items.length) await tx.insert(orderItems).values(items);
}

export async function insertHistory(tx: Tx | Db, entry: NewOrderHistory): Promise<void> {
  await tx.insert(orderHistory).values(entry);
}

/** Bumps the version (and updatedAt) of an order changed in a way staff edits must notice. */
const bump = () => ({ version: sql`${orders.version} + 1`, updatedAt: new Date() });

/** The staff member the order is assigned to. */
export async function setAssignee(tx: Tx, id: number, assigneeId: number): Promise<void> {
  await tx.update(orders).set({ assigneeId, ...bump() }).where(eq(orders.id, id));
}

/** Shipping recorded: the hand-over time when staff correct it (else only the version moves). */
export async function recordShipping(tx: Tx, id: number, shippedAt: Date | undefined): Promise<void> {
  await tx.update(orders).set({ ...(shippedAt ? { shippedAt } : {}), ...bump() }).where(eq(orders.id, id));
}

/** A refund recorded without a change of payment status: only the version moves. */
export async function recordRefundMade(tx: Tx, id: number): Promise<OrderRow> {
  const [row] = await tx.update(orders).set(bump()).where(eq(orders.id, id)).returning();
  return row!;
}

export function itemsOf(db: Db | Tx, orderId: number): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

export function historyOf(db: Db | Tx, orderId: number): Promise<OrderHistoryRow[]> {
  return db.select().from(orderHistory).where(eq(orderHistory.orderId, orderId)).orderBy(asc(orderHistory.at), asc(orderHistory.id));
}

/** Sets stock_returned; true only for the one caller that flipped it. */
export async function claimStockReturn(tx: Tx, orderId: number): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ stockReturned: true })
    .where(and(eq(orders.id, orderId), eq(orders.stockReturned, false)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** My orders, newest first (their lines come from linesOfOrders). */
export async function pageByUser(db: Db, userId: number, statuses: readonly OrderStatus[] | undefined, page: number, size: number) {
  const where = and(eq(orders.userId, userId), statuses?.length ? inArray(orders.status, [...statuses]) : undefined);
  const rows = await db
    .select({
      id: orders.id,
      code: orders.code,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
      createdAt: orders.createdAt,
      grandTotal: orders.grandTotal,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(size)
    .offset(page * size);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The lines of several orders in one query (a page of my orders), each order's in line order. */
export async function linesOfOrders(db: Db, orderIds: readonly number[]) {
  if (!orderIds.length) return [];
  return db
    .select({
      orderId: orderItems.orderId,
      bookId: orderItems.bookId,
      slug: orderItems.slug,
      title: orderItems.title,
      imageUrl: orderItems.imageUrl,
      qty: orderItems.qty,
      unitPrice: orderItems.unitPrice,
      originalUnitPrice: orderItems.originalUnitPrice,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
}

/**
 * Locks and returns one online order whose payment window closed at or before `before` and that still waits for
 * its payment, skipping orders another transaction holds (another instance's expiry job, an IPN, a staff change).
 */
export async function claimDuePaymentOrder(tx: Tx, before: Date): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'PENDING'),
        inArray(orders.paymentStatus, ['UNPAID', 'PENDING']),
        sql`${orders.paymentExpiresAt} is not null and ${orders.paymentExpiresAt} <= ${before.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(orders.paymentExpiresAt), asc(orders.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

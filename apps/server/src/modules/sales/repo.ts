import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { vietnamDayRange, type OrderStatus, type SaleOrderListQuery } from '@nhasach/shared';
import type { Db, Tx } from '../../db/client.ts';
import { orderHistory, orderNotes, orderRefunds, orderShipping, orders, users } from '../../db/schema/index.ts';

export type ShippingRow = typeof orderShipping.$inferSelect;
export type RefundRow = typeof orderRefunds.$inferSelect;
export type NewRefund = typeof orderRefunds.$inferInsert;
export type NoteRow = typeof orderNotes.$inferSelect;

const customer = alias(users, 'customer');
const assignee = alias(users, 'assignee');

/** A person's display name: full name, else username. */
const nameOf = (u: { fullName: AnyColumn; username: AnyColumn }) =>
  sql<string | null>`coalesce(nullif(btrim(${u.fullName}), ''), ${u.username})`;

// Qualified by hand: drizzle writes a lone column of a single-table select unqualified, which inside these
// subqueries would bind to order_items.id (same workaround as the orders repo).
const orderIdRef = sql.raw('"orders"."id"');

const summaryColumns = {
  order: orders,
  customerName: nameOf(customer),
  customerEmail: customer.email,
  customerPhone: customer.phone,
  assigneeName: nameOf(assignee),
  itemCount: sql<number>`(select count(*)::int from order_items i where i.order_id = ${orderIdRef})`,
  totalQuantity: sql<number>`(select coalesce(sum(i.qty), 0)::int from order_items i where i.order_id = ${orderIdRef})`,
  firstItemTitle: sql<string | null>`(select i.title from order_items i where i.order_id = ${orderIdRef} order by i.id limit 1)`,
};
export interface SummaryRow {
  order: typeof orders.$inferSelect;
  customerName: string | null;
  customerEmail: string | null;
  customerPhone: string | null;
  assigneeName: string | null;
  itemCount: number;
  totalQuantity: number;
  firstItemTitle: string | null;
}

const likeContains = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** q: order code, customer or receiver name (accents and case ignored), e-mail, username or phone digits. */
function searchCondition(q: string): SQL {
  const p = likeContains(q);
  const parts: SQL[] = [
    sql`lower(${orders.code}) like ${p}`,
    sql`lower(coalesce(${orders.receiverEmail}, '')) like ${p}`,
    sql`lower(coalesce(${customer.email}, '')) like ${p}`,
    sql`lower(coalesce(${customer.username}, '')) like ${p}`,
    sql`(f_search_norm(${q}) <> '' and (f_search_norm(${orders.receiverName}) like '%' || f_search_norm(${q}) || '%'
      or f_search_norm(coalesce(${customer.fullName}, '')) like '%' || f_search_norm(${q}) || '%'))`,
  ];
  // A phone number is matched on its digits, whatever spaces or dashes either side wrote.
  const digits = q.replace(/\D/g, '');
  if (digits.length >= 3 && /^[0-9+\-. ()]+$/.test(q.trim())) {
    const d = `%${digits}%`;
    parts.push(sql`regexp_replace(${orders.receiverPhone}, '[^0-9]', '', 'g') like ${d}`);
    parts.push(sql`regexp_replace(coalesce(${customer.phone}, ''), '[^0-9]', '', 'g') like ${d}`);
  }
  return or(...parts)!;
}

type ListFilters = Pick<SaleOrderListQuery, 'q' | 'status' | 'paymentStatus' | 'paymentMethod' | 'assigneeId' | 'from' | 'to'>;

function whereOf(f: ListFilters, withStatus: boolean): SQL | undefined {
  const parts: SQL[] = [];
  if (f.q) parts.push(searchCondition(f.q));
  if (withStatus && f.status?.length) parts.push(inArray(orders.status, f.status));
  if (f.paymentStatus?.length) parts.push(inArray(orders.paymentStatus, f.paymentStatus));
  if (f.paymentMethod?.length) parts.push(inArray(orders.paymentMethod, f.paymentMethod));
  if (f.assigneeId !== undefined) parts.push(eq(orders.assigneeId, f.assigneeId));
  const { start, end } = vietnamDayRange(f.from, f.to);
  if (start) parts.push(gte(orders.createdAt, start));
  if (end) parts.push(lt(orders.createdAt, end));
  return parts.length ? and(...parts) : undefined;
}

const SORT_COLUMNS = { createdAt: orders.createdAt, grandTotal: orders.grandTotal, code: orders.code } as const;

export async function pageOrders(db: Db, q: SaleOrderListQuery): Promise<{ rows: SummaryRow[]; total: number }> {
  const where = whereOf(q, true);
  const column = SORT_COLUMNS[q.sort.field];
  const dir = q.sort.direction === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(orders)
      .leftJoin(customer, eq(customer.id, orders.userId))
      .leftJoin(assignee, eq(assignee.id, orders.assigneeId))
      .where(where)
      .orderBy(dir(column), dir(orders.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(orders).leftJoin(customer, eq(customer.id, orders.userId)).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Orders per status under the list's filters, except the status itself. */
export async function countByStatus(db: Db, f: ListFilters): Promise<{ status: OrderStatus; n: number }[]> {
  const rows = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .leftJoin(customer, eq(customer.id, orders.userId))
    .where(whereOf(f, false))
    .groupBy(orders.status);
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}

export async function summaryById(db: Db | Tx, id: number): Promise<SummaryRow | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(orders)
    .leftJoin(customer, eq(customer.id, orders.userId))
    .leftJoin(assignee, eq(assignee.id, orders.assigneeId))
    .where(eq(orders.id, id))
    .limit(1);
  return row;
}

export async function shippingOf(db: Db | Tx, orderId: number): Promise<ShippingRow | undefined> {
  const [row] = await db.select().from(orderShipping).where(eq(orderShipping.orderId, orderId)).limit(1);
  return row;
}

export async function upsertShipping(tx: Tx, values: typeof orderShipping.$inferInsert): Promise<void> {
  const { orderId: _id, ...changes } = values;
  await tx.insert(orderShipping).values(values).onConflictDoUpdate({ target: orderShipping.orderId, set: changes });
}

/** Refunds with the staff member's name, oldest first. */
export function refundsOf(db: Db | Tx, orderId: number) {
  return db
    .select({ refund: orderRefunds, actorName: nameOf(users) })
    .from(orderRefunds)
    .leftJoin(users, eq(users.id, orderRefunds.actorId))
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.id));
}

/** Sum of the refunds of an order, including those still PENDING at the gateway. */
export async function refundedSum(db: Db | Tx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int` })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId));
  return Number(row?.sum ?? 0);
}

export async function insertRefund(tx: Tx, values: NewRefund): Promise<RefundRow> {
  const [row] = await tx.insert(orderRefunds).values(values).returning();
  return row!;
}

export async function completeRefund(tx: Tx, id: number, gatewayRef: string | null): Promise<void> {
  await tx.update(orderRefunds).set({ status: 'DONE', gatewayRef, completedAt: new Date() }).where(eq(orderRefunds.id, id));
}

export async function deletePendingRefund(db: Db | Tx, id: number): Promise<void> {
  await db.delete(orderRefunds).where(and(eq(orderRefunds.id, id), eq(orderRefunds.status, 'PENDING')));
}

/** Internal notes with their authors' names, oldest first. */
export function notesOf(db: Db | Tx, orderId: number) {
  return db
    .select({ note: orderNotes, authorName: nameOf(users) })
    .from(orderNotes)
    .leftJoin(users, eq(users.id, orderNotes.authorId))
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(asc(orderNotes.id));
}

export async function insertNote(tx: Tx, values: typeof orderNotes.$inferInsert): Promise<NoteRow> {
  const [row] = await tx.insert(orderNotes).values(values).returning();
  return row!;
}

/** The order's history with the actors' names, oldest first. */
export function historyWithNames(db: Db | Tx, orderId: number) {
  return db
    .select({ entry: orderHistory, actorName: nameOf(users) })
    .from(orderHistory)
    .leftJoin(users, eq(users.id, orderHistory.actorId))
    .where(eq(orderHistory.orderId, orderId))
    .orderBy(asc(orderHistory.at), asc(orderHistory.id));
}

/** An enabled, not deleted SALE or ADMIN account. */
export async function findStaff(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username, fullName: users.fullName, role: users.role, name: nameOf(users) })
    .from(users)
    .where(and(eq(users.id, id), eq(users.enabled, true), isNull(users.deletedAt), inArray(users.role, ['SALE', 'ADMIN'])))
    .limit(1);
  return row;
}

export function listStaff(db: Db) {
  return db
    .select({ id: users.id, username: users.username, fullName: users.fullName, role: users.role })
    .from(users)
    .where(and(eq(users.enabled, true), isNull(users.deletedAt), inArray(users.role, ['SALE', 'ADMIN'])))
    .orderBy(asc(users.role), asc(users.username));
}

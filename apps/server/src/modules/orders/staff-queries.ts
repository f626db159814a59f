import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { vietnamDayRange, type OrderStatus, type SaleOrderListQuery } from '@nhasach/shared';
import type { Db, Tx } from '../../db/client.ts';
import { orderHistory, orders } from '../../db/schema/orders.ts';
import { displayNameSql, userFieldSql, userMatchesSql } from '../users/index.ts';

/** The staff's reads of orders (the sales back-office's list, counts, summary and named history). */

// Qualified by hand: drizzle writes a lone column of a single-table select unqualified, which inside these
// subqueries would bind to order_items.id (same workaround as the orders repo).
const orderIdRef = sql.raw('"orders"."id"');

const summaryColumns = {
  order: orders,
  customerName: displayNameSql(orders.userId) as SQL<string | null>,
  customerEmail: userFieldSql(orders.userId, 'email'),
  customerPhone: userFieldSql(orders.userId, 'phone'),
  assigneeName: displayNameSql(orders.assigneeId) as SQL<string | null>,
  itemCount: sql<number>`(select count(*)::int from order_items i where i.order_id = ${orderIdRef})`,
  totalQuantity: sql<number>`(select coalesce(sum(i.qty), 0)::int from order_items i where i.order_id = ${orderIdRef})`,
  firstItemTitle: sql<string | null>`(select i.title from order_items i where i.order_id = ${orderIdRef} order by i.id limit 1)`,
};
export interface StaffOrderSummaryRow {
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
  // A phone number is matched on its digits, whatever spaces or dashes either side wrote.
  const digits = q.replace(/\D/g, '');
  const phoneDigits = digits.length >= 3 && /^[0-9+\-. ()]+$/.test(q.trim()) ? `%${digits}%` : undefined;
  const parts: SQL[] = [
    sql`lower(${orders.code}) like ${p}`,
    sql`lower(coalesce(${orders.receiverEmail}, '')) like ${p}`,
    sql`(f_search_norm(${q}) <> '' and f_search_norm(${orders.receiverName}) like '%' || f_search_norm(${q}) || '%')`,
    userMatchesSql(orders.userId, { q, like: p, phoneDigits }),
  ];
  if (phoneDigits) parts.push(sql`regexp_replace(${orders.receiverPhone}, '[^0-9]', '', 'g') like ${phoneDigits}`);
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

export async function pageStaffOrders(db: Db, q: SaleOrderListQuery): Promise<{ rows: StaffOrderSummaryRow[]; total: number }> {
  const where = whereOf(q, true);
  const column = SORT_COLUMNS[q.sort.field];
  const dir = q.sort.direction === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(orders)
      .where(where)
      .orderBy(dir(column), dir(orders.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Orders per status under the list's filters, except the status itself. */
export async function countStaffOrdersByStatus(db: Db, f: ListFilters): Promise<{ status: OrderStatus; n: number }[]> {
  const rows = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(whereOf(f, false))
    .groupBy(orders.status);
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}

export async function staffOrderSummary(db: Db | Tx, id: number): Promise<StaffOrderSummaryRow | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(orders)
    .where(eq(orders.id, id))
    .limit(1);
  return row;
}

/** The order's history with the actors' names, oldest first. */
export function orderHistoryWithNames(db: Db | Tx, orderId: number) {
  return db
    .select({ entry: orderHistory, actorName: displayNameSql(orderHistory.actorId) as SQL<string | null> })
    .from(orderHistory)
    .where(eq(orderHistory.orderId, orderId))
    .orderBy(asc(orderHistory.at), asc(orderHistory.id));
}

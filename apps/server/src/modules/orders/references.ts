import { count, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PURCHASE_VERIFIED_STATUSES } from '@nhasach/shared';
import type { Db, Tx } from '../../db/client.ts';
import { outerRef } from '../../lib/db-values.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';

/**
 * What the other modules read of the orders, read only: whether an account or a book is named by an order (both
 * are then kept), and whether a customer received a book (verified reviews).
 */

/** How many orders the user placed. */
export async function countOrdersOfUser(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return row?.n ?? 0;
}

/** True when an order line names the book (order_items keeps book ids without a foreign key). */
export async function isBookOrdered(db: Db | Tx, bookId: number): Promise<boolean> {
  const [row] = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.bookId, bookId)).limit(1);
  return row !== undefined;
}

/** Written as literals, like the predicate of orders_user_delivered_idx, so the planner uses that index. */
const purchasedStatuses = sql.raw(PURCHASE_VERIFIED_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * The condition "the user has an order holding the book that reached DELIVERED or COMPLETED", on the caller's
 * columns or values (orders_user_delivered_idx).
 */
export const purchasedSql = (userId: AnyColumn | number, bookId: AnyColumn | number): SQL<boolean> =>
  sql<boolean>`exists (select 1 from orders o join order_items oi on oi.order_id = o.id
    where o.user_id = ${outerRef(userId)} and o.status in (${purchasedStatuses}) and oi.book_id = ${outerRef(bookId)})`;

import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReturnListQuery } from '@nhasach/shared';
import type { Db, Tx } from '../../db/client.ts';
import { orderReturnLines, orderReturns } from '../../db/schema/returns.ts';

export type ReturnRow = typeof orderReturns.$inferSelect;
export type ReturnLineRow = typeof orderReturnLines.$inferSelect;

export async function findReturn(db: Db | Tx, id: number): Promise<ReturnRow | undefined> {
  const [row] = await db.select().from(orderReturns).where(eq(orderReturns.id, id)).limit(1);
  return row;
}

/** The return's row, locked until the transaction ends: its steps are taken one at a time. */
export async function lockReturn(tx: Tx, id: number): Promise<ReturnRow | undefined> {
  const [row] = await tx.select().from(orderReturns).where(eq(orderReturns.id, id)).for('update');
  return row;
}

export function returnsOfOrder(db: Db | Tx, orderId: number): Promise<ReturnRow[]> {
  return db.select().from(orderReturns).where(eq(orderReturns.orderId, orderId)).orderBy(orderReturns.id);
}

export async function linesOf(db: Db | Tx, returnIds: readonly number[]): Promise<ReturnLineRow[]> {
  if (!returnIds.length) return [];
  return db.select().from(orderReturnLines).where(inArray(orderReturnLines.returnId, [...returnIds])).orderBy(orderReturnLines.id);
}

/** Units of each order line already asked back by returns still under way or done (refused ones free theirs). */
export async function returnedQtyByItem(db: Db | Tx, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ itemId: orderReturnLines.orderItemId, qty: sql<number>`sum(${orderReturnLines.qty})::int` })
    .from(orderReturnLines)
    .innerJoin(orderReturns, eq(orderReturns.id, orderReturnLines.returnId))
    .where(and(eq(orderReturns.orderId, orderId), sql`${orderReturns.status} <> 'REFUSED'`))
    .groupBy(orderReturnLines.orderItemId);
  return new Map(rows.map((r) => [r.itemId, Number(r.qty)]));
}

export async function insertReturn(
  tx: Tx,
  values: typeof orderReturns.$inferInsert,
  lines: Omit<typeof orderReturnLines.$inferInsert, 'returnId'>[],
): Promise<ReturnRow> {
  const [row] = await tx.insert(orderReturns).values(values).returning();
  await tx.insert(orderReturnLines).values(lines.map((l) => ({ ...l, returnId: row!.id })));
  return row!;
}

export async function updateReturn(db: Db | Tx, id: number, changes: Partial<typeof orderReturns.$inferInsert>): Promise<ReturnRow> {
  const [row] = await db
    .update(orderReturns)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(orderReturns.id, id))
    .returning();
  return row!;
}

/** Staff list: newest first, by status and order. */
export async function pageReturns(db: Db, q: ReturnListQuery): Promise<{ rows: ReturnRow[]; total: number }> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(orderReturns.status, q.status));
  if (q.orderId) where.push(eq(orderReturns.orderId, q.orderId));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(orderReturns)
      .where(cond)
      .orderBy(desc(orderReturns.createdAt), desc(orderReturns.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: sql<number>`count(*)::int` }).from(orderReturns).where(cond),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

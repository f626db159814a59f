import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orderNotes, orderRefunds, orderShipping } from '../../db/schema/sales.ts';
import { displayNameSql } from '../users/index.ts';

export type ShippingRow = typeof orderShipping.$inferSelect;
export type RefundRow = typeof orderRefunds.$inferSelect;
export type NewRefund = typeof orderRefunds.$inferInsert;
export type NoteRow = typeof orderNotes.$inferSelect;

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
    .select({ refund: orderRefunds, actorName: displayNameSql(orderRefunds.actorId) as SQL<string | null> })
    .from(orderRefunds)
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
    .select({ note: orderNotes, authorName: displayNameSql(orderNotes.authorId) as SQL<string | null> })
    .from(orderNotes)
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(asc(orderNotes.id));
}

export async function insertNote(tx: Tx, values: typeof orderNotes.$inferInsert): Promise<NoteRow> {
  const [row] = await tx.insert(orderNotes).values(values).returning();
  return row!;
}

/**
 * The carrier and tracking code of a shipment created with the carrier's API (the shipping module, through index.ts):
 * the same row staff edit with PUT .../shipping, so the order page, the SHIPPED guard and the mails read one place.
 */
export async function recordCarrierShipping(tx: Tx, values: { orderId: number; carrier: string; trackingCode: string; fee: number | null }): Promise<void> {
  await upsertShipping(tx, { ...values, updatedBy: null, updatedAt: new Date() });
}

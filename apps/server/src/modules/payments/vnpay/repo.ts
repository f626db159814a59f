import { and, count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { paymentTransactions } from '../../../db/schema/payments.ts';

export type PaymentTxnRow = typeof paymentTransactions.$inferSelect;
export type NewPaymentTxn = typeof paymentTransactions.$inferInsert;

export async function insertTxn(tx: Tx, values: NewPaymentTxn): Promise<PaymentTxnRow> {
  const [row] = await tx.insert(paymentTransactions).values(values).returning();
  return row!;
}

export async function countForOrder(tx: Tx, orderId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId));
  return Number(row?.n ?? 0);
}

export async function findByRef(db: Db | Tx, txnRef: string): Promise<PaymentTxnRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.provider, 'VNPAY'), eq(paymentTransactions.txnRef, txnRef)))
    .limit(1);
  return row;
}

/** The attempt row, locked until the transaction ends: its result is applied once under this lock. */
export async function lockByRef(tx: Tx, txnRef: string): Promise<PaymentTxnRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.provider, 'VNPAY'), eq(paymentTransactions.txnRef, txnRef)))
    .for('update');
  return row;
}

export async function updateTxn(tx: Tx, id: number, changes: Partial<NewPaymentTxn>): Promise<void> {
  await tx.update(paymentTransactions).set(changes).where(eq(paymentTransactions.id, id));
}

export async function latestForOrder(db: Db | Tx, orderId: number): Promise<PaymentTxnRow | undefined> {
  const [row] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId)).orderBy(desc(paymentTransactions.id)).limit(1);
  return row;
}

/** The successful payment of an order (what a gateway refund refers to). */
export async function successfulForOrder(db: Db | Tx, orderId: number): Promise<PaymentTxnRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orderId, orderId), eq(paymentTransactions.status, 'SUCCESS')))
    .orderBy(desc(paymentTransactions.id))
    .limit(1);
  return row;
}

export function listForOrder(db: Db | Tx, orderId: number): Promise<PaymentTxnRow[]> {
  return db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId)).orderBy(paymentTransactions.id);
}

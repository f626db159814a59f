import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { bankTransfers } from '../../../db/schema/payments.ts';

export type BankTransferRow = typeof bankTransfers.$inferSelect;
export type NewBankTransfer = typeof bankTransfers.$inferInsert;

/**
 * Records a notified transaction unless its id was seen before: undefined for a replay. A concurrent replay waits
 * on the unique index until the first one commits, then finds it (or takes over if the first rolled back).
 */
export async function insertOnce(tx: Tx, values: NewBankTransfer): Promise<BankTransferRow | undefined> {
  const [row] = await tx.insert(bankTransfers).values(values).onConflictDoNothing({ target: bankTransfers.providerTxnId }).returning();
  return row;
}

export async function updateTransfer(tx: Tx, id: number, changes: Partial<NewBankTransfer>): Promise<void> {
  await tx.update(bankTransfers).set(changes).where(eq(bankTransfers.id, id));
}

export async function findByProviderId(db: Db | Tx, providerTxnId: string): Promise<BankTransferRow | undefined> {
  const [row] = await db.select().from(bankTransfers).where(eq(bankTransfers.providerTxnId, providerTxnId)).limit(1);
  return row;
}

/** The transfers notified for an order, newest first (the sales order page). */
export function transfersOfOrder(db: Db | Tx, orderId: number): Promise<BankTransferRow[]> {
  return db.select().from(bankTransfers).where(eq(bankTransfers.orderId, orderId)).orderBy(desc(bankTransfers.id));
}

/** The latest transfer of an order that came with the wrong amount (shown to the shopper on the payment page). */
export async function latestMismatch(db: Db | Tx, orderId: number): Promise<BankTransferRow | undefined> {
  const [row] = await db
    .select()
    .from(bankTransfers)
    .where(and(eq(bankTransfers.orderId, orderId), eq(bankTransfers.outcome, 'AMOUNT_MISMATCH')))
    .orderBy(desc(bankTransfers.id))
    .limit(1);
  return row;
}

import { desc, eq, and } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { carrierSandboxOrders } from '../../db/schema/carrier-sandbox.ts';

export type SandboxOrderRow = typeof carrierSandboxOrders.$inferSelect;

export async function findByClientCode(db: Db, shopId: string, clientOrderCode: string): Promise<SandboxOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(carrierSandboxOrders)
    .where(and(eq(carrierSandboxOrders.shopId, shopId), eq(carrierSandboxOrders.clientOrderCode, clientOrderCode)))
    .limit(1);
  return row;
}

export async function findByCode(db: Db, orderCode: string): Promise<SandboxOrderRow | undefined> {
  const [row] = await db.select().from(carrierSandboxOrders).where(eq(carrierSandboxOrders.orderCode, orderCode)).limit(1);
  return row;
}

/** Inserts an order once per client order code; the one already there otherwise. */
export async function insertOnce(db: Db, values: typeof carrierSandboxOrders.$inferInsert): Promise<SandboxOrderRow> {
  const [row] = await db.insert(carrierSandboxOrders).values(values).onConflictDoNothing().returning();
  return row ?? (await findByClientCode(db, values.shopId, values.clientOrderCode))!;
}

export async function setStatus(db: Db, id: number, status: string): Promise<void> {
  await db.update(carrierSandboxOrders).set({ status, updatedAt: new Date() }).where(eq(carrierSandboxOrders.id, id));
}

export function latest(db: Db, limit = 50): Promise<SandboxOrderRow[]> {
  return db.select().from(carrierSandboxOrders).orderBy(desc(carrierSandboxOrders.id)).limit(limit);
}

import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { addresses } from '../../db/schema/addresses.ts';
import { lockUserRow } from '../users/index.ts';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressFields = Omit<typeof addresses.$inferInsert, 'id' | 'userId' | 'isDefault' | 'createdAt' | 'updatedAt'>;

/** Serialises the address writes of one user (first-default, single default, the count limit). */
export async function lockUserAddresses(tx: Tx, userId: number): Promise<void> {
  await lockUserRow(tx, userId);
}

/** Default first, then newest. */
export function listByUser(db: Db | Tx, userId: number): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
}

export async function findOwned(db: Db | Tx, userId: number, id: number): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .limit(1);
  return row;
}

export async function countByUser(tx: Tx, userId: number): Promise<{ total: number; hasDefault: boolean }> {
  const [row] = await tx
    .select({ total: sql<number>`count(*)::int`, defaults: sql<number>`count(*) filter (where ${addresses.isDefault})::int` })
    .from(addresses)
    .where(eq(addresses.userId, userId));
  return { total: Number(row?.total ?? 0), hasDefault: Number(row?.defaults ?? 0) > 0 };
}

export async function clearDefault(tx: Tx, userId: number, exceptId?: number): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), exceptId ? ne(addresses.id, exceptId) : undefined));
}

export async function insert(tx: Tx, userId: number, fields: AddressFields, isDefault: boolean): Promise<AddressRow> {
  const [row] = await tx
    .insert(addresses)
    .values({ ...fields, userId, isDefault })
    .returning();
  return row!;
}

export async function update(tx: Tx, id: number, fields: Partial<AddressFields> & { isDefault?: boolean }): Promise<AddressRow> {
  const [row] = await tx
    .update(addresses)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(addresses.id, id))
    .returning();
  return row!;
}

export async function remove(tx: Tx, userId: number, id: number): Promise<AddressRow | undefined> {
  const [row] = await tx
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return row;
}

/** Makes the newest remaining address the default (after the default was deleted). */
export async function promoteNewest(tx: Tx, userId: number): Promise<void> {
  const [next] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.createdAt), desc(addresses.id))
    .limit(1);
  if (next) await update(tx, next.id, { isDefault: true });
}

import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { guestCartItems, guestCarts } from '../../db/schema/cart.ts';

/**
 * The lines of a guest cart (guest_cart_items), the same operations as repo.ts has for a user's cart. A guest cart
 * lives GUEST_CART_TTL_DAYS after its last change; an older one reads as empty and is swept.
 */

export const GUEST_CART_TTL_DAYS = 30;
const ttl = sql.raw(`interval '${GUEST_CART_TTL_DAYS} days'`);

/** The guest cart's id when it exists and has not expired. */
export async function liveGuestCart(db: Db | Tx, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: guestCarts.id })
    .from(guestCarts)
    .where(and(eq(guestCarts.id, id), sql`${guestCarts.updatedAt} > now() - ${ttl}`))
    .limit(1);
  return row !== undefined;
}

/** A new guest cart; expired ones are swept at the same time (any instance may do it, at most 200 at once). */
export async function createGuestCart(db: Db, id: string): Promise<void> {
  await db.insert(guestCarts).values({ id });
  await db.execute(
    sql`delete from ${guestCarts} where ${guestCarts.id} in (select id from ${guestCarts} where ${lt(guestCarts.updatedAt, sql`now() - ${ttl}`)} limit 200)`,
  );
}

/** Marks the cart as used now (keeps it from expiring). */
export async function touchGuestCart(db: Db | Tx, id: string): Promise<void> {
  await db.update(guestCarts).set({ updatedAt: new Date() }).where(eq(guestCarts.id, id));
}

export async function deleteGuestCart(db: Db | Tx, id: string): Promise<void> {
  await db.delete(guestCarts).where(eq(guestCarts.id, id));
}

export async function guestLines(db: Db | Tx, id: string): Promise<{ bookId: number; qty: number; selected: boolean }[]> {
  return db
    .select({ bookId: guestCartItems.bookId, qty: guestCartItems.qty, selected: guestCartItems.selected })
    .from(guestCartItems)
    .where(eq(guestCartItems.guestCartId, id))
    .orderBy(desc(guestCartItems.createdAt), desc(guestCartItems.bookId));
}

export async function countGuestLines(db: Db | Tx, id: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(guestCartItems).where(eq(guestCartItems.guestCartId, id));
  return row?.n ?? 0;
}

export async function findGuestLine(db: Db | Tx, id: string, bookId: number): Promise<{ qty: number; selected: boolean } | undefined> {
  const [row] = await db
    .select({ qty: guestCartItems.qty, selected: guestCartItems.selected })
    .from(guestCartItems)
    .where(and(eq(guestCartItems.guestCartId, id), eq(guestCartItems.bookId, bookId)))
    .limit(1);
  return row;
}

/** As repo.addToLine: the sum is written only while it stays within `limit`; undefined when the guard refused. */
export async function addToGuestLine(db: Db, id: string, bookId: number, qty: number, limit: number): Promise<number | undefined> {
  const [row] = await db
    .insert(guestCartItems)
    .values({ guestCartId: id, bookId, qty, selected: true })
    .onConflictDoUpdate({
      target: [guestCartItems.guestCartId, guestCartItems.bookId],
      set: { qty: sql`${guestCartItems.qty} + excluded.qty`, selected: true, updatedAt: new Date() },
      setWhere: sql`${guestCartItems.qty} + excluded.qty <= ${limit}`,
    })
    .returning({ qty: guestCartItems.qty });
  return row?.qty;
}

export async function updateGuestLine(db: Db, id: string, bookId: number, set: { qty?: number; selected?: boolean }): Promise<void> {
  await db
    .update(guestCartItems)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(guestCartItems.guestCartId, id), eq(guestCartItems.bookId, bookId)));
}

export async function deleteGuestLines(db: Db | Tx, id: string, bookIds?: readonly number[]): Promise<void> {
  if (bookIds && bookIds.length === 0) return;
  await db
    .delete(guestCartItems)
    .where(and(eq(guestCartItems.guestCartId, id), bookIds ? inArray(guestCartItems.bookId, [...bookIds]) : undefined));
}

export async function deleteUnselectedGuestLines(db: Db, id: string): Promise<void> {
  await db.delete(guestCartItems).where(and(eq(guestCartItems.guestCartId, id), eq(guestCartItems.selected, false)));
}

export async function selectAllGuestLines(db: Db, id: string, selected: boolean): Promise<void> {
  await db.update(guestCartItems).set({ selected, updatedAt: new Date() }).where(eq(guestCartItems.guestCartId, id));
}

import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cartItems } from '../../db/schema/cart.ts';
import { cartBooks, type CartBookRow } from '../catalog/index.ts';
import * as guest from './guest-repo.ts';

/** A cart line with what the summary needs of its book, read at request time. */
export interface CartLineRow extends Omit<CartBookRow, 'id'> {
  bookId: number;
  qty: number;
  selected: boolean;
}

/** The user's lines, most recently added first, each with its book as the catalogue has it now. */
export async function cartLines(db: Db | Tx, userId: number): Promise<CartLineRow[]> {
  const lines = await db
    .select({ bookId: cartItems.bookId, qty: cartItems.qty, selected: cartItems.selected })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(desc(cartItems.createdAt), desc(cartItems.bookId));
  return withBooks(db, lines);
}

/** Lines joined with their books as the catalogue has them now (a deleted book's line is dropped). */
export async function withBooks(db: Db | Tx, lines: readonly { bookId: number; qty: number; selected: boolean }[]): Promise<CartLineRow[]> {
  const books = new Map((await cartBooks(db, lines.map((l) => l.bookId))).map(({ id, ...book }) => [id, book]));
  return lines.flatMap((line) => {
    const book = books.get(line.bookId);
    return book ? [{ ...line, ...book }] : [];
  });
}

/** Whose cart: a signed-in user's (cart_items) or a visitor's (guest_cart_items, by the signed cookie's id). */
export type CartOwner = { kind: 'user'; userId: number } | { kind: 'guest'; guestId: string };

/** The line operations of one cart, whichever table holds it. */
export interface LineStore {
  lines(db: Db | Tx): Promise<CartLineRow[]>;
  find(db: Db | Tx, bookId: number): Promise<{ qty: number; selected: boolean } | undefined>;
  add(db: Db, bookId: number, qty: number, limit: number): Promise<number | undefined>;
  update(db: Db, bookId: number, set: { qty?: number; selected?: boolean }): Promise<unknown>;
  remove(db: Db | Tx, bookIds?: readonly number[]): Promise<void>;
  removeUnselected(db: Db): Promise<void>;
  selectAll(db: Db, selected: boolean): Promise<void>;
}

export function storeOf(owner: CartOwner): LineStore {
  if (owner.kind === 'user') {
    const { userId } = owner;
    return {
      lines: (db) => cartLines(db, userId),
      find: (db, bookId) => findLine(db, userId, bookId),
      add: (db, bookId, qty, limit) => addToLine(db, userId, bookId, qty, limit),
      update: (db, bookId, set) => updateLine(db, userId, bookId, set),
      remove: (db, bookIds) => deleteLines(db, userId, bookIds),
      removeUnselected: (db) => deleteUnselected(db, userId),
      selectAll: (db, selected) => selectAll(db, userId, selected),
    };
  }
  const { guestId } = owner;
  return {
    lines: async (db) => withBooks(db, await guest.guestLines(db, guestId)),
    find: (db, bookId) => guest.findGuestLine(db, guestId, bookId),
    add: (db, bookId, qty, limit) => guest.addToGuestLine(db, guestId, bookId, qty, limit),
    update: (db, bookId, set) => guest.updateGuestLine(db, guestId, bookId, set),
    remove: (db, bookIds) => guest.deleteGuestLines(db, guestId, bookIds),
    removeUnselected: (db) => guest.deleteUnselectedGuestLines(db, guestId),
    selectAll: (db, selected) => guest.selectAllGuestLines(db, guestId, selected),
  };
}

export async function findLine(db: Db | Tx, userId: number, bookId: number): Promise<{ qty: number; selected: boolean } | undefined> {
  const [row] = await db
    .select({ qty: cartItems.qty, selected: cartItems.selected })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.bookId, bookId)))
    .limit(1);
  return row;
}

/**
 * Adds `qty` to the line (creating it, selected). The sum is written only while it stays within `limit`, so two
 * concurrent adds cannot pass the cap together; undefined when the guard refused.
 */
export async function addToLine(db: Db, userId: number, bookId: number, qty: number, limit: number): Promise<number | undefined> {
  const [row] = await db
    .insert(cartItems)
    .values({ userId, bookId, qty, selected: true })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.bookId],
      set: { qty: sql`${cartItems.qty} + excluded.qty`, selected: true, updatedAt: new Date() },
      setWhere: sql`${cartItems.qty} + excluded.qty <= ${limit}`,
    })
    .returning({ qty: cartItems.qty });
  return row?.qty;
}

export async function updateLine(db: Db, userId: number, bookId: number, set: { qty?: number; selected?: boolean }): Promise<boolean> {
  const rows = await db
    .update(cartItems)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(cartItems.userId, userId), eq(cartItems.bookId, bookId)))
    .returning({ bookId: cartItems.bookId });
  return rows.length > 0;
}

export async function deleteLines(db: Db | Tx, userId: number, bookIds?: readonly number[]): Promise<void> {
  if (bookIds && bookIds.length === 0) return;
  await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), bookIds ? inArray(cartItems.bookId, [...bookIds]) : undefined));
}

export async function deleteUnselected(db: Db, userId: number): Promise<void> {
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.selected, false)));
}

export async function selectAll(db: Db, userId: number, selected: boolean): Promise<void> {
  await db.update(cartItems).set({ selected, updatedAt: new Date() }).where(eq(cartItems.userId, userId));
}

/**
 * Locks the user's selected lines, in book order, for order creation: a second order request of the same user
 * waits here and then finds the lines the first one ordered gone.
 */
export async function lockSelectedLines(tx: Tx, userId: number): Promise<{ bookId: number; qty: number }[]> {
  return tx
    .select({ bookId: cartItems.bookId, qty: cartItems.qty })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.selected, true)))
    .orderBy(cartItems.bookId)
    .for('update');
}

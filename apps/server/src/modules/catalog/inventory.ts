import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { books } from '../../db/schema/catalog.ts';
import { announceCatalogChange } from './cache-bus.ts';
import { adjustStock, recordMovements } from './stock/ledger.ts';

/**
 * Stock of the books: the catalogue owns it. Orders take it when placed and give it back when cancelled or expired;
 * receipts, counts and manual movements go through stock/ledger.ts. Every change writes its stock movement in the
 * same transaction (stock = the sum of the book's movements). Both directions lock the books in id order (ascending), so two
 * orders, or an order and a cancellation, never wait on each other in a cycle.
 */

export interface StockLine {
  bookId: number;
  qty: number;
}

/** The book as it was when its stock was taken: the price charged is the price of that instant. */
export type TakenBook = Pick<
  typeof books.$inferSelect,
  'id' | 'slug' | 'title' | 'sku' | 'isbn13' | 'price' | 'salePrice' | 'saleStartAt' | 'saleEndAt' | 'status' | 'categoryIds'
>;

export type TakeStockResult = { ok: true; books: TakenBook[] } | { ok: false; line: StockLine };

/** The order whose stock moves (its code is known before the order row is written). */
export interface OrderStockRef {
  orderCode: string;
  orderId?: number;
  actor?: { id: number; username: string } | null;
}

const byBook = (lines: readonly StockLine[]): StockLine[] => {
  const qty = new Map<number, number>();
  for (const l of lines) qty.set(l.bookId, (qty.get(l.bookId) ?? 0) + l.qty);
  return [...qty.keys()].sort((a, b) => a - b).map((bookId) => ({ bookId, qty: qty.get(bookId)! }));
};

/**
 * Takes the lines' units, books in id order, each with one guarded UPDATE: only a book on sale that has the units
 * loses them, so stock never goes below zero whatever the concurrency (a concurrent taker waits for the row lock,
 * then re-checks the guard). A book reaching zero is shown as out of stock. Stops at the first line that cannot be
 * served and returns it (the caller rolls the transaction back). The books come back in the lines' book id order.
 */
export async function takeStock(tx: Tx, lines: readonly StockLine[], ref: OrderStockRef): Promise<TakeStockResult> {
  const taken: TakenBook[] = [];
  const balances: { bookId: number; delta: number; balanceAfter: number }[] = [];
  for (const line of byBook(lines)) {
    const [row] = await tx
      .update(books)
      .set({
        stock: sql`${books.stock} - ${line.qty}`,
        sold: sql`${books.sold} + ${line.qty}`,
        status: sql`case when ${books.stock} - ${line.qty} = 0 then 'OUT_OF_STOCK' else ${books.status} end`,
        updatedAt: new Date(),
      })
      .where(and(eq(books.id, line.bookId), eq(books.status, 'ACTIVE'), sql`${books.stock} >= ${line.qty}`))
      .returning({
        id: books.id,
        slug: books.slug,
        title: books.title,
        sku: books.sku,
        isbn13: books.isbn13,
        price: books.price,
        salePrice: books.salePrice,
        saleStartAt: books.saleStartAt,
        saleEndAt: books.saleEndAt,
        status: books.status,
        categoryIds: books.categoryIds,
        stock: books.stock,
      });
    if (!row) return { ok: false, line };
    const { stock, ...book } = row;
    taken.push(book);
    balances.push({ bookId: row.id, delta: -line.qty, balanceAfter: stock });
  }
  await recordMovements(tx, { reason: 'ORDER', refType: 'ORDER', refId: ref.orderId ?? null, refCode: ref.orderCode, actor: ref.actor }, balances);
  // A book just sold out changes what the catalogue shows: every instance drops its caches at commit.
  if (taken.some((b) => b.status === 'OUT_OF_STOCK')) await announceCatalogChange(tx);
  return { ok: true, books: taken };
}

/** Puts the lines' units back, books in id order; a book shown as out of stock is on sale again. */
export async function returnStock(tx: Tx, lines: readonly StockLine[], ref: OrderStockRef): Promise<void> {
  const balances: { bookId: number; delta: number; balanceAfter: number }[] = [];
  for (const line of byBook(lines)) {
    const [row] = await tx
      .update(books)
      .set({
        stock: sql`${books.stock} + ${line.qty}`,
        sold: sql`greatest(${books.sold} - ${line.qty}, 0)`,
        status: sql`case when ${books.status} = 'OUT_OF_STOCK' then 'ACTIVE' else ${books.status} end`,
        updatedAt: new Date(),
      })
      .where(eq(books.id, line.bookId))
      .returning({ stock: books.stock });
    // A book deleted since (never an ordered one: those are kept INACTIVE) has nothing to give back to.
    if (row) balances.push({ bookId: line.bookId, delta: line.qty, balanceAfter: row.stock });
  }
  await recordMovements(
    tx,
    { reason: 'ORDER_CANCELLED', refType: 'ORDER', refId: ref.orderId ?? null, refCode: ref.orderCode, actor: ref.actor },
    balances,
  );
  // A sold-out book may be on sale again: every instance drops its catalogue caches at commit.
  await announceCatalogChange(tx);
}

/** Stock and sale status of these books (what a cart line or an order line can still get). */
export async function stockOf(tx: Tx, bookIds: readonly number[]) {
  if (!bookIds.length) return [];
  return tx.select({ id: books.id, title: books.title, stock: books.stock, status: books.status }).from(books).where(inArray(books.id, [...bookIds]));
}

/** The return whose copies come back to the shelf. */
export interface ReturnStockRef {
  returnId: number;
  orderCode: string;
  actor: { id: number; username: string };
}

/**
 * Copies a shopper returned, received back: one RETURN movement per book (ref the return), through the ledger's
 * adjustStock (books locked in id order). `sold` is left as it is: the sale happened (see docs/decisions.md,
 * Returns and refunds). The caller guarantees once-only (the return's row lock and status).
 */
export async function receiveReturnedStock(tx: Tx, lines: readonly StockLine[], ref: ReturnStockRef): Promise<void> {
  await adjustStock(
    tx,
    { reason: 'RETURN', refType: 'RETURN', refId: ref.returnId, refCode: ref.orderCode, actor: ref.actor, note: `Khách trả hàng, đơn ${ref.orderCode}` },
    byBook(lines).map((l) => ({ bookId: l.bookId, delta: l.qty })),
  );
}

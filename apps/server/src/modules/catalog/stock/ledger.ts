import { sql } from 'drizzle-orm';
import { STOCK_MESSAGES, type StockReason, type StockRefType } from '@nhasach/shared';
import { queryRows, type Tx } from '../../../db/client.ts';
import { stockMovements } from '../../../db/schema/stock.ts';
import { intArray } from '../../../lib/db-values.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { announceCatalogChange } from '../cache-bus.ts';
import { notifyBackInStock } from './alerts.ts';

/**
 * The stock ledger: the one place that writes stock_movements. Every writer of books.stock (inventory.ts for orders,
 * receipts, counts, manual movements, imports) changes the stock and records the movement in the same transaction,
 * with the balance the book has right after it, so a book's stock is always the sum of its movements.
 */

/** Who moved the stock and on what document. */
export interface MovementContext {
  reason: StockReason;
  refType?: StockRefType | null;
  refId?: number | null;
  refCode?: string | null;
  actor?: { id: number; username: string } | null;
  note?: string | null;
}

export interface MovementRow {
  bookId: number;
  delta: number;
  balanceAfter: number;
  unitCost?: number | null;
  /** Overrides the context's note for this row. */
  note?: string | null;
}

const CHUNK = 1000;

/** Records movements whose stock change the caller has just made (same transaction). */
export async function recordMovements(tx: Tx, ctx: MovementContext, rows: readonly MovementRow[]): Promise<void> {
  const values = rows
    .filter((r) => r.delta !== 0)
    .map((r) => ({
      bookId: r.bookId,
      delta: r.delta,
      balanceAfter: r.balanceAfter,
      reason: ctx.reason,
      refType: ctx.refType ?? null,
      refId: ctx.refId ?? null,
      refCode: ctx.refCode ?? null,
      unitCost: r.unitCost ?? null,
      note: r.note === undefined ? (ctx.note ?? null) : r.note,
      actorId: ctx.actor?.id ?? null,
      actorName: ctx.actor?.username ?? null,
    }));
  for (let i = 0; i < values.length; i += CHUNK) await tx.insert(stockMovements).values(values.slice(i, i + CHUNK));
  // A book back from zero mails the shoppers waiting for it ("Báo tôi khi có hàng"), once, in this transaction.
  const back = values.filter((v) => v.delta > 0 && v.balanceAfter > 0 && v.balanceAfter - v.delta <= 0).map((v) => v.bookId);
  if (back.length) await notifyBackInStock(tx, back);
}

export interface StockEntry {
  bookId: number;
  delta: number;
  unitCost?: number | null;
  note?: string | null;
}

export interface LockedBook {
  id: number;
  title: string;
  stock: number;
  status: string;
}

/**
 * Locks the books in id order (ascending, the order every order placement and cancellation uses, so the two never
 * wait on each other in a cycle) and returns them by id.
 */
export async function lockBooks(tx: Tx, bookIds: readonly number[]): Promise<Map<number, LockedBook>> {
  const ids = [...new Set(bookIds)].sort((a, b) => a - b);
  if (!ids.length) return new Map();
  const rows = await queryRows<LockedBook>(
    tx,
    sql`select id, title, stock, status from books where id = any(${intArray(ids)}) order by id for update`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Moves the stock of several books by their deltas (several entries of one book are added up) and records one
 * movement per book. The books are locked first, in id order; a book missing is a 404, a book that would go below
 * zero a 409, and the caller's transaction then rolls back whole. A book reaching zero shows as out of stock, a
 * book out of stock that gets units is on sale again.
 */
export async function adjustStock(tx: Tx, ctx: MovementContext, entries: readonly StockEntry[]): Promise<Map<number, number>> {
  const merged = new Map<number, StockEntry>();
  for (const e of entries) {
    const prev = merged.get(e.bookId);
    merged.set(e.bookId, prev ? { ...prev, delta: prev.delta + e.delta } : { ...e });
  }
  const locked = await lockBooks(tx, [...merged.keys()]);
  const changes: { id: number; delta: number }[] = [];
  for (const e of merged.values()) {
    const book = locked.get(e.bookId);
    if (!book) throw notFound(STOCK_MESSAGES.bookNotFound);
    if (book.stock + e.delta < 0) throw conflict(STOCK_MESSAGES.negativeStock(book.title, book.stock));
    if (e.delta !== 0) changes.push({ id: e.bookId, delta: e.delta });
  }
  const balances = new Map<number, number>();
  if (!changes.length) return balances;
  const ids = changes.map((c) => c.id);
  const deltas = changes.map((c) => c.delta);
  const updated = await queryRows<{ id: number; stock: number; status: string }>(
    tx,
    sql`update books b set
          stock = b.stock + v.delta,
          status = case
            when b.stock + v.delta = 0 and b.status = 'ACTIVE' then 'OUT_OF_STOCK'
            when b.stock + v.delta > 0 and b.status = 'OUT_OF_STOCK' then 'ACTIVE'
            else b.status end,
          updated_at = now()
        from unnest(${intArray(ids)}, ${intArray(deltas)}) as v(id, delta)
        where b.id = v.id
        returning b.id, b.stock, b.status`,
  );
  for (const u of updated) balances.set(u.id, u.stock);
  await recordMovements(
    tx,
    ctx,
    changes.map((c) => {
      const e = merged.get(c.id)!;
      return { bookId: c.id, delta: c.delta, balanceAfter: balances.get(c.id)!, unitCost: e.unitCost, note: e.note };
    }),
  );
  // A book sold out or back on sale changes what the catalogue shows: every instance drops its caches at commit.
  if (updated.some((u) => u.status !== locked.get(u.id)!.status)) await announceCatalogChange(tx);
  return balances;
}

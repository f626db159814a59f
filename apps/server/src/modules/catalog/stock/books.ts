import { sql, type SQL } from 'drizzle-orm';
import {
  LOW_STOCK_THRESHOLD,
  STOCK_MESSAGES,
  type BookStockDto,
  type ManualMovementInput,
  type PageResult,
  type ReorderRowDto,
  type StockMovementDto,
  type StockReason,
  type StockRefType,
} from '@nhasach/shared';
import { queryRows, type Db, type Tx } from '../../../db/client.ts';
import { bookStockSettings } from '../../../db/schema/stock.ts';
import { iso } from '../../../lib/db-values.ts';
import { notFound } from '../../../lib/errors.ts';
import type { AuthUser } from '../../../lib/guards.ts';
import { toPage } from '../../../lib/pagination.ts';
import { auditActor, recordAudit } from '../../audit/index.ts';
import { alertsWaiting } from './alerts.ts';
import { adjustStock } from './ledger.ts';
import { lastUnitCosts } from './receipts.ts';

type Conn = Db | Tx;

/** A book's stock figures: stock, its threshold, the ledger's total (equal to stock) and its last unit cost. */
export async function bookStock(db: Conn, bookId: number): Promise<BookStockDto> {
  const [row] = await queryRows<{
    id: number;
    title: string;
    slug: string;
    isbn13: string;
    sku: string | null;
    status: string;
    stock: number;
    sold: number;
    threshold: number | null;
    ledger_total: number;
  }>(
    db,
    sql`select b.id, b.title, b.slug, b.isbn13, b.sku, b.status, b.stock, b.sold, s.threshold,
          coalesce((select sum(delta) from stock_movements m where m.book_id = b.id), 0)::int as ledger_total
        from books b left join book_stock_settings s on s.book_id = b.id where b.id = ${bookId}`,
  );
  if (!row) throw notFound(STOCK_MESSAGES.bookNotFound);
  const cost = (await lastUnitCosts(db, [bookId])).get(bookId) ?? null;
  const waiting = (await alertsWaiting(db, [bookId])).get(bookId) ?? 0;
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    isbn13: row.isbn13,
    sku: row.sku,
    status: row.status,
    stock: row.stock,
    sold: row.sold,
    threshold: row.threshold,
    effectiveThreshold: row.threshold ?? LOW_STOCK_THRESHOLD,
    lastUnitCost: cost,
    ledgerTotal: row.ledger_total,
    alertsWaiting: waiting,
  };
}

interface MovementRow {
  id: string | number;
  book_id: number;
  title: string;
  isbn13: string;
  delta: number;
  balance_after: number;
  reason: StockReason;
  ref_type: StockRefType | null;
  ref_id: number | null;
  ref_code: string | null;
  unit_cost: number | null;
  note: string | null;
  actor_name: string | null;
  created_at: Date | string;
}

export const movementDto = (r: MovementRow): StockMovementDto => ({
  id: Number(r.id),
  bookId: r.book_id,
  bookTitle: r.title,
  isbn13: r.isbn13,
  delta: r.delta,
  balanceAfter: r.balance_after,
  reason: r.reason,
  refType: r.ref_type,
  refId: r.ref_id,
  refCode: r.ref_code,
  unitCost: r.unit_cost,
  note: r.note,
  actorName: r.actor_name,
  createdAt: iso(r.created_at),
});

export const movementSelect = sql`select m.id, m.book_id, b.title, b.isbn13, m.delta, m.balance_after, m.reason, m.ref_type, m.ref_id,
    m.ref_code, m.unit_cost, m.note, m.actor_name, m.created_at
  from stock_movements m join books b on b.id = m.book_id`;

/** Movements, newest first: of one book, of one reason, or all. */
export async function listMovements(
  db: Db,
  q: { page: number; size: number; bookId?: number; reason?: StockReason },
): Promise<PageResult<StockMovementDto>> {
  const parts: SQL[] = [];
  if (q.bookId !== undefined) parts.push(sql`m.book_id = ${q.bookId}`);
  if (q.reason) parts.push(sql`m.reason = ${q.reason}`);
  const where = parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
  const rows = await queryRows<MovementRow>(db, sql`${movementSelect} ${where} order by m.id desc limit ${q.size} offset ${q.page * q.size}`);
  const [total] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from stock_movements m ${where}`);
  return toPage(rows.map(movementDto), total?.n ?? 0, q.page, q.size);
}

/** PUT threshold: the book's own low-stock threshold, or back to the shop's default (null). */
export async function setThreshold(db: Db, actor: AuthUser, bookId: number, threshold: number | null): Promise<BookStockDto> {
  await db.transaction(async (tx) => {
    const [book] = await queryRows<{ title: string }>(tx, sql`select title from books where id = ${bookId}`);
    if (!book) throw notFound(STOCK_MESSAGES.bookNotFound);
    if (threshold === null) await tx.execute(sql`delete from book_stock_settings where book_id = ${bookId}`);
    else {
      await tx
        .insert(bookStockSettings)
        .values({ bookId, threshold })
        .onConflictDoUpdate({ target: bookStockSettings.bookId, set: { threshold, updatedAt: new Date() } });
    }
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'STOCK_THRESHOLD',
      entityType: 'BOOK',
      entityId: String(bookId),
      summary: `Ngưỡng tồn tối thiểu của "${book.title}": ${threshold ?? `mặc định (${LOW_STOCK_THRESHOLD})`}`,
      details: { threshold },
    });
  });
  return bookStock(db, bookId);
}

/** A movement recorded by hand: copies damaged or lost (out), or brought back by a customer (in). */
export async function recordManualMovement(db: Db, actor: AuthUser, bookId: number, input: ManualMovementInput): Promise<BookStockDto> {
  const delta = input.reason === 'DAMAGE' ? -input.quantity : input.quantity;
  await db.transaction(async (tx) => {
    await adjustStock(tx, { reason: input.reason, refType: 'MANUAL', actor, note: input.note ?? null }, [{ bookId, delta }]);
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'STOCK_MOVEMENT',
      entityType: 'BOOK',
      entityId: String(bookId),
      summary: `${input.reason === 'DAMAGE' ? 'Xuất hư hỏng' : 'Nhập khách trả'} ${input.quantity} cuốn`,
      details: { reason: input.reason, delta, note: input.note ?? null },
    });
  });
  return bookStock(db, bookId);
}

/**
 * Books to reorder: on sale or sold out (ACTIVE, OUT_OF_STOCK) with stock at or below their threshold, the
 * emptiest first. The suggestion covers 30 days of sales (ORDER movements net of ORDER_CANCELLED) above the
 * threshold, and is at least twice the threshold minus the stock.
 */
export async function reorderList(db: Db, q: { page: number; size: number; q?: string }): Promise<PageResult<ReorderRowDto>> {
  const search = q.q ? sql`and (b.title ilike ${`%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} or b.isbn13 = ${q.q})` : sql``;
  const base = sql`from books b
      left join book_stock_settings s on s.book_id = b.id
      left join suppliers sp on sp.id = b.supplier_id
      where b.status in ('ACTIVE', 'OUT_OF_STOCK') and b.stock <= coalesce(s.threshold, ${LOW_STOCK_THRESHOLD}) ${search}`;
  const rows = await queryRows<{
    id: number;
    title: string;
    isbn13: string;
    status: string;
    stock: number;
    threshold: number;
    supplier_id: number | null;
    supplier_name: string | null;
    sold30: number;
  }>(
    db,
    sql`select b.id, b.title, b.isbn13, b.status, b.stock, coalesce(s.threshold, ${LOW_STOCK_THRESHOLD})::int as threshold,
          b.supplier_id, sp.name as supplier_name,
          coalesce((select -sum(m.delta) from stock_movements m where m.book_id = b.id and m.reason in ('ORDER', 'ORDER_CANCELLED')
            and m.created_at > now() - interval '30 days'), 0)::int as sold30
        ${base}
        order by b.stock, b.id limit ${q.size} offset ${q.page * q.size}`,
  );
  const [total] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n ${base}`);
  const costs = await lastUnitCosts(db, rows.map((r) => r.id));
  const waiting = await alertsWaiting(db, rows.map((r) => r.id));
  return toPage(
    rows.map((r) => {
      const sold = Math.max(0, r.sold30);
      return {
        id: r.id,
        title: r.title,
        isbn13: r.isbn13,
        status: r.status,
        stock: r.stock,
        threshold: r.threshold,
        soldLast30Days: sold,
        supplier: r.supplier_id !== null ? { id: r.supplier_id, name: r.supplier_name ?? '' } : null,
        lastUnitCost: costs.get(r.id) ?? null,
        suggestedQuantity: Math.max(sold + r.threshold - r.stock, 2 * r.threshold - r.stock, 1),
        alertsWaiting: waiting.get(r.id) ?? 0,
      };
    }),
    total?.n ?? 0,
    q.page,
    q.size,
  );
}

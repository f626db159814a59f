import { sql, type SQL } from 'drizzle-orm';
import {
  vietnamDayRange,
  WAREHOUSE_BATCH_CODE_PREFIX,
  WAREHOUSE_BATCH_TYPE_LABELS,
  WAREHOUSE_MESSAGES,
  type PageResult,
  type StockReason,
  type WarehouseBatchDto,
  type WarehouseBatchInput,
  type WarehouseBatchLineDto,
  type WarehouseBatchListQuery,
  type WarehouseBatchSummaryDto,
  type WarehouseBatchType,
  type WarehouseStockRowDto,
  type WarehouseStocksQuery,
} from '@nhasach/shared';
import { queryRows, type Db, type Tx } from '../../../db/client.ts';
import { stockBatches } from '../../../db/schema/stock.ts';
import { intArray, iso, textArray } from '../../../lib/db-values.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import type { AuthUser } from '../../../lib/guards.ts';
import { toPage } from '../../../lib/pagination.ts';
import { auditActor, recordAudit } from '../../audit/index.ts';
import { adjustStock, lockBooks, type StockEntry } from './ledger.ts';

/**
 * Warehouse calls of other front ends (/api/v1/warehouse/..., routes.ts): stock per book, and batches posted at once
 * as movements of the one ledger (stock/ledger.ts). A batch row is only the header; its lines are its movements
 * (ref_type 'BATCH'), so stock stays the sum of the movements whoever moved it. A book's `sku` is its SKU when it
 * has one, else its ISBN-13.
 */

const skuSql = sql.raw(`coalesce(b.sku, b.isbn13)`);
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const money = (n: number | string | null | undefined): string => String(BigInt(Math.round(Number(n ?? 0))));

/** GET /warehouse/stocks: every book but drafts' stock and copies sold; q matches the title, SKU or ISBN. */
export async function warehouseStocks(db: Db, q: WarehouseStocksQuery): Promise<PageResult<WarehouseStockRowDto>> {
  const parts: SQL[] = [sql`b.status <> 'DRAFT'`];
  if (q.q) parts.push(sql`(b.title ilike ${likeOf(q.q)} or b.sku ilike ${likeOf(q.q)} or b.isbn13 like ${likeOf(q.q.replace(/[\s-]/g, ''))})`);
  const where = sql.join(parts, sql` and `);
  const [field, direction] = q.sort.split(',') as ['stock' | 'sold', 'asc' | 'desc'];
  const order = sql.raw(`b.${field} ${direction}, b.id ${direction}`);
  const rows = await queryRows<WarehouseStockRowDto>(
    db,
    sql`select b.id as "bookId", ${skuSql} as sku, b.title, b.stock, b.sold from books b where ${where}
        order by ${order} limit ${q.size} offset ${q.page * q.size}`,
  );
  const [total] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from books b where ${where}`);
  return toPage(rows, total?.n ?? 0, q.page, q.size);
}

/** The reason of the movements of each type of batch. */
const MOVEMENT_REASON: Record<WarehouseBatchType, StockReason> = { INBOUND: 'RECEIPT', OUTBOUND: 'ISSUE', ADJUSTMENT: 'COUNT_ADJUSTMENT' };

/** Book ids of the lines (by id, else by SKU or ISBN); an unknown one is a 400 naming its line. */
async function resolveLines(tx: Tx, lines: WarehouseBatchInput['lines']): Promise<number[]> {
  const keys = [...new Set(lines.flatMap((l) => (l.bookId === undefined && l.sku ? [l.sku] : [])))];
  const ids = [...new Set(lines.flatMap((l) => (l.bookId !== undefined ? [l.bookId] : [])))];
  const bySku = new Map<string, number>();
  const known = new Set<number>();
  if (keys.length) {
    const rows = await queryRows<{ id: number; sku: string | null; isbn13: string }>(
      tx,
      sql`select id, sku, isbn13 from books where sku = any(${textArray(keys)}) or isbn13 = any(${textArray(keys)})`,
    );
    // A book's own SKU wins over another book's ISBN written the same way.
    for (const r of rows) if (!bySku.has(r.isbn13)) bySku.set(r.isbn13, r.id);
    for (const r of rows) if (r.sku) bySku.set(r.sku, r.id);
  }
  if (ids.length) for (const r of await queryRows<{ id: number }>(tx, sql`select id from books where id = any(${intArray(ids)})`)) known.add(r.id);
  const seen = new Set<number>();
  return lines.map((l, i) => {
    const id = l.bookId ?? bySku.get(l.sku!);
    if (id === undefined || (l.bookId !== undefined && !known.has(id))) {
      const message = l.bookId === undefined ? WAREHOUSE_MESSAGES.skuNotFound(l.sku!) : WAREHOUSE_MESSAGES.bookNotFound;
      throw badRequest(message, [{ field: `lines.${i}`, message }]);
    }
    if (seen.has(id)) throw badRequest(WAREHOUSE_MESSAGES.duplicateLine, [{ field: `lines.${i}`, message: WAREHOUSE_MESSAGES.duplicateLine }]);
    seen.add(id);
    return id;
  });
}

/**
 * POST /warehouse/batches: one transaction. The books are locked in id order (the order of every order placement,
 * so a batch and racing orders wait for each other but never deadlock), then checked against the stock they have
 * under the lock: goods out never take a book below zero (400 naming it), an adjustment moves the difference to the
 * counted figure. The movements name the batch; nothing is written when a line is refused.
 */
export async function postWarehouseBatch(db: Db, actor: AuthUser, input: WarehouseBatchInput): Promise<WarehouseBatchDto> {
  const id = await db.transaction(async (tx) => {
    const bookIds = await resolveLines(tx, input.lines);
    const locked = await lockBooks(tx, bookIds);
    const entries: StockEntry[] = [];
    input.lines.forEach((line, i) => {
      const book = locked.get(bookIds[i]!)!;
      if (input.type === 'OUTBOUND' && book.stock < line.qty) {
        const message = WAREHOUSE_MESSAGES.notEnoughStock(book.title, book.stock, line.qty);
        throw badRequest(message, [{ field: `lines.${i}.qty`, message }]);
      }
      const delta = input.type === 'INBOUND' ? line.qty : input.type === 'OUTBOUND' ? -line.qty : line.qty - book.stock;
      const note = input.type === 'ADJUSTMENT' ? `Điều chỉnh tồn từ ${book.stock} thành ${line.qty}` : undefined;
      entries.push({ bookId: book.id, delta, unitCost: line.unitCost ?? null, ...(note ? { note } : {}) });
    });
    const [{ id }] = (await queryRows<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('stock_batches', 'id'))::int as id`)) as [{ id: number }];
    const code = `${WAREHOUSE_BATCH_CODE_PREFIX[input.type]}${String(id).padStart(6, '0')}`;
    await tx.insert(stockBatches).values({
      id,
      code,
      type: input.type,
      reason: input.reason ?? null,
      note: input.note ?? null,
      performedById: actor.id,
      performedBy: actor.username,
    });
    const movementNote = [input.reason, input.note].filter(Boolean).join(' — ') || null;
    await adjustStock(
      tx,
      { reason: MOVEMENT_REASON[input.type], refType: 'BATCH', refId: id, refCode: code, actor, note: movementNote },
      entries.map((e) => ({ ...e, note: e.note ?? movementNote })),
    );
    const units = entries.reduce((s, e) => s + Math.abs(e.delta), 0);
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'STOCK_BATCH_POST',
      entityType: 'STOCK_BATCH',
      entityId: code,
      summary: `${WAREHOUSE_BATCH_TYPE_LABELS[input.type]} phiếu ${code}: ${entries.length} đầu sách, ${units} cuốn`,
      details: { type: input.type, lines: entries.length, units },
    });
    return id;
  });
  return warehouseBatch(db, id);
}

interface BatchRow {
  id: number;
  code: string;
  type: WarehouseBatchType;
  reason: string | null;
  note: string | null;
  performed_by_id: number | null;
  performed_by: string | null;
  performed_at: Date | string;
  total_items: number;
  total_qty: number;
  total_amount: string | number;
}

/** A batch's lines are its movements: units moved (signed for an adjustment), with the unit cost of goods in. */
const lineQty = sql.raw(`case when s.type = 'ADJUSTMENT' then m.delta else abs(m.delta) end`);
const batchSelect = sql`select s.id, s.code, s.type, s.reason, s.note, s.performed_by_id, s.performed_by, s.performed_at,
    (select count(*) from stock_movements m where m.ref_type = 'BATCH' and m.ref_id = s.id)::int as total_items,
    coalesce((select sum(${lineQty}) from stock_movements m where m.ref_type = 'BATCH' and m.ref_id = s.id), 0)::int as total_qty,
    coalesce((select sum(abs(m.delta)::bigint * m.unit_cost) from stock_movements m where m.ref_type = 'BATCH' and m.ref_id = s.id), 0) as total_amount
  from stock_batches s`;

async function linesOf(conn: Db | Tx, batchIds: number[]): Promise<Map<number, WarehouseBatchLineDto[]>> {
  const out = new Map<number, WarehouseBatchLineDto[]>();
  if (!batchIds.length) return out;
  const rows = await queryRows<{ batch_id: number; book_id: number; sku: string; title: string; qty: number; unit_cost: number | null }>(
    conn,
    sql`select s.id as batch_id, m.book_id, ${skuSql} as sku, b.title, ${lineQty} as qty, m.unit_cost
        from stock_movements m join stock_batches s on m.ref_type = 'BATCH' and m.ref_id = s.id join books b on b.id = m.book_id
        where s.id = any(${intArray(batchIds)}) order by m.id`,
  );
  for (const r of rows) {
    const line: WarehouseBatchLineDto = {
      bookId: r.book_id,
      sku: r.sku,
      title: r.title,
      qty: r.qty,
      unitCost: r.unit_cost === null ? null : money(r.unit_cost),
      lineTotal: money(r.unit_cost === null ? 0 : Math.abs(r.qty) * r.unit_cost),
    };
    out.set(r.batch_id, [...(out.get(r.batch_id) ?? []), line]);
  }
  return out;
}

/** GET /warehouse/batches/{id}. */
export async function warehouseBatch(db: Db | Tx, id: number): Promise<WarehouseBatchDto> {
  const [row] = await queryRows<BatchRow>(db, sql`${batchSelect} where s.id = ${id}`);
  if (!row) throw notFound(WAREHOUSE_MESSAGES.batchNotFound);
  const lines = (await linesOf(db, [id])).get(id) ?? [];
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    reason: row.reason,
    note: row.note,
    performedBy: { userId: row.performed_by_id, name: row.performed_by },
    performedAt: iso(row.performed_at)!,
    totals: { items: row.total_items, qty: row.total_qty, amount: money(row.total_amount) },
    lines,
  };
}

/** GET /warehouse/batches: newest first; q matches the code, reason, note, who posted it, or a book's title or SKU. */
export async function warehouseBatches(db: Db, q: WarehouseBatchListQuery): Promise<PageResult<WarehouseBatchSummaryDto>> {
  const parts: SQL[] = [];
  if (q.type) parts.push(sql`s.type = ${q.type}`);
  if (q.code) parts.push(sql`s.code ilike ${likeOf(q.code)}`);
  if (q.q) {
    const like = likeOf(q.q);
    parts.push(sql`(s.code ilike ${like} or s.reason ilike ${like} or s.note ilike ${like} or s.performed_by ilike ${like}
      or exists (select 1 from stock_movements m join books b on b.id = m.book_id where m.ref_type = 'BATCH' and m.ref_id = s.id
                 and (b.title ilike ${like} or b.sku ilike ${like} or b.isbn13 = ${q.q})))`);
  }
  const { start, end } = vietnamDayRange(q.dateFrom, q.dateTo);
  if (start) parts.push(sql`s.performed_at >= ${start.toISOString()}::timestamptz`);
  if (end) parts.push(sql`s.performed_at < ${end.toISOString()}::timestamptz`);
  const where = parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
  const rows = await queryRows<BatchRow>(db, sql`${batchSelect} ${where} order by s.performed_at desc, s.id desc limit ${q.size} offset ${q.page * q.size}`);
  const [total] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from stock_batches s ${where}`);
  const items = q.includeItems ? await linesOf(db, rows.map((r) => r.id)) : undefined;
  return toPage(
    rows.map((r) => ({
      id: r.id,
      code: r.code,
      type: r.type,
      reason: r.reason,
      note: r.note,
      performedByName: r.performed_by,
      performedById: r.performed_by_id,
      performedAt: iso(r.performed_at)!,
      totalItems: r.total_items,
      totalQty: r.total_qty,
      totalAmount: money(r.total_amount),
      ...(items ? { items: items.get(r.id) ?? [] } : {}),
    })),
    total?.n ?? 0,
    q.page,
    q.size,
  );
}

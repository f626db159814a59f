import { and, count, eq, inArray, sql } from 'drizzle-orm';
import {
  STOCK_MESSAGES,
  type ReceiptDto,
  type ReceiptInput,
  type ReceiptLineInput,
  type ReceiptScanInput,
  type ReceiptStatus,
  type ReceiptSummaryDto,
  type PageResult,
} from '@nhasach/shared';
import { queryRows, type Db, type Tx } from '../../../db/client.ts';
import { books, suppliers } from '../../../db/schema/catalog.ts';
import { stockReceiptLines, stockReceipts } from '../../../db/schema/stock.ts';
import { intArray, iso } from '../../../lib/db-values.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import type { AuthUser } from '../../../lib/guards.ts';
import { toPage } from '../../../lib/pagination.ts';
import { auditActor, recordAudit } from '../../audit/index.ts';
import { adjustStock } from './ledger.ts';

/**
 * Receipts of goods from suppliers: a draft (lines added by typing or scanning an ISBN, one line per book) until
 * posted. Posting is one transaction: the receipt row is locked (a second post finds it POSTED), then the books in
 * id order (stock/ledger.ts), each line becoming a RECEIPT movement with its unit cost.
 */

type Conn = Db | Tx;

const codeOf = (id: number) => `PN${String(id).padStart(6, '0')}`;

/** Book ids of the lines: ids checked to exist, ISBNs looked up; an unknown one is a 400 naming its line. */
async function resolveBooks(conn: Conn, lines: readonly { bookId?: number; isbn13?: string }[]): Promise<number[]> {
  const isbns = [...new Set(lines.flatMap((l) => (l.bookId === undefined && l.isbn13 ? [l.isbn13] : [])))];
  const ids = [...new Set(lines.flatMap((l) => (l.bookId !== undefined ? [l.bookId] : [])))];
  const byIsbn = new Map<string, number>();
  const known = new Set<number>();
  if (isbns.length) for (const r of await conn.select({ id: books.id, isbn13: books.isbn13 }).from(books).where(inArray(books.isbn13, isbns))) byIsbn.set(r.isbn13, r.id);
  if (ids.length) for (const r of await conn.select({ id: books.id }).from(books).where(inArray(books.id, ids))) known.add(r.id);
  return lines.map((l, i) => {
    const id = l.bookId ?? byIsbn.get(l.isbn13!);
    if (id === undefined || (l.bookId !== undefined && !known.has(id))) {
      const message = l.bookId === undefined ? STOCK_MESSAGES.isbnNotFound(l.isbn13!) : STOCK_MESSAGES.bookNotFound;
      throw badRequest(message, [{ field: `lines.${i}`, message }]);
    }
    return id;
  });
}

/** The unit cost of each book's latest posted receipt line (what a new line defaults to). */
export async function lastUnitCosts(conn: Conn, bookIds: readonly number[]): Promise<Map<number, number>> {
  if (!bookIds.length) return new Map();
  const rows = await queryRows<{ book_id: number; unit_cost: number }>(
    conn,
    sql`select distinct on (l.book_id) l.book_id, l.unit_cost
        from stock_receipt_lines l join stock_receipts r on r.id = l.receipt_id and r.status = 'POSTED'
        where l.book_id = any(${intArray(bookIds)})
        order by l.book_id, r.posted_at desc, l.id desc`,
  );
  return new Map(rows.map((r) => [r.book_id, r.unit_cost]));
}

async function assertSupplier(conn: Conn, supplierId: number | null | undefined) {
  if (supplierId === undefined || supplierId === null) return;
  const [row] = await conn.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, supplierId));
  if (!row) throw badRequest(STOCK_MESSAGES.supplierNotFound, [{ field: 'supplierId', message: STOCK_MESSAGES.supplierNotFound }]);
}

async function writeLines(tx: Tx, receiptId: number, lines: readonly ReceiptLineInput[]) {
  const ids = await resolveBooks(tx, lines);
  const seen = new Set<number>();
  ids.forEach((id, i) => {
    if (seen.has(id)) throw badRequest(STOCK_MESSAGES.duplicateLine, [{ field: `lines.${i}`, message: STOCK_MESSAGES.duplicateLine }]);
    seen.add(id);
  });
  const costs = await lastUnitCosts(tx, ids);
  await tx.delete(stockReceiptLines).where(eq(stockReceiptLines.receiptId, receiptId));
  if (lines.length) {
    await tx.insert(stockReceiptLines).values(
      lines.map((l, i) => ({ receiptId, bookId: ids[i]!, quantity: l.quantity, unitCost: l.unitCost ?? costs.get(ids[i]!) ?? 0 })),
    );
  }
}

/** Locks a receipt for a change; only a draft may change. */
async function lockDraft(tx: Tx, id: number) {
  const [row] = await tx.select().from(stockReceipts).where(eq(stockReceipts.id, id)).for('update');
  if (!row) throw notFound(STOCK_MESSAGES.receiptNotFound);
  if (row.status !== 'DRAFT') throw conflict(STOCK_MESSAGES.receiptPosted);
  return row;
}

export async function createReceipt(db: Db, actor: AuthUser, input: ReceiptInput): Promise<ReceiptDto> {
  await assertSupplier(db, input.supplierId);
  const id = await db.transaction(async (tx) => {
    const [{ id }] = (await queryRows<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('stock_receipts', 'id'))::int as id`)) as [{ id: number }];
    await tx.insert(stockReceipts).values({
      id,
      code: codeOf(id),
      supplierId: input.supplierId ?? null,
      supplierRef: input.supplierRef ?? null,
      note: input.note ?? null,
      createdById: actor.id,
      createdBy: actor.username,
    });
    if (input.lines?.length) await writeLines(tx, id, input.lines);
    return id;
  });
  return getReceipt(db, id);
}

export async function updateReceipt(db: Db, id: number, input: ReceiptInput): Promise<ReceiptDto> {
  await assertSupplier(db, input.supplierId);
  await db.transaction(async (tx) => {
    await lockDraft(tx, id);
    const set: Partial<typeof stockReceipts.$inferInsert> = {};
    if (input.supplierId !== undefined) set.supplierId = input.supplierId;
    if (input.supplierRef !== undefined) set.supplierRef = input.supplierRef;
    if (input.note !== undefined) set.note = input.note;
    if (Object.keys(set).length) await tx.update(stockReceipts).set(set).where(eq(stockReceipts.id, id));
    if (input.lines) await writeLines(tx, id, input.lines);
  });
  return getReceipt(db, id);
}

/** A scanned (or typed) ISBN: a new line, or one more unit on the book's line. */
export async function scanIntoReceipt(db: Db, id: number, input: ReceiptScanInput): Promise<ReceiptDto> {
  await db.transaction(async (tx) => {
    await lockDraft(tx, id);
    const [bookId] = await resolveBooks(tx, [input]);
    const cost = input.unitCost ?? (await lastUnitCosts(tx, [bookId!])).get(bookId!) ?? 0;
    await tx
      .insert(stockReceiptLines)
      .values({ receiptId: id, bookId: bookId!, quantity: input.quantity, unitCost: cost })
      .onConflictDoUpdate({
        target: [stockReceiptLines.receiptId, stockReceiptLines.bookId],
        set: {
          quantity: sql`${stockReceiptLines.quantity} + excluded.quantity`,
          ...(input.unitCost !== undefined ? { unitCost: input.unitCost } : {}),
        },
      });
  });
  return getReceipt(db, id);
}

export async function removeReceiptLine(db: Db, id: number, lineId: number): Promise<ReceiptDto> {
  await db.transaction(async (tx) => {
    await lockDraft(tx, id);
    await tx.delete(stockReceiptLines).where(and(eq(stockReceiptLines.receiptId, id), eq(stockReceiptLines.id, lineId)));
  });
  return getReceipt(db, id);
}

export async function deleteReceipt(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockDraft(tx, id);
    await tx.delete(stockReceipts).where(eq(stockReceipts.id, id));
  });
}

/**
 * Posts a draft: its lines become RECEIPT movements, in one transaction. The receipt row is locked first (a second
 * post waits, then finds it POSTED: 409), then the books in id order, the order of every order placement, so a
 * receipt and racing orders wait on each other's rows but never in a cycle.
 */
export async function postReceipt(db: Db, actor: AuthUser, id: number): Promise<ReceiptDto> {
  await db.transaction(async (tx) => {
    const receipt = await lockDraft(tx, id);
    const lines = await tx.select().from(stockReceiptLines).where(eq(stockReceiptLines.receiptId, id));
    if (!lines.length) throw badRequest(STOCK_MESSAGES.receiptEmpty);
    await adjustStock(
      tx,
      { reason: 'RECEIPT', refType: 'RECEIPT', refId: id, refCode: receipt.code, actor },
      lines.map((l) => ({ bookId: l.bookId, delta: l.quantity, unitCost: l.unitCost })),
    );
    await tx.update(stockReceipts).set({ status: 'POSTED', postedAt: new Date(), postedById: actor.id, postedBy: actor.username }).where(eq(stockReceipts.id, id));
    const units = lines.reduce((s, l) => s + l.quantity, 0);
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'STOCK_RECEIPT_POST',
      entityType: 'STOCK_RECEIPT',
      entityId: receipt.code,
      summary: `Nhập kho phiếu ${receipt.code}: ${lines.length} đầu sách, ${units} cuốn`,
      details: { lines: lines.length, units },
    });
  });
  return getReceipt(db, id);
}

interface ReceiptHead {
  id: number;
  code: string;
  status: ReceiptStatus;
  supplier_id: number | null;
  supplier_name: string | null;
  supplier_ref: string | null;
  note: string | null;
  created_by: string | null;
  created_at: Date | string;
  posted_by: string | null;
  posted_at: Date | string | null;
  total_quantity: number;
  total_cost: string | number;
  line_count: number;
}

const headSql = sql`select r.id, r.code, r.status, r.supplier_id, s.name as supplier_name, r.supplier_ref, r.note, r.created_by,
    r.created_at, r.posted_by, r.posted_at,
    coalesce((select sum(quantity) from stock_receipt_lines l where l.receipt_id = r.id), 0)::int as total_quantity,
    coalesce((select sum(quantity::bigint * unit_cost) from stock_receipt_lines l where l.receipt_id = r.id), 0) as total_cost,
    (select count(*) from stock_receipt_lines l where l.receipt_id = r.id)::int as line_count
  from stock_receipts r left join suppliers s on s.id = r.supplier_id`;

const summary = (h: ReceiptHead): ReceiptSummaryDto => ({
  id: h.id,
  code: h.code,
  status: h.status,
  supplier: h.supplier_id !== null ? { id: h.supplier_id, name: h.supplier_name ?? '' } : null,
  supplierRef: h.supplier_ref,
  note: h.note,
  createdBy: h.created_by,
  createdAt: iso(h.created_at),
  postedBy: h.posted_by,
  postedAt: iso(h.posted_at),
  totalQuantity: h.total_quantity,
  totalCost: Number(h.total_cost),
  lineCount: h.line_count,
});

export async function getReceipt(db: Conn, id: number): Promise<ReceiptDto> {
  const [head] = await queryRows<ReceiptHead>(db, sql`${headSql} where r.id = ${id}`);
  if (!head) throw notFound(STOCK_MESSAGES.receiptNotFound);
  const lines = await queryRows<{ id: number; book_id: number; title: string; isbn13: string; stock: number; quantity: number; unit_cost: number }>(
    db,
    sql`select l.id, l.book_id, b.title, b.isbn13, b.stock, l.quantity, l.unit_cost
        from stock_receipt_lines l join books b on b.id = l.book_id where l.receipt_id = ${id} order by l.id`,
  );
  const { lineCount: _lineCount, ...rest } = summary(head);
  return {
    ...rest,
    lines: lines.map((l) => ({
      id: l.id,
      bookId: l.book_id,
      title: l.title,
      isbn13: l.isbn13,
      stock: l.stock,
      quantity: l.quantity,
      unitCost: l.unit_cost,
      lineTotal: l.quantity * l.unit_cost,
    })),
  };
}

export async function listReceipts(db: Db, q: { page: number; size: number; status?: ReceiptStatus }): Promise<PageResult<ReceiptSummaryDto>> {
  const where = q.status ? sql`where r.status = ${q.status}` : sql``;
  const rows = await queryRows<ReceiptHead>(db, sql`${headSql} ${where} order by r.id desc limit ${q.size} offset ${q.page * q.size}`);
  const [total] = await db
    .select({ n: count() })
    .from(stockReceipts)
    .where(q.status ? eq(stockReceipts.status, q.status) : undefined);
  return toPage(rows.map(summary), total?.n ?? 0, q.page, q.size);
}

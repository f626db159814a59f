import { count as countFn, eq, sql } from 'drizzle-orm';
import { STOCK_MESSAGES, countAdjustment, type CountDto, type CountStatus, type CountSummaryDto, type PageResult } from '@nhasach/shared';
import { queryRows, type Db, type Tx } from '../../../db/client.ts';
import { books, categories } from '../../../db/schema/catalog.ts';
import { stockCounts } from '../../../db/schema/stock.ts';
import { intArray, iso } from '../../../lib/db-values.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import type { AuthUser } from '../../../lib/guards.ts';
import { toPage } from '../../../lib/pagination.ts';
import { auditActor, recordAudit } from '../../audit/index.ts';
import { loadCategoryRows, withDescendants } from '../categories.ts';
import { adjustStock, lockBooks } from './ledger.ts';

/**
 * Stock counts (docs/decisions.md, Stock room). Starting a count snapshots the expected quantity of every book in
 * its scope (one INSERT ... SELECT: one consistent instant). Staff type or scan counted quantities. Posting adds
 * counted - expected to each counted book's stock as it is when posting, so what orders, receipts and other
 * movements did since the snapshot is kept; a result below zero is held at zero.
 */

type Conn = Db | Tx;

const codeOf = (id: number) => `KK${String(id).padStart(6, '0')}`;

async function lockOpen(tx: Tx, id: number) {
  const [row] = await tx.select().from(stockCounts).where(eq(stockCounts.id, id)).for('update');
  if (!row) throw notFound(STOCK_MESSAGES.countNotFound);
  if (row.status !== 'OPEN') throw conflict(STOCK_MESSAGES.countClosed);
  return row;
}

/** Starts a count of a category (and its sub-categories) or of the whole shop: every book but drafts. */
export async function createCount(db: Db, actor: AuthUser, input: { categoryId?: number | null; note?: string | null }): Promise<CountDto> {
  const id = await db.transaction(async (tx) => {
    let scope = sql`true`;
    if (input.categoryId !== undefined && input.categoryId !== null) {
      const [cat] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId));
      if (!cat) throw badRequest(STOCK_MESSAGES.categoryNotFound, [{ field: 'categoryId', message: STOCK_MESSAGES.categoryNotFound }]);
      const ids = withDescendants(await loadCategoryRows(tx as unknown as Db), input.categoryId);
      scope = sql`b.category_ids && ${intArray(ids)}`;
    }
    const [{ id }] = (await queryRows<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('stock_counts', 'id'))::int as id`)) as [{ id: number }];
    await tx.insert(stockCounts).values({
      id,
      code: codeOf(id),
      categoryId: input.categoryId ?? null,
      note: input.note ?? null,
      createdById: actor.id,
      createdBy: actor.username,
    });
    const inserted = await queryRows<{ n: number }>(
      tx,
      sql`with ins as (insert into stock_count_lines (count_id, book_id, expected)
            select ${id}, b.id, b.stock from books b where b.status <> 'DRAFT' and ${scope} returning 1)
          select count(*)::int as n from ins`,
    );
    if (!inserted[0]?.n) throw badRequest(STOCK_MESSAGES.countEmptyScope);
    return id;
  });
  return getCount(db, id);
}

/** One scanned copy (or `quantity`) of the book with this ISBN: its counted quantity goes up. */
export async function scanIntoCount(db: Db, id: number, isbn13: string, quantity: number): Promise<CountDto['lines'][number]> {
  const bookId = await db.transaction(async (tx) => {
    await lockOpen(tx, id);
    const [book] = await tx.select({ id: books.id }).from(books).where(eq(books.isbn13, isbn13));
    if (!book) throw badRequest(STOCK_MESSAGES.isbnNotFound(isbn13), [{ field: 'isbn13', message: STOCK_MESSAGES.isbnNotFound(isbn13) }]);
    const updated = await queryRows<{ book_id: number }>(
      tx,
      sql`update stock_count_lines set counted = coalesce(counted, 0) + ${quantity}, counted_at = now()
          where count_id = ${id} and book_id = ${book.id} returning book_id`,
    );
    if (!updated.length) throw badRequest(STOCK_MESSAGES.countNotInScope, [{ field: 'isbn13', message: STOCK_MESSAGES.countNotInScope }]);
    return book.id;
  });
  const [line] = await countLines(db, id, bookId);
  return line!;
}

/** Counted quantities typed in (null: not counted). */
export async function setCountLines(db: Db, id: number, lines: readonly { bookId: number; counted: number | null }[]): Promise<CountDto> {
  await db.transaction(async (tx) => {
    await lockOpen(tx, id);
    const ids = lines.map((l) => l.bookId);
    const counted = lines.map((l) => l.counted);
    const updated = await queryRows<{ book_id: number }>(
      tx,
      sql`update stock_count_lines l set counted = v.counted, counted_at = case when v.counted is null then null else now() end
          from unnest(${intArray(ids)}, ${sql`${`{${counted.map((c) => (c === null ? 'NULL' : String(Math.trunc(c)))).join(',')}}`}::int[]`}) as v(book_id, counted)
          where l.count_id = ${id} and l.book_id = v.book_id returning l.book_id`,
    );
    if (updated.length !== new Set(ids).size) {
      const found = new Set(updated.map((u) => u.book_id));
      const i = ids.findIndex((b) => !found.has(b));
      throw badRequest(STOCK_MESSAGES.countNotInScope, [{ field: `lines.${i}`, message: STOCK_MESSAGES.countNotInScope }]);
    }
  });
  return getCount(db, id);
}

/**
 * Posts the differences as COUNT_ADJUSTMENT movements, in one transaction: the count row locked (a second post
 * finds it POSTED), then the books in id order. Each counted book moves by counted - expected (uncounted books
 * only with `uncountedAsZero`, as counted 0), from its stock at posting time, held at zero.
 */
export async function postCount(db: Db, actor: AuthUser, id: number, uncountedAsZero: boolean): Promise<CountDto> {
  await db.transaction(async (tx) => {
    const head = await lockOpen(tx, id);
    const lines = await queryRows<{ book_id: number; expected: number; counted: number | null }>(
      tx,
      sql`select book_id, expected, counted from stock_count_lines where count_id = ${id}`,
    );
    if (!uncountedAsZero && !lines.some((l) => l.counted !== null)) throw badRequest(STOCK_MESSAGES.countNothing);
    const wanted = lines.map((l) => ({ bookId: l.book_id, delta: countAdjustment(l.expected, l.counted, uncountedAsZero) })).filter((l) => l.delta !== 0);
    const locked = await lockBooks(tx, wanted.map((w) => w.bookId));
    const entries = wanted.flatMap((w) => {
      const book = locked.get(w.bookId);
      if (!book) return [];
      const delta = Math.max(w.delta, -book.stock);
      return delta === 0 ? [] : [{ bookId: w.bookId, delta, note: delta !== w.delta ? `Chênh lệch ${w.delta}, giữ tồn kho ở 0` : null }];
    });
    await adjustStock(tx, { reason: 'COUNT_ADJUSTMENT', refType: 'COUNT', refId: id, refCode: head.code, actor }, entries);
    await tx.update(stockCounts).set({ status: 'POSTED', postedAt: new Date(), postedById: actor.id, postedBy: actor.username }).where(eq(stockCounts.id, id));
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'STOCK_COUNT_POST',
      entityType: 'STOCK_COUNT',
      entityId: head.code,
      summary: `Cân bằng kho theo phiếu kiểm kê ${head.code}: ${entries.length} đầu sách điều chỉnh`,
      details: { adjusted: entries.length, units: entries.reduce((s, e) => s + e.delta, 0), uncountedAsZero },
    });
  });
  return getCount(db, id);
}

export async function cancelCount(db: Db, actor: AuthUser, id: number): Promise<CountDto> {
  await db.transaction(async (tx) => {
    const head = await lockOpen(tx, id);
    await tx.update(stockCounts).set({ status: 'CANCELLED' }).where(eq(stockCounts.id, id));
    await recordAudit(tx, { ...auditActor(actor), action: 'STOCK_COUNT_CANCEL', entityType: 'STOCK_COUNT', entityId: head.code, summary: `Huỷ phiếu kiểm kê ${head.code}` });
  });
  return getCount(db, id);
}

async function countLines(db: Conn, id: number, bookId?: number) {
  const rows = await queryRows<{ book_id: number; title: string; isbn13: string; expected: number; counted: number | null; stock: number }>(
    db,
    sql`select l.book_id, b.title, b.isbn13, l.expected, l.counted, b.stock
        from stock_count_lines l join books b on b.id = l.book_id
        where l.count_id = ${id} ${bookId !== undefined ? sql`and l.book_id = ${bookId}` : sql``}
        order by b.title, b.id`,
  );
  return rows.map((r) => ({
    bookId: r.book_id,
    title: r.title,
    isbn13: r.isbn13,
    expected: r.expected,
    counted: r.counted,
    difference: r.counted === null ? null : r.counted - r.expected,
    currentStock: r.stock,
  }));
}

interface CountHead {
  id: number;
  code: string;
  status: CountStatus;
  category_id: number | null;
  category_name: string | null;
  note: string | null;
  created_by: string | null;
  created_at: Date | string;
  posted_by: string | null;
  posted_at: Date | string | null;
  book_count: number;
  counted_count: number;
}

const headSql = sql`select c.id, c.code, c.status, c.category_id, cat.name as category_name, c.note, c.created_by, c.created_at,
    c.posted_by, c.posted_at,
    (select count(*) from stock_count_lines l where l.count_id = c.id)::int as book_count,
    (select count(*) from stock_count_lines l where l.count_id = c.id and l.counted is not null)::int as counted_count
  from stock_counts c left join categories cat on cat.id = c.category_id`;

const summary = (h: CountHead): CountSummaryDto => ({
  id: h.id,
  code: h.code,
  status: h.status,
  category: h.category_id !== null ? { id: h.category_id, name: h.category_name ?? '' } : null,
  note: h.note,
  createdBy: h.created_by,
  createdAt: iso(h.created_at),
  postedBy: h.posted_by,
  postedAt: iso(h.posted_at),
  bookCount: h.book_count,
  countedCount: h.counted_count,
});

export async function getCount(db: Conn, id: number): Promise<CountDto> {
  const [head] = await queryRows<CountHead>(db, sql`${headSql} where c.id = ${id}`);
  if (!head) throw notFound(STOCK_MESSAGES.countNotFound);
  return { ...summary(head), lines: await countLines(db, id) };
}

export async function listCounts(db: Db, q: { page: number; size: number }): Promise<PageResult<CountSummaryDto>> {
  const rows = await queryRows<CountHead>(db, sql`${headSql} order by c.id desc limit ${q.size} offset ${q.page * q.size}`);
  const [total] = await db.select({ n: countFn() }).from(stockCounts);
  return toPage(rows.map(summary), total?.n ?? 0, q.page, q.size);
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BookStockDto, CountDto, ReceiptDto, ReorderRowDto, StockMovementDto } from '@nhasach/shared';
import { queryRows } from '../../../db/client.ts';
import { bookCategories } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { actors, insertRefs, nextIsbn, type Actors, type Refs } from '../../../../test/admin.ts';
import { bookState, makeCustomer, makeShopBook as makeBook, VALID_ADDRESS, type Customer, type ShopBookOptions } from '../../../../test/orders.ts';

let t: TestApp;
let who: Actors;
let refs: Refs;

beforeAll(async () => {
  t = await createTestApp();
  who = await actors(t.app);
  refs = await insertRefs(t.app.db);
});
afterAll(async () => {
  await t?.close();
});

/** A book on sale with an ISBN-13 that passes its checksum (what a scanner reads). */
async function makeShopBook(app: TestApp['app'], opts: ShopBookOptions = {}) {
  const book = await makeBook(app, opts);
  const isbn13 = nextIsbn();
  await app.db.execute(sql`update books set isbn13 = ${isbn13} where id = ${book.id}`);
  return { ...book, isbn13 };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (headers: Record<string, string> | undefined, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const admin = (method: Method, url: string, payload?: unknown) => call(who.admin.headers, method, url, payload);

/** Stock of the book and the sum of its movements, straight from the tables. */
async function ledger(bookId: number) {
  const [row] = await queryRows<{ stock: number; total: number; n: number }>(
    t.app.db,
    sql`select b.stock, coalesce(sum(m.delta), 0)::int as total, count(m.id)::int as n
        from books b left join stock_movements m on m.book_id = b.id where b.id = ${bookId} group by b.id`,
  );
  return row!;
}
const movementsOf = async (bookId: number): Promise<StockMovementDto[]> =>
  (await admin('GET', `/admin/stock/movements?bookId=${bookId}&size=200`)).json().data.content;

async function buyer(lines: [number, number][]): Promise<{ customer: Customer; addressId: number }> {
  const customer = await makeCustomer(t.app, 'Khách Đua');
  const a = await call(customer.headers, 'POST', '/address', VALID_ADDRESS);
  if (a.statusCode !== 201) throw new Error(a.body);
  for (const [bookId, qty] of lines) {
    const res = await call(customer.headers, 'POST', '/cart/items', { bookId, qty });
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  return { customer, addressId: a.json().data.id };
}
const placeOrder = (b: { customer: Customer; addressId: number }) =>
  call(b.customer.headers, 'POST', '/orders', { addressId: b.addressId, paymentMethod: 'COD', deliveryMethod: 'STANDARD' });

describe('the stock ledger', () => {
  it('gives a new book an opening movement, and orders and cancellations movements of their order', async () => {
    const book = await makeShopBook(t.app, { stock: 7 });
    expect(await ledger(book.id)).toEqual({ stock: 7, total: 7, n: 1 });
    expect((await movementsOf(book.id))[0]).toMatchObject({ reason: 'OPENING', delta: 7, balanceAfter: 7 });

    const b = await buyer([[book.id, 3]]);
    const placed = await placeOrder(b);
    expect(placed.statusCode).toBe(201);
    const code = placed.json().data.code;
    const cancel = await call(b.customer.headers, 'POST', `/orders/${code}/cancel`, { reason: 'Đổi ý' });
    expect(cancel.statusCode).toBe(200);

    const moves = await movementsOf(book.id);
    expect(moves.map((m) => [m.reason, m.delta, m.balanceAfter, m.refCode])).toEqual([
      ['ORDER_CANCELLED', 3, 7, code],
      ['ORDER', -3, 4, code],
      ['OPENING', 7, 7, null],
    ]);
    expect(await ledger(book.id)).toMatchObject({ stock: 7, total: 7 });
  });

  it('the book edit ignores stock: it moves only through the ledger', async () => {
    const book = await makeShopBook(t.app, { stock: 5 });
    const res = await admin('PUT', `/admin/books/${book.id}`, { stock: 500, title: 'Tên mới' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.stock).toBe(5);
    expect(await ledger(book.id)).toMatchObject({ stock: 5, total: 5 });
  });

  it('is for admins only, on every route', async () => {
    const routes: [Method, string, unknown?][] = [
      ['GET', '/admin/stock/movements'],
      ['GET', '/admin/stock/books/1'],
      ['POST', '/admin/stock/books/1/movements', { reason: 'DAMAGE', quantity: 1 }],
      ['PUT', '/admin/stock/books/1/threshold', { threshold: 3 }],
      ['GET', '/admin/stock/reorder'],
      ['GET', '/admin/stock/receipts'],
      ['POST', '/admin/stock/receipts', {}],
      ['POST', '/admin/stock/receipts/1/post'],
      ['POST', '/admin/stock/receipts/1/lines', { isbn13: '9786041000013' }],
      ['GET', '/admin/stock/counts'],
      ['POST', '/admin/stock/counts', {}],
      ['POST', '/admin/stock/counts/1/scan', { isbn13: '9786041000013' }],
      ['POST', '/admin/stock/counts/1/post'],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(undefined, method, url, body)).statusCode, `${method} ${url} guest`).toBe(401);
      expect((await call(who.sale.headers, method, url, body)).statusCode, `${method} ${url} sale`).toBe(403);
      expect((await call(who.customer.headers, method, url, body)).statusCode, `${method} ${url} customer`).toBe(403);
    }
  });

  it('records damage and returns by hand, never below zero', async () => {
    const book = await makeShopBook(t.app, { stock: 2 });
    const over = await admin('POST', `/admin/stock/books/${book.id}/movements`, { reason: 'DAMAGE', quantity: 3 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain('chỉ còn 2 cuốn');
    const damaged = await admin('POST', `/admin/stock/books/${book.id}/movements`, { reason: 'DAMAGE', quantity: 2, note: 'Ướt mưa' });
    expect(damaged.statusCode).toBe(201);
    expect(damaged.json().data).toMatchObject({ stock: 0, ledgerTotal: 0 });
    expect(await bookState(t.app, book.id)).toMatchObject({ stock: 0, status: 'OUT_OF_STOCK' });
    const back = await admin('POST', `/admin/stock/books/${book.id}/movements`, { reason: 'RETURN', quantity: 1 });
    expect(back.json().data).toMatchObject({ stock: 1, ledgerTotal: 1 });
    expect(await bookState(t.app, book.id)).toMatchObject({ stock: 1, status: 'ACTIVE' });
    expect((await admin('POST', `/admin/stock/books/${book.id}/movements`, { reason: 'ORDER', quantity: 1 })).statusCode).toBe(400);
  });

  it('lists books at or below their threshold to reorder', async () => {
    const low = await makeShopBook(t.app, { stock: 8, title: 'Sách Sắp Hết Ngưỡng Riêng' });
    const fine = await makeShopBook(t.app, { stock: 8, title: 'Sách Còn Nhiều Ngưỡng Riêng' });
    const set = await admin('PUT', `/admin/stock/books/${low.id}/threshold`, { threshold: 10 });
    expect(set.json().data).toMatchObject<Partial<BookStockDto>>({ threshold: 10, effectiveThreshold: 10 });
    const list: ReorderRowDto[] = (await admin('GET', '/admin/stock/reorder?q=Ngưỡng Riêng')).json().data.content;
    expect(list.map((r) => r.id)).toEqual([low.id]);
    expect(list[0]).toMatchObject({ stock: 8, threshold: 10, suggestedQuantity: 12 });
    expect(fine.id).not.toBe(low.id);
  });
});

describe('receipts', () => {
  it('takes lines by ISBN or book, adds a scan to its line, posts once as RECEIPT movements', async () => {
    const a = await makeShopBook(t.app, { stock: 0, status: 'OUT_OF_STOCK' });
    const b = await makeShopBook(t.app, { stock: 4 });
    const created = await admin('POST', '/admin/stock/receipts', {
      supplierId: refs.supplier.id,
      supplierRef: 'HD-001',
      lines: [
        { isbn13: a.isbn13, quantity: 10, unitCost: 50_000 },
        { bookId: b.id, quantity: 2, unitCost: 30_000 },
      ],
    });
    expect(created.statusCode).toBe(201);
    const receipt: ReceiptDto = created.json().data;
    expect(receipt).toMatchObject({ status: 'DRAFT', totalQuantity: 12, totalCost: 560_000, supplier: { id: refs.supplier.id } });
    expect(receipt.code).toMatch(/^PN\d{6}$/);

    // A scanner types the ISBN: the same book again is one more unit on its line.
    const scanned = await admin('POST', `/admin/stock/receipts/${receipt.id}/lines`, { isbn13: `${a.isbn13.slice(0, 3)}-${a.isbn13.slice(3)}` });
    expect(scanned.statusCode).toBe(200);
    expect(scanned.json().data.lines.find((l: { bookId: number }) => l.bookId === a.id)).toMatchObject({ quantity: 11, unitCost: 50_000 });

    const unknown = await admin('POST', `/admin/stock/receipts/${receipt.id}/lines`, { isbn13: '9780000000002' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Không có sách nào mang ISBN 9780000000002.');
    const badChecksum = await admin('POST', `/admin/stock/receipts/${receipt.id}/lines`, { isbn13: '9780000000003' });
    expect(badChecksum.statusCode).toBe(400);
    const dup = await admin('PUT', `/admin/stock/receipts/${receipt.id}`, { lines: [{ bookId: a.id, quantity: 1 }, { isbn13: a.isbn13, quantity: 1 }] });
    expect(dup.statusCode).toBe(400);

    const posted = await admin('POST', `/admin/stock/receipts/${receipt.id}/post`);
    expect(posted.statusCode).toBe(200);
    expect(posted.json().data).toMatchObject({ status: 'POSTED', postedBy: who.admin.username });
    expect(await bookState(t.app, a.id)).toMatchObject({ stock: 11, status: 'ACTIVE' });
    expect(await ledger(a.id)).toMatchObject({ stock: 11, total: 11 });
    expect(await ledger(b.id)).toMatchObject({ stock: 6, total: 6 });
    expect((await movementsOf(a.id))[0]).toMatchObject({ reason: 'RECEIPT', delta: 11, unitCost: 50_000, refType: 'RECEIPT', refCode: receipt.code, actorName: who.admin.username });

    expect((await admin('POST', `/admin/stock/receipts/${receipt.id}/post`)).statusCode).toBe(409);
    expect((await admin('PUT', `/admin/stock/receipts/${receipt.id}`, { note: 'sửa' })).statusCode).toBe(409);
    expect((await admin('DELETE', `/admin/stock/receipts/${receipt.id}`)).statusCode).toBe(409);
    // The next receipt's line defaults to the last unit cost.
    const next = await admin('POST', '/admin/stock/receipts', { lines: [{ bookId: a.id, quantity: 1 }] });
    expect(next.json().data.lines[0].unitCost).toBe(50_000);
    expect((await admin('GET', `/admin/stock/books/${a.id}`)).json().data.lastUnitCost).toBe(50_000);
  });

  it('refuses an empty receipt and an unknown one', async () => {
    const empty = (await admin('POST', '/admin/stock/receipts', {})).json().data as ReceiptDto;
    expect((await admin('POST', `/admin/stock/receipts/${empty.id}/post`)).statusCode).toBe(400);
    expect((await admin('POST', '/admin/stock/receipts/999999/post')).statusCode).toBe(404);
    expect((await admin('POST', '/admin/stock/receipts', { lines: [{ quantity: 1 }] })).statusCode).toBe(400);
  });

  it('a receipt of 3 lines posted while 50 orders race for the same books leaves stock equal to the movements', async () => {
    const books = [await makeShopBook(t.app, { stock: 30 }), await makeShopBook(t.app, { stock: 30 }), await makeShopBook(t.app, { stock: 30 })];
    // Each buyer takes 1 of every book, books in different orders in the cart, some 2 of one: more demand than stock.
    const buyers = [];
    for (let i = 0; i < 50; i++) {
      const lines: [number, number][] = books.map((bk, j) => [bk.id, (i + j) % 7 === 0 ? 2 : 1]);
      buyers.push(await buyer(i % 2 ? lines.reverse() : lines));
    }
    const receipt = (
      await admin('POST', '/admin/stock/receipts', { lines: books.map((bk, j) => ({ bookId: bk.id, quantity: 10 + j, unitCost: 20_000 })) })
    ).json().data as ReceiptDto;

    const results = await Promise.all([
      ...buyers.slice(0, 25).map(placeOrder),
      admin('POST', `/admin/stock/receipts/${receipt.id}/post`),
      ...buyers.slice(25).map(placeOrder),
    ]);
    const post = results[25]!;
    expect(post.statusCode).toBe(200);
    const orders = results.filter((_, i) => i !== 25);
    for (const r of orders) expect([201, 409]).toContain(r.statusCode);
    const placed = orders.filter((r) => r.statusCode === 201);
    expect(placed.length).toBeGreaterThan(0);

    for (const [j, bk] of books.entries()) {
      const taken = placed.flatMap((r) => r.json().data.items as { bookId: number; qty: number }[]).filter((it) => it.bookId === bk.id).reduce((s, it) => s + it.qty, 0);
      const state = await ledger(bk.id);
      expect(state.stock).toBe(state.total);
      expect(state.stock).toBe(30 + 10 + j - taken);
      expect(state.stock).toBeGreaterThanOrEqual(0);
      // Balances follow each other: every movement's balance is the previous one plus its delta.
      const moves = (await movementsOf(bk.id)).reverse();
      let running = 0;
      for (const m of moves) {
        running += m.delta;
        expect(m.balanceAfter).toBe(running);
      }
    }
  });
});

describe('stock counts', () => {
  it('snapshots a category, counts by scan and by hand, posts counted - expected on top of later sales', async () => {
    const a = await makeShopBook(t.app, { stock: 10 });
    const b = await makeShopBook(t.app, { stock: 5 });
    const c = await makeShopBook(t.app, { stock: 3 });
    const outside = await makeShopBook(t.app, { stock: 9 });
    await t.app.db.insert(bookCategories).values([a, b, c].map((bk) => ({ bookId: bk.id, categoryId: refs.child.id })));
    await t.app.db.execute(sql`update books set category_ids = array[${refs.child.id}::int] where id in (${a.id}, ${b.id}, ${c.id})`);

    // The parent category counts its sub-category's books.
    const started = await admin('POST', '/admin/stock/counts', { categoryId: refs.parent.id });
    expect(started.statusCode).toBe(201);
    const count: CountDto = started.json().data;
    expect(count.code).toMatch(/^KK\d{6}$/);
    expect(count.lines.map((l) => l.bookId).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(count.lines.find((l) => l.bookId === a.id)).toMatchObject({ expected: 10, counted: null, difference: null });

    // 9 copies of a scanned one by one; b typed in as 5 (no difference); c not counted.
    for (let i = 0; i < 9; i++) expect((await admin('POST', `/admin/stock/counts/${count.id}/scan`, { isbn13: a.isbn13 })).statusCode).toBe(200);
    expect((await admin('PUT', `/admin/stock/counts/${count.id}/lines`, { lines: [{ bookId: b.id, counted: 5 }] })).statusCode).toBe(200);
    const notInScope = await admin('POST', `/admin/stock/counts/${count.id}/scan`, { isbn13: outside.isbn13 });
    expect(notInScope.statusCode).toBe(400);
    expect(notInScope.json().message).toBe('Sách này không thuộc phạm vi của phiếu kiểm kê.');

    // An order takes 2 of a after the snapshot: posting keeps it (10 expected, 9 counted: -1 on top of 8).
    const buy = await buyer([[a.id, 2]]);
    expect((await placeOrder(buy)).statusCode).toBe(201);

    const read: CountDto = (await admin('GET', `/admin/stock/counts/${count.id}`)).json().data;
    expect(read.lines.find((l) => l.bookId === a.id)).toMatchObject({ expected: 10, counted: 9, difference: -1, currentStock: 8 });
    expect(read).toMatchObject({ bookCount: 3, countedCount: 2 });

    const posted = await admin('POST', `/admin/stock/counts/${count.id}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data.status).toBe('POSTED');
    expect(await ledger(a.id)).toMatchObject({ stock: 7, total: 7 });
    expect(await ledger(b.id)).toMatchObject({ stock: 5, total: 5, n: 1 });
    expect(await ledger(c.id)).toMatchObject({ stock: 3, total: 3, n: 1 });
    expect((await movementsOf(a.id))[0]).toMatchObject({ reason: 'COUNT_ADJUSTMENT', delta: -1, balanceAfter: 7, refType: 'COUNT', refCode: count.code });
    expect((await admin('POST', `/admin/stock/counts/${count.id}/post`)).statusCode).toBe(409);
    expect((await admin('POST', `/admin/stock/counts/${count.id}/scan`, { isbn13: a.isbn13 })).statusCode).toBe(409);
  });

  it('counts uncounted books as zero when asked, and holds a book at zero', async () => {
    const cat = await queryRows<{ id: number }>(t.app.db, sql`insert into categories (name, slug) values ('Kiểm Kê Trống', ${`kiem-ke-${Date.now()}`}) returning id`);
    const a = await makeShopBook(t.app, { stock: 4 });
    const b = await makeShopBook(t.app, { stock: 6 });
    await t.app.db.execute(sql`update books set category_ids = array[${cat[0]!.id}::int] where id in (${a.id}, ${b.id})`);
    const count: CountDto = (await admin('POST', '/admin/stock/counts', { categoryId: cat[0]!.id })).json().data;
    expect((await admin('POST', `/admin/stock/counts/${count.id}/post`)).statusCode).toBe(400);
    await admin('PUT', `/admin/stock/counts/${count.id}/lines`, { lines: [{ bookId: b.id, counted: 0 }] });
    // b loses 3 more after the snapshot (damage): counted 0 against expected 6 would take 6 from 3: held at 0.
    await admin('POST', `/admin/stock/books/${b.id}/movements`, { reason: 'DAMAGE', quantity: 3 });
    const posted = await admin('POST', `/admin/stock/counts/${count.id}/post`, { uncountedAsZero: true });
    expect(posted.statusCode).toBe(200);
    expect(await ledger(a.id)).toMatchObject({ stock: 0, total: 0 });
    expect(await ledger(b.id)).toMatchObject({ stock: 0, total: 0 });
    expect((await movementsOf(b.id))[0]).toMatchObject({ reason: 'COUNT_ADJUSTMENT', delta: -3, note: 'Chênh lệch -6, giữ tồn kho ở 0' });
    const empty = await admin('POST', '/admin/stock/counts', { categoryId: 999_999 });
    expect(empty.statusCode).toBe(400);
  });
});

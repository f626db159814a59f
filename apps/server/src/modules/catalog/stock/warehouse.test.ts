import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PageResult, WarehouseBatchDto, WarehouseBatchSummaryDto, WarehouseStockRowDto } from '@nhasach/shared';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { actors, nextIsbn, type Actors } from '../../../../test/admin.ts';
import { makeCustomer, makeShopBook as makeBook, VALID_ADDRESS, type Customer, type ShopBookOptions } from '../../../../test/orders.ts';

let t: TestApp;
let who: Actors;

beforeAll(async () => {
  t = await createTestApp();
  who = await actors(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function makeShopBook(opts: ShopBookOptions = {}) {
  const book = await makeBook(t.app, opts);
  const isbn13 = nextIsbn();
  await t.app.db.execute(sql`update books set isbn13 = ${isbn13} where id = ${book.id}`);
  return { ...book, isbn13 };
}

type Method = 'GET' | 'POST';
const call = (headers: Record<string, string> | undefined, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const admin = (method: Method, url: string, payload?: unknown) => call(who.admin.headers, method, url, payload);

async function ledger(bookId: number) {
  const [row] = await queryRows<{ stock: number; total: number }>(
    t.app.db,
    sql`select b.stock, coalesce(sum(m.delta), 0)::int as total from books b left join stock_movements m on m.book_id = b.id where b.id = ${bookId} group by b.id`,
  );
  return row!;
}

describe('warehouse calls (ADMIN only)', () => {
  it('answers 401 without a token and 403 for other roles, on every call', async () => {
    const calls: [Method, string, unknown?][] = [
      ['GET', '/warehouse/stocks'],
      ['POST', '/warehouse/batches', { type: 'INBOUND', lines: [{ bookId: 1, qty: 1, unitCost: 1 }] }],
      ['GET', '/warehouse/batches'],
      ['GET', '/warehouse/batches/1'],
    ];
    for (const [method, url, body] of calls) {
      const anonymous = await call(undefined, method, url, body);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toMatchObject({ statusCode: 401, data: null });
      for (const role of ['customer', 'sale'] as const) {
        const res = await call(who[role].headers, method, url, body);
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ statusCode: 403, error: 'FORBIDDEN' });
      }
    }
  });
});

describe('GET /warehouse/stocks', () => {
  it('pages books with SKU (own SKU, else ISBN), stock and sold, sorted and searched', async () => {
    const tag = `Kho${Date.now().toString(36)}`;
    const a = await makeShopBook({ title: `${tag} Một`, stock: 5, sku: `SKU-${tag}` });
    const b = await makeShopBook({ title: `${tag} Hai`, stock: 9 });
    const c = await makeShopBook({ title: `${tag} Ba`, stock: 1 });
    await t.app.db.execute(sql`update books set sold = case id when ${a.id} then 7 when ${b.id} then 2 else 30 end where id in (${a.id}, ${b.id}, ${c.id})`);

    const res = await admin('GET', `/warehouse/stocks?q=${encodeURIComponent(tag)}&sort=stock,desc&page=0&size=2`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ statusCode: 200, error: null });
    const page: PageResult<WarehouseStockRowDto> = res.json().data;
    expect(page).toMatchObject({ totalElements: 3, totalPages: 2, number: 0, size: 2 });
    expect(page.content).toEqual([
      { bookId: b.id, sku: b.isbn13, title: `${tag} Hai`, stock: 9, sold: 2 },
      { bookId: a.id, sku: `SKU-${tag}`, title: `${tag} Một`, stock: 5, sold: 7 },
    ]);
    const bySold: PageResult<WarehouseStockRowDto> = (await admin('GET', `/warehouse/stocks?q=${encodeURIComponent(tag)}&sort=sold,desc`)).json().data;
    expect(bySold.content.map((r) => r.bookId)).toEqual([c.id, a.id, b.id]);
    const asc: PageResult<WarehouseStockRowDto> = (await admin('GET', `/warehouse/stocks?q=${encodeURIComponent(tag)}`)).json().data;
    expect(asc.content.map((r) => r.stock)).toEqual([1, 5, 9]);
    // By SKU or ISBN.
    expect((await admin('GET', `/warehouse/stocks?q=${b.isbn13}`)).json().data.content.map((r: WarehouseStockRowDto) => r.bookId)).toEqual([b.id]);
    const bad = await admin('GET', '/warehouse/stocks?sort=title,asc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, error: 'VALIDATION_ERROR' });
  });
});

describe('warehouse batches', () => {
  it('posts goods in, goods out and an adjustment as ledger movements, and lists and shows them', async () => {
    const a = await makeShopBook({ stock: 4, sku: `SKU-B-${Date.now()}` });
    const b = await makeShopBook({ stock: 10 });

    const inbound = await admin('POST', '/warehouse/batches', {
      type: 'INBOUND',
      reason: 'Nhập hàng từ NCC',
      note: 'Hoá đơn 123',
      lines: [
        { bookId: a.id, qty: 6, unitCost: '25000' },
        { sku: b.isbn13, qty: 2, unitCost: 40_000 },
      ],
    });
    expect(inbound.statusCode, inbound.body).toBe(201);
    expect(inbound.json()).toMatchObject({ statusCode: 201, error: null, message: 'Đã ghi phiếu kho' });
    const batch: WarehouseBatchDto = inbound.json().data;
    expect(batch).toEqual({
      id: expect.any(Number),
      code: expect.stringMatching(/^NK\d{6}$/),
      type: 'INBOUND',
      reason: 'Nhập hàng từ NCC',
      note: 'Hoá đơn 123',
      performedBy: { userId: who.admin.id, name: who.admin.username },
      performedAt: expect.any(String),
      totals: { items: 2, qty: 8, amount: '230000' },
      lines: [
        { bookId: a.id, sku: a.sku!, title: a.title, qty: 6, unitCost: '25000', lineTotal: '150000' },
        { bookId: b.id, sku: b.isbn13, title: b.title, qty: 2, unitCost: '40000', lineTotal: '80000' },
      ],
    } satisfies WarehouseBatchDto);
    expect(await ledger(a.id)).toEqual({ stock: 10, total: 10 });
    expect(await ledger(b.id)).toEqual({ stock: 12, total: 12 });

    const outbound = await admin('POST', '/warehouse/batches', { type: 'OUTBOUND', reason: 'Chuyển chi nhánh', lines: [{ sku: a.sku, qty: 3 }] });
    expect(outbound.statusCode, outbound.body).toBe(201);
    expect(outbound.json().data).toMatchObject({ code: expect.stringMatching(/^XK\d{6}$/), type: 'OUTBOUND', totals: { items: 1, qty: 3, amount: '0' } });
    expect(outbound.json().data.lines).toEqual([{ bookId: a.id, sku: a.sku, title: a.title, qty: 3, unitCost: null, lineTotal: '0' }]);
    expect(await ledger(a.id)).toEqual({ stock: 7, total: 7 });

    // An adjustment sets the counted figure; the line is the change made.
    const adjustment = await admin('POST', '/warehouse/batches', { type: 'ADJUSTMENT', reason: 'Kiểm kê', lines: [{ bookId: b.id, qty: 9 }] });
    expect(adjustment.statusCode, adjustment.body).toBe(201);
    expect(adjustment.json().data).toMatchObject({ code: expect.stringMatching(/^DC\d{6}$/), totals: { items: 1, qty: -3 }, lines: [{ bookId: b.id, qty: -3 }] });
    expect(await ledger(b.id)).toEqual({ stock: 9, total: 9 });

    // The movements name their batch, with the reason of each type.
    const moves = await queryRows<{ reason: string; ref_type: string; ref_code: string; delta: number }>(
      t.app.db,
      sql`select reason, ref_type, ref_code, delta from stock_movements where ref_type = 'BATCH' and book_id in (${a.id}, ${b.id}) order by id`,
    );
    expect(moves.map((m) => [m.reason, m.ref_code.slice(0, 2), m.delta])).toEqual([
      ['RECEIPT', 'NK', 6],
      ['RECEIPT', 'NK', 2],
      ['ISSUE', 'XK', -3],
      ['COUNT_ADJUSTMENT', 'DC', -3],
    ]);

    // The list: a page of summaries, newest first, filtered, with the lines when asked.
    const list = await admin('GET', `/warehouse/batches?type=INBOUND&code=${batch.code}&includeItems=true&page=0&size=10`);
    expect(list.statusCode, list.body).toBe(200);
    const page: PageResult<WarehouseBatchSummaryDto> = list.json().data;
    expect(page).toMatchObject({ totalElements: 1, totalPages: 1, number: 0, size: 10 });
    expect(page.content[0]).toEqual({
      id: batch.id,
      code: batch.code,
      type: 'INBOUND',
      reason: 'Nhập hàng từ NCC',
      note: 'Hoá đơn 123',
      performedByName: who.admin.username,
      performedById: who.admin.id,
      performedAt: batch.performedAt,
      totalItems: 2,
      totalQty: 8,
      totalAmount: '230000',
      items: batch.lines,
    } satisfies WarehouseBatchSummaryDto);
    const all: PageResult<WarehouseBatchSummaryDto> = (await admin('GET', '/warehouse/batches')).json().data;
    expect(all.content.slice(0, 3).map((s) => s.type)).toEqual(['ADJUSTMENT', 'OUTBOUND', 'INBOUND']);
    expect(all.content[0]).not.toHaveProperty('items');
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    expect((await admin('GET', `/warehouse/batches?q=${encodeURIComponent('chi nhánh')}&dateFrom=${today}&dateTo=${today}`)).json().data.totalElements).toBe(1);
    expect((await admin('GET', '/warehouse/batches?dateFrom=2001-01-01&dateTo=2001-01-02')).json().data.totalElements).toBe(0);

    expect((await admin('GET', `/warehouse/batches/${batch.id}`)).json().data).toEqual(batch);
    const missing = await admin('GET', '/warehouse/batches/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, error: 'NOT_FOUND', message: 'Không tìm thấy phiếu kho.' });
  });

  it('refuses goods out beyond the stock, unknown books, missing costs and bad lines with a clear 400, writing nothing', async () => {
    const a = await makeShopBook({ title: 'Sách Còn Ít', stock: 2 });
    const b = await makeShopBook({ stock: 5 });
    const count = async () => (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from stock_batches`))[0]!.n;
    const before = await count();

    const over = await admin('POST', '/warehouse/batches', { type: 'OUTBOUND', lines: [{ bookId: b.id, qty: 1 }, { bookId: a.id, qty: 3 }] });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ statusCode: 400, message: 'Không thể xuất 3 cuốn "Sách Còn Ít": trong kho chỉ còn 2 cuốn.' });
    expect(over.json().data.fields).toEqual([{ field: 'lines.1.qty', message: over.json().message }]);
    // Nothing moved, not even the line that fitted.
    expect(await ledger(b.id)).toEqual({ stock: 5, total: 5 });

    const cases: [unknown, RegExp][] = [
      [{ type: 'INBOUND', lines: [{ bookId: a.id, qty: 1 }] }, /giá nhập/],
      [{ type: 'INBOUND', lines: [{ sku: 'KHONG-CO', qty: 1, unitCost: 1 }] }, /KHONG-CO/],
      [{ type: 'OUTBOUND', lines: [{ bookId: 99_999_999, qty: 1 }] }, /Không tìm thấy sách/],
      [{ type: 'OUTBOUND', lines: [{ qty: 1 }] }, /bookId\) hoặc SKU/],
      [{ type: 'OUTBOUND', lines: [{ bookId: a.id, qty: 0 }] }, /Số lượng/],
      [{ type: 'OUTBOUND', lines: [{ bookId: a.id, qty: 1 }, { bookId: a.id, qty: 1 }] }, /một dòng/],
      [{ type: 'MOVE', lines: [{ bookId: a.id, qty: 1 }] }, /INBOUND, OUTBOUND hoặc ADJUSTMENT/],
      [{ type: 'INBOUND', lines: [] }, /ít nhất một dòng/],
      [{ type: 'INBOUND', lines: [{ bookId: a.id, qty: 1, unitCost: '12.5' }] }, /Giá nhập/],
    ];
    for (const [body, message] of cases) {
      const res = await admin('POST', '/warehouse/batches', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toMatch(message);
    }
    expect(await count()).toBe(before);
    expect(await ledger(a.id)).toEqual({ stock: 2, total: 2 });
  });

  it('a goods-out batch posted while 40 orders race for the same books keeps stock equal to the sum of movements', async () => {
    const books = [await makeShopBook({ stock: 40 }), await makeShopBook({ stock: 40 })];
    const buyers: { customer: Customer; addressId: number }[] = [];
    for (let i = 0; i < 40; i++) {
      const customer = await makeCustomer(t.app, 'Khách Đua');
      const address = await call(customer.headers, 'POST', '/address', VALID_ADDRESS);
      const lines = i % 2 ? [...books].reverse() : books;
      for (const bk of lines) await call(customer.headers, 'POST', '/cart/items', { bookId: bk.id, qty: 1 });
      buyers.push({ customer, addressId: address.json().data.id });
    }
    const order = (b: { customer: Customer; addressId: number }) =>
      call(b.customer.headers, 'POST', '/orders', { addressId: b.addressId, paymentMethod: 'COD', deliveryMethod: 'STANDARD' });
    const results = await Promise.all([
      ...buyers.slice(0, 20).map(order),
      admin('POST', '/warehouse/batches', { type: 'OUTBOUND', reason: 'Trả NCC', lines: books.map((bk) => ({ bookId: bk.id, qty: 15 })) }),
      ...buyers.slice(20).map(order),
    ]);
    const batch = results[20]!;
    expect(batch.statusCode, batch.body).toBe(201);
    const orders = results.filter((_, i) => i !== 20);
    for (const r of orders) expect([201, 409]).toContain(r.statusCode);
    const placed = orders.filter((r) => r.statusCode === 201).length;
    expect(placed).toBe(25);
    for (const bk of books) {
      const state = await ledger(bk.id);
      expect(state.stock).toBe(state.total);
      expect(state.stock).toBe(0);
    }
  });
});

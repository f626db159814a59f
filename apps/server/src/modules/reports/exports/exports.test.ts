import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { actors, nextIsbn, type Actors } from '../../../../test/admin.ts';
import { makeCustomer, makeShopBook, VALID_ADDRESS } from '../../../../test/orders.ts';
import { neutralise } from './writer.ts';

let t: TestApp;
let who: Actors;
const books: { id: number; isbn13: string; title: string }[] = [];
let orderCode = '';

beforeAll(async () => {
  t = await createTestApp();
  who = await actors(t.app);
  for (const title of ['=HYPERLINK("http://x","bấm")', '+cmd|\' /C calc\'!A0', 'Truyện Kiều']) {
    const b = await makeShopBook(t.app, { title, stock: 10, price: 120_000 });
    const isbn13 = nextIsbn();
    await t.app.db.execute(sql`update books set isbn13 = ${isbn13} where id = ${b.id}`);
    books.push({ id: b.id, isbn13, title });
  }
  const receipt = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/stock/receipts',
    headers: who.admin.headers,
    payload: { lines: [{ bookId: books[2]!.id, quantity: 5, unitCost: 80_000 }] },
  });
  await t.app.inject({ method: 'POST', url: `/api/v1/admin/stock/receipts/${receipt.json().data.id}/post`, headers: who.admin.headers });
  const customer = await makeCustomer(t.app, 'Nguyễn Thị Export');
  const address = await t.app.inject({ method: 'POST', url: '/api/v1/address', headers: customer.headers, payload: VALID_ADDRESS });
  await t.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers: customer.headers, payload: { bookId: books[2]!.id, qty: 3 } });
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: customer.headers,
    payload: { addressId: address.json().data.id, paymentMethod: 'COD', deliveryMethod: 'STANDARD' },
  });
  orderCode = order.json().data.code;
});
afterAll(async () => {
  await t?.close();
});

const download = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1/admin/exports/${url}`, headers: who.admin.headers });

async function readXlsx(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { ws, rows };
}
const readCsv = (body: Buffer): string[][] => parse(body, { bom: true });

describe('exports', () => {
  it('neutralises what a spreadsheet would run as a formula', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1', 'Sách', '1-2'].map(neutralise)).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\t=1", "'\r=1", 'Sách', '1-2']);
  });

  it('books as Excel: Vietnamese headers, stock and cost as numbers in VND format, formulas neutralised', async () => {
    const res = await download('books?format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="sach-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const { ws, rows } = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['Mã sách', 'ISBN', 'Tên sách', 'Giá bán (₫)', 'Tồn kho', 'Giá nhập gần nhất (₫)']));
    const header = rows[0] as string[];
    const col = (name: string) => header.indexOf(name);
    expect(rows).toHaveLength(4);
    const kieu = rows.find((r) => r[col('ISBN')] === books[2]!.isbn13)!;
    expect(kieu[col('Tên sách')]).toBe('Truyện Kiều');
    expect(kieu[col('Tồn kho')]).toBe(12);
    expect(kieu[col('Giá bán (₫)')]).toBe(120_000);
    expect(kieu[col('Giá nhập gần nhất (₫)')]).toBe(80_000);
    expect(kieu[col('Giá trị tồn theo giá nhập (₫)')]).toBe(960_000);
    expect(ws.getColumn(col('Giá bán (₫)') + 1).numFmt).toBe('#,##0 "₫"');
    const titles = rows.slice(1).map((r) => r[col('Tên sách')]);
    expect(titles).toContain(`'=HYPERLINK("http://x","bấm")`);
    expect(titles).toContain(`'+cmd|' /C calc'!A0`);
  });

  it('books as CSV read back the same rows', async () => {
    const res = await download('books?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = readCsv(res.rawPayload);
    expect(rows[0]!.slice(0, 3)).toEqual(['Mã sách', 'ISBN', 'Tên sách']);
    expect(rows).toHaveLength(4);
    const kieu = rows.find((r) => r[1] === books[2]!.isbn13)!;
    expect(kieu[2]).toBe('Truyện Kiều');
    expect(rows.map((r) => r[2])).toContain(`'=HYPERLINK("http://x","bấm")`);
  });

  it('orders of a period with their lines, and stock movements', async () => {
    const today = new Date(Date.now() + 7 * 3600 * 1000).toISOString().slice(0, 10);
    const xlsx = await readXlsx((await download(`orders?format=xlsx&from=${today}&to=${today}`)).rawPayload);
    expect(xlsx.rows).toHaveLength(2);
    const header = xlsx.rows[0] as string[];
    const line = xlsx.rows[1]!;
    expect(line[header.indexOf('Mã đơn')]).toBe(orderCode);
    expect(line[header.indexOf('Số lượng')]).toBe(3);
    expect(line[header.indexOf('Thành tiền (₫)')]).toBe(360_000);
    expect(line[header.indexOf('Ngày đặt')]).toBeInstanceOf(Date);
    const csv = readCsv((await download(`orders?format=csv&from=${today}`)).rawPayload);
    expect(csv[1]![0]).toBe(orderCode);
    expect(csv[1]![1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const none = readCsv((await download('orders?format=csv&from=2000-01-01&to=2000-01-02')).rawPayload);
    expect(none).toHaveLength(1);

    const moves = readCsv((await download('stock-movements?format=csv')).rawPayload);
    expect(moves[0]).toEqual(['Thời gian', 'ISBN', 'Tên sách', 'Lý do', 'Thay đổi', 'Tồn sau', 'Chứng từ', 'Giá nhập (₫)', 'Ghi chú', 'Người thực hiện']);
    const ofKieu = moves.filter((m) => m[1] === books[2]!.isbn13).map((m) => [m[3], m[4], m[5]]);
    expect(ofKieu).toEqual([
      ['Tồn đầu kỳ', '10', '10'],
      ['Nhập hàng', '5', '15'],
      ['Bán (đơn hàng)', '-3', '12'],
    ]);
  });

  it('is for admins only and refuses bad parameters with a 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/exports/books' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/exports/books', headers: who.sale.headers })).statusCode).toBe(403);
    expect((await download('books?format=pdf')).statusCode).toBe(400);
    expect((await download('orders?from=2026-02-30')).statusCode).toBe(400);
    expect((await download('orders?from=2026-03-02&to=2026-03-01')).statusCode).toBe(400);
  });
});

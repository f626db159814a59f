import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { IMPORT_COLUMNS, IMPORT_MESSAGES, withIsbn13Checksum, type BookImportDto } from '@nhasach/shared';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { actors, insertRefs, type Actors, type Refs } from '../../../../test/admin.ts';

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

let prefix = 0;
/** n ISBNs no other file of this test uses. */
function isbns(n: number): string[] {
  prefix += 1;
  return Array.from({ length: n }, (_, i) => withIsbn13Checksum(`97${String(prefix).padStart(3, '0')}${String(i).padStart(7, '0')}`));
}

const HEADER = IMPORT_COLUMNS.map((c) => c.header);
type Cells = Partial<Record<(typeof IMPORT_COLUMNS)[number]['key'], string>>;
const csvOf = (rows: Cells[]) => Buffer.from(stringify([HEADER, ...rows.map((r) => IMPORT_COLUMNS.map((c) => r[c.key] ?? ''))], { bom: true }));

function multipart(filename: string, body: Buffer) {
  const boundary = `----nhasach${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (filename: string, body: Buffer, createMissing = false) => {
  const m = multipart(filename, body);
  return t.app.inject({ method: 'POST', url: `/api/v1/admin/imports/books?createMissing=${createMissing}`, headers: { ...who.admin.headers, ...m.headers }, payload: m.payload });
};
const start = (id: number, mode: 'VALID_ROWS' | 'ALL_OR_NOTHING') =>
  t.app.inject({ method: 'POST', url: `/api/v1/admin/imports/books/${id}/start`, headers: who.admin.headers, payload: { mode } });
const read = async (id: number): Promise<BookImportDto> => (await t.app.inject({ method: 'GET', url: `/api/v1/admin/imports/books/${id}`, headers: who.admin.headers })).json().data;
async function finished(id: number): Promise<BookImportDto> {
  for (;;) {
    const r = await read(id);
    if (r.status === 'DONE' || r.status === 'FAILED') return r;
    await new Promise((res) => setTimeout(res, 100));
  }
}
const countIsbns = async (list: string[]) =>
  (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from books where isbn13 = any(${`{${list.join(',')}}`}::text[])`))[0]!.n;

describe('book import', () => {
  it('offers a template, as Excel and CSV, with every column', async () => {
    const x = await t.app.inject({ method: 'GET', url: '/api/v1/admin/imports/books/template?format=xlsx', headers: who.admin.headers });
    expect(x.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    expect(wb.worksheets[1]!.name).toBe('Hướng dẫn');
    const c = await t.app.inject({ method: 'GET', url: '/api/v1/admin/imports/books/template?format=csv', headers: who.admin.headers });
    expect((parse(c.rawPayload, { bom: true }) as string[][])[0]).toEqual(HEADER);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/imports/books/template', headers: who.sale.headers })).statusCode).toBe(403);
  });

  it('imports 10,000 rows in the background with progress, creating missing names when allowed', async () => {
    const list = isbns(10_000);
    const rows: Cells[] = list.map((isbn13, i) => ({
      isbn13,
      title: `Sách Nhập Số ${i}`,
      authors: `Tác Giả Nhập ${i % 50}`,
      publisher: refs.publisher.name,
      supplier: 'NCC Nhập Mới',
      categories: `${refs.child.name}, Danh Mục Nhập Mới`,
      price: String(50_000 + (i % 100) * 1000),
      stock: String(i % 7),
      status: i % 10 === 0 ? 'Bản nháp' : 'ACTIVE',
    }));
    const dry = await upload('sach-10000.csv', csvOf(rows), true);
    expect(dry.statusCode, dry.body).toBe(201);
    const report: BookImportDto = dry.json().data;
    expect(report).toMatchObject({ status: 'VALIDATED', totalRows: 10_000, validRows: 10_000, errorRows: 0, toCreate: 10_000, toUpdate: 0, errors: [] });
    expect(await countIsbns(list)).toBe(0);

    const started = await start(report.id, 'ALL_OR_NOTHING');
    expect(started.statusCode).toBe(202);
    expect(started.json().data.status).toBe('RUNNING');
    expect((await start(report.id, 'ALL_OR_NOTHING')).statusCode).toBe(409);
    const done = await finished(report.id);
    expect(done).toMatchObject({ status: 'DONE', created: 10_000, updated: 0, processed: 10_000 });
    expect(await countIsbns(list)).toBe(10_000);
    const [check] = await queryRows<{ stock: number; total: number; authors: number; cats: number; draft: number }>(
      t.app.db,
      sql`select sum(b.stock)::int as stock,
            (select coalesce(sum(m.delta), 0)::int from stock_movements m join books x on x.id = m.book_id where x.title like 'Sách Nhập Số %') as total,
            (select count(*)::int from authors where name like 'Tác Giả Nhập %') as authors,
            (select count(*)::int from categories where name = 'Danh Mục Nhập Mới') as cats,
            count(*) filter (where b.status = 'DRAFT')::int as draft
          from books b where b.title like 'Sách Nhập Số %'`,
    );
    expect(check).toEqual({ stock: list.reduce((s, _, i) => s + (i % 7), 0), total: check!.stock, authors: 50, cats: 1, draft: 1000 });
    // The books are findable by the shop's search data (search documents refreshed).
    const [doc] = await queryRows<{ search_doc: string }>(t.app.db, sql`select search_doc from books where isbn13 = ${list[1]!}`);
    expect(doc!.search_doc).toContain('sach nhap so 1');
  }, 120_000);

  it('reports exactly the 20 bad rows by row and column, then imports the valid ones or none', async () => {
    const list = isbns(100);
    const rows: Cells[] = list.map((isbn13, i) => ({ isbn13, title: `Sách Lỗi ${i}`, price: '90000', categories: refs.child.name }));
    // 20 bad rows, each with one problem.
    const bad: [number, keyof Cells, string, string][] = [];
    for (let k = 0; k < 20; k++) {
      const i = 5 * k + 2;
      const kind = k % 5;
      if (kind === 0) {
        rows[i]!.isbn13 = `${list[i]!.slice(0, 12)}${(Number(list[i]![12]) + 1) % 10}`;
        bad.push([i, 'isbn13', 'ISBN', 'ISBN-13 không hợp lệ (sai checksum)']);
      }
      if (kind === 1) {
        rows[i]!.price = 'một trăm';
        bad.push([i, 'price', 'Giá bán', IMPORT_MESSAGES.integer('Giá bán')]);
      }
      if (kind === 2) {
        rows[i]!.categories = 'Danh Mục Không Có';
        bad.push([i, 'categories', 'Danh mục', IMPORT_MESSAGES.missingName('danh mục', 'Danh Mục Không Có')]);
      }
      if (kind === 3) {
        rows[i]!.salePrice = '95000';
        bad.push([i, 'salePrice', 'Giá khuyến mãi', 'Giá khuyến mãi phải nhỏ hơn giá bán.']);
      }
      if (kind === 4) {
        rows[i]!.isbn13 = list[i - 1]!;
        bad.push([i, 'isbn13', 'ISBN', IMPORT_MESSAGES.duplicate(i - 1 + 2)]);
      }
    }
    const dry = await upload('sach-loi.csv', csvOf(rows));
    const report: BookImportDto = dry.json().data;
    expect(report).toMatchObject({ totalRows: 100, validRows: 80, errorRows: 20 });
    expect(report.errors).toEqual(bad.map(([i, , column, message]) => ({ row: i + 2, column, message })));

    const none = await start(report.id, 'ALL_OR_NOTHING');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(IMPORT_MESSAGES.hasErrors(20));
    expect((await start(report.id, 'VALID_ROWS')).statusCode).toBe(202);
    expect(await finished(report.id)).toMatchObject({ status: 'DONE', created: 80, errorRows: 20 });
    expect(await countIsbns(list)).toBe(80);
  });

  it('updates books by ISBN through the same path: prices, sale window, status; stock only on new books', async () => {
    const [one, two] = isbns(2) as [string, string];
    const dry1 = (await upload('moi.csv', csvOf([{ isbn13: one, title: 'Sách Cập Nhật', price: '100000', stock: '4' }, { isbn13: two, title: 'Sách Hai', price: '50000' }]))).json().data;
    await start(dry1.id, 'VALID_ROWS');
    await finished(dry1.id);
    const upd = csvOf([
      { isbn13: one, price: '150.000', salePrice: '120000', saleStartAt: '01/01/2026', saleEndAt: '31/12/2030 23:59', status: 'Ngừng bán' },
      { isbn13: two, stock: '10' },
    ]);
    const dry2: BookImportDto = (await upload('cap-nhat.csv', upd)).json().data;
    expect(dry2).toMatchObject({ toUpdate: 1, errorRows: 1, errors: [{ row: 3, column: 'Tồn kho ban đầu', message: IMPORT_MESSAGES.stockOfExisting }] });
    await start(dry2.id, 'VALID_ROWS');
    expect(await finished(dry2.id)).toMatchObject({ status: 'DONE', updated: 1, created: 0 });
    const [b] = await queryRows<{ title: string; price: number; sale_price: number; status: string; stock: number; sale_end_at: Date | string }>(
      t.app.db,
      sql`select title, price, sale_price, status, stock, sale_end_at from books where isbn13 = ${one}`,
    );
    expect(b).toMatchObject({ title: 'Sách Cập Nhật', price: 150_000, sale_price: 120_000, status: 'INACTIVE', stock: 4 });
    expect(new Date(b!.sale_end_at).toISOString()).toBe('2030-12-31T16:59:00.000Z');
  });

  it('refuses wrong types, macros, formulas and files over the limit, clearly and without a 500', async () => {
    const csv = csvOf([{ isbn13: isbns(1)[0]!, title: 'X', price: '1000' }]);
    const wrong = await upload('sach.txt', csv);
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, IMPORT_MESSAGES.wrongType]);
    const xlsm = await upload('sach.xlsm', csv);
    expect([xlsm.statusCode, xlsm.json().message]).toEqual([400, IMPORT_MESSAGES.macro]);
    const vba = await upload('sach.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('xl/vbaProject.bin')]));
    expect([vba.statusCode, vba.json().message]).toEqual([400, IMPORT_MESSAGES.macro]);
    const broken = await upload('sach.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]));
    expect([broken.statusCode, broken.json().message]).toEqual([400, IMPORT_MESSAGES.unreadable]);
    const big = await upload('sach.csv', Buffer.alloc(11 * 1024 * 1024, 0x41));
    expect([big.statusCode, big.json().message]).toEqual([413, IMPORT_MESSAGES.tooLarge]);
    const noIsbn = await upload('sach.csv', Buffer.from('Tên sách,Giá bán\nA,1000\n'));
    expect([noIsbn.statusCode, noIsbn.json().message]).toEqual([400, IMPORT_MESSAGES.noIsbnColumn]);

    // An Excel file with a formula cell: that cell is reported, never evaluated.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sách');
    ws.addRow(HEADER);
    const [isbn] = isbns(1) as [string];
    ws.addRow([isbn, 'Sách Công Thức', '', '', '', '', { formula: 'HYPERLINK("http://x","a")' }]);
    const res = await upload('cong-thuc.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.errors).toEqual([{ row: 2, column: 'Giá bán', message: IMPORT_MESSAGES.formula }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/admin/imports/books', headers: who.customer.headers })).statusCode).toBe(403);
  });

  it('is never half applied: a failure in the second batch leaves no book of the file; an interrupted run can restart', async () => {
    const list = isbns(700);
    const rows: Cells[] = list.map((isbn13, i) => ({ isbn13, title: i === 650 ? 'BÙM' : `Sách Nguyên Tử ${i}`, price: '10000' }));
    await t.app.db.execute(sql.raw(`create or replace function test_boom() returns trigger language plpgsql as $$ begin
      if new.title = 'BÙM' then raise exception 'boom'; end if; return new; end $$`));
    await t.app.db.execute(sql.raw('create trigger test_boom before insert on books for each row execute function test_boom()'));
    try {
      const report: BookImportDto = (await upload('nguyen-tu.csv', csvOf(rows))).json().data;
      await start(report.id, 'VALID_ROWS');
      const failed = await finished(report.id);
      expect(failed.status).toBe('FAILED');
      expect(failed.failure).toContain('Không có dòng nào được áp dụng');
      expect(await countIsbns(list)).toBe(0);
    } finally {
      await t.app.db.execute(sql.raw('drop trigger test_boom on books'));
    }
    // A run whose server died: RUNNING with a stale heartbeat shows as interrupted, and starts again.
    const again: BookImportDto = (await upload('nguyen-tu.csv', csvOf(rows))).json().data;
    await t.app.db.execute(sql`update book_imports set status = 'RUNNING', heartbeat_at = now() - interval '10 minutes' where id = ${again.id}`);
    expect(await read(again.id)).toMatchObject({ status: 'FAILED', failure: IMPORT_MESSAGES.interrupted });
    expect((await start(again.id, 'VALID_ROWS')).statusCode).toBe(202);
    expect(await finished(again.id)).toMatchObject({ status: 'DONE', created: 700 });
  });
});

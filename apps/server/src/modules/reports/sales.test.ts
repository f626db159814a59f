import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { SalesReportDto } from '@nhasach/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actors, insertOrder, insertRefs, type Actors, type Refs } from '../../../test/admin.ts';
import { makeShopBook } from '../../../test/orders.ts';

let t: TestApp;
let who: Actors;
let refs: Refs;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  who = await actors(t.app);
  refs = await insertRefs(t.app.db);
});
afterAll(async () => {
  await t?.close();
});

const report = async (query: string): Promise<SalesReportDto> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/reports/sales?${query}`, headers: who.admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('sales report', () => {
  it('adds up revenue, orders, units and gross margin from receipt costs, equal to the orders, by every grouping', async () => {
    const a = await makeShopBook(t.app, { stock: 50 });
    const b = await makeShopBook(t.app, { stock: 50 });
    await t.app.db.execute(sql`update books set publisher_id = ${refs.publisher.id}, supplier_id = ${refs.supplier.id} where id = ${a.id}`);
    await t.app.db.execute(sql`insert into book_categories (book_id, category_id, position) values (${a.id}, ${refs.child.id}, 0)`);
    // a received at 40,000, then (later) at 50,000; b never received: no cost.
    for (const cost of [40_000, 50_000]) {
      const r = await t.app.inject({ method: 'POST', url: '/api/v1/admin/stock/receipts', headers: who.admin.headers, payload: { lines: [{ bookId: a.id, quantity: 5, unitCost: cost }] } });
      await t.app.inject({ method: 'POST', url: `/api/v1/admin/stock/receipts/${r.json().data.id}/post`, headers: who.admin.headers });
      await t.app.db.execute(sql`update stock_receipts set posted_at = ${new Date(Date.now() - (cost === 40_000 ? 10 : 1) * DAY).toISOString()}::timestamptz where id = ${r.json().data.id}`);
    }
    const base = { userId: who.customer.id, paymentMethod: 'COD' as const };
    // Counts: paid; COD delivered (2 days ago: the 40,000 cost applies). Not counted: pending COD, cancelled, refunded.
    await insertOrder(t.app.db, { ...base, paymentStatus: 'PAID', status: 'CONFIRMED', grandTotal: 330_000, items: [{ bookId: a.id, qty: 2, unitPrice: 100_000 }, { bookId: b.id, qty: 1, unitPrice: 100_000 }] });
    await insertOrder(t.app.db, { ...base, status: 'DELIVERED', grandTotal: 130_000, createdAt: new Date(Date.now() - 2 * DAY), items: [{ bookId: a.id, qty: 1, unitPrice: 100_000 }] });
    await insertOrder(t.app.db, { ...base, status: 'PENDING', grandTotal: 100_000, items: [{ bookId: a.id, qty: 1, unitPrice: 100_000 }] });
    await insertOrder(t.app.db, { ...base, status: 'CANCELED', paymentStatus: 'PAID', grandTotal: 100_000, items: [{ bookId: a.id, qty: 1, unitPrice: 100_000 }] });
    await insertOrder(t.app.db, { ...base, status: 'DELIVERED', paymentStatus: 'REFUNDED', grandTotal: 100_000, items: [{ bookId: a.id, qty: 1, unitPrice: 100_000 }] });

    const byDay = await report('groupBy=day');
    expect(byDay.totals).toEqual({ orders: 2, units: 4, revenue: 400_000, cost: 50_000 * 2 + 40_000, costedRevenue: 300_000, margin: 160_000, unitsWithoutCost: 1 });
    expect(byDay.rows).toHaveLength(2);
    // The report's totals equal the orders' lines.
    const [lines] = await queryRows<{ revenue: number; units: number }>(
      t.app.db,
      sql`select sum(i.line_total)::int as revenue, sum(i.qty)::int as units from order_items i join orders o on o.id = i.order_id
          where (o.payment_status = 'PAID' and o.status <> 'CANCELED') or (o.payment_method = 'COD' and o.status = 'DELIVERED' and o.payment_status not in ('REFUNDED', 'REFUND_PENDING'))`,
    );
    expect({ revenue: byDay.totals.revenue, units: byDay.totals.units }).toEqual(lines);
    for (const groupBy of ['day', 'category', 'publisher', 'supplier']) {
      const r = await report(`groupBy=${groupBy}`);
      expect(r.rows.reduce((s, x) => s + x.revenue, 0), groupBy).toBe(r.totals.revenue);
      expect(r.rows.reduce((s, x) => s + x.margin, 0), groupBy).toBe(r.totals.margin);
    }
    const byCategory = await report('groupBy=category');
    expect(byCategory.rows.find((x) => x.key === String(refs.child.id))).toMatchObject({ label: refs.child.name, units: 3, revenue: 300_000, margin: 160_000 });
    expect(byCategory.rows.find((x) => x.key === null)).toMatchObject({ label: 'Chưa phân loại', units: 1, unitsWithoutCost: 1 });
    const bySupplier = await report('groupBy=supplier');
    expect(bySupplier.rows[0]).toMatchObject({ label: refs.supplier.name, revenue: 300_000 });

    // A period: today only (Vietnam days).
    const today = new Date(Date.now() + 7 * 3600 * 1000).toISOString().slice(0, 10);
    expect((await report(`from=${today}&to=${today}`)).totals).toMatchObject({ orders: 1, revenue: 300_000 });

    // The same figures as a file.
    const file = await t.app.inject({ method: 'GET', url: '/api/v1/admin/exports/sales?groupBy=category&format=xlsx', headers: who.admin.headers });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Danh mục', 'Số đơn', 'Số cuốn', 'Doanh thu hàng (₫)', 'Giá vốn (₫)', 'Lãi gộp (₫)', 'Số cuốn chưa có giá vốn']);
    expect(rows.at(-1)).toEqual(['Tổng cộng', 2, 4, 400_000, 140_000, 160_000, 1]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/reports/sales', headers: who.sale.headers })).statusCode).toBe(403);
  });
});

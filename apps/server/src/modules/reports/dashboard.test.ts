import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardDto } from '@nhasach/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createAccount } from '../../../test/auth.ts';
import { placeOrder } from '../../../test/payments.ts';
import { getDashboard } from './dashboard.ts';
import { actors, bookBody, insertOrder, insertRefs, type Actors, type Refs } from '../../../test/admin.ts';

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

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
/** 17:00 in Vietnam; the Vietnam day began at 2030-06-14T17:00Z. */
const NOW = new Date('2030-06-15T10:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

async function book(overrides: Record<string, unknown>): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/books', headers: who.admin.headers, payload: bookBody(refs, overrides) });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

describe('dashboard', () => {
  it('computes revenue, orders by period, day and status, top books, low stock and newest customers', async () => {
    const a = await book({ title: 'Sách A Sắp Hết', stock: 3 });
    const b = await book({ title: 'Sách B Bán Chạy', stock: 50 });
    const c = await book({ title: 'Sách C Ngừng Bán', stock: 0, status: 'INACTIVE' });
    const d = await book({ title: 'Sách D Vừa Đủ', stock: 5 });
    const buyer = who.customer.id;

    // Revenue: paid (o1, o4, o8) or COD delivered (o3); not unpaid (o2), cancelled (o5), refunded (o6), too old (o7).
    await insertOrder(t.app.db, { userId: buyer, createdAt: ago(HOUR), status: 'CONFIRMED', paymentStatus: 'PAID', paymentMethod: 'VNPAY', grandTotal: 200_000, items: [{ bookId: a, qty: 2, unitPrice: 90_000 }] });
    await insertOrder(t.app.db, { userId: buyer, createdAt: ago(2 * HOUR), status: 'PENDING', paymentMethod: 'COD', grandTotal: 100_000, items: [{ bookId: b, qty: 1, unitPrice: 70_000 }] });
    await insertOrder(t.app.db, { userId: buyer, createdAt: ago(2 * DAY), status: 'DELIVERED', paymentMethod: 'COD', grandTotal: 300_000, items: [{ bookId: b, qty: 3, unitPrice: 90_000 }] });
    await insertOrder(t.app.db, { userId: buyer, createdAt: ago(10 * DAY), status: 'COMPLETED', paymentStatus: 'PAID', paymentMethod: 'VNPAY', grandTotal: 150_000, items: [{ bookId: a, qty: 1, unitPrice: 120_000 }] });
    await insertOrder(t.app.db, { userId: buyer, createdAt: ago(5 * DAY), status: 'CANCELED', paymentStatus: 'PAID', paymentMethod: 'VNPAY', grandTotal: 500_000, items: [{ bookId: c, qty: 10, unitPrice: 50_000 }] });
    await insertOrder(t.app.db, { userId: buyer, createdAt: ago(5 * DAY), status: 'COMPLETED', paymentStatus: 'REFUNDED', paymentMethod: 'VNPAY', grandTotal: 80_000 });
    await insertOrder(t.app.db, { userId: buyer, createdAt: ago(40 * DAY), status: 'COMPLETED', paymentStatus: 'PAID', paymentMethod: 'VNPAY', grandTotal: 999_000 });
    // 23:59:59 yesterday in Vietnam: not today.
    await insertOrder(t.app.db, { userId: buyer, createdAt: new Date('2030-06-14T16:59:59Z'), status: 'CONFIRMED', paymentStatus: 'PAID', paymentMethod: 'VNPAY', grandTotal: 10_000 });
    const newest = await createAccount(t.app.db, { fullName: 'Khách Mới Nhất' });

    const dash: DashboardDto = await getDashboard(t.app.db, NOW);
    expect(dash.timezone).toBe('Asia/Ho_Chi_Minh');
    expect(dash.today).toEqual({ revenue: 200_000, orders: 1, placed: 2 });
    expect(dash.last7Days).toEqual({ revenue: 510_000, orders: 3, placed: 6 });
    expect(dash.last30Days).toEqual({ revenue: 660_000, orders: 4, placed: 7 });

    expect(dash.revenueByDay).toHaveLength(30);
    expect(dash.revenueByDay[0]!.date).toBe('2030-05-17');
    expect(dash.revenueByDay.at(-1)).toEqual({ date: '2030-06-15', revenue: 200_000, orders: 1 });
    const byDate = Object.fromEntries(dash.revenueByDay.map((x) => [x.date, x.revenue]));
    expect(byDate['2030-06-14']).toBe(10_000);
    expect(byDate['2030-06-13']).toBe(300_000);
    expect(byDate['2030-06-05']).toBe(150_000);
    expect(dash.revenueByDay.reduce((s, x) => s + x.revenue, 0)).toBe(660_000);

    expect(dash.ordersByStatus).toEqual({ CONFIRMED: 2, PENDING: 1, DELIVERED: 1, COMPLETED: 3, CANCELED: 1 });
    expect(dash.topBooks.map((x) => [x.bookId, x.quantity, x.revenue])).toEqual([
      [b, 4, 340_000],
      [a, 3, 300_000],
    ]);
    expect(dash.topBooks[0]).toMatchObject({ title: 'Sách B Bán Chạy' });
    expect(dash.lowStock.map((x) => x.id)).toEqual([a, d]);
    expect(dash.newestCustomers[0]).toMatchObject({ id: newest.id, fullName: 'Khách Mới Nhất' });
    expect(dash.newestCustomers.every((u) => u.id !== who.admin.id && u.id !== who.sale.id)).toBe(true);
    expect(dash.totals).toEqual({ books: 4, activeBooks: 3, customers: 2, orders: 8 });
  });

  it("counts sold copies as the storefront's 'Đã bán' does: placed orders, less the cancelled ones", async () => {
    const first = await placeOrder(t.app, { paymentMethod: 'COD', qty: 3, stock: 20 });
    const again = await placeOrder(t.app, { who: first.who, paymentMethod: 'COD', qty: 2 });
    const cancelled = await placeOrder(t.app, { who: first.who, paymentMethod: 'COD', qty: 4 });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${cancelled.order.code}/cancel`,
      headers: first.who.headers,
      payload: { reason: 'Đặt nhầm' },
    });
    expect(cancel.statusCode).toBe(200);

    const dash = await getDashboard(t.app.db);
    for (const { book, qty } of [
      { book: first.book, qty: 3 },
      { book: again.book, qty: 2 },
    ]) {
      const storefront = (await t.app.inject({ method: 'GET', url: `/api/v1/books/${book.id}` })).json().data;
      const top = dash.topBooks.find((x) => x.bookId === book.id);
      expect(storefront.sold).toBe(qty);
      expect(top).toMatchObject({ quantity: qty, sold: qty });
    }
    expect(dash.topBooks.find((x) => x.bookId === cancelled.book.id)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/books/${cancelled.book.id}` })).json().data.sold).toBe(0);
  });

  it('answers admins over HTTP with the same shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: who.admin.headers });
    expect(res.statusCode).toBe(200);
    const dash = res.json().data as DashboardDto;
    expect(Object.keys(dash).sort()).toEqual(
      ['generatedAt', 'timezone', 'today', 'last7Days', 'last30Days', 'revenueByDay', 'ordersByStatus', 'topBooks', 'lowStock', 'newestCustomers', 'recentOrders', 'totals'].sort(),
    );
    expect(dash.revenueByDay).toHaveLength(30);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: who.sale.headers })).statusCode).toBe(403);
  });
});

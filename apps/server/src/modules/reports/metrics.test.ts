import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricsDailyRevenueDto, MetricsKpiDto, MetricsTopBookDto, MetricsTopCategoryDto } from '@nhasach/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
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

const get = (url: string, headers = who.admin.headers) => t.app.inject({ method: 'GET', url: `/api/v1/admin/metrics/${url}`, headers });

async function book(overrides: Record<string, unknown>): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/books', headers: who.admin.headers, payload: bookBody(refs, overrides) });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

describe('admin metrics, in the shapes other front ends read', () => {
  it('counts revenue, orders, top books and categories of a chosen period of Vietnam days, by the dashboard rules', async () => {
    const novel = await book({ title: 'Tiểu Thuyết Bán Chạy', categoryIds: [refs.child.id, refs.parent.id] });
    const essay = await book({ title: 'Tản Văn', categoryIds: [refs.parent.id] });
    const buyer = who.customer.id;
    const at = (iso: string) => new Date(iso);
    // 2031-03-01 and 03-02 in Vietnam (UTC+7). Revenue: paid (o1), COD delivered (o2); not unpaid (o3), cancelled (o4).
    await insertOrder(t.app.db, { userId: buyer, createdAt: at('2031-02-28T17:30:00Z'), status: 'CONFIRMED', paymentStatus: 'PAID', paymentMethod: 'VNPAY', grandTotal: 230_000, items: [{ bookId: novel, qty: 2, unitPrice: 100_000 }] });
    await insertOrder(t.app.db, { userId: buyer, createdAt: at('2031-03-02T03:00:00Z'), status: 'DELIVERED', paymentMethod: 'COD', grandTotal: 80_000, items: [{ bookId: essay, qty: 1, unitPrice: 50_000 }] });
    await insertOrder(t.app.db, { userId: buyer, createdAt: at('2031-03-02T04:00:00Z'), status: 'PENDING', paymentMethod: 'COD', grandTotal: 60_000, items: [{ bookId: essay, qty: 1, unitPrice: 30_000 }] });
    await insertOrder(t.app.db, { userId: buyer, createdAt: at('2031-03-02T05:00:00Z'), status: 'CANCELED', paymentStatus: 'PAID', paymentMethod: 'VNPAY', grandTotal: 900_000, items: [{ bookId: essay, qty: 9, unitPrice: 100_000 }] });
    // Outside the period: 23:59 of 28 February in Vietnam, and 3 March.
    await insertOrder(t.app.db, { userId: buyer, createdAt: at('2031-02-28T16:59:00Z'), status: 'COMPLETED', paymentStatus: 'PAID', paymentMethod: 'VNPAY', grandTotal: 777_000 });
    await insertOrder(t.app.db, { userId: buyer, createdAt: at('2031-03-02T17:00:00Z'), status: 'COMPLETED', paymentStatus: 'PAID', paymentMethod: 'VNPAY', grandTotal: 555_000 });

    const period = 'from=2031-03-01&to=2031-03-02';
    const kpi = await get(`kpi?${period}`);
    expect(kpi.statusCode).toBe(200);
    expect(kpi.json().data).toEqual({ revenue: 310_000, orders: 2, orderValue: 155_000, conversionRate: 50, totalOrders: 4 } satisfies MetricsKpiDto);

    const daily: MetricsDailyRevenueDto[] = (await get(`revenue/daily?${period}`)).json().data;
    expect(daily).toEqual([
      { day: '2031-03-01', revenue: 230_000, orders: 1 },
      { day: '2031-03-02', revenue: 80_000, orders: 1 },
    ]);
    // A day without sales is a row of zeros.
    expect((await get('revenue/daily?from=2031-03-03&to=2031-03-04')).json().data).toEqual([
      { day: '2031-03-03', revenue: 555_000, orders: 1 },
      { day: '2031-03-04', revenue: 0, orders: 0 },
    ]);

    const bySold: MetricsTopBookDto[] = (await get(`top-books?${period}&metric=sold`)).json().data;
    expect(bySold.map((b) => [b.bookId, b.sold, b.revenue])).toEqual([
      [novel, 2, 200_000],
      [essay, 2, 50_000],
    ]);
    expect(bySold[0]).toMatchObject({ title: 'Tiểu Thuyết Bán Chạy' });
    const byRevenue: MetricsTopBookDto[] = (await get(`top-books?${period}&metric=revenue&limit=1`)).json().data;
    expect(byRevenue.map((b) => b.bookId)).toEqual([novel]);

    // Each line counts once, under its book's first category: the novel under the child, the essay under the parent.
    const cats: MetricsTopCategoryDto[] = (await get(`top-categories?${period}`)).json().data;
    expect(cats).toEqual([
      { categoryId: refs.child.id, categoryName: refs.child.name, revenue: 200_000 },
      { categoryId: refs.parent.id, categoryName: refs.parent.name, revenue: 50_000 },
    ]);
  });

  it('refuses a reversed or too long period and a wrong metric in Vietnamese; only admins may read', async () => {
    const reversed = await get('kpi?from=2031-03-05&to=2031-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toContain('to (ngày kết thúc) phải sau hoặc bằng from');
    expect((await get('revenue/daily?from=2030-01-01&to=2031-03-01')).json().message).toContain('Khoảng thời gian tối đa 366 ngày');
    expect((await get('kpi?from=2031-02-30')).statusCode).toBe(400);
    expect((await get('top-books?metric=views')).json().message).toContain('metric phải là sold hoặc revenue');
    // Without a period: the last 30 days, today included.
    expect((await get('revenue/daily')).json().data).toHaveLength(30);
    expect((await get('kpi', who.sale.headers)).statusCode).toBe(403);
    expect((await get('kpi', who.customer.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/metrics/kpi' })).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ORDER_STATUSES, type HomeDataDto } from '@nhasach/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actors } from '../../../test/admin.ts';
import { queryRows } from '../client.ts';
import { seedDemoData } from './index.ts';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
});
afterAll(async () => {
  await t?.close();
});

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.app.db, query);

describe('demo orders', () => {
  it('span a few months, by the demo readers, in every status', async () => {
    const byStatus = await rows<{ status: string; n: number }>(sql`select status, count(*)::int as n from orders group by status`);
    expect(byStatus.map((r) => r.status).sort()).toEqual([...ORDER_STATUSES].sort());
    const [span] = await rows<{ oldest: Date; newest: Date; people: number }>(
      sql`select min(created_at) as oldest, max(created_at) as newest, count(distinct user_id)::int as people from orders`,
    );
    expect(Date.now() - new Date(span!.oldest).getTime()).toBeGreaterThan(90 * DAY);
    expect(Date.now() - new Date(span!.newest).getTime()).toBeLessThan(2 * DAY);
    expect(span!.people).toBeGreaterThanOrEqual(10);
  });

  it("make every book's 'Đã bán' the units of its orders not cancelled, and its stock the sum of its movements", async () => {
    const [check] = await rows<{ sold_wrong: number; stock_wrong: number; sold_books: number }>(sql`select
        count(*) filter (where b.sold <> coalesce((select sum(i.qty) from order_items i join orders o on o.id = i.order_id
          where i.book_id = b.id and o.status <> 'CANCELED'), 0))::int as sold_wrong,
        count(*) filter (where b.stock <> coalesce((select sum(m.delta) from stock_movements m where m.book_id = b.id), 0))::int as stock_wrong,
        count(*) filter (where b.sold > 0)::int as sold_books
      from books b`);
    expect(check).toMatchObject({ sold_wrong: 0, stock_wrong: 0 });
    expect(check!.sold_books).toBeGreaterThan(100);
  });

  it('agree with the dashboard: revenue of the month and its best sellers', async () => {
    const { admin } = await actors(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.last30Days.revenue).toBeGreaterThan(0);
    expect(d.last7Days.orders).toBeGreaterThan(0);
    expect(d.revenueByDay.reduce((n: number, day: { revenue: number }) => n + day.revenue, 0)).toBe(d.last30Days.revenue);
    expect(Object.keys(d.ordersByStatus).length).toBe(8);
    const top = d.topBooks as { bookId: number; sold: number; quantity: number }[];
    expect(top.length).toBeGreaterThan(0);
    // The units sold this month never exceed the book's 'Đã bán'.
    expect(top.every((b) => b.quantity <= b.sold)).toBe(true);
  });

  it('leave a flash sale ending within the week, and a "Bán chạy tuần này" shelf', async () => {
    const home = (await t.app.inject({ method: 'GET', url: '/api/v1/books/home?status=ACTIVE&featuredSize=10&bestSize=10' })).json().data as HomeDataDto;
    expect(home.featuredSale.length).toBeGreaterThan(3);
    expect(home.featuredSale.every((c) => new Date(c.saleEndAt!).getTime() - Date.now() < 7 * DAY)).toBe(true);
    expect(home.bestSellersWeek.length).toBeGreaterThan(3);
  });
});

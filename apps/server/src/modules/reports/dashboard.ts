import { sql } from 'drizzle-orm';
import {
  DASHBOARD_NEWEST_CUSTOMERS,
  DASHBOARD_RECENT_ORDERS,
  DASHBOARD_TOP_BOOKS,
  LOW_STOCK_THRESHOLD,
  type DashboardDto,
  type DashboardPeriodDto,
  type OrderStatus,
} from '@nhasach/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { iso } from '../../lib/db-values.ts';
import { orderDaySql, revenueSql, soldSql, ts, vnDate, vnDayStart, TIMEZONE } from './sql.ts';

/** GET /admin/dashboard: every figure computed now, from the orders, books and users tables. */
export async function getDashboard(db: Db, now = new Date()): Promise<DashboardDto> {
  const today = vnDayStart(now, 0);
  const week = vnDayStart(now, 6);
  const month = vnDayStart(now, 29);

  const [periods, byDay, byStatus, top, low, customers, totals, recent] = await Promise.all([
    queryRows<Record<string, string | number>>(
      db,
      sql`select
          coalesce(sum(o.grand_total) filter (where ${revenueSql} and o.created_at >= ${ts(today)}), 0)::bigint as "todayRevenue",
          count(*) filter (where ${revenueSql} and o.created_at >= ${ts(today)})::int as "todayOrders",
          count(*) filter (where o.created_at >= ${ts(today)})::int as "todayPlaced",
          coalesce(sum(o.grand_total) filter (where ${revenueSql} and o.created_at >= ${ts(week)}), 0)::bigint as "weekRevenue",
          count(*) filter (where ${revenueSql} and o.created_at >= ${ts(week)})::int as "weekOrders",
          count(*) filter (where o.created_at >= ${ts(week)})::int as "weekPlaced",
          coalesce(sum(o.grand_total) filter (where ${revenueSql}), 0)::bigint as "monthRevenue",
          count(*) filter (where ${revenueSql})::int as "monthOrders",
          count(*)::int as "monthPlaced"
        from orders o where o.created_at >= ${ts(month)}`,
    ),
    queryRows<{ day: string; revenue: string | number; orders: number }>(
      db,
      sql`select ${orderDaySql} as day, sum(o.grand_total)::bigint as revenue, count(*)::int as orders
        from orders o where o.created_at >= ${ts(month)} and ${revenueSql} group by 1`,
    ),
    queryRows<{ status: string; n: number }>(db, sql`select o.status, count(*)::int as n from orders o group by o.status`),
    queryRows<{ bookId: number; title: string; slug: string | null; thumbnail: string | null; quantity: string | number; revenue: string | number; sold: number }>(
      db,
      sql`select i.book_id as "bookId", coalesce(max(b.title), max(i.title)) as title, coalesce(max(b.slug), max(i.slug)) as slug,
          (select coalesce(bi.thumb_url, bi.url) from book_images bi where bi.book_id = i.book_id order by bi.sort_order, bi.id limit 1) as thumbnail,
          sum(i.qty)::bigint as quantity, sum(i.line_total)::bigint as revenue, coalesce(max(b.sold), 0)::int as sold
        from order_items i join orders o on o.id = i.order_id left join books b on b.id = i.book_id
        where o.created_at >= ${ts(month)} and ${soldSql}
        group by i.book_id order by sum(i.qty) desc, sum(i.line_total) desc, i.book_id limit ${DASHBOARD_TOP_BOOKS}`,
    ),
    queryRows<{ id: number; title: string; slug: string; stock: number; thumbnail: string | null }>(
      db,
      sql`select b.id, b.title, b.slug, b.stock,
          (select coalesce(bi.thumb_url, bi.url) from book_images bi where bi.book_id = b.id order by bi.sort_order, bi.id limit 1) as thumbnail
        from books b left join book_stock_settings s on s.book_id = b.id
        where b.status = 'ACTIVE' and b.stock <= coalesce(s.threshold, ${LOW_STOCK_THRESHOLD}) order by b.stock, b.sold desc, b.id limit 20`,
    ),
    queryRows<{ id: number; username: string; email: string; fullName: string | null; createdAt: Date | string }>(
      db,
      sql`select id, username, email, full_name as "fullName", created_at as "createdAt" from users
        where role = 'USER' and deleted_at is null order by created_at desc, id desc limit ${DASHBOARD_NEWEST_CUSTOMERS}`,
    ),
    queryRows<{ books: number; activeBooks: number; customers: number; orders: number }>(
      db,
      sql`select (select count(*)::int from books) as books,
          (select count(*)::int from books where status = 'ACTIVE') as "activeBooks",
          (select count(*)::int from users where role = 'USER' and deleted_at is null) as customers,
          (select count(*)::int from orders) as orders`,
    ),
    queryRows<{ id: number; code: string; status: OrderStatus; grandTotal: string | number; createdAt: Date | string }>(
      db,
      sql`select id, code, status, grand_total as "grandTotal", created_at as "createdAt" from orders
        order by created_at desc, id desc limit ${DASHBOARD_RECENT_ORDERS}`,
    ),
  ]);

  const p = periods[0] ?? {};
  const period = (prefix: string): DashboardPeriodDto => ({
    revenue: Number(p[`${prefix}Revenue`] ?? 0),
    orders: Number(p[`${prefix}Orders`] ?? 0),
    placed: Number(p[`${prefix}Placed`] ?? 0),
  });
  const days = new Map(byDay.map((d) => [d.day, d]));
  const revenueByDay = Array.from({ length: 30 }, (_, i) => {
    const date = vnDate(vnDayStart(now, 29 - i));
    const d = days.get(date);
    return { date, revenue: Number(d?.revenue ?? 0), orders: d?.orders ?? 0 };
  });

  return {
    generatedAt: now.toISOString(),
    timezone: TIMEZONE,
    today: period('today'),
    last7Days: period('week'),
    last30Days: period('month'),
    revenueByDay,
    ordersByStatus: Object.fromEntries(byStatus.map((s) => [s.status, s.n])),
    topBooks: top.map((t) => ({ ...t, quantity: Number(t.quantity), revenue: Number(t.revenue) })),
    lowStock: low,
    newestCustomers: customers.map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
    recentOrders: recent.map((o) => ({ ...o, grandTotal: Number(o.grandTotal), createdAt: iso(o.createdAt) })),
    totals: totals[0] ?? { books: 0, activeBooks: 0, customers: 0, orders: 0 },
  };
}

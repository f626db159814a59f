import { sql } from 'drizzle-orm';
import {
  METRICS_DEFAULT_DAYS,
  vietnamDayRange,
  vietnamDayStart,
  type MetricsDailyRevenueDto,
  type MetricsKpiDto,
  type MetricsPeriodQuery,
  type MetricsTopBookDto,
  type MetricsTopBooksQuery,
  type MetricsTopCategoriesQuery,
  type MetricsTopCategoryDto,
} from '@nhasach/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { DAY_MS, orderDaySql, revenueSql, soldSql, ts, vnDate } from './sql.ts';

/** The period's bounds as instants: [start of `from`, start of the day after `to`), Vietnam days. */
function periodOf(q: MetricsPeriodQuery, now: Date): { start: Date; end: Date; days: string[] } {
  const to = q.to ?? vnDate(now);
  const from = q.from ?? vnDate(new Date(vietnamDayStart(to)!.getTime() - (METRICS_DEFAULT_DAYS - 1) * DAY_MS));
  const { start, end } = vietnamDayRange(from, to) as { start: Date; end: Date };
  const days: string[] = [];
  for (let t = start.getTime(); t < end.getTime(); t += DAY_MS) days.push(vnDate(new Date(t)));
  return { start, end, days };
}
const inPeriod = (p: { start: Date; end: Date }) => sql`o.created_at >= ${ts(p.start)} and o.created_at < ${ts(p.end)}`;

/** GET /admin/metrics/kpi. */
export async function kpi(db: Db, q: MetricsPeriodQuery, now = new Date()): Promise<MetricsKpiDto> {
  const p = periodOf(q, now);
  const [row] = await queryRows<{ revenue: string | number; orders: number; placed: number }>(
    db,
    sql`select coalesce(sum(o.grand_total) filter (where ${revenueSql}), 0)::bigint as revenue,
        count(*) filter (where ${revenueSql})::int as orders, count(*)::int as placed
      from orders o where ${inPeriod(p)}`,
  );
  const revenue = Number(row?.revenue ?? 0);
  const orders = row?.orders ?? 0;
  const placed = row?.placed ?? 0;
  return {
    revenue,
    orders,
    orderValue: orders ? Math.round(revenue / orders) : 0,
    conversionRate: placed ? Math.round((orders / placed) * 1000) / 10 : 0,
    totalOrders: placed,
  };
}

/** GET /admin/metrics/revenue/daily. */
export async function dailyRevenue(db: Db, q: MetricsPeriodQuery, now = new Date()): Promise<MetricsDailyRevenueDto[]> {
  const p = periodOf(q, now);
  const rows = await queryRows<{ day: string; revenue: string | number; orders: number }>(
    db,
    sql`select ${orderDaySql} as day, sum(o.grand_total)::bigint as revenue, count(*)::int as orders
      from orders o where ${inPeriod(p)} and ${revenueSql} group by 1`,
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return p.days.map((day) => ({ day, revenue: Number(byDay.get(day)?.revenue ?? 0), orders: byDay.get(day)?.orders ?? 0 }));
}

/** GET /admin/metrics/top-books: copies sold (the sold rule) or revenue (the revenue rule) of the period's orders. */
export async function topBooks(db: Db, q: MetricsTopBooksQuery, now = new Date()): Promise<MetricsTopBookDto[]> {
  const p = periodOf(q, now);
  const orderBy = q.metric === 'revenue' ? sql`revenue desc, sold desc` : sql`sold desc, revenue desc`;
  const rows = await queryRows<{ bookId: number; title: string; thumbnail: string | null; sold: string | number; revenue: string | number }>(
    db,
    sql`select i.book_id as "bookId", coalesce(max(b.title), max(i.title)) as title,
        coalesce((select coalesce(bi.thumb_url, bi.url) from book_images bi where bi.book_id = i.book_id order by bi.sort_order, bi.id limit 1), max(i.image_url)) as thumbnail,
        coalesce(sum(i.qty) filter (where ${soldSql}), 0)::bigint as sold,
        coalesce(sum(i.line_total) filter (where ${revenueSql}), 0)::bigint as revenue
      from order_items i join orders o on o.id = i.order_id left join books b on b.id = i.book_id
      where ${inPeriod(p)} and (${soldSql} or ${revenueSql})
      group by i.book_id order by ${orderBy}, i.book_id limit ${q.limit}`,
  );
  return rows.map((r) => ({ ...r, sold: Number(r.sold), revenue: Number(r.revenue) }));
}

/**
 * GET /admin/metrics/top-categories: the revenue of the period's lines, each counted once under its book's first
 * category (the one it is listed under first), so the figures add up to the goods' revenue.
 */
export async function topCategories(db: Db, q: MetricsTopCategoriesQuery, now = new Date()): Promise<MetricsTopCategoryDto[]> {
  const p = periodOf(q, now);
  const rows = await queryRows<{ categoryId: number; categoryName: string; revenue: string | number }>(
    db,
    sql`select c.id as "categoryId", c.name as "categoryName", sum(i.line_total)::bigint as revenue
      from order_items i join orders o on o.id = i.order_id
      join lateral (select bc.category_id from book_categories bc where bc.book_id = i.book_id order by bc.position, bc.category_id limit 1) first on true
      join categories c on c.id = first.category_id
      where ${inPeriod(p)} and ${revenueSql}
      group by c.id, c.name order by revenue desc, c.id limit ${q.limit}`,
  );
  return rows.map((r) => ({ ...r, revenue: Number(r.revenue) }));
}

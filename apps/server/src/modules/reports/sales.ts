import { sql, type SQL } from 'drizzle-orm';
import type { SalesGroup, SalesReportDto, SalesRowDto } from '@nhasach/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { revenueSql } from './sql.ts';
import { periodOf } from './exports/queries.ts';

/** The Vietnam calendar day of an order, whatever the session time zone. */
const daySql = sql.raw(`to_char((l.created_at at time zone 'UTC') + interval '7 hours', 'YYYY-MM-DD')`);

const GROUPS: Record<SalesGroup, { key: SQL; label: SQL; join: SQL }> = {
  day: { key: daySql, label: daySql, join: sql`` },
  category: {
    key: sql`g.id::text`,
    label: sql`coalesce(g.name, 'Chưa phân loại')`,
    join: sql`left join categories g on g.id = (select bc.category_id from book_categories bc where bc.book_id = l.book_id order by bc.position, bc.category_id limit 1)`,
  },
  publisher: { key: sql`g.id::text`, label: sql`coalesce(g.name, 'Không rõ nhà xuất bản')`, join: sql`left join books b on b.id = l.book_id left join publishers g on g.id = b.publisher_id` },
  supplier: { key: sql`g.id::text`, label: sql`coalesce(g.name, 'Không rõ nhà cung cấp')`, join: sql`left join books b on b.id = l.book_id left join suppliers g on g.id = b.supplier_id` },
};

interface Raw {
  key: string | null;
  label: string;
  orders: number;
  units: number;
  revenue: string | number;
  cost: string | number;
  costed_revenue: string | number;
  units_without_cost: number;
}

const toRow = (r: Raw): SalesRowDto => ({
  key: r.key,
  label: r.label,
  orders: r.orders,
  units: r.units,
  revenue: Number(r.revenue),
  cost: Number(r.cost),
  costedRevenue: Number(r.costed_revenue),
  margin: Number(r.costed_revenue) - Number(r.cost),
  unitsWithoutCost: r.units_without_cost,
});

/** GET /admin/reports/sales: revenue, orders, units and gross margin by day, category, publisher or supplier. */
export async function salesReport(db: Db, q: { groupBy: SalesGroup; from?: string; to?: string }): Promise<SalesReportDto> {
  const { start, end } = periodOf(q.from, q.to);
  const g = GROUPS[q.groupBy];
  const lines = sql`with l as (
      select o.id as order_id, o.created_at, i.book_id, i.qty, i.line_total,
        (select rl.unit_cost from stock_receipt_lines rl join stock_receipts r on r.id = rl.receipt_id and r.status = 'POSTED'
          where rl.book_id = i.book_id order by (r.posted_at <= o.created_at) desc, r.posted_at desc, rl.id desc limit 1) as unit_cost
      from orders o join order_items i on i.order_id = o.id
      where ${revenueSql}
        ${start ? sql`and o.created_at >= ${start.toISOString()}::timestamptz` : sql``}
        ${end ? sql`and o.created_at < ${end.toISOString()}::timestamptz` : sql``}
    )`;
  const measures = sql`count(distinct l.order_id)::int as orders, coalesce(sum(l.qty), 0)::int as units,
      coalesce(sum(l.line_total), 0)::bigint as revenue,
      coalesce(sum(l.qty::bigint * l.unit_cost) filter (where l.unit_cost is not null), 0)::bigint as cost,
      coalesce(sum(l.line_total) filter (where l.unit_cost is not null), 0)::bigint as costed_revenue,
      coalesce(sum(l.qty) filter (where l.unit_cost is null), 0)::int as units_without_cost`;
  const rows = await queryRows<Raw>(
    db,
    sql`${lines} select ${g.key} as key, ${g.label} as label, ${measures} from l ${g.join} group by 1, 2
        order by ${q.groupBy === 'day' ? sql`1` : sql`revenue desc, 2`}`,
  );
  const [totals] = await queryRows<Raw>(db, sql`${lines} select null as key, '' as label, ${measures} from l`);
  const { key: _key, label: _label, ...t } = toRow(totals!);
  return { from: q.from ?? null, to: q.to ?? null, groupBy: q.groupBy, rows: rows.map(toRow), totals: t };
}

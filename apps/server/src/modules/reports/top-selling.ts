import { sql } from 'drizzle-orm';
import type { TopSellingRowDto } from '@nhasach/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { DAY_MS, soldSql, ts } from './sql.ts';

const growth = (last: number, previous: number): number =>
  previous > 0 ? Math.round(((last - previous) / previous) * 1000) / 10 : last > 0 ? 100 : 0;

/**
 * GET /books/top-selling: the `limit` best sellers of every top-level category (a book counts under each top-level
 * category one of its categories belongs to), ranked by copies sold (books.sold, then the newer id), with the
 * copies of the last 7 days and their change over the 7 days before (the sold rule: orders not cancelled nor
 * given back). Only books shoppers may see (ACTIVE, OUT_OF_STOCK). Categories in their menu order.
 */
export function topSellingOf(db: Db): (limit: number, now?: Date) => Promise<TopSellingRowDto[]> {
  // The best sellers move slowly: one computation a minute per limit, whatever the traffic of the home page.
  const cache = new TtlCache<TopSellingRowDto[]>(60_000, 64);
  return (limit, now = new Date()) => cache.get(String(limit), async () => {
    const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
    const twoWeeksAgo = new Date(now.getTime() - 14 * DAY_MS);
    const rows = await queryRows<Omit<TopSellingRowDto, 'growthPercent'> & { previousWeekSold: number }>(
      db,
      sql`with recursive tree as (
            select c.id, c.id as root_id from categories c where c.parent_id is null
            union all
            select c.id, tree.root_id from categories c join tree on c.parent_id = tree.id
          ),
          ranked as (
            select distinct on (tree.root_id, b.id) tree.root_id, b.id, b.slug, b.title, b.sold
            from tree join book_categories bc on bc.category_id = tree.id join books b on b.id = bc.book_id
            where b.status in ('ACTIVE', 'OUT_OF_STOCK')
          ),
          top as (
            select r.*, row_number() over (partition by r.root_id order by r.sold desc, r.id desc)::int as rank from ranked r
          )
          select root.name as category, root.id as "categoryId", root.slug as "categorySlug", t.id as "bookId", t.slug, t.title,
            coalesce((select string_agg(a.name, ', ' order by ba.position, a.id) from book_authors ba join authors a on a.id = ba.author_id
                      where ba.book_id = t.id), '') as "authorNames",
            (select coalesce(i.medium_url, i.url) from book_images i where i.book_id = t.id order by i.sort_order, i.id limit 1) as "imageUrl",
            t.sold, t.rank,
            coalesce(w.last, 0)::int as "lastWeekSold", coalesce(w.previous, 0)::int as "previousWeekSold"
          from top t join categories root on root.id = t.root_id
          left join lateral (
            select sum(i.qty) filter (where o.created_at >= ${ts(weekAgo)}) as last,
                   sum(i.qty) filter (where o.created_at < ${ts(weekAgo)}) as previous
            from order_items i join orders o on o.id = i.order_id
            where i.book_id = t.id and o.created_at >= ${ts(twoWeeksAgo)} and o.created_at < ${ts(now)} and ${soldSql}
          ) w on true
          where t.rank <= ${limit}
          order by root.sort_order, root.id, t.rank`,
    );
    return rows.map(({ previousWeekSold, ...row }) => ({ ...row, growthPercent: growth(row.lastWeekSold, previousWeekSold) }));
  });
}

import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL fragments shared by the catalogue queries. Books are always aliased `b`.
 */

/** Shopper visibility; written exactly like the predicate of the partial indexes so the planner uses them. */
export const visibleSql = sql.raw(`b.status in ('ACTIVE', 'OUT_OF_STOCK')`);

const ts = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** The sale window rule of packages/shared/src/price.ts (isSaleActive): salePrice set and now in [start, end). */
export const saleActiveSql = (now: Date): SQL =>
  sql`(b.sale_price is not null and (b.sale_start_at is null or b.sale_start_at <= ${ts(now)}) and (b.sale_end_at is null or b.sale_end_at > ${ts(now)}))`;

/** Negation of saleActiveSql, never NULL. */
export const saleInactiveSql = (now: Date): SQL =>
  sql`(b.sale_price is null or b.sale_start_at > ${ts(now)} or b.sale_end_at <= ${ts(now)})`;

/** The price the shopper pays at `now` (effectivePrice of price.ts). */
export const effectivePriceSql = (now: Date): SQL => sql`(case when ${saleActiveSql(now)} then b.sale_price else b.price end)`;

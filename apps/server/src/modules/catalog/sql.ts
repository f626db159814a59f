import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL fragments shared by the catalogue queries. Books are always aliased `b`.
 * Arrays travel as one text parameter cast to an array type: both drivers (node-postgres, PGlite) accept it.
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

export const intArray = (ids: readonly number[]): SQL => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;

export const textArray = (values: readonly string[]): SQL =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

/** Timestamps come back as Date (PGlite) or as PostgreSQL text (drizzle's node-postgres parsers): both to ISO. */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null | undefined): string | null;
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  const normalised = value.includes('T') ? value : value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  return new Date(normalised).toISOString();
}

/** numeric and bigint columns come back as strings from node-postgres. */
export const num = (value: string | number | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

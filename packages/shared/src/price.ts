import { NEW_BADGE_DAYS } from './constants.ts';

/**
 * Price and sale rules (spec section 4, Sale and badges; DESIGN.md). Server and web both use these; the SQL of
 * the catalogue (modules/catalog/sql.ts, saleActiveSql) states the same window rule.
 */

type Instant = Date | string | number;

export interface SaleFields {
  price: number;
  salePrice?: number | null;
  saleStartAt?: Instant | null;
  saleEndAt?: Instant | null;
}

const ms = (v: Instant): number => (v instanceof Date ? v.getTime() : typeof v === 'number' ? v : Date.parse(v));

/**
 * A sale is active when salePrice is set and now lies in the optional window [saleStartAt, saleEndAt):
 * it starts at saleStartAt and is over at saleEndAt.
 */
export function isSaleActive(book: SaleFields, now: Instant = Date.now()): boolean {
  if (book.salePrice === null || book.salePrice === undefined) return false;
  const t = ms(now);
  if (book.saleStartAt != null && ms(book.saleStartAt) > t) return false;
  if (book.saleEndAt != null && ms(book.saleEndAt) <= t) return false;
  return true;
}

/** The price the shopper pays now: salePrice while the sale is active, otherwise price. */
export function effectivePrice(book: SaleFields, now: Instant = Date.now()): number {
  return isSaleActive(book, now) ? (book.salePrice as number) : book.price;
}

/** Discount badge percent: 100 minus effective price over price, rounded; 0 when there is no discount. */
export function discountPercent(price: number, effective: number): number {
  if (!(price > 0) || !(effective < price)) return 0;
  return Math.max(0, 100 - Math.round((effective / price) * 100));
}

/** The 'New' badge: created within the last 14 days. */
export function isNewBook(createdAt: Instant, now: Instant = Date.now()): boolean {
  const age = ms(now) - ms(createdAt);
  return age < NEW_BADGE_DAYS * 24 * 60 * 60 * 1000;
}

/**
 * VND in the vi-VN format with the dong sign: 120000 -> '120.000 ₫'. Written out rather than Intl so server,
 * browsers and tests print the same characters (Intl puts a no-break space before the sign).
 */
export function formatVnd(amount: number): string {
  const n = Math.round(amount);
  const digits = Math.abs(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${n < 0 ? '-' : ''}${digits} ₫`;
}

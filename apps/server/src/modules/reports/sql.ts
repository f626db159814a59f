import { sql } from 'drizzle-orm';
import { SOLD_EXCLUDED_ORDER_STATUSES } from '@nhasach/shared';
import { COLLECTED_ON_DELIVERY_METHODS } from '../payments/index.ts';

/** The rules every report reads orders by: Vietnam days, what counts as revenue, what counts as sold. */

export const DAY_MS = 24 * 3600 * 1000;
/** Vietnam has no daylight saving time: days run from 00:00 UTC+7. */
export const VN_OFFSET_MS = 7 * 3600 * 1000;
export const TIMEZONE = 'Asia/Ho_Chi_Minh';

/** Start (as an instant) of the Vietnam day `daysAgo` days before the one holding `now`. */
export function vnDayStart(now: Date, daysAgo: number): Date {
  const local = Math.floor((now.getTime() + VN_OFFSET_MS) / DAY_MS) * DAY_MS;
  return new Date(local - daysAgo * DAY_MS - VN_OFFSET_MS);
}
export const vnDate = (instant: Date) => new Date(instant.getTime() + VN_OFFSET_MS).toISOString().slice(0, 10);

/**
 * Orders that count as revenue (REVENUE_RULE): paid, or paid in cash to the carrier (the payment providers say which
 * methods) once delivered; never a cancelled or refunded one. Aliased `o`.
 */
const collectedOnDelivery = COLLECTED_ON_DELIVERY_METHODS.map((m) => `'${m}'`).join(', ') || 'null';
export const revenueSql = sql.raw(
  `(o.status <> 'CANCELED' and o.payment_status not in ('REFUNDED', 'REFUND_PENDING')
    and (o.payment_status = 'PAID' or (o.payment_method in (${collectedOnDelivery}) and o.status in ('DELIVERED', 'COMPLETED'))))`,
);
/**
 * Orders whose copies count as sold (SOLD_RULE): the same orders books.sold counts, since placing an order adds to it
 * and giving the stock back (cancelling) takes off again. Aliased `o`.
 */
export const soldSql = sql.raw(
  `(o.status not in (${SOLD_EXCLUDED_ORDER_STATUSES.map((s) => `'${s}'`).join(', ')}) and not o.stock_returned)`,
);
/** The Vietnam calendar day of an order, whatever the session time zone. */
export const orderDaySql = sql.raw(`to_char((o.created_at at time zone 'UTC') + interval '7 hours', 'YYYY-MM-DD')`);
export const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

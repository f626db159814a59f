import { z } from 'zod';
import { queryClamped, queryInt, queryScalar, text } from './input.ts';
import { BOOK_SHELF_MAX_LIMIT } from './catalog.ts';
import { DAY_RANGE_REVERSED_MESSAGE, dayParam } from './sales.ts';

/**
 * The back-office metrics other front ends read (GET /api/v1/admin/metrics/...): the same revenue and sold rules as
 * the dashboard, over a chosen period of Vietnam calendar days.
 */

/** Longest period a metric reads: a year and a day (a leap year, both ends included). */
export const METRICS_MAX_DAYS = 366;
/** Period read when none is sent: the last 30 days, today included. */
export const METRICS_DEFAULT_DAYS = 30;
export const METRICS_TOP_DEFAULT = 10;
export const METRICS_TOP_MAX = 50;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

export const metricsPeriodQuerySchema = z
  .object({ from: dayParam('from'), to: dayParam('to') })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: DAY_RANGE_REVERSED_MESSAGE });
    else if (v.from && v.to && dayNumber(v.to) - dayNumber(v.from) + 1 > METRICS_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Khoảng thời gian tối đa ${METRICS_MAX_DAYS} ngày.` });
  });
export type MetricsPeriodQuery = z.output<typeof metricsPeriodQuerySchema>;

/** How many rows a top list has (clamped to 1..METRICS_TOP_MAX, as page sizes are). */
const limitParam = queryClamped('limit', METRICS_TOP_DEFAULT, 1, METRICS_TOP_MAX);

export const metricsTopBooksQuerySchema = metricsPeriodQuerySchema.and(
  z.object({
    metric: z.preprocess(queryScalar, text('metric').pipe(z.enum(['sold', 'revenue'], { error: 'metric phải là sold hoặc revenue.' })).default('sold')),
    limit: limitParam,
  }),
);
export type MetricsTopBooksQuery = z.output<typeof metricsTopBooksQuerySchema>;

export const metricsTopCategoriesQuerySchema = metricsPeriodQuerySchema.and(z.object({ limit: limitParam }));
export type MetricsTopCategoriesQuery = z.output<typeof metricsTopCategoriesQuerySchema>;

/** GET /admin/metrics/kpi. */
export interface MetricsKpiDto {
  /** Revenue of the period (whole VND): orders that count as revenue, placed in the period. */
  revenue: number;
  /** Orders that count as revenue. */
  orders: number;
  /** Average revenue per such order (0 without any). */
  orderValue: number;
  /** Share of the period's placed orders that became revenue, in percent with one decimal (the shop records no visits). */
  conversionRate: number;
  /** Every order placed in the period, whatever became of it. */
  totalOrders: number;
}
/** GET /admin/metrics/revenue/daily: one row per day of the period, days without sales included. */
export interface MetricsDailyRevenueDto {
  day: string;
  revenue: number;
  orders: number;
}
/** GET /admin/metrics/top-books. */
export interface MetricsTopBookDto {
  bookId: number;
  title: string;
  thumbnail: string | null;
  sold: number;
  revenue: number;
}
/** GET /admin/metrics/top-categories: revenue of each book's first category. */
export interface MetricsTopCategoryDto {
  categoryId: number;
  categoryName: string;
  revenue: number;
}

/**
 * GET /books/top-selling (a report: it reads orders): how many books of each category, 1..48 (default 5). Here, not
 * in catalog.ts, so the schema stays out of the storefront's first load.
 */
export const TOP_SELLING_DEFAULT_LIMIT = 5;
export const topSellingQuerySchema = z.object({
  limit: queryInt('limit', 1, BOOK_SHELF_MAX_LIMIT).transform((v) => v ?? TOP_SELLING_DEFAULT_LIMIT),
});
export type TopSellingQuery = z.output<typeof topSellingQuerySchema>;

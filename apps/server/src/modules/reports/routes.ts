import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { metricsPeriodQuerySchema, metricsTopBooksQuerySchema, metricsTopCategoriesQuerySchema, topSellingQuerySchema } from '@nhasach/shared';
import { requireRoles } from '../../lib/guards.ts';
import { getDashboard } from './dashboard.ts';
import { dailyRevenue, kpi, topBooks, topCategories } from './metrics.ts';
import { topSellingOf } from './top-selling.ts';

/**
 * GET /api/v1/admin/dashboard: the figures of the back-office home, and /admin/metrics/...: the same rules over a
 * chosen period, in the shapes other front ends read (ADMIN only; the role is checked on request).
 */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireRoles('ADMIN'));
  const security = [{ bearerAuth: [] }];
  app.get('/admin/dashboard', { schema: { tags: ['admin: dashboard'], security, summary: 'Figures of the back-office home' } }, () => getDashboard(app.db));

  const tags = ['admin: metrics'];
  r.get('/admin/metrics/kpi', { schema: { tags, security, summary: 'Revenue, orders, order value and conversion of a period (from, to: yyyy-mm-dd)', querystring: metricsPeriodQuerySchema } }, (req) =>
    kpi(app.db, req.query),
  );
  r.get('/admin/metrics/revenue/daily', { schema: { tags, security, summary: 'Revenue and orders of each day of a period', querystring: metricsPeriodQuerySchema } }, (req) =>
    dailyRevenue(app.db, req.query),
  );
  r.get('/admin/metrics/top-books', { schema: { tags, security, summary: 'Best books of a period by copies sold or revenue', querystring: metricsTopBooksQuerySchema } }, (req) =>
    topBooks(app.db, req.query),
  );
  r.get('/admin/metrics/top-categories', { schema: { tags, security, summary: "Categories of a period by revenue (each book under its first category)", querystring: metricsTopCategoriesQuerySchema } }, (req) =>
    topCategories(app.db, req.query),
  );
}

/**
 * GET /api/v1/books/top-selling: the best sellers of each top-level category with last week's copies (public). A
 * report, since the weekly figures read orders; the catalogue's own shelves stay in the catalogue.
 */
export async function topSellingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const topSelling = topSellingOf(app.db);
  r.get(
    '/books/top-selling',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Best sellers of each top-level category (limit per category, default 5), with last week\'s copies and growth',
        querystring: topSellingQuerySchema,
      },
    },
    (req) => topSelling(req.query.limit),
  );
}

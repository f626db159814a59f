import type { FastifyInstance } from 'fastify';
import { requireRoles } from '../../lib/guards.ts';
import { getDashboard } from './dashboard.ts';

/** GET /api/v1/admin/dashboard: the figures of the back-office home (ADMIN only; the role is checked on request). */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireRoles('ADMIN'));
  app.get('/admin/dashboard', { schema: { tags: ['admin: dashboard'], security: [{ bearerAuth: [] }], summary: 'Figures of the back-office home' } }, () =>
    getDashboard(app.db),
  );
}

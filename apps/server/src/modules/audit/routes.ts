import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditQuerySchema } from '@nhasach/shared';
import { requireRoles } from '../../lib/guards.ts';
import { listAudit } from './audit.ts';

/** GET /api/v1/admin/audit (ADMIN only; the role is checked on request). */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireRoles('ADMIN'));
  r.get(
    '/admin/audit',
    { schema: { tags: ['admin: audit'], security: [{ bearerAuth: [] }], summary: 'Audit log, newest first', querystring: auditQuerySchema } },
    (req) => listAudit(app.db, req.query),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { queryText } from '@nhasach/shared';
import { requireRoles } from '../../lib/guards.ts';
import { pageQuery } from '../../lib/pagination.ts';
import { listOutbox } from './outbox.ts';

/** GET /api/v1/admin/mail-outbox: the back-office panel of the outbox (ADMIN only; the role is checked on request). */
export async function mailOutboxRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireRoles('ADMIN'));
  r.get(
    '/admin/mail-outbox',
    {
      schema: {
        tags: ['admin: mail'],
        security: [{ bearerAuth: [] }],
        summary: 'Mails the store sent or, without SMTP, stored (newest first); to filters by recipient',
        querystring: pageQuery.extend({ to: queryText('to', 254) }),
      },
    },
    (req) => listOutbox(app.db, req.query),
  );
}

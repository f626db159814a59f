import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, stockAlertSchema } from '@nhasach/shared';
import { envelope } from '../../../lib/envelope.ts';
import { authenticate, currentUser, optionalAuth } from '../../../lib/guards.ts';
import { byIp, createLimiter } from '../../../lib/rate-limit.ts';
import { confirmStockAlert, stockAlertState, subscribeStockAlert } from './alerts.ts';

const bookP = idParams('id');
const confirmQuery = z.object({ token: z.string().trim().min(1).max(64) });

/** "Báo tôi khi có hàng" for shoppers, under /api/v1 (the admin sees the waiting counts on the stock pages). */
export async function stockAlertRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalog'];
  const limit = createLimiter(app, { name: 'stock-alert-ip', max: 10, windowMs: 10 * 60_000, key: byIp });

  r.post(
    '/books/:id/stock-alerts',
    {
      onRequest: optionalAuth,
      preHandler: limit.hit,
      schema: {
        tags,
        security: [{ bearerAuth: [] }, {}],
        summary: 'Mail me when this sold-out book is back: signed in, at once; a guest gives an e-mail and confirms it by mail',
        params: bookP,
        body: stockAlertSchema,
      },
    },
    async (req, reply) => {
      const result = await subscribeStockAlert(app.db, {
        bookId: req.params.id,
        user: req.authUser ? { id: req.authUser.id, email: req.authUser.email } : undefined,
        email: req.body.email,
        shopUrl: app.config.PUBLIC_URL,
      });
      reply.status(201);
      return envelope(201, { confirmed: result.confirmed }, result.message);
    },
  );
  r.get(
    '/books/:id/stock-alerts/me',
    { onRequest: authenticate, schema: { tags, security: [{ bearerAuth: [] }], summary: 'Whether I wait for this book', params: bookP } },
    async (req) => envelope(200, await stockAlertState(app.db, req.params.id, currentUser(req).email)),
  );
  r.get(
    '/stock-alerts/confirm',
    { schema: { tags, summary: "The confirmation link of a guest's request: confirms it and goes back to the book", querystring: confirmQuery } },
    async (req, reply) => {
      try {
        const { path } = await confirmStockAlert(app.db, req.query.token);
        return reply.redirect(`${path}?thongBaoCoHang=da-xac-nhan`, 303);
      } catch {
        return reply.redirect('/?thongBaoCoHang=lien-ket-khong-hop-le', 303);
      }
    },
  );
}

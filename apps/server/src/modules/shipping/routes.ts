import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CARRIER_SANDBOX_PATH, ERROR_CODES, idParams as sharedIdParams, SHIPPING_MESSAGES, shippingQuoteSchema } from '@nhasach/shared';
import { envelope } from '../../lib/envelope.ts';
import { authenticate, currentUser, requireRoles } from '../../lib/guards.ts';
import { createLimiter } from '../../lib/rate-limit.ts';
import { SIGNATURE_HEADER } from './ghn/protocol.ts';
import type { Shipping } from './service.ts';

const idParams = sharedIdParams('id');

/**
 * Shipping under /api/v1: the checkout's quote (signed-in shopper), the carrier's tracking webhooks (signed), and the
 * staff's shipment and label under /sales/orders/{id}. The worker that creates shipments after a confirmation runs
 * from onReady to onClose.
 */
export const shippingPlugin = fp(
  async (app: FastifyInstance, opts: { shipping: Shipping }) => {
    const { shipping } = opts;
    if (shipping.settings.sandbox) {
      app.log.warn(
        `SHIPPING SANDBOX: parcels go to the built-in test carrier at ${app.config.PUBLIC_URL}${CARRIER_SANDBOX_PATH} (no real carrier). Set SHIPPING_CARRIER=ghn with GHN_TOKEN, GHN_SHOP_ID and SHIPPING_WEBHOOK_SECRET for a real carrier, or SHIPPING_CARRIER=flat for the flat tariff.`,
      );
    }
    app.addHook('onReady', () => shipping.start());
    app.addHook('onClose', () => shipping.stop());
    await app.register(shippingRoutes, { prefix: '/api/v1', shipping });
  },
  { name: 'shipping' },
);

async function shippingRoutes(app: FastifyInstance, opts: { shipping: Shipping }): Promise<void> {
  const { shipping } = opts;
  const tags = ['shipping'];
  const security = [{ bearerAuth: [] }];

  // Each quote asks the carrier (two calls): a script must not make the shop hammer the carrier's API.
  const quoteLimit = createLimiter(app, {
    name: 'shipping-quote',
    max: 60,
    windowMs: 60_000,
    key: (request) => (request.authUser ? String(request.authUser.id) : undefined),
  });
  await app.register(async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.addHook('onRequest', authenticate);
    r.post(
      '/shipping/quote',
      {
        preHandler: quoteLimit.hit,
        schema: {
          tags,
          security,
          summary: "The carrier's delivery fee for the checkout's lines to one of my addresses, per delivery method",
          body: shippingQuoteSchema,
        },
      },
      (request) => shipping.quote(currentUser(request).id, request.body),
    );
  });

  await app.register(async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.addHook('onRequest', requireRoles('SALE', 'ADMIN'));
    const base = { tags: ['sales'], security };
    r.post(
      '/sales/orders/:id/shipment',
      { schema: { ...base, summary: "Create the order's shipment with the shop's carrier if confirming did not (idempotent)", params: idParams } },
      async (request, reply) => {
        const { shipment, created } = await shipping.createForOrder(currentUser(request), request.params.id);
        reply.status(created ? 201 : 200);
        return envelope(created ? 201 : 200, shipment, SHIPPING_MESSAGES.shipmentCreated);
      },
    );
    r.get(
      '/sales/orders/:id/shipment/label.pdf',
      { schema: { ...base, summary: "The shipment's A6 label (PDF): sender, receiver, weight, COD, tracking code and the order code as Code 128", params: idParams } },
      async (request, reply) => {
        const { pdf, orderCode } = await shipping.labelPdf(request.params.id);
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `inline; filename="nhan-van-don-${orderCode}.pdf"`)
          .send(pdf);
      },
    );
  });

  // The webhook reads its body as the raw text: the signature is over the bytes as sent, so it is checked before
  // anything is parsed. Its own scope, so the app's JSON parser stays as it is everywhere else.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/shipping/webhooks/:carrier',
      {
        schema: {
          tags,
          summary: "The carrier's tracking update (server to server; X-Signature: hex HMAC-SHA256 of the raw body); applied once",
          params: z.object({ carrier: z.string().max(32) }),
          headers: z.object({ [SIGNATURE_HEADER]: z.string().max(200).optional() }),
        },
      },
      async (request, reply) => {
        const raw = Buffer.from(typeof request.body === 'string' ? request.body : '', 'utf8');
        const result = await shipping.receiveWebhook(request.params.carrier, raw, request.headers);
        reply.status(result.status);
        const error = result.status === 200 ? null : result.status === 401 ? ERROR_CODES.unauthorized : result.status === 404 ? ERROR_CODES.notFound : ERROR_CODES.badRequest;
        return envelope(result.status, null, result.message, error);
      },
    );
  });
}

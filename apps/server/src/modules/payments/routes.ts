import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYMENT_METHOD_FLOWS, PAYMENT_PROVIDER_NAMES, PAYMENT_PROVIDERS, queryScalar, text, type PaymentMethodOptionDto } from '@nhasach/shared';
import { envelope } from '../../lib/envelope.ts';
import { authenticate, currentUser } from '../../lib/guards.ts';
import type { PaymentRegistry } from './registry.ts';
import * as service from './service.ts';

const orderCodeParams = z.object({ orderCode: text('Mã đơn hàng').trim().toUpperCase().min(1).max(32, 'Mã đơn hàng không hợp lệ.') });

const checkoutQuery = z.object({
  provider: text('provider')
    .trim()
    .toUpperCase()
    .default(PAYMENT_PROVIDERS[0])
    .pipe(z.enum(PAYMENT_PROVIDERS, { error: 'Nhà cung cấp thanh toán không được hỗ trợ.' })),
  returnUrl: z.preprocess(queryScalar, text('returnUrl').trim().max(1000, 'Địa chỉ quay lại quá dài.').optional()),
});

/** Spec section 7, Orders and payment, under /api/v1: what every method shares, then each provider's own routes. */
export async function paymentRoutes(app: FastifyInstance, opts: { registry: PaymentRegistry }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  const security = [{ bearerAuth: [] }];
  const ctx: service.PaymentsContext = { db: app.db, registry: opts.registry };

  r.get('/payments/methods', { schema: { tags, summary: 'The payment methods the shop takes now, in checkout order' } }, async () =>
    opts.registry
      .all()
      .filter((p) => p.ready)
      .map((p): PaymentMethodOptionDto => ({ method: p.method, flow: PAYMENT_METHOD_FLOWS[p.method], sandbox: p.sandbox !== null })),
  );

  r.post(
    '/payments/:orderCode/checkout',
    {
      preHandler: authenticate,
      schema: { tags, security, summary: "Start an online payment of one's own order; returns the gateway URL", params: orderCodeParams, querystring: checkoutQuery },
    },
    async (request, reply) => {
      const { provider, returnUrl } = request.query;
      const result = await service.startCheckout(ctx, currentUser(request), request.params.orderCode, provider, {
        returnUrl,
        ip: request.ip,
        reached: { protocol: request.protocol, host: request.host },
      });
      reply.status(201);
      return envelope(201, result, `Đã tạo liên kết thanh toán ${PAYMENT_PROVIDER_NAMES[provider]}.`);
    },
  );

  r.get(
    '/payments/:orderCode/status',
    { preHandler: authenticate, schema: { tags, security, summary: "Payment status of one's own order (polled by the return page)", params: orderCodeParams } },
    async (request) => service.paymentStatusOf(ctx, currentUser(request), request.params.orderCode),
  );

  for (const provider of opts.registry.all()) await provider.routes?.(app);
}

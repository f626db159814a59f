import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYMENT_PROVIDERS, queryScalar, text } from '@nhasach/shared';
import { envelope } from '../../lib/envelope.ts';
import { authenticate, currentUser } from '../../lib/guards.ts';
import * as service from './service.ts';
import type { VnpaySettings } from './settings.ts';
import { clientIpForVnpay } from './vnpay.ts';

const orderCodeParams = z.object({ orderCode: text('Mã đơn hàng').trim().toUpperCase().min(1).max(32, 'Mã đơn hàng không hợp lệ.') });

const checkoutQuery = z.object({
  provider: text('provider')
    .trim()
    .toUpperCase()
    .default('VNPAY')
    .pipe(z.enum(PAYMENT_PROVIDERS, { error: 'Nhà cung cấp thanh toán không được hỗ trợ.' })),
  returnUrl: z.preprocess(queryScalar, text('returnUrl').trim().max(1000, 'Địa chỉ quay lại quá dài.').optional()),
});

/** Gateway queries are read as they came; the signature check decides what is trusted. */
const gatewayQuery = z.record(z.string(), z.unknown()).meta({ description: 'vnp_* parameters as sent by VNPAY' });

/** Spec section 7, Orders and payment. Under /api/v1. */
export async function paymentRoutes(app: FastifyInstance, opts: { settings: VnpaySettings }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  const security = [{ bearerAuth: [] }];
  const ctx: service.PaymentsContext = { db: app.db, config: app.config, settings: opts.settings, log: app.log };

  r.post(
    '/payments/:orderCode/checkout',
    {
      preHandler: authenticate,
      schema: { tags, security, summary: "Start an online payment of one's own order; returns the gateway URL", params: orderCodeParams, querystring: checkoutQuery },
    },
    async (request, reply) => {
      const result = await service.startCheckout(ctx, currentUser(request), request.params.orderCode, {
        returnUrl: request.query.returnUrl,
        ip: clientIpForVnpay(request.ip),
        reached: { protocol: request.protocol, host: request.host },
      });
      reply.status(201);
      return envelope(201, result, 'Đã tạo liên kết thanh toán VNPAY.');
    },
  );

  // VNPAY's server calls this; it expects exactly {RspCode, Message}, never the envelope, and HTTP 200.
  r.get(
    '/payments/vnpay/ipn',
    { config: { rawResponse: true }, schema: { tags, summary: 'VNPAY IPN (server to server): applies the payment result once', querystring: gatewayQuery } },
    async (request) => service.handleIpn(ctx, request.query),
  );

  r.get(
    '/payments/vnpay/return',
    { schema: { tags, summary: 'Reads the gateway return query (verified, never applied)', querystring: gatewayQuery } },
    async (request) => {
      const result = await service.readReturn(ctx, request.query);
      return envelope(200, result, result.message);
    },
  );

  r.get(
    '/payments/:orderCode/status',
    { preHandler: authenticate, schema: { tags, security, summary: "Payment status of one's own order (polled by the return page)", params: orderCodeParams } },
    async (request) => service.paymentStatusOf(app.db, currentUser(request), request.params.orderCode),
  );
}

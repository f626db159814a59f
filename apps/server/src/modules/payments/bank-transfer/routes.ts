import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BANK_TRANSFER_SIGNATURE_HEADER, text } from '@nhasach/shared';
import { authenticate, currentUser } from '../../../lib/guards.ts';
import * as service from './service.ts';

const orderCodeParams = z.object({ orderCode: text('Mã đơn hàng').trim().toUpperCase().min(1).max(32, 'Mã đơn hàng không hợp lệ.') });

/** Bank transfer (VietQR) under /api/v1: the payment page's data and the notification webhook. */
export async function bankTransferRoutes(app: FastifyInstance, ctx: service.BankTransferContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];

  r.get(
    '/payments/:orderCode/bank-transfer',
    {
      preHandler: authenticate,
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: "VietQR payment of one's own bank-transfer order: account, exact amount, note and QR code",
        params: orderCodeParams,
      },
    },
    async (request) => service.paymentInfo(ctx, currentUser(request), request.params.orderCode),
  );

  // The webhook reads its body as the raw text: the signature is over the bytes as sent, so it is checked before
  // anything is parsed. Its own scope, so the app's JSON parser stays as it is everywhere else.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    scope.post(
      '/payments/bank-transfer/webhook',
      {
        config: { rawResponse: true },
        schema: {
          tags,
          summary: 'Transfer notification (server to server, HMAC-SHA256 of the raw body in X-Bank-Signature); applies a matching transfer once',
          headers: z.object({ [BANK_TRANSFER_SIGNATURE_HEADER]: z.string().max(200).optional() }),
        },
      },
      async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const header = request.headers[BANK_TRANSFER_SIGNATURE_HEADER];
        const result = await service.handleWebhook(ctx, raw, typeof header === 'string' ? header : undefined);
        return reply.status(result.status).send(result.answer);
      },
    );
  });
}

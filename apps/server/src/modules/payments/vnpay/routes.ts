import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../lib/envelope.ts';
import * as service from './service.ts';

/** Gateway queries are read as they came; the signature check decides what is trusted. */
const gatewayQuery = z.record(z.string(), z.unknown()).meta({ description: 'vnp_* parameters as sent by VNPAY' });

/** VNPAY's notification and the browser's return, under /api/v1 (spec section 7, Orders and payment). */
export async function vnpayRoutes(app: FastifyInstance, ctx: service.VnpayContext): Promise<void> {
  const tags = ['payments'];

  // VNPAY's server calls this; it expects exactly {RspCode, Message}, never the envelope, and HTTP 200.
  app.get(
    '/payments/vnpay/ipn',
    { config: { rawResponse: true }, schema: { tags, summary: 'VNPAY IPN (server to server): applies the payment result once', querystring: gatewayQuery } },
    async (request) => service.handleIpn(ctx, request.query as Record<string, unknown>),
  );

  app.get(
    '/payments/vnpay/return',
    { schema: { tags, summary: 'Reads the gateway return query (verified, never applied)', querystring: gatewayQuery } },
    async (request) => {
      const result = await service.readReturn(ctx, request.query as Record<string, unknown>);
      return envelope(200, result, result.message);
    },
  );
}

/**
 * The built-in VNPAY sandbox: a test gateway under /sandbox/vnpay that speaks VNPAY 2.1.0 (payment page, IPN to the
 * shop, querydr and refund), for development, demos and tests. Loaded only when turned on (no VNPAY_URL, and
 * VNPAY_SANDBOX on): a production start without it never imports this code.
 */
import type { FastifyInstance } from 'fastify';
import { vnpaySettings } from '../payments/index.ts';
import { sandboxRoutes } from './routes.ts';

export async function vnpaySandboxPlugin(app: FastifyInstance): Promise<void> {
  await app.register(sandboxRoutes, { settings: vnpaySettings(app.config) });
}

/**
 * The built-in test bank: under /sandbox/bank it reads a VietQR code, makes the transfer and sends the shop the
 * signed notification a transfer-notification service would. Loaded only when turned on (no real account, and
 * BANK_TRANSFER_SANDBOX on): a production start without it never imports this code.
 */
import type { FastifyInstance } from 'fastify';
import { bankTransferSettings } from '../payments/index.ts';
import { bankSandboxRoutes } from './routes.ts';

export async function bankSandboxPlugin(app: FastifyInstance): Promise<void> {
  await app.register(bankSandboxRoutes, { settings: bankTransferSettings(app.config) });
}

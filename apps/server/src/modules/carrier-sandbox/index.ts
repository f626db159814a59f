/**
 * The built-in sandbox carrier: a test carrier under /sandbox/carrier that speaks GHN's API (fee, create order) and
 * posts GHN's webhook, signed, to the shop when a tester advances a parcel on its page. For development, demos and
 * tests, so `npm start` ships end to end with nothing else running. Loaded only when SHIPPING_CARRIER is sandbox.
 */
import type { FastifyInstance } from 'fastify';
import { shippingSettings } from '../shipping/index.ts';
import { carrierSandboxRoutes } from './routes.ts';

export async function carrierSandboxPlugin(app: FastifyInstance): Promise<void> {
  await app.register(carrierSandboxRoutes, { settings: shippingSettings(app.config) });
}

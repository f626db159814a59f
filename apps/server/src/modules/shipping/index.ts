/**
 * Shipping by carrier: one provider behind one interface (provider.ts; ghn/ for GHN's API, which the built-in
 * sandbox carrier speaks too, and flat.ts for the flat tariff), chosen by SHIPPING_CARRIER in registry.ts. The
 * checkout's quote, the carrier's fee at order placement (the orders module's port), the shipment created after a
 * confirmation commits (the order process's after-hook writes it pending; a worker creates it with the carrier,
 * retrying), its label, and the signed tracking webhooks that move the order through the order process.
 * Owns the shipments and shipment_events tables; the order's carrier and tracking code are written to the sales
 * module's shipping details through its index.ts.
 */
export { shippingPlugin } from './routes.ts';
export { createShipping, type Shipping, type ShippingDeps } from './service.ts';
export { CARRIER_SANDBOX_BASE, SANDBOX_SHOP_ID, sandboxToken, shippingSettings, type ShippingSettings } from './settings.ts';
export { regionOf, zoneBetween, ESTIMATED_DAYS, type Region, type Zone } from './zones.ts';
// For the built-in sandbox carrier, which plays GHN with the same protocol code.
export * as ghnProtocol from './ghn/protocol.ts';

/**
 * Sales back-office (spec section 7, Sales): order list and detail, status, payment, shipping, assignee, notes,
 * cancel and refunds under /api/v1/sales, for SALE and ADMIN. Built on the orders module's lifecycle API.
 * makeRefund is the one way money goes back (the returns module refunds returned lines through it).
 */
export { salesRoutes } from './routes.ts';
export { makeRefund } from './payment.ts';
export { recordCarrierShipping, shippingOf as orderShippingOf } from './repo.ts';
export type { StaffShipmentReader } from './service.ts';
export type { SalesContext } from './service.ts';

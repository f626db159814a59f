/**
 * Returns and refunds after delivery: the shopper's request (lines, reason, photos, bank account) under
 * /api/v1/orders/{code}/returns, and its steps for SALE and ADMIN under /api/v1/sales/returns (approve or refuse,
 * receive: stock back through the catalogue's ledger, refund: through the sales module's refund). Owns
 * order_returns and order_return_lines.
 */
export { returnShopperRoutes, returnStaffRoutes, type ReturnsRoutesOptions } from './routes.ts';

/**
 * Vouchers (discount codes). For orders: lockForOrder and recordUse inside the order's transaction, giveBackUse when
 * an order is cancelled or expires. For the cart: cartVoucher, applyToCart, removeFromCart (shopper.ts).
 */
export { voucherAdminRoutes, voucherShopperRoutes } from './routes.ts';
export { giveBackUse, lockForOrder, recordUse, voucherRefused } from './rules.ts';
export { clearCartVoucher } from './repo.ts';

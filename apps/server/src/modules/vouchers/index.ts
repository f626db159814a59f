/**
 * Vouchers (discount codes). For orders: lockForOrder and recordUse inside the order's transaction, giveBackUse when
 * an order is cancelled or expires. For the cart: cartVoucher, applyToCart, removeFromCart. The checkout's list of
 * codes reads the cart's selected lines through a port (it never imports the cart, which imports this module).
 */
export { voucherAdminRoutes, voucherShopperRoutes, type VoucherShopperPorts } from './routes.ts';
export { applyToCart, cartVoucher, removeFromCart } from './shopper.ts';
export { giveBackUse, lockForOrder, recordUse, voucherRefused } from './rules.ts';
export { clearCartVoucher } from './repo.ts';

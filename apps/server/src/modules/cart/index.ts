/** The cart for the orders module (which orders the selected lines) and the routes. */
export { cartRoutes } from './routes.ts';
export { getCart, insufficientStock, outOfStock, selectedOrderableLines, selectedVoucherLines } from './service.ts';
export { buildCart, isOrderable, lineIssue, toCartItem, unitPrices } from './lines.ts';
export { deleteLines, lockSelectedLines } from './repo.ts';
export { mergeGuestCartOf } from './merge.ts';
export { cartOf, addItem } from './service.ts';
export { readGuestCartId, setGuestCartCookie, newGuestCartId } from './guest-cookie.ts';
export { cartFormRoutes, CART_FORM_PATH } from './form-routes.ts';

/** Event the cart fires (with a detail object) after every change (spec section 4, Cart). */
export const CART_CHANGED_EVENT = 'cart:changed';

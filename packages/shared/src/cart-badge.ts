// Kept apart from cart.ts (schemas): the header's badge is part of the web app's first load.

/** The badge text: distinct lines, '99+' above 99 (spec section 2); empty (badge hidden) at 0. */
export const cartBadgeText = (count: number): string => (count <= 0 ? '' : count > 99 ? '99+' : String(count));

import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the page renders on the server and while the browser hydrates that HTML, true from the render
 * after. What only the browser knows (the stored session, the cart badge, favourites, portals into <body>) waits
 * for it, so both renders of a page match and React keeps the server's HTML instead of rebuilding it.
 * Pages rendered in the browser alone see true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

import { useEffect } from 'react';

/** Class that keeps the page's end (the footer) clear of a bar fixed at the bottom of phone screens. */
const SPACE_CLASS = 'max-lg:pb-20';

/** While `active`, the body leaves room under the footer for the fixed bottom bar (cart, checkout on phones). */
export function useBottomBarSpace(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    document.body.classList.add(SPACE_CLASS);
    return () => document.body.classList.remove(SPACE_CLASS);
  }, [active]);
}

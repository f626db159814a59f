import { useEffect, useState } from 'react';
import { STORAGE_KEYS } from '@nhasach/shared';
import { storage } from './storage.ts';

/** Event the cart fires (with a detail object) after every change (spec section 4, Cart). */
export const CART_CHANGED_EVENT = 'cart:changed';

export function readCartBadgeCount(): number {
  const n = Number.parseInt(storage.get(STORAGE_KEYS.cartBadge) ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** The distinct-items count of the cart, kept current on 'cart:changed' and on changes from other tabs. */
export function useCartBadgeCount(): number {
  const [count, setCount] = useState(readCartBadgeCount);
  useEffect(() => {
    const update = () => setCount(readCartBadgeCount());
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === STORAGE_KEYS.cartBadge) update();
    };
    window.addEventListener(CART_CHANGED_EVENT, update);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(CART_CHANGED_EVENT, update);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return count;
}

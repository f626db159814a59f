import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@nhasach/shared';
import { storage } from './storage.ts';

/** Event the cart fires (with a detail object) after every change (spec section 4, Cart). */
export const CART_CHANGED_EVENT = 'cart:changed';

export function readCartBadgeCount(): number {
  const n = Number.parseInt(storage.get(STORAGE_KEYS.cartBadge) ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

function subscribe(update: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.cartBadge) update();
  };
  window.addEventListener(CART_CHANGED_EVENT, update);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CART_CHANGED_EVENT, update);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The distinct-items count of the cart, kept current on 'cart:changed' and on changes from other tabs; 0 in the
 * server's HTML and while the browser hydrates it (the count lives in this browser's storage).
 */
export function useCartBadgeCount(): number {
  return useSyncExternalStore(subscribe, readCartBadgeCount, () => 0);
}

import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@nhasach/shared';
import { storage } from '../../lib/storage.ts';
import { useViewer } from '../../lib/viewer.ts';
import { BADGE_REFRESH_GUARD_MS, cartCount, cartQueryOptions } from './api/get-cart.ts';

/**
 * The header's badge count, derived from the session's cart query (0 for a guest, in the server's HTML and while
 * the page hydrates). The count is also written under CART_BADGE_COUNT, the spec's record of it; nothing in the
 * app reads it back.
 */
export function useCartCount(): number {
  const viewer = useViewer();
  const { data } = useQuery({ ...cartQueryOptions(viewer), staleTime: BADGE_REFRESH_GUARD_MS, select: cartCount });
  useEffect(() => {
    if (viewer !== 'guest' && data !== undefined) storage.set(STORAGE_KEYS.cartBadge, String(data));
  }, [viewer, data]);
  return data ?? 0;
}

import { useEffect } from 'react';
import { useHydrated } from '../lib/useHydrated.ts';

/**
 * Marks <html data-hydrated> once a page's scripts have taken over its server HTML (its handlers answer, its
 * portals have moved): what waits for a working page (the browser tests, a monitoring probe) waits for that.
 */
export function HydratedMark() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = '';
  }, [hydrated]);
  return null;
}

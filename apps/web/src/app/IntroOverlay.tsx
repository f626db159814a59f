import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { hasAnyRole, STORAGE_KEYS } from '@nhasach/shared';
import { allRoles } from '../features/auth/session.ts';
import { useAuth } from '../features/auth/useAuth.ts';
import { lazyComponent } from '../lib/lazyComponent.ts';
import { storage } from '../lib/storage.ts';
import { SALE_ROLES, isIntroPath } from './access.ts';

const IntroDialog = lazyComponent(async () => (await import('./IntroDialog.tsx')).IntroDialog);

let skipOnceThisLoad: boolean | undefined;

/**
 * Reads and removes the one-time skip flag (set before leaving for payment). Remembered for the page load, so a
 * second read (React may run state initialisers twice) still sees it.
 */
function consumeSkipOnce(): boolean {
  if (skipOnceThisLoad === undefined) {
    skipOnceThisLoad = storage.get(STORAGE_KEYS.introSkipOnce) !== null;
    if (skipOnceThisLoad) storage.remove(STORAGE_KEYS.introSkipOnce);
  }
  return skipOnceThisLoad;
}

/**
 * Welcome overlay (spec section 2): once per browser (flag intro-seen-v2), never for SALE/ADMIN users, not with
 * ?skipIntro=1, and not on the load right after the one-time skip flag was set; only on the home page and the
 * listings (isIntroPath), never over a deep link such as a book, the cart, checkout, login or an order.
 */
export function IntroOverlay() {
  const location = useLocation();
  const { user } = useAuth();
  // Decided once per page load: both flags are read at start so a later storage.clear() (logout) does not
  // bring the overlay back in the same visit.
  const [skipThisLoad] = useState(
    () =>
      // Never open in the server's render of the page (it opens after the first paint anyway).
      typeof window === 'undefined' ||
      consumeSkipOnce() ||
      storage.get(STORAGE_KEYS.introSeen) !== null ||
      // Arriving with ?skipIntro=1 (e.g. back from payment) skips it for the whole visit.
      new URLSearchParams(window.location.search).get('skipIntro') === '1',
  );
  const [dismissed, setDismissed] = useState(false);
  // Opens a frame after the page's first paint: the shopper (and a phone's CPU) gets the page first, and the
  // overlay's own render and animation do not hold that paint back.
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setPainted(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  const skipByQuery = new URLSearchParams(location.search).get('skipIntro') === '1';
  const staff = hasAnyRole(allRoles(user), SALE_ROLES);
  const open = painted && !skipThisLoad && !dismissed && !skipByQuery && !staff && isIntroPath(location.pathname);

  const close = () => {
    storage.set(STORAGE_KEYS.introSeen, '1');
    setDismissed(true);
  };

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <IntroDialog onClose={close} />
    </Suspense>
  );
}

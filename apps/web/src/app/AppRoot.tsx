import { Outlet, ScrollRestoration, type Location } from 'react-router';
import { AuthProvider } from '../features/auth/AuthProvider.tsx';
import { IntroOverlay } from './IntroOverlay.tsx';

/**
 * Where a page's scroll position is kept: its history entry, except for the entry a page load starts with, whose
 * key is always 'default' (every address typed, pasted or followed before the app has started would share one
 * position): that one is kept per address, so a reload comes back where it was and another page starts at the top.
 */
const scrollKey = (location: Location) => (location.key === 'default' ? `${location.pathname}${location.search}` : location.key);

/** Root route: the session (it needs the router to navigate on logout), the intro overlay and scroll restore. */
export function AppRoot() {
  return (
    <AuthProvider>
      <Outlet />
      <IntroOverlay />
      <ScrollRestoration getKey={scrollKey} />
    </AuthProvider>
  );
}

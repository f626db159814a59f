import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, type Location } from 'react-router';
import type { RouteData } from '../lib/head.ts';
import { AuthProvider } from '../features/auth/AuthProvider.tsx';
import { IntroOverlay } from './IntroOverlay.tsx';

/**
 * Where a page's scroll position is kept: its history entry, except for the entry a page load starts with, whose
 * key is always 'default' (every address typed, pasted or followed before the app has started would share one
 * position): that one is kept per address, so a reload comes back where it was and another page starts at the top.
 */
const scrollKey = (location: Location) => (location.key === 'default' ? `${location.pathname}${location.search}` : location.key);

/** The tab's title from the page's route (its loader's head, app/routes); pages without one set their own. */
function RouteTitle() {
  const matches = useMatches();
  const title = (matches[matches.length - 1]?.loaderData as RouteData | undefined)?.head?.title;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return null;
}

/** Root route: the session (it needs the router to navigate on logout), the intro overlay and scroll restore. */
export function AppRoot() {
  return (
    <AuthProvider>
      <Outlet />
      <RouteTitle />
      <IntroOverlay />
      <ScrollRestoration getKey={scrollKey} />
    </AuthProvider>
  );
}

import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider } from '../features/auth/AuthProvider.tsx';
import { IntroOverlay } from './IntroOverlay.tsx';

/** Root route: the session (it needs the router to navigate on logout), the intro overlay and scroll restore. */
export function AppRoot() {
  return (
    <AuthProvider>
      <Outlet />
      <IntroOverlay />
      <ScrollRestoration />
    </AuthProvider>
  );
}

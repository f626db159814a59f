import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useAuth } from '../auth/useAuth.ts';
import { favouritesStore } from './favouritesStore.ts';

/**
 * The favourites of the signed-in user (or the guest): follows the user identity, runs the one full sync of
 * the session, and re-renders on every change.
 */
export function useFavourites() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  useEffect(() => {
    favouritesStore.setIdentity(userId);
    if (userId !== null) void favouritesStore.fullSync();
  }, [userId]);
  const snap = useSyncExternalStore(favouritesStore.subscribe, favouritesStore.getSnapshot, favouritesStore.getServerSnapshot);
  const isLiked = useCallback((bookId: number) => snap.ids.has(bookId), [snap]);
  const countOf = useCallback((bookId: number) => snap.counts.get(bookId), [snap]);
  return { signedIn: userId !== null, isLiked, countOf, toggle: favouritesStore.toggle, reconcile: favouritesStore.reconcile };
}

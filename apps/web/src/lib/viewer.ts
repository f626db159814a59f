import type { QueryClient } from '@tanstack/react-query';
import { useAuth } from '../features/auth/useAuth.ts';

/**
 * The session's own data (cart, favourites, orders, profile) lives under query keys that start with
 * ['session', viewer]: the viewer is the signed-in user's id, or 'guest'. An answer that arrives after a logout or a
 * login lands under the previous session's key, which no page of the new session reads, so no answer has to check
 * whether its user is still the stored one; login and logout remove those queries (AuthProvider).
 */
export const SESSION_SCOPE = 'session';

export const sessionKey = <const T extends readonly unknown[]>(viewer: string, ...rest: T) => [SESSION_SCOPE, viewer, ...rest] as const;

/** The viewer key of the page's session: the user id, or 'guest' (also on the server and while the page hydrates). */
export function useViewer(): string {
  const { user } = useAuth();
  return user ? String(user.id) : 'guest';
}

/**
 * A session ends or another begins (login, logout, a password change): its queries go, the session's own and those
 * cached per viewer (a book's heart, the reader's own review), so nothing of the previous account is shown or kept.
 * The catalogue stays.
 */
export function removeSessionQueries(client: QueryClient, viewer: string): void {
  client.removeQueries({ predicate: (query) => query.queryKey[0] === SESSION_SCOPE || query.queryKey.includes(viewer) });
}

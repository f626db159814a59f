import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, type LoginResult, type UserDto } from '@nhasach/shared';
import { endLocalSession, refreshAccessToken, SESSION_ENDED_EVENT, TOKEN_REFRESHED_EVENT } from '../../api/client.ts';
import * as authApi from '../../api/auth.ts';
import { isJwtExpired } from '../../lib/jwt.ts';
import { storage } from '../../lib/storage.ts';
import { pageViewer } from '../../lib/pageData.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { removeSessionQueries } from '../../lib/viewer.ts';
import { AuthContext, type AuthContextValue } from './authContext.ts';
import { registrationStore, resetStore } from './flowStorage.ts';
import { parseStoredUser, storedViewerKey, toSessionUser, userFromDto, userFromToken, type StoredUser } from './session.ts';

interface AuthState {
  token: string | null;
  user: StoredUser | null;
  status: 'checking' | 'ready';
  signedOutOnPurpose: boolean;
  signOutNotice?: string;
}

const viewerOf = (user: StoredUser | null) => (user ? String(user.id) : 'guest');

const GUEST: AuthState = { token: null, user: null, status: 'ready', signedOutOnPurpose: false };

/**
 * The session as stored: a token restores it, and a missing (or unreadable) user record is rebuilt from the
 * token claims. An expired token starts in 'checking' until the refresh answers.
 */
function readStoredSession(): AuthState {
  const token = storage.get(STORAGE_KEYS.accessToken);
  if (!token) return GUEST;
  let user = parseStoredUser(storage.getJson<unknown>(STORAGE_KEYS.user));
  if (!user) {
    user = userFromToken(token);
    if (user) storage.setJson(STORAGE_KEYS.user, user);
  }
  if (!user) {
    // A token without any identity cannot drive the UI; treat the visitor as a guest.
    storage.remove(STORAGE_KEYS.accessToken);
    return GUEST;
  }
  return { token, user, status: isJwtExpired(token) ? 'checking' : 'ready', signedOutOnPurpose: false };
}

/** Keeps the stored profile fields but takes identity and roles from the newest token. */
function mergeClaims(user: StoredUser | null, token: string): StoredUser | null {
  const fromToken = userFromToken(token);
  if (!fromToken) return user;
  if (!user || String(user.id) !== String(fromToken.id)) return fromToken;
  return { ...user, email: fromToken.email ?? user.email, username: fromToken.username ?? user.username, role: fromToken.role, roles: fromToken.roles };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(readStoredSession);
  // The session being replaced, read by login and logout (their callbacks stay stable).
  const stateRef = useRef(state);
  stateRef.current = state;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();

  // The "signed out on purpose" mark only has to steer the guard of the page being left; once the login
  // page is reached, later guard redirects carry `next` again.
  const onLoginPage = pathname === '/dang-nhap';
  useEffect(() => {
    setState((s) => {
      if (onLoginPage && s.signedOutOnPurpose) return { ...s, signedOutOnPurpose: false };
      // The notice was for that one visit of the login page.
      if (!onLoginPage && !s.signedOutOnPurpose && s.signOutNotice) return { ...s, signOutNotice: undefined };
      return s;
    });
  }, [onLoginPage]);

  const forgetLocally = useCallback(() => {
    endLocalSession();
    storage.remove(STORAGE_KEYS.accessToken);
    storage.remove(STORAGE_KEYS.user);
    registrationStore.clear();
    resetStore.clear();
  }, []);

  // An expired token at start-up: ask for a new one before the guards decide.
  const checking = state.status === 'checking';
  useEffect(() => {
    if (!checking) return;
    let cancelled = false;
    void refreshAccessToken().then((token) => {
      // On success the TOKEN_REFRESHED_EVENT listener below updates the state. A login that came first keeps its
      // session: its token is stored, and this refresh's answer was dropped, not refused.
      if (cancelled || token || storage.get(STORAGE_KEYS.accessToken)) return;
      storage.remove(STORAGE_KEYS.user);
      setState(GUEST);
    });
    return () => {
      cancelled = true;
    };
  }, [checking]);

  useEffect(() => {
    const onRefreshed = (e: Event) => {
      const token = (e as CustomEvent<{ accessToken?: string }>).detail?.accessToken;
      if (!token) return;
      setState((s) => {
        const user = mergeClaims(s.user, token);
        if (user) storage.setJson(STORAGE_KEYS.user, user);
        return user ? { token, user, status: 'ready', signedOutOnPurpose: false } : s;
      });
    };
    // The client removed the token because the refresh failed: the session is over.
    const onEnded = () => {
      storage.remove(STORAGE_KEYS.user);
      setState((s) => (s.user || s.token ? { ...GUEST } : s));
    };
    // Another tab logged in or out.
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === STORAGE_KEYS.accessToken || e.key === STORAGE_KEYS.user) {
        setState({ ...readStoredSession(), status: 'ready' });
      }
    };
    window.addEventListener(TOKEN_REFRESHED_EVENT, onRefreshed);
    window.addEventListener(SESSION_ENDED_EVENT, onEnded);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(TOKEN_REFRESHED_EVENT, onRefreshed);
      window.removeEventListener(SESSION_ENDED_EVENT, onEnded);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const login = useCallback<AuthContextValue['login']>(
    (result: LoginResult) => {
      const token = result.accessToken;
      const user = result.user ? userFromDto(result.user) : userFromToken(token);
      if (!user) throw new Error('Thiếu thông tin người dùng từ BE');
      endLocalSession(); // the previous one's refresh must not replace this token
      storage.set(STORAGE_KEYS.accessToken, token);
      storage.setJson(STORAGE_KEYS.user, user);
      // Nothing cached for a previous account (or the guest) may leak into this one.
      removeSessionQueries(queryClient, viewerOf(stateRef.current.user));
      setState({ token, user, status: 'ready', signedOutOnPurpose: false });
      return toSessionUser(user);
    },
    [queryClient],
  );

  const clearSession = useCallback<AuthContextValue['clearSession']>(
    (opts) => {
      forgetLocally();
      removeSessionQueries(queryClient, viewerOf(stateRef.current.user));
      setState({ ...GUEST, signedOutOnPurpose: true, signOutNotice: opts?.notice });
    },
    [forgetLocally, queryClient],
  );

  const { mutateAsync: endServerSession } = useMutation({ mutationFn: authApi.logout });
  const logout = useCallback(async () => {
    try {
      await endServerSession();
    } catch {
      // The local session ends anyway (spec section 7: failure ignored).
    }
    forgetLocally();
    storage.clear();
    removeSessionQueries(queryClient, viewerOf(stateRef.current.user));
    setState({ ...GUEST, signedOutOnPurpose: true });
    await navigate('/dang-nhap', { replace: true });
  }, [endServerSession, forgetLocally, navigate, queryClient]);

  const token = state.token;
  const changePassword = useCallback<AuthContextValue['changePassword']>(
    async (body) => {
      if (!token || !storage.get(STORAGE_KEYS.accessToken)) throw new Error('Chưa đăng nhập');
      await authApi.changePassword(body);
    },
    [token],
  );

  const updateUser = useCallback((dto: UserDto) => {
    setState((s) => {
      if (!s.user || String(s.user.id) !== String(dto.id)) return s;
      const user: StoredUser = { ...s.user, ...userFromDto(dto) };
      storage.setJson(STORAGE_KEYS.user, user);
      return { ...s, user };
    });
  }, []);

  // The server renders every page as a guest sees it but a shopper's own page, which it renders with their session
  // (entry-server.tsx): until hydration is over the session shown is the one the page was rendered with, so both
  // renders match; the stored session shows from the render after.
  const hydrated = useHydrated();
  const renderedAs = typeof window === 'undefined' ? storedViewerKey() : pageViewer.get();
  const shown = hydrated || (state.user && String(state.user.id) === renderedAs) ? state : GUEST;
  const value = useMemo<AuthContextValue>(
    () => ({
      user: shown.user ? toSessionUser(shown.user) : null,
      token: shown.token,
      status: shown.status,
      signedOutOnPurpose: shown.signedOutOnPurpose,
      signOutNotice: shown.signOutNotice,
      login,
      logout,
      clearSession,
      changePassword,
      updateUser,
    }),
    [shown, login, logout, clearSession, changePassword, updateUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

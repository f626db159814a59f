import { MEDIA_PATH_PREFIX, REFRESH_RETRIED_HEADER, STORAGE_KEYS } from '@nhasach/shared';
import { storage } from '../lib/storage.ts';

/**
 * Base of the API host, fixed at build time: same origin unless VITE_API_BASE_URL names another one (the web app
 * on a CDN or another host; spec section 7). The API must then list this app's origin in CORS_ORIGINS.
 */
export const API_BASE = ((import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '').trim().replace(/\/+$/, '');

/**
 * Media paths the API answers with ('/media/books/...') live on the API host: with the app on another origin they
 * get its base. Absolute URLs, blob: previews and the app's own assets ('/banners/...') are left alone.
 */
export function mediaUrl<T extends string | null | undefined>(src: T): T {
  if (!API_BASE || typeof src !== 'string' || !src.startsWith(MEDIA_PATH_PREFIX)) return src;
  return `${API_BASE}${src}` as T;
}

/** The same for every URL of a srcset ('/media/a.webp 300w, /media/b.webp 600w'). */
export function mediaSrcSet(srcSet: string | undefined): string | undefined {
  if (!API_BASE || !srcSet) return srcSet;
  return srcSet
    .split(',')
    .map((part) => {
      const [url = '', ...rest] = part.trim().split(/\s+/);
      return [mediaUrl(url), ...rest].join(' ');
    })
    .join(', ');
}

/** Header marking the one retry after a token refresh (spec section 4, token refresh). */
export const RETRIED_HEADER = REFRESH_RETRIED_HEADER;

/** Calls that never carry the bearer token and never trigger a refresh. */
const AUTH_PATHS = [
  '/api/v1/auth/login',
  '/api/v1/auth/register',
  '/api/v1/auth/verify-email',
  '/api/v1/auth/resend-otp',
  '/api/v1/auth/forgot-password/start',
  '/api/v1/auth/forgot-password/verify',
  '/api/v1/auth/refresh',
  '/api/v1/auth/logout',
];
const isAuthPath = (path: string) => AUTH_PATHS.some((p) => path.startsWith(p));

/** An API failure; `message` is already the text to show (spec section 8 order of fallbacks). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Stable server code such as VALIDATION_ERROR, when the server sent one. */
    readonly code: string | undefined,
    /** The `data` of the error envelope (field errors, attempts left, retry-after...). */
    readonly data: unknown,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const DEFAULT_ERROR_TEXT = 'Đã có lỗi xảy ra';
/** The server (or the network to it) does not answer: what a shopper reads instead of the browser's "Failed to fetch". */
export const NETWORK_ERROR_TEXT = 'Không kết nối được máy chủ. Vui lòng kiểm tra mạng và thử lại.';
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

/**
 * A request (or a script file) that never got an answer: fetch's TypeError ('Failed to fetch', 'NetworkError when
 * attempting to fetch resource.', 'Load failed'), or a page's lazy part that could not be loaded.
 */
export function isNetworkFailure(err: unknown): boolean {
  if (err instanceof ApiError) return err.code === NETWORK_ERROR_CODE;
  if (!(err instanceof Error) || err.name === 'AbortError') return false;
  return (
    err instanceof TypeError ||
    /fetch|network|load failed|imported module|module script/i.test(err.message)
  );
}

function textFromBody(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  for (const key of ['message', 'error', 'detail'] as const) {
    if (typeof b[key] === 'string' && b[key]) return b[key];
  }
  return undefined;
}

/** Unwraps `{data: ...}` envelopes; other bodies pass through. */
export function unwrap<T>(body: unknown): T {
  if (body && typeof body === 'object' && 'data' in body) return (body as { data: T }).data;
  return body as T;
}

export type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

/** Builds a query string, dropping null, undefined and blank values (spec section 5). */
export function toQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      const s = String(v);
      if (s.trim() === '') continue;
      params.append(key, s);
    }
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Fired on window when a refresh fails and the stored token was removed: the session is over. */
export const SESSION_ENDED_EVENT = 'auth:session-ended';
/** Fired on window with `{accessToken}` after a successful refresh. */
export const TOKEN_REFRESHED_EVENT = 'auth:token-refreshed';

let refreshInFlight: Promise<string | undefined> | undefined;
/** Counts sessions ended in this page: a refresh that was on its way when one ended is dropped. */
let sessionsEnded = 0;

/** The local session ends or is replaced (logout, password changed, a login): a refresh still on its way must not store its token. */
export function endLocalSession(): void {
  sessionsEnded++;
  refreshInFlight = undefined;
}

/** One refresh for all concurrent 401s; resolves to the new token or undefined. */
export function refreshAccessToken(): Promise<string | undefined> {
  if (refreshInFlight) return refreshInFlight;
  const mine = (async () => {
    const ended = sessionsEnded;
    try {
      const res = await fetch(`${API_BASE}/api/v1/auth/refresh`, {
        method: 'POST',
        credentials: 'include',
        headers: { Accept: 'application/json' },
      });
      const body: unknown = await res.json().catch(() => undefined);
      if (ended !== sessionsEnded) return undefined;
      const b = body as { accessToken?: unknown; data?: { accessToken?: unknown } } | undefined;
      const token = res.ok ? (b?.accessToken ?? b?.data?.accessToken) : undefined;
      if (typeof token === 'string' && token) {
        storage.set(STORAGE_KEYS.accessToken, token);
        window.dispatchEvent(new CustomEvent(TOKEN_REFRESHED_EVENT, { detail: { accessToken: token } }));
        return token;
      }
      storage.remove(STORAGE_KEYS.accessToken);
      window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
      return undefined;
    } catch {
      if (ended !== sessionsEnded) return undefined;
      storage.remove(STORAGE_KEYS.accessToken);
      window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
      return undefined;
    }
  })();
  refreshInFlight = mine;
  // A session ended meanwhile may have let a newer refresh start: leave that one in place.
  void mine.finally(() => {
    if (refreshInFlight === mine) refreshInFlight = undefined;
  });
  return mine;
}

/** How a request reaches the API: fetch in the browser; the server's render calls its own app in-process. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (url, init) => fetch(url, init);

/** The server's render (entry-server.tsx) sends the API requests of its loaders to the server itself, with no network hop. */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

async function send(method: string, path: string, opts: RequestOptions, retried: boolean): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const auth = isAuthPath(path);
  if (!auth && !headers.Authorization) {
    const token = storage.get(STORAGE_KEYS.accessToken);
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  if (auth) delete headers.Authorization;
  if (retried) headers[RETRIED_HEADER] = '1';
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  try {
    return await transport(`${API_BASE}${path}${toQueryString(opts.query)}`, {
      method,
      headers,
      body,
      credentials: 'include',
      signal: opts.signal,
    });
  } catch (err) {
    // No answer at all (server down, offline): a Vietnamese message, never the browser's 'Failed to fetch'.
    if (isNetworkFailure(err)) throw new ApiError(NETWORK_ERROR_TEXT, 0, NETWORK_ERROR_CODE, undefined, undefined);
    throw err;
  }
}

/** Sends a request and returns the raw parsed body (envelope included); throws ApiError on failure. */
export async function requestRaw(method: string, path: string, opts: RequestOptions = {}): Promise<unknown> {
  let res = await send(method, path, opts, false);
  // A refused token is refreshed in the browser; the server's render has no refresh cookie: the page goes out as the shell.
  if (res.status === 401 && !isAuthPath(path) && typeof window !== 'undefined') {
    const token = await refreshAccessToken();
    if (token) res = await send(method, path, { ...opts, headers: { ...opts.headers, Authorization: `Bearer ${token}` } }, true);
  }
  const text = await res.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!res.ok) {
    const b = body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
    // A proxy's own page when the app behind it is down (502, 503, 504 with no JSON): the server is unreachable.
    if (!b && res.status >= 502 && res.status <= 504) throw new ApiError(NETWORK_ERROR_TEXT, res.status, NETWORK_ERROR_CODE, undefined, body);
    throw new ApiError(
      textFromBody(body) ?? `${DEFAULT_ERROR_TEXT} (${res.status})`,
      res.status,
      typeof b?.error === 'string' ? b.error : undefined,
      b?.data,
      body,
    );
  }
  return body;
}

/** Sends a request and returns the unwrapped `data`. */
export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  return unwrap<T>(await requestRaw(method, path, opts));
}

export const api = {
  get: <T>(path: string, query?: Query, opts: Omit<RequestOptions, 'query' | 'body'> = {}) => request<T>('GET', path, { ...opts, query }),
  post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) => request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) => request<T>('PUT', path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) => request<T>('PATCH', path, { ...opts, body }),
  delete: <T>(path: string, opts: RequestOptions = {}) => request<T>('DELETE', path, opts),
};

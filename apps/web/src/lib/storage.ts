/** The server's render: the session of the request being rendered, when it has one (its access token). */
let serverSession: () => Readonly<Record<string, string>> | undefined = () => undefined;

/**
 * On the server, what the stored session reads as during a render: the page cookie's session of that request
 * (apps/server/src/modules/seo), read-only; none for a guest.
 */
export function setServerSession(source: () => Readonly<Record<string, string>> | undefined): void {
  serverSession = source;
}

/**
 * localStorage that never throws (private mode, quota, disabled storage are swallowed, spec section 8). On the
 * server it reads the rendered request's session (setServerSession) and keeps nothing.
 */
export const storage = {
  get(key: string): string | null {
    if (typeof window === 'undefined') return serverSession()?.[key] ?? null;
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // storage unavailable: the session simply is not persisted
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // ignore
    }
  },
  getJson<T>(key: string): T | undefined {
    const raw = storage.get(key);
    if (!raw) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return undefined;
    }
  },
  setJson(key: string, value: unknown): void {
    storage.set(key, JSON.stringify(value));
  },
  clear(): void {
    try {
      window.localStorage.clear();
    } catch {
      // ignore
    }
  },
};

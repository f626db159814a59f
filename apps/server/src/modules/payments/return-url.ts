import type { Config } from '../../config.ts';
import { badRequest } from '../../lib/errors.ts';

/** Where the shopper lands after the gateway when the web app does not say: the checkout page and its banner. */
export const DEFAULT_RETURN_PATH = '/checkout';
const RETURN_URL_MAX = 1000;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

const invalid = () => badRequest('Địa chỉ quay lại sau thanh toán không hợp lệ.', [{ field: 'returnUrl', message: 'Địa chỉ quay lại không được phép.' }]);

/**
 * Resolves the return URL the web app asked for, refusing anything but our own origins (open-redirect protection):
 * a path on PUBLIC_URL, PUBLIC_URL's origin, or an origin of CORS_ORIGINS. Outside production a loopback origin
 * (the Vite dev server) is accepted too. Old vnp_* parameters and the fragment are dropped: the gateway adds its own.
 */
export function resolveReturnUrl(config: Config, raw: string | undefined): string {
  const value = raw?.trim() || DEFAULT_RETURN_PATH;
  if (value.length > RETURN_URL_MAX) throw invalid();
  let url: URL;
  try {
    // A path ('/checkout') is taken on PUBLIC_URL; '//host' would be another host, so it must be absolute then.
    url = value.startsWith('/') && !value.startsWith('//') ? new URL(value, `${config.PUBLIC_URL}/`) : new URL(value);
  } catch {
    throw invalid();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid();
  if (url.username || url.password) throw invalid();
  const allowed = new Set([new URL(config.PUBLIC_URL).origin, ...config.CORS_ORIGINS.map(originOf).filter((o): o is string => !!o)]);
  const devLoopback = !config.isProduction && LOOPBACK.has(url.hostname);
  if (!allowed.has(url.origin) && !devLoopback) throw invalid();
  for (const key of [...url.searchParams.keys()]) if (key.startsWith('vnp_')) url.searchParams.delete(key);
  url.hash = '';
  return url.toString();
}

function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

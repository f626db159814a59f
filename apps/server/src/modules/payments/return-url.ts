import { networkInterfaces } from 'node:os';
import type { Config } from '../../config.ts';
import { badRequest } from '../../lib/errors.ts';

/** Where the shopper lands after the gateway when the web app does not say: the checkout page and its banner. */
export const DEFAULT_RETURN_PATH = '/checkout';
const RETURN_URL_MAX = 1000;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export const RETURN_URL_INVALID = 'Địa chỉ quay lại sau thanh toán không hợp lệ.';
const invalid = () => badRequest(RETURN_URL_INVALID, [{ field: 'returnUrl', message: 'Địa chỉ quay lại không được phép.' }]);

/** The address the request reached this server at: its scheme and Host header. */
export interface ReachedAt {
  protocol: string;
  host: string;
}

/** Bare host name of a URL host or Host header: no port, no IPv6 brackets, lower case. */
function hostName(host: string): string {
  const h = host.toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']'));
  const colon = h.lastIndexOf(':');
  return colon > -1 && h.indexOf(':') === colon ? h.slice(0, colon) : h;
}

/** True when `name` is this machine: a loopback name or an address of one of its network interfaces. */
export function isOwnInterfaceHost(name: string): boolean {
  const bare = hostName(name);
  if (LOOPBACK.has(bare) || bare.endsWith('.localhost')) return true;
  for (const list of Object.values(networkInterfaces())) {
    for (const iface of list ?? []) if (iface.address.toLowerCase() === bare) return true;
  }
  return false;
}

/**
 * Resolves the return URL the web app asked for, refusing anything but our own origins (open-redirect protection):
 * a path on PUBLIC_URL, PUBLIC_URL's origin, an origin of CORS_ORIGINS, or the origin the shopper reached this very
 * server at when that host is one of this machine's own addresses (http://127.0.0.1:3000 or a LAN address while
 * PUBLIC_URL says localhost). Outside production a loopback origin (the Vite dev server) is accepted too. Old vnp_*
 * parameters and the fragment are dropped: the gateway adds its own.
 */
export function resolveReturnUrl(config: Config, raw: string | undefined, reached?: ReachedAt): string {
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
  const reachedOrigin = reached ? originOf(`${reached.protocol}://${reached.host}`) : undefined;
  const ownAddress = reachedOrigin !== undefined && url.origin === reachedOrigin && isOwnInterfaceHost(url.host);
  const devLoopback = !config.isProduction && LOOPBACK.has(url.hostname);
  if (!allowed.has(url.origin) && !ownAddress && !devLoopback) throw invalid();
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

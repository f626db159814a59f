import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

export type CspDirectives = Record<string, string[]>;

/**
 * The Content-Security-Policy of everything the store serves (web app, API, sandbox pages): scripts and styles
 * only from files of our own origin, never inline (the built web app has none; the sandbox pages load theirs
 * from files), images also as data: and blob: (upload previews), no plugins, no framing by anyone.
 */
export function cspDirectives(config: Config): CspDirectives {
  const https = config.PUBLIC_URL.startsWith('https:');
  // Images in an object store or behind a CDN (MEDIA_PUBLIC_URL) are shown by the app too, and the API answers every
  // other image on PUBLIC_URL (modules/media/public-urls.ts), which is 'self' unless the shop is reached by another
  // name (a LAN address, the development server).
  const media = [...new Set([config.PUBLIC_URL, config.MEDIA_PUBLIC_URL].flatMap((u) => (u ? [new URL(u).origin] : [])))];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...media],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** The header value of a directive set. */
export const cspHeader = (directives: CspDirectives): string =>
  Object.entries(directives)
    .map(([name, values]) => (values.length ? `${name} ${values.join(' ')}` : name))
    .join('; ');

/**
 * The headers helmet's middleware sets for `options`, read once from a stand-in response: the values are the same
 * for every answer (no nonce, no directive computed per request), and building the middleware per request, as
 * @fastify/helmet does, parsed the CSP again for every answer.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Security headers on every answer (helmet): the CSP above, X-Frame-Options DENY for old browsers,
 * nosniff, a Referrer-Policy that sends only the origin to other sites, HSTS only when PUBLIC_URL is https
 * (on plain http it would be ignored, and on localhost it would pin the name to https for every other app).
 * A route may still set its own (the media route's SVG policy, the sandbox pages).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.PUBLIC_URL.startsWith('https:');
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    frameguard: { action: 'deny' },
    noSniff: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Cover images are fetched by the other front ends of CORS_ORIGINS too.
    crossOriginResourcePolicy: { policy: config.CORS_ORIGINS.length ? 'cross-origin' : 'same-origin' },
    // The VNPAY gateway is reached by a top-level navigation, and nothing here needs cross-origin isolation.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** Swagger UI draws its own inline styles; its pages (development, or API_DOCS=true) get this relaxed policy. */
export function docsCsp(config: Config): string {
  return cspHeader({ ...cspDirectives(config), 'style-src': ["'self'", "'unsafe-inline'"] });
}

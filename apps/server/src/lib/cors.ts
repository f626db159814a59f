import type { FastifyCorsOptions } from '@fastify/cors';
import { IDEMPOTENCY_KEY_HEADER, REFRESH_RETRIED_HEADER } from '@nhasach/shared';
import type { Config } from '../config.ts';

/** Every method a route of the API answers; @fastify/cors allows only GET, HEAD and POST unless told. */
export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The request headers the web app (and any other front end) sends. */
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Accept', IDEMPOTENCY_KEY_HEADER, REFRESH_RETRIED_HEADER] as const;

/** Response headers a script on another origin may read: the wait of a 429 and the id to quote to support. */
export const CORS_EXPOSED_HEADERS = ['Retry-After', 'x-request-id'] as const;

/** How long a browser may reuse a preflight answer (Chromium caps it at 2 hours). */
export const CORS_MAX_AGE_SECONDS = 7200;

/** 'https://shop.example/' and 'https://shop.example' name the same origin. */
function originOf(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    return value;
  }
}

/**
 * Cross-origin access for the front ends of CORS_ORIGINS, with cookies (the refresh cookie). Any other origin
 * gets no CORS header at all, so the browser refuses the call; same-origin calls need none.
 */
export function corsOptions(config: Pick<Config, 'CORS_ORIGINS'>): FastifyCorsOptions {
  const allowed = new Set(config.CORS_ORIGINS.map(originOf));
  return {
    // Decided per request: an origin outside the list resolves to false, which makes the plugin add nothing
    // (a fixed list would still send Allow-Credentials, Allow-Methods... to anyone asking).
    origin: (origin, done) => done(null, origin !== undefined && allowed.has(origin) ? origin : false),
    credentials: true,
    methods: [...CORS_METHODS],
    allowedHeaders: [...CORS_ALLOWED_HEADERS],
    exposedHeaders: [...CORS_EXPOSED_HEADERS],
    maxAge: CORS_MAX_AGE_SECONDS,
  };
}

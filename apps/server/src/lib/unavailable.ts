/**
 * Recognises errors that mean "the database is out of reach for a moment" (a restart, a failover, a
 * terminated backend, a refused or reset socket), as opposed to a bug or a bad query. The error handler
 * answers those with 503 instead of 500; the pool replaces the broken connections by itself, so the
 * next request after the database's return succeeds without a restart.
 */

/** SQLSTATEs of a lost or refused connection (class 08) and of a server going down or starting (57P0x). */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P05', '53300', '53000']);
/** Socket-level failures reported by Node (errno codes) when the server is down or restarting. */
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres and pg-pool report these without a code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
];

interface ErrorLike {
  code?: unknown;
  severity?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

function isUnavailableOne(err: ErrorLike): boolean {
  const code = typeof err.code === 'string' ? err.code : undefined;
  if (code) {
    if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_ERRNO.has(code)) return true;
    // FATAL at connect time: 'database "x" is not currently accepting connections' (55000) and the like.
    if (err.severity === 'FATAL' && /^[0-9A-Z]{5}$/.test(code)) return true;
  }
  const message = typeof err.message === 'string' ? err.message : '';
  return UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m));
}

/** True when `error` (or an error it wraps: Drizzle's `cause`, an AggregateError's `errors`) is a lost database. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const err = current as ErrorLike;
    if (isUnavailableOne(err)) return true;
    queue.push(err.cause);
    if (Array.isArray(err.errors)) queue.push(...(err.errors as unknown[]));
  }
  return false;
}

export const SERVICE_UNAVAILABLE_MESSAGE = 'Hệ thống đang tạm thời gián đoạn. Vui lòng thử lại sau giây lát.';

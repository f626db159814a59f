import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { tooManyRequests } from './errors.ts';

export interface LimitOptions {
  /** Distinct name: counters of different limits never mix (they share one Redis namespace). */
  name: string;
  /** Allowed events per window before RATE_LIMIT_SCALE is applied. */
  max: number;
  windowMs: number;
  /** What is counted: the client IP, a lower-cased account name... undefined means "not limited". */
  key: (request: FastifyRequest) => string | undefined;
  /** The Vietnamese 429 text; defaults to "too fast, retry in N seconds". */
  message?: (retryAfterSeconds: number) => string;
}

export interface Limiter {
  /** preHandler that counts the request and refuses it with 429 once the limit is passed. */
  hit: preHandlerAsyncHookHandler;
  /** preHandler that refuses with 429 when the limit is used up, without counting this request. */
  check: preHandlerAsyncHookHandler;
  /** Counts one event for the request (e.g. a failed login) without refusing anything. */
  count(request: FastifyRequest): Promise<void>;
}

const defaultMessage = (s: number) => `Bạn thao tác quá nhanh. Vui lòng thử lại sau ${s} giây.`;

export const byIp = (request: FastifyRequest) => request.ip;

/** Lower-cased string field of the (already validated) JSON body, e.g. the login name or e-mail. */
export const byBodyField =
  (field: string) =>
  (request: FastifyRequest): string | undefined => {
    const value = (request.body as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : undefined;
  };

/**
 * A named limit on top of @fastify/rate-limit's store (Redis when REDIS_URL is set, so every instance
 * shares the counters; in-process otherwise). Built on `createRateLimit` rather than `rateLimit()`
 * hooks because the plugin runs only the first `rateLimit()` hook of a request, and a route here
 * needs two limits (per IP and per account).
 */
export function createLimiter(app: FastifyInstance, opts: LimitOptions): Limiter {
  const max = Math.max(1, Math.round(opts.max * app.config.RATE_LIMIT_SCALE));
  const keyOf = (request: FastifyRequest) => {
    const key = opts.key(request);
    return key === undefined ? undefined : `${opts.name}:${key}`;
  };
  const limiter = app.createRateLimit({
    max,
    timeWindow: opts.windowMs,
    keyGenerator: (request) => keyOf(request) ?? '',
    // A Redis outage must not lock every user out of logging in: the limit then fails open.
    skipOnError: true,
  });
  const message = opts.message ?? defaultMessage;

  async function apply(request: FastifyRequest, reply: FastifyReply, increment: boolean) {
    if (keyOf(request) === undefined) return;
    const result = await limiter(request, { increment });
    if (result.isAllowed) return;
    // Counting: refused once past max. Checking: refused once max events are already counted.
    const over = increment ? result.isExceeded : result.remaining <= 0;
    if (!over) return;
    const retryAfterSeconds = Math.max(1, result.ttlInSeconds);
    reply.header('retry-after', retryAfterSeconds);
    throw tooManyRequests(message(retryAfterSeconds), { retryAfterSeconds });
  }

  return {
    hit: async (request, reply) => apply(request, reply, true),
    check: async (request, reply) => apply(request, reply, false),
    async count(request) {
      if (keyOf(request) === undefined) return;
      await limiter(request, { increment: true });
    },
  };
}

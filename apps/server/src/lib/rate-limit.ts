import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
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
  /**
   * preHandler that counts the request, then refuses it with 429 when the count passes the limit. Counting comes
   * first, in one atomic step of the store, so requests sent together cannot all slip under the limit.
   */
  hit: preHandlerAsyncHookHandler;
  /** Takes back the count of this request's `hit` (a login whose password was right is not a failure). */
  refund(request: FastifyRequest): Promise<void>;
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
 * A named limit on the app's limit store (lib/limit-store.ts: Redis when REDIS_URL is set, so every instance shares
 * the counters, in-process otherwise or while Redis is down). Keys read `nhasach-rl:<name>:<key>`.
 */
export function createLimiter(app: FastifyInstance, opts: LimitOptions): Limiter {
  const max = Math.max(1, Math.round(opts.max * app.config.RATE_LIMIT_SCALE));
  const keyOf = (request: FastifyRequest) => {
    const key = opts.key(request);
    return key === undefined ? undefined : `${opts.name}:${key}`;
  };
  const message = opts.message ?? defaultMessage;
  /** Requests whose hit was counted, so a refund takes back only what was counted. */
  const counted = new WeakSet<FastifyRequest>();

  return {
    async hit(request, reply) {
      const key = keyOf(request);
      if (key === undefined) return;
      const { count, ttlMs } = await app.limitStore.hit(key, opts.windowMs);
      counted.add(request);
      if (count <= max) return;
      const retryAfterSeconds = Math.max(1, Math.ceil(ttlMs / 1000));
      reply.header('retry-after', retryAfterSeconds);
      throw tooManyRequests(message(retryAfterSeconds), { retryAfterSeconds });
    },
    async refund(request) {
      const key = keyOf(request);
      if (key === undefined || !counted.has(request)) return;
      counted.delete(request);
      await app.limitStore.refund(key);
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** Where the request limits keep their counters. */
export interface LimitStore {
  /**
   * Counts one event under `key` and returns the count in the current window, this event included, and the time
   * left in that window. One atomic step: parallel requests each get their own count, so the (max+1)-th is refused
   * whatever the timing.
   */
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /** Takes one counted event back (a login whose password was right is not a failed login). */
  refund(key: string): Promise<void>;
}

/** The namespace of the counters in Redis (they share the server with nothing else of this store, but say whose they are). */
export const LIMIT_KEY_PREFIX = 'nhasach-rl:';

/** In-process counters: the store without REDIS_URL, and the fallback while Redis is down. */
export class MemoryLimitStore implements LimitStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = Date.now();

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    this.sweep(now);
    let entry = this.counters.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      this.counters.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, ttlMs: entry.resetAt - now };
  }

  async refund(key: string) {
    const entry = this.counters.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  /** Forgets ended windows now and then, so one-off keys (addresses, names) do not pile up. */
  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, entry] of this.counters) if (entry.resetAt <= now) this.counters.delete(key);
  }
}

// INCR then PEXPIRE on the first event of a window, in one script: the count and its expiry are never apart.
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const REFUND = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

type LimitCommands = {
  nhasachLimitHit(key: string, windowMs: number): Promise<[number, number]>;
  nhasachLimitRefund(key: string): Promise<number>;
};

/**
 * Counters in Redis, shared by every instance. While Redis does not answer, the limits count in this process instead
 * (each instance then allows the limit on its own) rather than failing open: a Redis outage must neither lock
 * shoppers out nor lift the login limit. The outage itself is logged once by the Redis client's owner (app.ts).
 */
export class RedisLimitStore implements LimitStore {
  private readonly commands: Redis & LimitCommands;
  private readonly fallback = new MemoryLimitStore();

  constructor(
    redis: Redis,
    private readonly log?: FastifyBaseLogger,
  ) {
    if (!('nhasachLimitHit' in redis)) {
      redis.defineCommand('nhasachLimitHit', { numberOfKeys: 1, lua: HIT });
      redis.defineCommand('nhasachLimitRefund', { numberOfKeys: 1, lua: REFUND });
    }
    this.commands = redis as Redis & LimitCommands;
  }

  private get up() {
    return this.commands.status === 'ready';
  }

  async hit(key: string, windowMs: number) {
    if (this.up) {
      try {
        const [count, ttlMs] = await this.commands.nhasachLimitHit(LIMIT_KEY_PREFIX + key, windowMs);
        return { count, ttlMs };
      } catch (err) {
        this.log?.debug({ err }, 'limit counted in process: redis did not answer');
      }
    }
    return this.fallback.hit(key, windowMs);
  }

  async refund(key: string) {
    if (this.up) {
      try {
        await this.commands.nhasachLimitRefund(LIMIT_KEY_PREFIX + key);
        return;
      } catch {
        // Counted in process then; refunded there below.
      }
    }
    await this.fallback.refund(key);
  }
}

export const createLimitStore = (redis: Redis | undefined, log?: FastifyBaseLogger): LimitStore =>
  redis ? new RedisLimitStore(redis, log) : new MemoryLimitStore();

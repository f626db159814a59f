import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { tooManyRequests } from '../../lib/errors.ts';

/**
 * A ceiling on the mails one address receives from the store, whatever sends them (codes, order mails, ...):
 * the per-IP and per-purpose limits stop one client, this stops many clients (or many flows) from mailing one
 * victim. Checked before a mail is sent; the mailer's send() is the one caller, so every mail is counted.
 *
 * Counted over a sliding window (an hour) across instances: in Redis when REDIS_URL is set (atomic), otherwise
 * from the mail_outbox table (every mail sent or stored is a row there; failed deliveries do not count), plus the
 * sends this process has in flight.
 */
export interface DestinationLimit {
  /** Takes one slot for a mail to `to`, or throws 429 when the address has had its share this window. */
  reserve(to: string): Promise<Reservation>;
}

export interface Reservation {
  /** The mail was sent or stored and its mail_outbox row written: that row now holds the slot. */
  done(): Promise<void>;
  /** The mail was not delivered (SMTP failed): the slot is given back. */
  cancel(): Promise<void>;
}

export interface DestinationLimitOptions {
  db: Db;
  redis?: Redis;
  log: FastifyBaseLogger;
  /** Mails per address per window. */
  max: number;
  windowMs?: number;
}

const HOUR_MS = 3_600_000;

export const normaliseAddress = (to: string) => to.trim().toLowerCase();

export const destinationLimitMessage = (retryAfterSeconds: number) =>
  `Địa chỉ email này đã nhận quá nhiều thư từ Nhà Sách trong 1 giờ qua. Vui lòng thử lại sau ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} phút.`;

const refuse = (retryAfterSeconds: number) => {
  const wait = Math.max(1, Math.ceil(retryAfterSeconds));
  return tooManyRequests(destinationLimitMessage(wait), { retryAfterSeconds: wait });
};

/**
 * Sliding-window log in a sorted set: drop entries older than the window, refuse when `max` remain (answering
 * the oldest entry's time, from which the wait follows), else add this mail. One script, so concurrent reserves
 * on any instance are serialised by Redis.
 */
const RESERVE_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) >= max then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return {0, tonumber(oldest[2])}
end
redis.call('ZADD', key, now, ARGV[4])
redis.call('PEXPIRE', key, window)
return {1, 0}
`;

export function createDestinationLimit({ db, redis, log, max, windowMs = HOUR_MS }: DestinationLimitOptions): DestinationLimit {
  /** Sends of this process not yet in mail_outbox, per address. */
  const inFlight = new Map<string, number>();
  const addInFlight = (address: string, delta: number) => {
    const n = (inFlight.get(address) ?? 0) + delta;
    if (n > 0) inFlight.set(address, n);
    else inFlight.delete(address);
  };

  async function reserveInRedis(client: Redis, address: string): Promise<Reservation> {
    const key = `nhasach-mail-dest:${address}`;
    const member = `${Date.now()}:${randomBytes(6).toString('hex')}`;
    const now = Date.now();
    const [allowed, oldest] = (await client.eval(RESERVE_SCRIPT, 1, key, now, windowMs, max, member)) as [number, number];
    if (allowed !== 1) throw refuse((oldest + windowMs - now) / 1000);
    return {
      async done() {},
      async cancel() {
        await client.zrem(key, member).catch(() => undefined);
      },
    };
  }

  async function reserveInOutbox(address: string): Promise<Reservation> {
    // Reserved before the count is read, so two sends of this process never both see the last free slot.
    addInFlight(address, 1);
    try {
      const [row] = await queryRows<{ n: number; oldest: Date | string | null }>(
        db,
        sql`select count(*)::int as n, min(created_at) as oldest from mail_outbox
            where to_address = ${address} and status <> 'FAILED'
              and created_at > now() - make_interval(secs => ${windowMs / 1000})`,
      );
      const mine = (inFlight.get(address) ?? 1) - 1;
      if ((row?.n ?? 0) + mine >= max) {
        const oldest = row?.oldest ? new Date(row.oldest).getTime() : Date.now();
        throw refuse((oldest + windowMs - Date.now()) / 1000);
      }
    } catch (err) {
      addInFlight(address, -1);
      throw err;
    }
    // Until the mailer has written the outbox row, the in-flight count holds the slot; then the row does
    // (or, for a failed delivery, nothing: FAILED rows are not counted).
    let settled = false;
    const settle = async () => {
      if (!settled) addInFlight(address, -1);
      settled = true;
    };
    return { done: settle, cancel: settle };
  }

  return {
    async reserve(to) {
      const address = normaliseAddress(to);
      if (redis && redis.status === 'ready') {
        try {
          return await reserveInRedis(redis, address);
        } catch (err) {
          if ((err as { statusCode?: number }).statusCode === 429) throw err;
          // Redis went away mid-call: count from the outbox instead of letting mails through unlimited.
          log.warn({ err }, 'mail destination limit: redis unavailable, counting from mail_outbox');
        }
      }
      return reserveInOutbox(address);
    },
  };
}

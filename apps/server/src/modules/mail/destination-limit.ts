import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { tooManyRequests } from '../../lib/errors.ts';

/**
 * A ceiling on the mails one address receives from the store that a stranger can trigger (codes, contact messages):
 * the per-IP and per-purpose limits stop one client, this stops many clients (or many flows) from mailing one
 * victim. Mails about the recipient's own orders (`transactional`, column `capped = false`) are neither counted nor
 * held back: a shopper placing many orders gets every confirmation.
 *
 * Counted over a sliding hour from the mail_outbox table, which every instance shares and where every mail is a
 * row (FAILED ones do not count):
 * - a mail a request asks for (a code) is checked when it is enqueued, inside the request's transaction and under a
 *   per-address advisory lock, so racing requests on any instance never pass the ceiling: a 429 before anything
 *   is written;
 * - every other capped mail (reset codes, contact messages) is checked by the worker before it is delivered: the
 *   change that caused it stands, the mail is marked FAILED with the reason instead of being sent.
 */
export interface DestinationCeiling {
  /** Mails per address per window. */
  max: number;
  windowMs?: number;
}

const HOUR_MS = 3_600_000;

/** Error text of a mail the worker did not send because its address was at the ceiling. */
export const CEILING_REASON = 'Không gửi: địa chỉ đã nhận đủ số thư cho phép trong 1 giờ.';

export const normaliseAddress = (to: string) => to.trim().toLowerCase();

export const destinationLimitMessage = (retryAfterSeconds: number) =>
  `Địa chỉ email này đã nhận quá nhiều thư từ Nhà Sách trong 1 giờ qua. Vui lòng thử lại sau ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} phút.`;

interface Count {
  n: number;
  oldest: Date | string | null;
}

const countSince = (db: Db | Tx, address: string, windowMs: number, statuses: 'live' | 'delivered', exceptId = 0) =>
  queryRows<Count>(
    db,
    sql`select count(*)::int as n, min(created_at) as oldest from mail_outbox
        where lower(to_address) = ${address} and id <> ${exceptId} and capped
          and ${statuses === 'live' ? sql`status <> 'FAILED'` : sql`status in ('SENT', 'STORED')`}
          and created_at > now() - make_interval(secs => ${windowMs / 1000})`,
  ).then((rows) => rows[0] ?? { n: 0, oldest: null });

/**
 * Takes a slot for a mail to `to` in the caller's transaction, or throws 429 (with the wait) when the address has
 * had its share this window. The advisory lock is held until the transaction ends, which is after the mail's row
 * is written, so the next request on any instance counts it.
 */
export async function reserveDestination(tx: Db | Tx, to: string, { max, windowMs = HOUR_MS }: DestinationCeiling): Promise<void> {
  const address = normaliseAddress(to);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mail-destination:${address}`}))`);
  const { n, oldest } = await countSince(tx, address, windowMs, 'live');
  if (n < max) return;
  const oldestMs = oldest ? new Date(oldest).getTime() : Date.now();
  const wait = Math.max(1, Math.ceil((oldestMs + windowMs - Date.now()) / 1000));
  throw tooManyRequests(destinationLimitMessage(wait), { retryAfterSeconds: wait });
}

/** True when the address has already received its share this window (the mail `id` itself not counted). */
export async function destinationFull(db: Db, id: number, to: string, { max, windowMs = HOUR_MS }: DestinationCeiling): Promise<boolean> {
  const { n } = await countSince(db, normaliseAddress(to), windowMs, 'delivered', id);
  return n >= max;
}

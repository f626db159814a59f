import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database, type Db, type Tx } from '../../db/client.ts';
import { mailOutbox, type MailStatus } from '../../db/schema/mail.ts';
import { CEILING_REASON, destinationFull, reserveDestination, type DestinationCeiling } from './destination-limit.ts';
import { enqueueMail, MAIL_CHANNEL, type MailMessage } from './enqueue.ts';
import { backgroundWorker } from '../../lib/background-worker.ts';

export type { MailMessage } from './enqueue.ts';

export interface SendResult {
  id: number;
  status: 'STORED' | 'SENT';
}

export interface Mailer {
  /**
   * Delivers a mail the caller enqueued with `holdForCallerMs` and just committed: one attempt, now. On failure the
   * mail is marked FAILED (not retried: the caller tells the user) and MailSendError is thrown.
   */
  deliverNow(id: number): Promise<SendResult>;
  /**
   * Enqueues (own transaction) and delivers at once; for callers with no transaction of their own. Throws a 429
   * AppError, before anything is written, when the address has had its share of mails this hour.
   */
  send(message: MailMessage): Promise<SendResult>;
  /** The per-address ceiling for a mail a request asks for, in the request's transaction (429 when full). */
  reserveDestination(tx: Db | Tx, to: string): Promise<void>;
  /** Delivers every mail that is due, until none is left (or the mailer closes); returns how many were handled. Tests call it. */
  runDue(): Promise<number>;
  /** Starts the background worker (NOTIFY wake-ups plus a poll for retries and expired leases). */
  start(): Promise<void>;
  /** Stops the worker: finishes the mail in hand, claims nothing more, gives back what it claimed but did not begin. */
  close(): Promise<void>;
}

export class MailSendError extends Error {
  constructor(
    readonly outboxId: number,
    cause: unknown,
  ) {
    super('mail delivery failed', { cause });
    this.name = 'MailSendError';
  }
}

export const REDACTED = '[Nội dung có mã bảo mật, đã ẩn sau khi gửi.]';

export interface MailerOptions {
  database: Pick<Database, 'db' | 'listen' | 'onReconnect'>;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
  /** How long a claimed mail belongs to the instance that claimed it; then another may take it over. */
  leaseMs?: number;
  /** Attempts before a mail is marked FAILED. */
  maxAttempts?: number;
  /** First retry delay; doubled after each failed attempt (capped at an hour). */
  retryBaseMs?: number;
  /** How often the worker looks for retries that became due and leases that ran out. */
  pollMs?: number;
  /** Mails one address may receive in an hour, whatever sends them. */
  ceiling?: DestinationCeiling;
}

interface ClaimedMail {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  sensitive: boolean;
  capped: boolean;
  attempts: number;
}

const BATCH = 20;
const MAX_BACKOFF_MS = 60 * 60_000;

export function createMailer(opts: MailerOptions): Mailer {
  const { log, from } = opts;
  const db: Db = opts.database.db;
  const leaseMs = opts.leaseMs ?? 60_000;
  const maxAttempts = opts.maxAttempts ?? 10;
  const retryBaseMs = opts.retryBaseMs ?? 10_000;
  const pollMs = opts.pollMs ?? 5_000;
  const ceiling = opts.ceiling ?? { max: 20 };
  const transport: Transporter | undefined = opts.smtpUrl
    ? nodemailer.createTransport({
        url: opts.smtpUrl,
        // A registration waits for its code mail: a dead server must fail in seconds, not minutes.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : undefined;

  /** Claims up to `limit` due mails (or the one `id`): FOR UPDATE SKIP LOCKED, so two instances never share one. */
  async function claim(limit: number): Promise<ClaimedMail[]> {
    return queryRows<ClaimedMail>(
      db,
      sql`update mail_outbox set status = 'SENDING', attempts = attempts + 1,
            locked_until = now() + ${`${Math.ceil(leaseMs / 1000)} seconds`}::interval
          where id in (
            select id from mail_outbox
            where (status = 'PENDING' and next_attempt_at <= now()) or (status = 'SENDING' and locked_until < now())
            order by id limit ${limit} for update skip locked)
          returning id, to_address, subject, text_body, html_body, sensitive, capped, attempts`,
    );
  }

  /** One attempt at one claimed mail; the outcome is written only if the claim is still ours (same attempt). */
  async function attempt(mail: ClaimedMail, retry: boolean): Promise<MailStatus> {
    const ours = and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, 'SENDING'), eq(mailOutbox.attempts, mail.attempts));
    // Capped mails no request waits for (reset codes, contact messages) meet the per-address ceiling here: not
    // sent, the reason kept. Order mails are not capped.
    if (retry && mail.capped && (await destinationFull(db, mail.id, mail.to_address, ceiling))) {
      await db.update(mailOutbox).set({ status: 'FAILED', error: CEILING_REASON, lockedUntil: null }).where(ours);
      log.warn({ mailId: mail.id, subject: mail.subject }, 'mail not sent: the address has had its share of mails this hour');
      return 'FAILED';
    }
    if (!transport) {
      await db.update(mailOutbox).set({ status: 'STORED', lockedUntil: null }).where(ours);
      // Only the subject is logged: bodies may hold codes, and addresses are personal data.
      log.info({ mailId: mail.id, subject: mail.subject }, 'mail stored in the mail_outbox table (SMTP_URL not set)');
      return 'STORED';
    }
    try {
      await transport.sendMail({ from, to: mail.to_address, subject: mail.subject, text: mail.text_body, html: mail.html_body ?? undefined });
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      const final = !retry || mail.attempts >= maxAttempts;
      const delay = Math.min(retryBaseMs * 2 ** (mail.attempts - 1), MAX_BACKOFF_MS);
      await db
        .update(mailOutbox)
        .set(
          final
            ? { status: 'FAILED', error: reason, lockedUntil: null }
            : { status: 'PENDING', error: reason, lockedUntil: null, nextAttemptAt: sql`now() + ${`${Math.ceil(delay / 1000)} seconds`}::interval` },
        )
        .where(ours);
      log.error({ mailId: mail.id, subject: mail.subject, reason, attempt: mail.attempts, final }, 'mail delivery failed');
      if (!retry) throw new MailSendError(mail.id, err);
      return final ? 'FAILED' : 'PENDING';
    }
    await db
      .update(mailOutbox)
      .set({
        status: 'SENT',
        sentAt: new Date(),
        lockedUntil: null,
        error: null,
        // Once delivered, a code is not kept: the database never holds a live one.
        ...(mail.sensitive ? { text: REDACTED, html: null } : {}),
      })
      .where(ours);
    log.info({ mailId: mail.id, subject: mail.subject }, 'mail sent');
    return 'SENT';
  }

  /** Set by close(): no new claim, and the mails of a claimed batch not yet begun go back to the queue. */
  let closing = false;

  /** Gives claimed mails back as they were before the claim, so another instance takes them at once (not at lease end). */
  async function release(mails: ClaimedMail[]): Promise<void> {
    for (const mail of mails) {
      await db
        .update(mailOutbox)
        .set({ status: 'PENDING', attempts: mail.attempts - 1, lockedUntil: null })
        .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, 'SENDING'), eq(mailOutbox.attempts, mail.attempts)));
    }
  }

  async function runDue(): Promise<number> {
    let handled = 0;
    while (!closing) {
      const batch = await claim(BATCH);
      for (const [i, mail] of batch.entries()) {
        if (closing) {
          await release(batch.slice(i));
          return handled;
        }
        await attempt(mail, true).catch((err: unknown) => log.error({ err, mailId: mail.id }, 'mail worker failed'));
        handled += 1;
      }
      if (batch.length < BATCH) break;
    }
    return handled;
  }

  async function deliverNow(id: number): Promise<SendResult> {
    const [mail] = await queryRows<ClaimedMail>(
      db,
      sql`select id, to_address, subject, text_body, html_body, sensitive, capped, attempts from mail_outbox where id = ${id} and status = 'SENDING'`,
    );
    if (!mail) throw new Error(`mail ${id} is not held for delivery`);
    const status = await attempt(mail, false);
    return { id, status: status === 'STORED' ? 'STORED' : 'SENT' };
  }

  const worker = backgroundWorker({ database: opts.database, channel: MAIL_CHANNEL, pollMs, run: runDue, log, name: 'mail worker' });

  return {
    deliverNow,
    async send(message) {
      const id = await db.transaction(async (tx) => {
        await reserveDestination(tx, message.to, ceiling);
        return enqueueMail(tx, message, { holdForCallerMs: leaseMs });
      });
      return deliverNow(id);
    },
    reserveDestination: (tx, to) => reserveDestination(tx, to, ceiling),
    runDue,
    start: () => worker.start(),
    async close() {
      // Shutdown: the mail being sent is finished, nothing more is claimed, the rest of the backlog stays PENDING
      // for the other instances (or this one's next start).
      closing = true;
      await worker.stop();
      transport?.close();
    },
  };
}

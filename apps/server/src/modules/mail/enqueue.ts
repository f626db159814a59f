import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/mail.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The body holds a secret (a one-time code). After a successful SMTP delivery the outbox keeps
   * only a placeholder, so the database never holds a usable code. Without SMTP the outbox is the
   * delivery, so the body is kept.
   */
  sensitive?: boolean;
  /**
   * A mail about something the recipient did themselves (order placed, paid, shipped, cancelled): not the
   * mail-bombing the per-address ceiling guards against, so neither counted nor held back by it. Every other mail
   * (codes, contact messages: what a stranger can make the store send) is capped.
   */
  transactional?: boolean;
}

/** NOTIFY channel that wakes the mail workers of every instance when a mail is committed. */
export const MAIL_CHANNEL = 'nhasach_mail';

export interface EnqueueOptions {
  /**
   * The caller delivers the mail itself right after its commit (mailer.deliverNow), holding it for this long;
   * if the caller dies first, a worker takes it over when the hold ends. Used for one-time codes, whose request
   * waits for the first attempt.
   */
  holdForCallerMs?: number;
}

/**
 * The one way a mail leaves the store: written to the outbox in the caller's transaction, so the mail exists
 * exactly when the change that causes it commits (a rollback takes it back). A worker delivers it after the
 * commit, woken by the NOTIFY sent here (delivered by PostgreSQL at commit, to every instance).
 */
export async function enqueueMail(tx: Db | Tx, message: MailMessage, opts: EnqueueOptions = {}): Promise<number> {
  const held = opts.holdForCallerMs !== undefined;
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      to: message.to,
      subject: message.subject.slice(0, 300),
      text: message.text,
      html: message.html ?? null,
      sensitive: message.sensitive ?? false,
      capped: !message.transactional,
      status: held ? 'SENDING' : 'PENDING',
      attempts: held ? 1 : 0,
      lockedUntil: held ? sql`now() + ${`${Math.ceil(opts.holdForCallerMs! / 1000)} seconds`}::interval` : null,
    })
    .returning({ id: mailOutbox.id });
  if (!held) await tx.execute(sql`select pg_notify(${MAIL_CHANNEL}, '')`);
  return row!.id;
}

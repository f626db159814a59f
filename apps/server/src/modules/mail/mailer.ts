import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { DestinationLimit } from './destination-limit.ts';

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
}

export interface SendResult {
  id: number;
  status: 'STORED' | 'SENT';
}

export interface Mailer {
  /**
   * Sends (or, without SMTP, stores) a mail and records it in mail_outbox. Throws MailSendError when SMTP fails,
   * and a 429 AppError, before anything is sent, when the address has had its share of mails this hour.
   */
  send(message: MailMessage): Promise<SendResult>;
  /** Sends without waiting; failures are recorded and logged. Used where the answer must not depend on it. */
  sendInBackground(message: MailMessage): void;
  close(): Promise<void>;
}

export class MailSendError extends Error {
  constructor(readonly outboxId: number, cause: unknown) {
    super('mail delivery failed', { cause });
    this.name = 'MailSendError';
  }
}

const REDACTED = '[Nội dung có mã bảo mật, đã ẩn sau khi gửi.]';

export interface MailerOptions {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
  /** The per-address ceiling, checked before every mail. */
  destinationLimit?: DestinationLimit;
}

export function createMailer({ db, log, smtpUrl, from, destinationLimit }: MailerOptions): Mailer {
  const transport: Transporter | undefined = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        // A registration waits for the mail: a dead server must fail in seconds, not minutes.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : undefined;
  const pending = new Set<Promise<unknown>>();

  async function record(message: MailMessage, status: 'STORED' | 'SENT' | 'FAILED', error?: string): Promise<number> {
    const keepBody = status !== 'SENT' || !message.sensitive;
    const [row] = await db
      .insert(mailOutbox)
      .values({
        to: message.to,
        subject: message.subject,
        text: keepBody ? message.text : REDACTED,
        html: keepBody ? (message.html ?? null) : null,
        status,
        error: error ?? null,
        sentAt: status === 'SENT' ? new Date() : null,
      })
      .returning({ id: mailOutbox.id });
    return row!.id;
  }

  async function send(message: MailMessage): Promise<SendResult> {
    const slot = await destinationLimit?.reserve(message.to);
    let delivered = false;
    try {
      const result = await deliver(message);
      delivered = true;
      return result;
    } finally {
      await (delivered ? slot?.done() : slot?.cancel());
    }
  }

  async function deliver(message: MailMessage): Promise<SendResult> {
    if (!transport) {
      const id = await record(message, 'STORED');
      // Only the subject is logged: bodies may hold codes, and addresses are personal data.
      log.info({ mailId: id, subject: message.subject }, 'mail stored in the mail_outbox table (SMTP_URL not set)');
      return { id, status: 'STORED' };
    }
    try {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const id = await record(message, 'FAILED', reason.slice(0, 1000));
      log.error({ mailId: id, subject: message.subject, reason }, 'mail delivery failed');
      throw new MailSendError(id, err);
    }
    const id = await record(message, 'SENT');
    log.info({ mailId: id, subject: message.subject }, 'mail sent');
    return { id, status: 'SENT' };
  }

  return {
    send,
    sendInBackground(message) {
      const p = send(message)
        .catch((err: unknown) => {
          // Already recorded as FAILED by send(); anything else (database down) is logged here.
          if (err instanceof AppError && err.statusCode === 429) {
            log.warn({ subject: message.subject }, 'mail not sent: the address has had its share of mails this hour');
          } else if (!(err instanceof MailSendError)) log.error({ err, subject: message.subject }, 'background mail failed');
        })
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async close() {
      await Promise.allSettled([...pending]);
      transport?.close();
    },
  };
}

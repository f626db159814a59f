import { boolean, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * PENDING: written, waiting for the worker; SENDING: claimed by one instance until locked_until; SENT: delivered
 * over SMTP; STORED: kept here as the delivery (no SMTP_URL); FAILED: given up after the last attempt.
 */
export type MailStatus = 'PENDING' | 'SENDING' | 'STORED' | 'SENT' | 'FAILED';

/**
 * The transactional outbox of every mail the store sends: written in the transaction of the change that causes the
 * mail, delivered by the mail worker (mail/delivery.ts). Without SMTP the row itself is the delivery (STORED).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: varchar('to_address', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    text: text('text_body').notNull(),
    html: text('html_body'),
    status: varchar('status', { length: 10 }).$type<MailStatus>().notNull().default('PENDING'),
    /** The body holds a one-time code: replaced by a placeholder once delivered over SMTP. */
    sensitive: boolean('sensitive').notNull().default(false),
    /** Counted and held back by the per-address ceiling: mails a stranger can trigger (codes, contact messages). */
    capped: boolean('capped').notNull().default(true),
    /** Delivery attempts started (a claim counts one); also the claim's token. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While SENDING: the claim's lease; after it another instance may take the mail over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_to_idx').on(t.to),
    index('mail_outbox_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} IN ('PENDING', 'SENDING')`),
    index('mail_outbox_to_lower_created_idx').on(sql`lower(${t.to})`, t.createdAt),
  ],
);

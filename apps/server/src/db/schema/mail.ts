import { index, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Every mail the store sends; without SMTP it stays here (the outbox) and only its subject is logged. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: varchar('to_address', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    text: text('text_body').notNull(),
    html: text('html_body'),
    status: varchar('status', { length: 10 }).$type<'STORED' | 'SENT' | 'FAILED'>().notNull().default('STORED'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to)],
);

import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { ContactTopic } from '@nhasach/shared';
import { users } from './users.ts';

/**
 * The store's information pages (ordering guide, shipping, returns, payment, privacy, terms), written by admins in
 * Markdown. The HTML is rendered and cleaned when the page is read (content module), never stored.
 */
export const contentPages = pgTable('content_pages', {
  slug: varchar('slug', { length: 100 }).primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  markdown: text('markdown').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Username of the admin who last saved it (null: as installed). */
  updatedBy: varchar('updated_by', { length: 32 }),
});

/** Messages sent through the contact form, read by admins at /admin/contact (and mailed to them). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    topic: varchar('topic', { length: 16 }).$type<ContactTopic>().notNull(),
    message: text('message').notNull(),
    /** The signed-in customer who sent it, if any. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: varchar('handled_by', { length: 32 }),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('contact_messages_new_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.handledAt} is null`),
  ],
);

/**
 * Shop settings set by admins in the content back-office (key -> text): the business registration details and the
 * Ministry of Industry and Trade notification badge of the footer. An empty or missing value hides its part.
 */
export const shopSettings = pgTable('shop_settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: varchar('updated_by', { length: 32 }),
});

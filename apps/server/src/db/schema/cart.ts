import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { books } from './catalog.ts';

/** One line per (user, book): the cart of a logged-in user lives on the server. */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
    /** Only selected lines are summed and ordered. */
    selected: boolean('selected').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bookId] }),
    check('cart_items_qty_range', sql`${t.qty} between 1 and 99`),
    index('cart_items_book_idx').on(t.bookId),
  ],
);

/**
 * A visitor's cart, kept on the server against a signed, httpOnly cookie (cart/guest.ts): every instance sees the
 * same cart. Merged into the account's cart at login, then deleted; carts untouched for 30 days are swept.
 */
export const guestCarts = pgTable(
  'guest_carts',
  {
    id: uuid('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guest_carts_updated_idx').on(t.updatedAt)],
);

/** A guest cart's lines: the same shape and limits as cart_items. */
export const guestCartItems = pgTable(
  'guest_cart_items',
  {
    guestCartId: uuid('guest_cart_id')
      .notNull()
      .references(() => guestCarts.id, { onDelete: 'cascade' }),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
    selected: boolean('selected').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'guest_cart_items_pk', columns: [t.guestCartId, t.bookId] }),
    check('guest_cart_items_qty_range', sql`${t.qty} between 1 and 99`),
    index('guest_cart_items_book_idx').on(t.bookId),
  ],
);

import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { ReturnReason, ReturnStatus } from '@nhasach/shared';
import { orderItems, orders } from './orders.ts';
import { orderRefunds } from './sales.ts';
import { users } from './users.ts';

/**
 * A shopper's request to return lines of a delivered order, and its steps (requested, approved or refused,
 * received, refunded). The money goes back through the sales module's refunds (order_refunds, refund_id).
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The order's code, kept for the staff list (an order's code never changes). */
    orderCode: varchar('order_code', { length: 20 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 12 }).$type<ReturnStatus>().notNull().default('REQUESTED'),
    reason: varchar('reason', { length: 24 }).$type<ReturnReason>().notNull(),
    note: text('note'),
    /** What the returned lines are refunded (shared returnLineAmount), fixed at the request. */
    amount: integer('amount').notNull(),
    /** Media keys and URLs of the shopper's photos. */
    photos: jsonb('photos').$type<{ key: string; url: string }[]>().notNull().default([]),
    bankName: varchar('bank_name', { length: 100 }),
    bankAccountNumber: varchar('bank_account_number', { length: 20 }),
    bankAccountHolder: varchar('bank_account_holder', { length: 100 }),
    refusalReason: text('refusal_reason'),
    refundId: integer('refund_id').references(() => orderRefunds.id, { onDelete: 'set null' }),
    refundMethod: varchar('refund_method', { length: 16 }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    receivedBy: integer('received_by').references(() => users.id, { onDelete: 'set null' }),
    refundedBy: integer('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_returns_order_idx').on(t.orderId, t.id),
    index('order_returns_status_idx').on(t.status, t.createdAt.desc()),
    check('order_returns_status_valid', sql`${t.status} in ('REQUESTED', 'APPROVED', 'REFUSED', 'RECEIVED', 'REFUNDING', 'REFUNDED')`),
    check('order_returns_amount_nonnegative', sql`${t.amount} >= 0`),
  ],
);

/** The lines of a return: which order line and how many units. */
export const orderReturnLines = pgTable(
  'order_return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    bookId: integer('book_id').notNull(),
    /** The line as it was bought (title, picture, price paid for one unit). */
    title: varchar('title', { length: 500 }).notNull(),
    imageUrl: text('image_url'),
    unitPrice: integer('unit_price').notNull(),
    qty: integer('qty').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [uniqueIndex('order_return_lines_uq').on(t.returnId, t.orderItemId), check('order_return_lines_qty_positive', sql`${t.qty} > 0`)],
);

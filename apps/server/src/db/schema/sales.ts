import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { RefundMethod, RefundStatus } from '@nhasach/shared';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * The carrier's details of an order, recorded by sales staff (one row per order, made by the first PUT .../shipping).
 * The hand-over time is the order's own shipped_at.
 */
export const orderShipping = pgTable(
  'order_shipping',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: varchar('carrier', { length: 100 }).notNull(),
    trackingCode: varchar('tracking_code', { length: 64 }).notNull(),
    /** What the carrier charges the shop (VND); the customer's fee is orders.shipping_fee, fixed at order time. */
    fee: integer('fee'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_shipping_tracking_idx').on(t.trackingCode), check('order_shipping_fee_nonnegative', sql`${t.fee} is null or ${t.fee} >= 0`)],
);

/**
 * Money given back for an order. A GATEWAY refund is inserted PENDING before VNPAY is asked (so concurrent refunds
 * can never together exceed the amount paid), then becomes DONE, or is deleted when the gateway refuses.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    method: varchar('method', { length: 16 }).$type<RefundMethod>().notNull(),
    status: varchar('status', { length: 10 }).$type<RefundStatus>().notNull().default('DONE'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The gateway's reference of the refund (VNPAY answer's transaction number). */
    gatewayRef: varchar('gateway_ref', { length: 64 }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId, t.id),
    check('order_refunds_amount_positive', sql`${t.amount} > 0`),
    check('order_refunds_method_valid', sql`${t.method} in ('CASH', 'BANK_TRANSFER', 'GATEWAY')`),
    check('order_refunds_status_valid', sql`${t.status} in ('PENDING', 'DONE')`),
  ],
);

/**
 * Internal notes of sales staff on an order. Kept apart from order_history on purpose: customers see their order's
 * history, and a note about them ('khách hẹn gọi lại') is for staff only.
 */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.id)],
);

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { VoucherKind } from '@nhasach/shared';
import { users } from './users.ts';
import { orders } from './orders.ts';

/**
 * Discount codes (migration 0022). used_count counts the live uses: it rises inside the order's transaction under
 * the voucher's row lock, so it never passes total_uses, and falls when a cancelled or expired order gives its use back.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    /** Normalised: upper case, no spaces. */
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<VoucherKind>().notNull(),
    /** PERCENT: 1..100; FIXED: đồng; FREE_SHIPPING: 0. */
    value: integer('value').notNull().default(0),
    /** PERCENT only: the cap in đồng; null is none. */
    maxDiscount: integer('max_discount'),
    minSubtotal: integer('min_subtotal').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    totalUses: integer('total_uses'),
    perCustomerLimit: integer('per_customer_limit'),
    usedCount: integer('used_count').notNull().default(0),
    /** Empty: every book; otherwise these categories and their subcategories. */
    categoryIds: integer('category_ids').array().notNull().default(sql`'{}'::integer[]`),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vouchers_code_uq').on(t.code),
    index('vouchers_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check('vouchers_kind_valid', sql`${t.kind} in ('PERCENT', 'FIXED', 'FREE_SHIPPING')`),
    check(
      'vouchers_money_nonnegative',
      sql`${t.value} >= 0 and (${t.maxDiscount} is null or ${t.maxDiscount} >= 0) and ${t.minSubtotal} >= 0`,
    ),
    check('vouchers_window_valid', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'vouchers_uses_valid',
      sql`${t.usedCount} >= 0 and (${t.totalUses} is null or ${t.totalUses} >= 1) and (${t.perCustomerLimit} is null or ${t.perCustomerLimit} >= 1)`,
    ),
  ],
);

/** One use of a voucher by one order; released_at is set when the order is cancelled or expires (the use is given back). */
export const voucherUses = pgTable(
  'voucher_uses',
  {
    id: serial('id').primaryKey(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    discount: integer('discount').notNull().default(0),
    shippingDiscount: integer('shipping_discount').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('voucher_uses_order_uq').on(t.orderId),
    index('voucher_uses_customer_idx').on(t.voucherId, t.userId).where(sql`${t.releasedAt} is null`),
  ],
);

/** The code a shopper applied to their cart (one per cart): the cart and checkout show its effect. */
export const cartVouchers = pgTable(
  'cart_vouchers',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cart_vouchers_voucher_idx').on(t.voucherId)],
);

import { sql } from 'drizzle-orm';
import { boolean, char, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { AddressScheme, DeliveryMethod, OrderActorRole, OrderHistoryType, OrderStatus, PaymentMethod, PaymentStatus } from '@nhasach/shared';
import { users } from './users.ts';

const statusList = sql.raw(`'PENDING', 'CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'COMPLETED', 'CANCELED', 'CANCEL_REQUESTED'`);

/**
 * An order with everything it needs once placed: the receiver and the prices are copies, so later edits of the
 * address book or the catalogue never change it. Money is integer VND.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Readable and unguessable: 'NS' + yymmdd (Vietnam time) + 6 base32 characters. */
    code: varchar('code', { length: 20 }).notNull(),
    /** Null only when the account was hard-deleted later: orders are kept for the books. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 20 }).$type<OrderStatus>().notNull().default('PENDING'),
    paymentStatus: varchar('payment_status', { length: 20 }).$type<PaymentStatus>().notNull().default('UNPAID'),
    paymentMethod: varchar('payment_method', { length: 20 }).$type<PaymentMethod>().notNull(),
    deliveryMethod: varchar('delivery_method', { length: 10 }).$type<DeliveryMethod>().notNull(),
    subtotal: integer('subtotal').notNull(),
    discountTotal: integer('discount_total').notNull().default(0),
    shippingFee: integer('shipping_fee').notNull().default(0),
    taxTotal: integer('tax_total').notNull().default(0),
    grandTotal: integer('grand_total').notNull(),
    /** The voucher used (migration 0022): its id (null once deleted), the code as applied, its money off (part of
     * discountTotal) and the shipping fee it waived. */
    voucherId: integer('voucher_id'),
    voucherCode: varchar('voucher_code', { length: 32 }),
    voucherDiscount: integer('voucher_discount').notNull().default(0),
    shippingDiscount: integer('shipping_discount').notNull().default(0),
    note: text('note'),
    receiverName: varchar('receiver_name', { length: 100 }).notNull(),
    receiverPhone: varchar('receiver_phone', { length: 15 }).notNull(),
    receiverEmail: varchar('receiver_email', { length: 254 }),
    line1: varchar('line1', { length: 255 }).notNull(),
    ward: varchar('ward', { length: 100 }).notNull(),
    district: varchar('district', { length: 100 }).notNull(),
    province: varchar('province', { length: 100 }).notNull(),
    wardCode: varchar('ward_code', { length: 8 }),
    districtCode: varchar('district_code', { length: 8 }),
    provinceCode: varchar('province_code', { length: 8 }),
    /** The unit set of the address as placed: TWO_LEVEL (since July 2025, no district) or THREE_LEVEL. */
    addressScheme: varchar('address_scheme', { length: 12 }).$type<AddressScheme>().notNull().default('THREE_LEVEL'),
    /** line1, ward, district, province in one line, as shown and printed. */
    addressLine: text('address_line').notNull(),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** Optimistic concurrency for staff edits: every change bumps it. */
    version: integer('version').notNull().default(1),
    /** Set once the stock of the items went back to the shelf (cancel, expiry): it never goes back twice. */
    stockReturned: boolean('stock_returned').notNull().default(false),
    cancelReason: text('cancel_reason'),
    /** Online payment must arrive before this instant; then the order is cancelled and its stock returned. */
    paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }),
    /** Gateway transaction number of the payment (VNPAY vnp_TransactionNo). */
    paymentTransactionNo: varchar('payment_transaction_no', { length: 64 }),
    /** Idempotency-Key of the request that created the order: a retry with it returns this order. */
    idempotencyKey: varchar('idempotency_key', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_code_uq').on(t.code),
    uniqueIndex('orders_idempotency_uq').on(t.userId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // Verified reviews: the user's orders that reached the shopper.
    index('orders_user_delivered_idx').on(t.userId).where(sql`${t.status} in ('DELIVERED', 'COMPLETED')`),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc()),
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // The expiry job's scan: online orders still waiting for their payment.
    index('orders_payment_due_idx')
      .on(t.paymentExpiresAt)
      .where(sql`${t.status} = 'PENDING' and ${t.paymentStatus} in ('UNPAID', 'PENDING') and ${t.paymentExpiresAt} is not null`),
    check('orders_status_valid', sql`${t.status} in (${statusList})`),
    check('orders_payment_status_valid', sql`${t.paymentStatus} in ('UNPAID', 'PENDING', 'PAID', 'REFUND_PENDING', 'REFUNDED')`),
    check('orders_payment_method_valid', sql`${t.paymentMethod} in ('COD', 'VNPAY', 'BANK_TRANSFER')`),
    check('orders_delivery_method_valid', sql`${t.deliveryMethod} in ('STANDARD', 'EXPRESS')`),
    check('orders_voucher_discount_nonnegative', sql`${t.voucherDiscount} >= 0 and ${t.shippingDiscount} >= 0`),
    check('orders_address_scheme_valid', sql`${t.addressScheme} in ('TWO_LEVEL', 'THREE_LEVEL')`),
    check(
      'orders_money_nonnegative',
      sql`${t.subtotal} >= 0 and ${t.discountTotal} >= 0 and ${t.shippingFee} >= 0 and ${t.taxTotal} >= 0 and ${t.grandTotal} >= 0`,
    ),
  ],
);

/** The lines of an order: copies of the book and its prices at order time. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** No foreign key: the line stays when the book is deleted later. */
    bookId: integer('book_id').notNull(),
    slug: varchar('slug', { length: 200 }),
    sku: varchar('sku', { length: 64 }),
    isbn: char('isbn', { length: 13 }),
    title: varchar('title', { length: 500 }).notNull(),
    imageUrl: text('image_url'),
    /** Paid for one unit. */
    unitPrice: integer('unit_price').notNull(),
    /** List price of one unit. */
    originalUnitPrice: integer('original_unit_price').notNull(),
    /** (originalUnitPrice − unitPrice) × qty. */
    discount: integer('discount').notNull().default(0),
    qty: integer('qty').notNull(),
    /** unitPrice × qty. */
    lineTotal: integer('line_total').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.id),
    index('order_items_book_idx').on(t.bookId),
    check('order_items_qty_positive', sql`${t.qty} > 0`),
  ],
);

/** Every change of an order: who, when, from, to and why (DESIGN.md). */
export const orderHistory = pgTable(
  'order_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: varchar('actor_role', { length: 10 }).$type<OrderActorRole>().notNull(),
    type: varchar('type', { length: 10 }).$type<OrderHistoryType>().notNull(),
    fromStatus: varchar('from_status', { length: 20 }).$type<OrderStatus>(),
    toStatus: varchar('to_status', { length: 20 }).$type<OrderStatus>(),
    note: text('note'),
  },
  (t) => [index('order_history_order_idx').on(t.orderId, t.at, t.id)],
);

import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The built-in sandbox carrier's own orders (the carrier's side, modules/carrier-sandbox), so its page and its
 * webhooks keep working after a restart. Not used with a real carrier.
 */
export const carrierSandboxOrders = pgTable(
  'carrier_sandbox_orders',
  {
    id: serial('id').primaryKey(),
    /** The carrier's order code (the shop's tracking code). */
    orderCode: varchar('order_code', { length: 32 }).notNull(),
    /** The shop's order code (GHN client_order_code). */
    clientOrderCode: varchar('client_order_code', { length: 50 }).notNull(),
    shopId: varchar('shop_id', { length: 20 }).notNull(),
    serviceTypeId: integer('service_type_id').notNull(),
    toName: varchar('to_name', { length: 200 }).notNull(),
    toPhone: varchar('to_phone', { length: 20 }).notNull(),
    toAddress: text('to_address').notNull(),
    toProvince: varchar('to_province', { length: 200 }).notNull(),
    weight: integer('weight').notNull(),
    codAmount: integer('cod_amount').notNull(),
    totalFee: integer('total_fee').notNull(),
    sortCode: varchar('sort_code', { length: 32 }).notNull(),
    /** GHN's status word: ready_to_pick, picked, delivering, delivered, delivery_fail... */
    status: varchar('status', { length: 40 }).notNull().default('ready_to_pick'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carrier_sandbox_orders_code_uq').on(t.orderCode),
    uniqueIndex('carrier_sandbox_orders_client_uq').on(t.shopId, t.clientOrderCode),
    index('carrier_sandbox_orders_created_idx').on(t.createdAt),
  ],
);

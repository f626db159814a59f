import { bigint, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The built-in VNPAY sandbox's own ledger (the gateway side), so querydr and refund keep answering after a restart.
 * Not used when a real gateway is configured.
 */
export const vnpaySandboxTransactions = pgTable(
  'vnpay_sandbox_transactions',
  {
    id: serial('id').primaryKey(),
    tmnCode: varchar('tmn_code', { length: 16 }).notNull(),
    txnRef: varchar('txn_ref', { length: 100 }).notNull(),
    /** VND x 100, as in the protocol. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    orderInfo: text('order_info').notNull(),
    /** The merchant's vnp_CreateDate. */
    createDate: varchar('create_date', { length: 14 }).notNull(),
    transactionNo: varchar('transaction_no', { length: 20 }).notNull(),
    bankCode: varchar('bank_code', { length: 32 }).notNull(),
    cardType: varchar('card_type', { length: 32 }).notNull(),
    payDate: varchar('pay_date', { length: 14 }).notNull(),
    responseCode: varchar('response_code', { length: 8 }).notNull(),
    transactionStatus: varchar('transaction_status', { length: 8 }).notNull(),
    /** VND x 100 refunded so far. */
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vnpay_sandbox_transactions_ref_uq').on(t.tmnCode, t.txnRef)],
);

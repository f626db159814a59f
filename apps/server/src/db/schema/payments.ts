import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { BankTransferOutcome } from '@nhasach/shared';
import { orders } from './orders.ts';

/**
 * One row per attempt to pay an order online (one VNPAY vnp_TxnRef). A new attempt is made each time the shopper
 * starts a payment, because VNPAY refuses a reference it has already seen. The IPN applies its result once: the
 * row leaves PENDING exactly once, under a row lock.
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).$type<'VNPAY'>().notNull(),
    /** vnp_TxnRef: the order code plus a two-digit attempt number. */
    txnRef: varchar('txn_ref', { length: 100 }).notNull(),
    /** Whole VND asked for (VNPAY receives it x100). */
    amount: integer('amount').notNull(),
    status: varchar('status', { length: 16 }).$type<'PENDING' | 'SUCCESS' | 'FAILED'>().notNull().default('PENDING'),
    /** vnp_CreateDate as sent (yyyyMMddHHmmss, GMT+7): querydr and refund quote it as vnp_TransactionDate. */
    createDate: varchar('create_date', { length: 14 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    returnUrl: text('return_url').notNull(),
    ipAddr: varchar('ip_addr', { length: 45 }).notNull(),
    // What the gateway reported (IPN), kept for staff, querydr and refunds.
    responseCode: varchar('response_code', { length: 8 }),
    transactionStatus: varchar('transaction_status', { length: 8 }),
    transactionNo: varchar('transaction_no', { length: 64 }),
    bankCode: varchar('bank_code', { length: 32 }),
    bankTranNo: varchar('bank_tran_no', { length: 255 }),
    cardType: varchar('card_type', { length: 32 }),
    payDate: timestamp('pay_date', { withTimezone: true }),
    /** Why this result did not simply settle the order (e.g. paid after the order was cancelled: refund it). */
    note: text('note'),
    /** The verified IPN parameters that settled this attempt. */
    ipnParams: jsonb('ipn_params').$type<Record<string, string>>(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_transactions_txn_ref_uq').on(t.provider, t.txnRef),
    index('payment_transactions_order_idx').on(t.orderId, t.id),
    check('payment_transactions_status_valid', sql`${t.status} in ('PENDING', 'SUCCESS', 'FAILED')`),
    check('payment_transactions_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Every bank transaction a transfer-notification service reported to the webhook, once: the unique id of the
 * service's transaction makes a replay (or a hundred concurrent ones) a no-op. The outcome says what it did; those
 * that need a person (wrong amount, paid twice, paid after cancellation) are shown to sales on the order page.
 */
export const bankTransfers = pgTable(
  'bank_transfers',
  {
    id: serial('id').primaryKey(),
    /** The notification service's id of the bank transaction (SePay `id`, Casso `id`). */
    providerTxnId: varchar('provider_txn_id', { length: 64 }).notNull(),
    /** The order whose code the note holds, when there is one. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderCode: varchar('order_code', { length: 20 }),
    /** Whole VND received. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    accountNumber: varchar('account_number', { length: 40 }).notNull(),
    bankName: varchar('bank_name', { length: 100 }),
    referenceCode: varchar('reference_code', { length: 100 }),
    content: text('content'),
    transferType: varchar('transfer_type', { length: 3 }).$type<'in' | 'out'>().notNull(),
    transactionAt: timestamp('transaction_at', { withTimezone: true }),
    outcome: varchar('outcome', { length: 20 }).$type<BankTransferOutcome>().notNull(),
    note: text('note'),
    /** The verified body as received. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_transfers_provider_txn_uq').on(t.providerTxnId),
    index('bank_transfers_order_idx').on(t.orderId, t.id),
    check('bank_transfers_outcome_valid', sql`${t.outcome} in ('PAID', 'AMOUNT_MISMATCH', 'ALREADY_PAID', 'LATE_PAYMENT', 'UNMATCHED', 'IGNORED')`),
    check('bank_transfers_transfer_type_valid', sql`${t.transferType} in ('in', 'out')`),
  ],
);

import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { InvoiceDocument, InvoiceKind } from '@nhasach/shared';
import { orders } from './orders.ts';

/** VAT invoices, owned by modules/invoices (docs/decisions.md, VAT invoices). */

/** The company details a shopper gave at checkout for a VAT invoice. */
export const invoiceRequests = pgTable('invoice_requests', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  companyName: varchar('company_name', { length: 200 }).notNull(),
  taxCode: varchar('tax_code', { length: 14 }).notNull(),
  address: varchar('address', { length: 300 }).notNull(),
  email: varchar('email', { length: 254 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The last number given in each series; its row is locked while the next is taken, so numbers have no gaps. */
export const invoiceSeries = pgTable(
  'invoice_series',
  {
    form: varchar('form', { length: 1 }).notNull(),
    series: varchar('series', { length: 8 }).notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.form, t.series] })],
);

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: varchar('kind', { length: 10 }).$type<InvoiceKind>().notNull(),
    adjustsId: integer('adjusts_id').references((): AnyPgColumn => invoices.id, { onDelete: 'restrict' }),
    reason: text('reason'),
    form: varchar('form', { length: 1 }).notNull(),
    series: varchar('series', { length: 8 }).notNull(),
    number: integer('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** Everything the invoice printed (seller, buyer, lines, totals): it never changes once issued. */
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    provider: varchar('provider', { length: 24 }).notNull(),
    providerRef: varchar('provider_ref', { length: 64 }).notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.form, t.series, t.number),
    uniqueIndex('invoices_order_original_uq').on(t.orderId).where(sql`${t.kind} = 'ORIGINAL'`),
    uniqueIndex('invoices_adjusts_uq').on(t.adjustsId).where(sql`${t.adjustsId} is not null`),
    check('invoices_kind_valid', sql`${t.kind} in ('ORIGINAL', 'ADJUSTMENT')`),
    check('invoices_adjusts_only_adjustment', sql`(${t.kind} = 'ADJUSTMENT') = (${t.adjustsId} is not null)`),
  ],
);

import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { CountStatus, ImportErrorDto, ImportFileRow, ImportMode, ImportStatus, ReceiptStatus, StockReason, StockRefType, WarehouseBatchType } from '@nhasach/shared';
import { books, categories, suppliers } from './catalog.ts';
import { users } from './users.ts';

/**
 * The stock room, owned by the catalogue (catalog/stock). Every change of books.stock is a row of stock_movements
 * written in the same transaction (catalog/stock/ledger.ts), so a book's stock equals the sum of its movements;
 * rows are only ever inserted. A new book's first stock is its OPENING movement (trigger books_opening_movement,
 * migration stock_ledger).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    /** Units in (positive) or out (negative); never 0. */
    delta: integer('delta').notNull(),
    /** books.stock right after this movement. */
    balanceAfter: integer('balance_after').notNull(),
    reason: varchar('reason', { length: 24 }).$type<StockReason>().notNull(),
    /** The document: an order (by code), a receipt, a count, an import; null for opening stock. */
    refType: varchar('ref_type', { length: 16 }).$type<StockRefType>(),
    refId: integer('ref_id'),
    refCode: varchar('ref_code', { length: 40 }),
    /** VND per unit, receipts only (gross margin). */
    unitCost: integer('unit_cost'),
    note: text('note'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: varchar('actor_name', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_book_idx').on(t.bookId, t.id),
    index('stock_movements_created_idx').on(t.createdAt, t.id),
    index('stock_movements_ref_idx').on(t.refType, t.refId),
    check('stock_movements_delta_nonzero', sql`${t.delta} <> 0`),
    check('stock_movements_balance_nonnegative', sql`${t.balanceAfter} >= 0`),
  ],
);

/** A book's own low-stock threshold (absent: the shop's default, LOW_STOCK_THRESHOLD). */
export const bookStockSettings = pgTable('book_stock_settings', {
  bookId: integer('book_id')
    .primaryKey()
    .references(() => books.id, { onDelete: 'cascade' }),
  threshold: integer('threshold').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Goods received from a supplier: a draft until posted, then read-only (its lines became RECEIPT movements). */
export const stockReceipts = pgTable(
  'stock_receipts',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 24 }).notNull(),
    status: varchar('status', { length: 12 }).$type<ReceiptStatus>().notNull().default('DRAFT'),
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'restrict' }),
    /** The supplier's delivery note or invoice number. */
    supplierRef: varchar('supplier_ref', { length: 60 }),
    note: text('note'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: varchar('created_by', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    postedById: integer('posted_by_id').references(() => users.id, { onDelete: 'set null' }),
    postedBy: varchar('posted_by', { length: 64 }),
    postedAt: timestamp('posted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('stock_receipts_code_uq').on(t.code), index('stock_receipts_status_idx').on(t.status, t.id)],
);

export const stockReceiptLines = pgTable(
  'stock_receipt_lines',
  {
    id: serial('id').primaryKey(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => stockReceipts.id, { onDelete: 'cascade' }),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    unitCost: integer('unit_cost').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_receipt_lines_book_uq').on(t.receiptId, t.bookId),
    index('stock_receipt_lines_book_idx').on(t.bookId),
    check('stock_receipt_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('stock_receipt_lines_cost_nonnegative', sql`${t.unitCost} >= 0`),
  ],
);

/**
 * A warehouse batch (goods in, goods out, an adjustment), posted at once. Only the header: its lines are its
 * movements (ref_type 'BATCH', ref_id = id), so the ledger stays the one record of stock.
 */
export const stockBatches = pgTable(
  'stock_batches',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 24 }).notNull(),
    type: varchar('type', { length: 12 }).$type<WarehouseBatchType>().notNull(),
    reason: varchar('reason', { length: 200 }),
    note: text('note'),
    performedById: integer('performed_by_id').references(() => users.id, { onDelete: 'set null' }),
    performedBy: varchar('performed_by', { length: 64 }),
    performedAt: timestamp('performed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stock_batches_code_uq').on(t.code), index('stock_batches_performed_idx').on(t.performedAt, t.id)],
);

/** A stock count of a category (with its sub-categories) or of the whole shop (categoryId null). */
export const stockCounts = pgTable(
  'stock_counts',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 24 }).notNull(),
    status: varchar('status', { length: 12 }).$type<CountStatus>().notNull().default('OPEN'),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    note: text('note'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: varchar('created_by', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    postedById: integer('posted_by_id').references(() => users.id, { onDelete: 'set null' }),
    postedBy: varchar('posted_by', { length: 64 }),
    postedAt: timestamp('posted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('stock_counts_code_uq').on(t.code), index('stock_counts_status_idx').on(t.status, t.id)],
);

/** A book of a count: its stock at the snapshot (expected) and what staff counted (null: not yet). */
export const stockCountLines = pgTable(
  'stock_count_lines',
  {
    countId: integer('count_id')
      .notNull()
      .references(() => stockCounts.id, { onDelete: 'cascade' }),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    expected: integer('expected').notNull(),
    counted: integer('counted'),
    countedAt: timestamp('counted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.countId, t.bookId] }), check('stock_count_lines_counted_nonnegative', sql`${t.counted} is null or ${t.counted} >= 0`)],
);

/**
 * A bulk import of books (catalog/import): the file's rows as read (raw text), the dry run's report, then the run's
 * progress. The books change in one transaction at the end of the run (all or nothing); progress is written beside
 * it, and a RUNNING import whose heartbeat stopped was interrupted (nothing applied).
 */
export const bookImports = pgTable('book_imports', {
  id: serial('id').primaryKey(),
  fileName: varchar('file_name', { length: 255 }).notNull(),
  status: varchar('status', { length: 12 }).$type<ImportStatus>().notNull().default('VALIDATED'),
  mode: varchar('mode', { length: 16 }).$type<ImportMode>(),
  createMissing: boolean('create_missing').notNull().default(false),
  rows: jsonb('rows').$type<ImportFileRow[]>().notNull(),
  totalRows: integer('total_rows').notNull(),
  validRows: integer('valid_rows').notNull(),
  errorRows: integer('error_rows').notNull(),
  toCreate: integer('to_create').notNull().default(0),
  toUpdate: integer('to_update').notNull().default(0),
  errors: jsonb('errors').$type<ImportErrorDto[]>().notNull(),
  processed: integer('processed').notNull().default(0),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  failure: text('failure'),
  createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdBy: varchar('created_by', { length: 64 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * "Báo tôi khi có hàng": a shopper waiting for a sold-out book. A signed-in shopper's request is confirmed at once,
 * a guest's e-mail when its link is opened. The ledger (catalog/stock/alerts.ts) mails each confirmed request once,
 * in the transaction where the book's stock rises from zero, and stamps notifiedAt.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    /** The confirmation link's secret (guests). */
    token: varchar('token', { length: 64 }).notNull(),
    /** The shop's address when asked: the mail links back to the book there. */
    shopUrl: varchar('shop_url', { length: 300 }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_alerts_waiting_uq').on(t.bookId, sql`lower(${t.email})`).where(sql`${t.notifiedAt} is null`),
    uniqueIndex('stock_alerts_token_uq').on(t.token),
    index('stock_alerts_due_idx').on(t.bookId).where(sql`${t.confirmedAt} is not null and ${t.notifiedAt} is null`),
  ],
);

import { z } from 'zod';
import { jsonId, jsonInt, pageParam, queryId, queryScalar, queryText, sizeParam, text } from './input.ts';
import { isbn13Problem, normalizeIsbn } from './isbn.ts';
import { emailSchema } from './validation.ts';

/**
 * The stock room (docs/decisions.md, Stock room): every change of a book's stock is a movement of the ledger with a
 * reason; stock on hand is the sum of the book's movements. Receipts from suppliers and stock counts post movements.
 */

/**
 * Why a book's stock changed. OPENING: the stock a book had when the ledger started (or was created with);
 * ORDER / ORDER_CANCELLED: an order took its units / gave them back; RETURN: a customer brought copies back;
 * RECEIPT: goods received from a supplier; COUNT_ADJUSTMENT: a stock count's difference; DAMAGE: copies written off;
 * ISSUE: goods sent out of the warehouse by a batch (warehouse OUTBOUND: to another store, back to the supplier).
 */
export const STOCK_REASONS = ['OPENING', 'RECEIPT', 'ORDER', 'ORDER_CANCELLED', 'RETURN', 'COUNT_ADJUSTMENT', 'DAMAGE', 'ISSUE'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  OPENING: 'Tồn đầu kỳ',
  RECEIPT: 'Nhập hàng',
  ORDER: 'Bán (đơn hàng)',
  ORDER_CANCELLED: 'Huỷ đơn trả kho',
  RETURN: 'Khách trả hàng',
  COUNT_ADJUSTMENT: 'Điều chỉnh kiểm kê',
  DAMAGE: 'Hư hỏng, mất',
  ISSUE: 'Xuất kho',
};

/** Reasons an admin may record by hand on a book's stock page (the others come from orders, receipts, counts). */
export const MANUAL_STOCK_REASONS = ['RETURN', 'DAMAGE'] as const;
export type ManualStockReason = (typeof MANUAL_STOCK_REASONS)[number];

/** What a movement refers to (its document). */
export const STOCK_REF_TYPES = ['ORDER', 'RECEIPT', 'COUNT', 'IMPORT', 'MANUAL', 'BATCH', 'RETURN'] as const;
export type StockRefType = (typeof STOCK_REF_TYPES)[number];

export const RECEIPT_STATUSES = ['DRAFT', 'POSTED'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];
export const RECEIPT_STATUS_LABELS: Record<ReceiptStatus, string> = { DRAFT: 'Nháp', POSTED: 'Đã nhập kho' };

export const COUNT_STATUSES = ['OPEN', 'POSTED', 'CANCELLED'] as const;
export type CountStatus = (typeof COUNT_STATUSES)[number];
export const COUNT_STATUS_LABELS: Record<CountStatus, string> = { OPEN: 'Đang kiểm', POSTED: 'Đã cân bằng kho', CANCELLED: 'Đã huỷ' };

/** Limits of one document: lines of a receipt, units of a line, unit cost (VND). */
export const STOCK_LIMITS = { receiptLines: 2_000, lineQuantity: 1_000_000, unitCost: 1_000_000_000, threshold: 1_000_000 } as const;

export const STOCK_MESSAGES = {
  bookNotFound: 'Không tìm thấy sách.',
  isbnNotFound: (isbn: string) => `Không có sách nào mang ISBN ${isbn}.`,
  lineBook: 'Mỗi dòng cần ISBN hoặc mã sách.',
  receiptNotFound: 'Không tìm thấy phiếu nhập.',
  receiptPosted: 'Phiếu nhập đã được nhập kho, không sửa được nữa.',
  receiptEmpty: 'Phiếu nhập chưa có dòng nào.',
  receiptPostedOk: 'Đã nhập kho',
  duplicateLine: 'Một sách chỉ có một dòng trong phiếu; hãy cộng số lượng vào dòng đã có.',
  countNotFound: 'Không tìm thấy phiếu kiểm kê.',
  countClosed: 'Phiếu kiểm kê đã đóng, không sửa được nữa.',
  countNotInScope: 'Sách này không thuộc phạm vi của phiếu kiểm kê.',
  countNothing: 'Chưa nhập số đếm cho sách nào.',
  countEmptyScope: 'Không có sách nào trong phạm vi này.',
  supplierNotFound: 'Không tìm thấy nhà cung cấp.',
  categoryNotFound: 'Không tìm thấy danh mục.',
  negativeStock: (title: string, stock: number) => `Không thể xuất quá tồn kho: "${title}" chỉ còn ${stock} cuốn.`,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Input

/** ISBN-13 typed or scanned (separators allowed), checked with its checksum. */
export const isbnInput = text('ISBN').transform((v, ctx) => {
  const digits = normalizeIsbn(v.trim());
  const problem = isbn13Problem(digits);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return digits;
});

const quantity = jsonInt('Số lượng', { min: 1, max: STOCK_LIMITS.lineQuantity });
const unitCost = jsonInt('Giá nhập', { min: 0, max: STOCK_LIMITS.unitCost });
const noteInput = text('Ghi chú', { multiline: true }).trim().max(1000, 'Ghi chú tối đa 1000 ký tự.');

/** A line of a receipt: a book by id or by ISBN, the units received and their unit cost (VND, VAT included). */
export const receiptLineSchema = z
  .object({
    bookId: jsonId('Mã sách không hợp lệ.').optional(),
    isbn13: isbnInput.optional(),
    quantity,
    unitCost: unitCost.optional(),
  })
  .refine((l) => l.bookId !== undefined || l.isbn13 !== undefined, { message: STOCK_MESSAGES.lineBook, path: ['isbn13'] });
export type ReceiptLineInput = z.output<typeof receiptLineSchema>;

/** POST /admin/stock/receipts and PUT /admin/stock/receipts/{id} (a draft; lines given replace the lines). */
export const receiptSchema = z.object({
  supplierId: jsonId('Nhà cung cấp không hợp lệ.').nullable().optional(),
  supplierRef: text('Số hoá đơn').trim().max(60, 'Số hoá đơn tối đa 60 ký tự.').nullable().optional(),
  note: noteInput.nullable().optional(),
  lines: z.array(receiptLineSchema, { error: 'Danh sách dòng không hợp lệ.' }).max(STOCK_LIMITS.receiptLines, `Một phiếu tối đa ${STOCK_LIMITS.receiptLines} dòng.`).optional(),
});
export type ReceiptInput = z.output<typeof receiptSchema>;

/** POST /admin/stock/receipts/{id}/lines: what a scan (or a typed ISBN) adds; the same book again adds to its line. */
export const receiptScanSchema = z
  .object({
    bookId: jsonId('Mã sách không hợp lệ.').optional(),
    isbn13: isbnInput.optional(),
    quantity: quantity.default(1),
    unitCost: unitCost.optional(),
  })
  .refine((l) => l.bookId !== undefined || l.isbn13 !== undefined, { message: STOCK_MESSAGES.lineBook, path: ['isbn13'] });
export type ReceiptScanInput = z.output<typeof receiptScanSchema>;

/** POST /admin/stock/books/{id}/movements: a movement recorded by hand (damage, a customer's return). */
export const manualMovementSchema = z.object({
  reason: z.enum(MANUAL_STOCK_REASONS, { error: 'Lý do phải là RETURN (khách trả hàng) hoặc DAMAGE (hư hỏng, mất).' }),
  quantity,
  note: noteInput.nullable().optional(),
});
export type ManualMovementInput = z.output<typeof manualMovementSchema>;

/** PUT /admin/stock/books/{id}/threshold: the low-stock threshold (null: the shop's default). */
export const thresholdSchema = z.object({
  threshold: jsonInt('Ngưỡng tồn tối thiểu', { min: 0, max: STOCK_LIMITS.threshold }).nullable(),
});

/** POST /admin/stock/counts: a count of one category (with its sub-categories) or of the whole shop. */
export const countCreateSchema = z.object({
  categoryId: jsonId('Danh mục không hợp lệ.').nullable().optional(),
  note: noteInput.nullable().optional(),
});

/** PUT /admin/stock/counts/{id}/lines: counted quantities typed in (null clears a count). */
export const countLinesSchema = z.object({
  lines: z
    .array(z.object({ bookId: jsonId('Mã sách không hợp lệ.'), counted: jsonInt('Số đếm', { min: 0, max: STOCK_LIMITS.lineQuantity }).nullable() }))
    .min(1, 'Chưa có dòng nào.')
    .max(50_000, 'Quá nhiều dòng.'),
});

/** POST /admin/stock/counts/{id}/scan: one scanned copy (or `quantity` copies) of a book in the count. */
export const countScanSchema = z.object({ isbn13: isbnInput, quantity: jsonInt('Số lượng', { min: 1, max: 10_000 }).default(1) });

/** POST /admin/stock/counts/{id}/post: uncounted books are left alone unless `uncountedAsZero`. */
export const countPostSchema = z.object({ uncountedAsZero: z.boolean({ error: 'uncountedAsZero phải là true hoặc false.' }).default(false) }).nullish();

export const stockPageQuery = z.object({ page: pageParam(), size: sizeParam(20, 200) });
export const movementListQuery = z.object({
  page: pageParam(),
  size: sizeParam(50, 200),
  bookId: queryId('bookId'),
  reason: z.preprocess(queryScalar, z.enum(STOCK_REASONS, { error: 'Lý do không hợp lệ.' }).optional()),
});
export const receiptListQuery = z.object({
  page: pageParam(),
  size: sizeParam(20, 100),
  status: z.preprocess(queryScalar, z.enum(RECEIPT_STATUSES, { error: 'Trạng thái không hợp lệ.' }).optional()),
});
export const reorderQuery = z.object({ page: pageParam(), size: sizeParam(50, 200), q: queryText('Từ khoá', 100) });

// ---------------------------------------------------------------------------------------------------------
// Answers

export interface StockMovementDto {
  id: number;
  bookId: number;
  bookTitle: string;
  isbn13: string;
  delta: number;
  balanceAfter: number;
  reason: StockReason;
  refType: StockRefType | null;
  refId: number | null;
  refCode: string | null;
  unitCost: number | null;
  note: string | null;
  actorName: string | null;
  createdAt: string;
}

export interface BookStockDto {
  id: number;
  title: string;
  slug: string;
  isbn13: string;
  sku: string | null;
  status: string;
  stock: number;
  sold: number;
  /** The book's own threshold, or null when it uses the shop's default (LOW_STOCK_THRESHOLD). */
  threshold: number | null;
  effectiveThreshold: number;
  /** The unit cost of the book's latest posted receipt line. */
  lastUnitCost: number | null;
  /** What the movements add up to: always equals stock. */
  ledgerTotal: number;
  /** Shoppers waiting for a mail when the book is back in stock (confirmed "Báo tôi khi có hàng"). */
  alertsWaiting: number;
}

export interface ReorderRowDto {
  id: number;
  title: string;
  isbn13: string;
  status: string;
  stock: number;
  threshold: number;
  /** Units taken by orders (net of cancellations) in the last 30 days. */
  soldLast30Days: number;
  supplier: { id: number; name: string } | null;
  lastUnitCost: number | null;
  /** Enough for 30 days of sales above the threshold, at least up to twice the threshold. */
  suggestedQuantity: number;
  /** Shoppers waiting for a mail when the book is back in stock. */
  alertsWaiting: number;
}

export interface ReceiptLineDto {
  id: number;
  bookId: number;
  title: string;
  isbn13: string;
  stock: number;
  quantity: number;
  unitCost: number;
  lineTotal: number;
}

export interface ReceiptDto {
  id: number;
  code: string;
  status: ReceiptStatus;
  supplier: { id: number; name: string } | null;
  supplierRef: string | null;
  note: string | null;
  createdBy: string | null;
  createdAt: string;
  postedBy: string | null;
  postedAt: string | null;
  totalQuantity: number;
  totalCost: number;
  lines: ReceiptLineDto[];
}

export type ReceiptSummaryDto = Omit<ReceiptDto, 'lines'> & { lineCount: number };

export interface CountLineDto {
  bookId: number;
  title: string;
  isbn13: string;
  expected: number;
  counted: number | null;
  /** counted - expected (null while not counted). */
  difference: number | null;
  /** Stock now: differs from expected when movements happened since the snapshot. */
  currentStock: number;
}

export interface CountDto {
  id: number;
  code: string;
  status: CountStatus;
  category: { id: number; name: string } | null;
  note: string | null;
  createdBy: string | null;
  createdAt: string;
  postedBy: string | null;
  postedAt: string | null;
  bookCount: number;
  countedCount: number;
  lines: CountLineDto[];
}

export type CountSummaryDto = Omit<CountDto, 'lines'>;

/**
 * The rule of a count (docs/decisions.md, Stock room): staff count the shelf as it stood at the snapshot; what
 * orders, receipts and other movements did since then stays, and the posted adjustment of a book is
 * counted - expected (the snapshot), added to its stock of the moment of posting.
 */
export function countAdjustment(expected: number, counted: number | null, uncountedAsZero = false): number {
  if (counted === null) return uncountedAsZero ? -expected : 0;
  return counted - expected;
}

// ---------------------------------------------------------------------------------------------------------
// Exports (GET /api/v1/admin/exports/{books|orders|stock-movements})

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFileFormat = (typeof EXPORT_FORMATS)[number];
const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;
const dayParam = (label: string) =>
  z.preprocess(
    queryScalar,
    z
      .string({ error: `${label} phải có dạng YYYY-MM-DD.` })
      .regex(DAY_TEXT, `${label} phải có dạng YYYY-MM-DD.`)
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${label} không phải ngày có thật.`)
      .optional(),
  );

/** Format, and for orders and movements a period of Vietnam days (both ends included). */
export const exportQuery = z
  .object({
    format: z.preprocess(queryScalar, z.enum(EXPORT_FORMATS, { error: 'format phải là xlsx hoặc csv.' }).default('xlsx')),
    from: dayParam('Từ ngày'),
    to: dayParam('Đến ngày'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'Từ ngày phải trước hoặc bằng đến ngày.', path: ['to'] });
export type ExportQuery = z.output<typeof exportQuery>;

// ---------------------------------------------------------------------------------------------------------
// Sales report (GET /api/v1/admin/reports/sales)

export const SALES_GROUPS = ['day', 'category', 'publisher', 'supplier'] as const;
export type SalesGroup = (typeof SALES_GROUPS)[number];
export const SALES_GROUP_LABELS: Record<SalesGroup, string> = { day: 'Ngày', category: 'Danh mục', publisher: 'Nhà xuất bản', supplier: 'Nhà cung cấp' };

export const salesReportQuery = z
  .object({
    groupBy: z.preprocess(queryScalar, z.enum(SALES_GROUPS, { error: 'groupBy phải là day, category, publisher hoặc supplier.' }).default('day')),
    format: z.preprocess(queryScalar, z.enum(EXPORT_FORMATS, { error: 'format phải là xlsx hoặc csv.' }).default('xlsx')),
    from: dayParam('Từ ngày'),
    to: dayParam('Đến ngày'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'Từ ngày phải trước hoặc bằng đến ngày.', path: ['to'] });

export interface SalesRowDto {
  /** The day (YYYY-MM-DD), or the id of the category, publisher or supplier (null: none). */
  key: string | null;
  label: string;
  orders: number;
  units: number;
  /** Sum of the lines' totals (VND), before order-level vouchers and shipping. */
  revenue: number;
  /** Cost of the units whose book has a posted receipt (VND). */
  cost: number;
  /** Revenue of the units with a known cost; margin = costedRevenue - cost. */
  costedRevenue: number;
  margin: number;
  /** Units sold of books never received on a receipt (no cost known). */
  unitsWithoutCost: number;
}

export interface SalesReportDto {
  from: string | null;
  to: string | null;
  groupBy: SalesGroup;
  rows: SalesRowDto[];
  totals: Omit<SalesRowDto, 'key' | 'label'>;
}

/**
 * The sales report's rule (docs/decisions.md, Stock room: reports): the lines of the orders that count as revenue
 * (REVENUE_RULE) placed in the period (Vietnam days); a line's cost is its quantity times the unit cost of the
 * book's latest receipt posted before the order (else its latest receipt); lines of books never received have no
 * cost and stay out of the margin.
 */
export const SALES_REPORT_RULE =
  'Doanh thu hàng = tổng thành tiền các dòng của đơn được tính doanh thu (đã thanh toán, hoặc COD đã giao), chưa trừ mã giảm giá cấp đơn và phí vận chuyển. Giá vốn = số lượng × giá nhập của phiếu nhập gần nhất trước ngày đặt. Lãi gộp = doanh thu có giá vốn − giá vốn.';

/** "Báo tôi khi có hàng" (product page of a sold-out book): a guest gives an e-mail, a signed-in shopper nothing. */
export const stockAlertSchema = z
  .object({ email: emailSchema.optional() })
  .strict();

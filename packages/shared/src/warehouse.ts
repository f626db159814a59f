import { z } from 'zod';
import { jsonId, jsonInt, jsonMoney, pageParam, queryScalar, queryText, sizeParam, text } from './input.ts';
import { DAY_RANGE_REVERSED_MESSAGE, dayParam } from './sales.ts';
import { STOCK_LIMITS } from './stock.ts';

/**
 * The warehouse calls other front ends make (GET/POST /api/v1/warehouse/..., ADMIN): stock per book, and batches
 * of goods in, goods out and adjustments, each posted as movements of the one stock ledger (docs/decisions.md,
 * "Origin front end"). A book's `sku` is its own SKU when it has one, else its ISBN-13; a line may name it by either.
 */

export const WAREHOUSE_BATCH_TYPES = ['INBOUND', 'OUTBOUND', 'ADJUSTMENT'] as const;
export type WarehouseBatchType = (typeof WAREHOUSE_BATCH_TYPES)[number];
export const WAREHOUSE_BATCH_TYPE_LABELS: Record<WarehouseBatchType, string> = {
  INBOUND: 'Nhập kho',
  OUTBOUND: 'Xuất kho',
  ADJUSTMENT: 'Điều chỉnh tồn',
};
/** Code prefix of each type: NK000012 (nhập kho), XK… (xuất kho), DC… (điều chỉnh). */
export const WAREHOUSE_BATCH_CODE_PREFIX: Record<WarehouseBatchType, string> = { INBOUND: 'NK', OUTBOUND: 'XK', ADJUSTMENT: 'DC' };

export const WAREHOUSE_MESSAGES = {
  lineBook: 'Mỗi dòng cần mã sách (bookId) hoặc SKU.',
  unitCostRequired: 'Phiếu nhập kho cần giá nhập (unitCost) cho từng dòng.',
  skuNotFound: (sku: string) => `Không có sách nào mang SKU hoặc ISBN ${sku}.`,
  bookNotFound: 'Không tìm thấy sách.',
  duplicateLine: 'Một sách chỉ có một dòng trong phiếu; hãy cộng số lượng vào dòng đã có.',
  notEnoughStock: (title: string, stock: number, qty: number) => `Không thể xuất ${qty} cuốn "${title}": trong kho chỉ còn ${stock} cuốn.`,
  batchNotFound: 'Không tìm thấy phiếu kho.',
  created: 'Đã ghi phiếu kho',
} as const;

const quantityMessage = `Số lượng phải là số nguyên từ 1 đến ${STOCK_LIMITS.lineQuantity}.`;
const countedMessage = `Số lượng phải là số nguyên từ 0 đến ${STOCK_LIMITS.lineQuantity}.`;

/**
 * A line: a book by id or by SKU/ISBN, a quantity and (goods in) the unit cost, a number or a decimal string. For
 * INBOUND and OUTBOUND `qty` is the units moved (1 or more); for ADJUSTMENT it is the stock the book must have
 * (counted on the shelf; 0 allowed), and the movement is the difference.
 */
export const warehouseBatchLineSchema = z.object({
  bookId: jsonId('Mã sách không hợp lệ.').optional(),
  sku: text('SKU').trim().min(1, WAREHOUSE_MESSAGES.lineBook).max(64, 'SKU tối đa 64 ký tự.').optional(),
  qty: jsonInt('Số lượng', { min: 0, max: STOCK_LIMITS.lineQuantity, message: countedMessage }),
  unitCost: jsonMoney('Giá nhập', { min: 0, max: STOCK_LIMITS.unitCost }).nullable().optional(),
});
export type WarehouseBatchLineInput = z.output<typeof warehouseBatchLineSchema>;

/** POST /warehouse/batches. */
export const warehouseBatchSchema = z
  .object({
    type: z.enum(WAREHOUSE_BATCH_TYPES, { error: 'Loại phiếu phải là INBOUND, OUTBOUND hoặc ADJUSTMENT.' }),
    reason: text('Lý do').trim().max(200, 'Lý do tối đa 200 ký tự.').nullable().optional(),
    note: text('Ghi chú', { multiline: true }).trim().max(1000, 'Ghi chú tối đa 1000 ký tự.').nullable().optional(),
    lines: z
      .array(warehouseBatchLineSchema, { error: 'Danh sách dòng không hợp lệ.' })
      .min(1, 'Phiếu kho cần ít nhất một dòng.')
      .max(STOCK_LIMITS.receiptLines, `Một phiếu tối đa ${STOCK_LIMITS.receiptLines} dòng.`),
  })
  .superRefine((batch, ctx) => {
    batch.lines.forEach((line, i) => {
      if (line.bookId === undefined && line.sku === undefined) ctx.addIssue({ code: 'custom', path: ['lines', i, 'sku'], message: WAREHOUSE_MESSAGES.lineBook });
      if (batch.type !== 'ADJUSTMENT' && line.qty < 1) ctx.addIssue({ code: 'custom', path: ['lines', i, 'qty'], message: quantityMessage });
      if (batch.type === 'INBOUND' && (line.unitCost === undefined || line.unitCost === null)) {
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'unitCost'], message: WAREHOUSE_MESSAGES.unitCostRequired });
      }
    });
  });
export type WarehouseBatchInput = z.output<typeof warehouseBatchSchema>;

export const WAREHOUSE_STOCK_SORTS = ['stock,asc', 'stock,desc', 'sold,asc', 'sold,desc'] as const;
export type WarehouseStockSort = (typeof WAREHOUSE_STOCK_SORTS)[number];

/** GET /warehouse/stocks: q matches the title, SKU or ISBN; emptiest first unless `sort` says otherwise. */
export const warehouseStocksQuery = z.object({
  q: queryText('Từ khoá', 100),
  page: pageParam(),
  size: sizeParam(20, 200),
  sort: z.preprocess(
    (v) => {
      const s = queryScalar(v);
      return typeof s === 'string' ? s.replace(/\s+/g, '').toLowerCase() : s;
    },
    z.enum(WAREHOUSE_STOCK_SORTS, { error: `sort phải là một trong ${WAREHOUSE_STOCK_SORTS.join(', ')}.` }).default('stock,asc'),
  ),
});
export type WarehouseStocksQuery = z.output<typeof warehouseStocksQuery>;

/** GET /warehouse/batches: newest first; dateFrom/dateTo are Vietnam days (yyyy-mm-dd), both included. */
export const warehouseBatchListQuery = z
  .object({
    type: z.preprocess(
      (v) => {
        const s = queryScalar(v);
        return typeof s === 'string' ? s.trim().toUpperCase() : s;
      },
      z.enum(WAREHOUSE_BATCH_TYPES, { error: 'Loại phiếu phải là INBOUND, OUTBOUND hoặc ADJUSTMENT.' }).optional(),
    ),
    code: queryText('Mã phiếu', 40),
    q: queryText('Từ khoá', 100),
    dateFrom: dayParam('dateFrom'),
    dateTo: dayParam('dateTo'),
    includeItems: z.preprocess(
      (v) => {
        const s = queryScalar(v);
        return typeof s === 'string' ? s.trim().toLowerCase() : s;
      },
      z.enum(['true', 'false'], { error: 'includeItems phải là true hoặc false.' }).default('false').transform((v) => v === 'true'),
    ),
    page: pageParam(),
    size: sizeParam(20, 100),
  })
  .superRefine((v, ctx) => {
    if (v.dateFrom && v.dateTo && v.dateFrom > v.dateTo) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: DAY_RANGE_REVERSED_MESSAGE });
  });
export type WarehouseBatchListQuery = z.output<typeof warehouseBatchListQuery>;

// ---------------------------------------------------------------------------------------------------------
// Answers (amounts are whole VND as decimal strings, as other front ends read them)

export interface WarehouseStockRowDto {
  bookId: number;
  sku: string;
  title: string;
  stock: number;
  sold: number;
}

export interface WarehouseBatchLineDto {
  bookId: number;
  sku: string;
  title: string;
  /** Units moved (INBOUND, OUTBOUND); for ADJUSTMENT the change made (negative: units taken off). */
  qty: number;
  unitCost: string | null;
  lineTotal: string;
}

export interface WarehouseBatchSummaryDto {
  id: number;
  code: string;
  type: WarehouseBatchType;
  reason: string | null;
  note: string | null;
  performedByName: string | null;
  performedById: number | null;
  performedAt: string;
  /** Lines (books) of the batch. */
  totalItems: number;
  /** Units moved (sum of the lines' qty). */
  totalQty: number;
  totalAmount: string;
  /** With includeItems=true. */
  items?: WarehouseBatchLineDto[];
}

export interface WarehouseBatchDto {
  id: number;
  code: string;
  type: WarehouseBatchType;
  reason: string | null;
  note: string | null;
  performedBy: { userId: number | null; name: string | null };
  performedAt: string;
  totals: { items: number; qty: number; amount: string };
  lines: WarehouseBatchLineDto[];
}

import { sql, type SQL } from 'drizzle-orm';
import {
  BOOK_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  STOCK_REASON_LABELS,
  LOW_STOCK_THRESHOLD,
  type BookStatus,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type StockReason,
} from '@nhasach/shared';
import { queryRows, type Db } from '../../../db/client.ts';
import type { Column } from './writer.ts';

/**
 * What each export holds, read in batches of BATCH rows by id (keyset), so a file of any size streams in constant
 * memory. Reports reads the other modules' tables read-only (reports/index.ts).
 */

const BATCH = 1000;
const VN_OFFSET_MS = 7 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** The instants of a period of Vietnam days, `to` included. */
export function periodOf(from?: string, to?: string): { start?: Date; end?: Date } {
  const day = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - VN_OFFSET_MS);
  return { start: from ? day(from) : undefined, end: to ? new Date(day(to).getTime() + DAY_MS) : undefined };
}

async function* batches<R extends { cursor: number }>(db: Db, page: (after: number) => SQL): AsyncGenerator<R> {
  let after = 0;
  for (;;) {
    const rows = await queryRows<R>(db, sql`${page(after)} limit ${BATCH}`);
    for (const r of rows) yield r;
    if (rows.length < BATCH) return;
    after = Number(rows[rows.length - 1]!.cursor);
  }
}

// ---- books

export interface BookExportRow {
  cursor: number;
  id: number;
  isbn13: string;
  title: string;
  sku: string | null;
  authors: string | null;
  publisher: string | null;
  supplier: string | null;
  categories: string | null;
  price: number;
  sale_price: number | null;
  status: BookStatus;
  stock: number;
  sold: number;
  threshold: number | null;
  last_cost: number | null;
}

export const BOOK_COLUMNS: Column<BookExportRow>[] = [
  { header: 'Mã sách', type: 'int', width: 10, value: (r) => r.id },
  { header: 'ISBN', type: 'text', width: 16, value: (r) => r.isbn13 },
  { header: 'Tên sách', type: 'text', width: 48, value: (r) => r.title },
  { header: 'SKU', type: 'text', value: (r) => r.sku },
  { header: 'Tác giả', type: 'text', width: 28, value: (r) => r.authors },
  { header: 'Nhà xuất bản', type: 'text', width: 24, value: (r) => r.publisher },
  { header: 'Nhà cung cấp', type: 'text', width: 24, value: (r) => r.supplier },
  { header: 'Danh mục', type: 'text', width: 28, value: (r) => r.categories },
  { header: 'Giá bán (₫)', type: 'vnd', value: (r) => r.price },
  { header: 'Giá khuyến mãi (₫)', type: 'vnd', value: (r) => r.sale_price },
  { header: 'Trạng thái', type: 'text', value: (r) => BOOK_STATUS_LABELS[r.status] ?? r.status },
  { header: 'Tồn kho', type: 'int', width: 10, value: (r) => r.stock },
  { header: 'Đã bán', type: 'int', width: 10, value: (r) => r.sold },
  { header: 'Ngưỡng tồn tối thiểu', type: 'int', value: (r) => r.threshold ?? LOW_STOCK_THRESHOLD },
  { header: 'Giá nhập gần nhất (₫)', type: 'vnd', value: (r) => r.last_cost },
  { header: 'Giá trị tồn theo giá nhập (₫)', type: 'vnd', width: 20, value: (r) => (r.last_cost === null ? null : r.last_cost * r.stock) },
];

export const bookRows = (db: Db) =>
  batches<BookExportRow>(
    db,
    (after) => sql`select b.id as cursor, b.id, b.isbn13, b.title, b.sku, b.price, b.sale_price, b.status, b.stock, b.sold, s.threshold,
        p.name as publisher, sp.name as supplier,
        (select string_agg(a.name, ', ' order by ba.position) from book_authors ba join authors a on a.id = ba.author_id where ba.book_id = b.id) as authors,
        (select string_agg(c.name, ', ' order by bc.position) from book_categories bc join categories c on c.id = bc.category_id where bc.book_id = b.id) as categories,
        (select l.unit_cost from stock_receipt_lines l join stock_receipts r on r.id = l.receipt_id and r.status = 'POSTED'
          where l.book_id = b.id order by r.posted_at desc, l.id desc limit 1) as last_cost
      from books b
      left join book_stock_settings s on s.book_id = b.id
      left join publishers p on p.id = b.publisher_id
      left join suppliers sp on sp.id = b.supplier_id
      where b.id > ${after} order by b.id`,
  );

// ---- orders of a period, one row per line

export interface OrderLineExportRow {
  cursor: number;
  code: string;
  created_at: Date | string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  payment_method: PaymentMethod;
  receiver_name: string;
  receiver_phone: string;
  province: string | null;
  isbn: string;
  title: string;
  qty: number;
  unit_price: number;
  line_total: number;
  subtotal: number;
  discount_total: number;
  shipping_fee: number;
  grand_total: number;
}

export const ORDER_COLUMNS: Column<OrderLineExportRow>[] = [
  { header: 'Mã đơn', type: 'text', width: 20, value: (r) => r.code },
  { header: 'Ngày đặt', type: 'datetime', width: 18, value: (r) => new Date(r.created_at) },
  { header: 'Trạng thái', type: 'text', value: (r) => ORDER_STATUS_LABELS[r.status] ?? r.status },
  { header: 'Thanh toán', type: 'text', value: (r) => PAYMENT_STATUS_LABELS[r.payment_status] ?? r.payment_status },
  { header: 'Phương thức thanh toán', type: 'text', width: 22, value: (r) => PAYMENT_METHOD_LABELS[r.payment_method] ?? r.payment_method },
  { header: 'Người nhận', type: 'text', width: 22, value: (r) => r.receiver_name },
  { header: 'Số điện thoại', type: 'text', value: (r) => r.receiver_phone },
  { header: 'Tỉnh/Thành phố', type: 'text', width: 22, value: (r) => r.province },
  { header: 'ISBN', type: 'text', width: 16, value: (r) => r.isbn },
  { header: 'Tên sách', type: 'text', width: 40, value: (r) => r.title },
  { header: 'Số lượng', type: 'int', width: 10, value: (r) => r.qty },
  { header: 'Đơn giá (₫)', type: 'vnd', value: (r) => r.unit_price },
  { header: 'Thành tiền (₫)', type: 'vnd', value: (r) => r.line_total },
  { header: 'Tạm tính đơn (₫)', type: 'vnd', value: (r) => r.subtotal },
  { header: 'Giảm giá đơn (₫)', type: 'vnd', value: (r) => r.discount_total },
  { header: 'Phí vận chuyển (₫)', type: 'vnd', value: (r) => r.shipping_fee },
  { header: 'Tổng đơn (₫)', type: 'vnd', value: (r) => r.grand_total },
];

export const orderLineRows = (db: Db, period: { start?: Date; end?: Date }) =>
  batches<OrderLineExportRow>(
    db,
    (after) => sql`select i.id as cursor, o.code, o.created_at, o.status, o.payment_status, o.payment_method, o.receiver_name, o.receiver_phone,
        o.province, i.isbn, i.title, i.qty, i.unit_price, i.line_total, o.subtotal, o.discount_total, o.shipping_fee, o.grand_total
      from order_items i join orders o on o.id = i.order_id
      where i.id > ${after}
        ${period.start ? sql`and o.created_at >= ${period.start.toISOString()}` : sql``}
        ${period.end ? sql`and o.created_at < ${period.end.toISOString()}` : sql``}
      order by i.id`,
  );

// ---- stock movements of a period

export interface MovementExportRow {
  cursor: number;
  created_at: Date | string;
  isbn13: string;
  title: string;
  reason: StockReason;
  delta: number;
  balance_after: number;
  ref_code: string | null;
  unit_cost: number | null;
  note: string | null;
  actor_name: string | null;
}

export const MOVEMENT_COLUMNS: Column<MovementExportRow>[] = [
  { header: 'Thời gian', type: 'datetime', width: 18, value: (r) => new Date(r.created_at) },
  { header: 'ISBN', type: 'text', width: 16, value: (r) => r.isbn13 },
  { header: 'Tên sách', type: 'text', width: 40, value: (r) => r.title },
  { header: 'Lý do', type: 'text', width: 20, value: (r) => STOCK_REASON_LABELS[r.reason] ?? r.reason },
  { header: 'Thay đổi', type: 'int', width: 10, value: (r) => r.delta },
  { header: 'Tồn sau', type: 'int', width: 10, value: (r) => r.balance_after },
  { header: 'Chứng từ', type: 'text', width: 20, value: (r) => r.ref_code },
  { header: 'Giá nhập (₫)', type: 'vnd', value: (r) => r.unit_cost },
  { header: 'Ghi chú', type: 'text', width: 30, value: (r) => r.note },
  { header: 'Người thực hiện', type: 'text', value: (r) => r.actor_name },
];

export const movementRows = (db: Db, period: { start?: Date; end?: Date }) =>
  batches<MovementExportRow>(
    db,
    (after) => sql`select m.id as cursor, m.created_at, b.isbn13, b.title, m.reason, m.delta, m.balance_after, m.ref_code, m.unit_cost, m.note, m.actor_name
      from stock_movements m join books b on b.id = m.book_id
      where m.id > ${after}
        ${period.start ? sql`and m.created_at >= ${period.start.toISOString()}` : sql``}
        ${period.end ? sql`and m.created_at < ${period.end.toISOString()}` : sql``}
      order by m.id`,
  );

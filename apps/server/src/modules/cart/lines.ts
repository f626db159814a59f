import {
  computeTotals,
  effectivePrice,
  isSaleActive,
  type CartDto,
  type CartVoucherDto,
  type CartItemDto,
  type CartLineIssue,
  type DeliveryMethod,
  type SaleFields,
  type VoucherLine,
} from '@nhasach/shared';
import type { CartLineRow } from './repo.ts';

/** Why a line cannot be ordered as it is, from its book's status and stock. */
export function lineIssue(line: Pick<CartLineRow, 'status' | 'stock' | 'qty'>): CartLineIssue | null {
  if (line.status !== 'ACTIVE' && line.status !== 'OUT_OF_STOCK') return 'INACTIVE';
  if (line.status === 'OUT_OF_STOCK' || line.stock <= 0) return 'OUT_OF_STOCK';
  if (line.qty > line.stock) return 'INSUFFICIENT_STOCK';
  return null;
}

/** A line can be ordered (and counts in the summary) unless its book stopped selling or has no stock at all. */
export const isOrderable = (issue: CartLineIssue | null): boolean => issue === null || issue === 'INSUFFICIENT_STOCK';

/**
 * The unit prices of a book at `now` (the shared sale rule). A sale price above the list price is no discount:
 * the list price shown is then the price paid, so a discount is never negative.
 */
export function unitPrices(book: SaleFields, now: Date): { unitPrice: number; originalUnitPrice: number; onSale: boolean } {
  const unitPrice = effectivePrice(book, now);
  return { unitPrice, originalUnitPrice: Math.max(book.price, unitPrice), onSale: isSaleActive(book, now) && unitPrice < book.price };
}

export function toCartItem(line: CartLineRow, now: Date): CartItemDto {
  const { unitPrice, originalUnitPrice, onSale } = unitPrices(line, now);
  const issue = lineIssue(line);
  return {
    bookId: line.bookId,
    slug: line.slug,
    title: line.title,
    thumbnail: line.thumbnail,
    onSale,
    originalUnitPrice,
    unitPrice,
    stockAvailable: Math.max(0, line.status === 'ACTIVE' ? line.stock : 0),
    qty: line.qty,
    quantity: line.qty,
    selected: line.selected,
    lineTotal: unitPrice * line.qty,
    available: isOrderable(issue),
    issue,
  };
}

/** The selected, orderable lines as the voucher rule reads them (what each costs and its book's categories). */
export function voucherLines(rows: readonly CartLineRow[], now: Date): VoucherLine[] {
  return rows
    .map((r) => ({ row: r, item: toCartItem(r, now) }))
    .filter(({ item }) => item.selected && item.available)
    .map(({ row, item }) => ({ lineTotal: item.lineTotal, categoryIds: row.categoryIds }));
}

/**
 * The whole cart with its summary over the selected, available lines (computeTotals, STANDARD estimate); the
 * applied voucher takes its money off (or waives the fee) only while it applies to the selection.
 */
export function buildCart(
  rows: readonly CartLineRow[],
  now: Date,
  deliveryMethod: DeliveryMethod = 'STANDARD',
  voucher: CartVoucherDto | null = null,
): CartDto {
  const items = rows.map((r) => toCartItem(r, now));
  const counted = items.filter((i) => i.selected && i.available);
  const totals = computeTotals(counted, deliveryMethod, voucher?.applicable ? voucher : null);
  return {
    items,
    ...totals,
    deliveryMethod,
    totalSelected: counted.length,
    totalItems: items.length,
    uniqueItems: items.length,
    distinctItems: items.length,
    totalQuantity: counted.reduce((n, i) => n + i.qty, 0),
    voucher,
  };
}

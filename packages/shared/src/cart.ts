import { z } from 'zod';
import { QTY_MAX, QTY_MIN } from './constants.ts';
import { jsonId } from './input.ts';
import type { DeliveryMethod } from './orders.ts';
import type { CartVoucherDto } from './vouchers.ts';

/**
 * Cart: payloads and DTOs (spec sections 3, 4, 5 and 7, Cart). The summary is computed with computeTotals
 * (orders.ts) over the selected, available lines only.
 */

const bookIdField = jsonId('Mã sách không hợp lệ.');

const qtyMessage = `Số lượng phải từ ${QTY_MIN} đến ${QTY_MAX}.`;

export const cartAddSchema = z.object({
  bookId: bookIdField,
  qty: z
    .number({ error: qtyMessage })
    .int(qtyMessage)
    .min(QTY_MIN, qtyMessage)
    .max(QTY_MAX, qtyMessage)
    .default(1),
});
export type CartAddInput = z.input<typeof cartAddSchema>;

const updateQtyMessage = `Số lượng phải từ 0 đến ${QTY_MAX}.`;

/** {selected} or {qty} (0 removes the line); both may come together. */
export const cartUpdateSchema = z
  .object({
    selected: z.boolean({ error: 'selected phải là true hoặc false.' }).optional(),
    qty: z.number({ error: updateQtyMessage }).int(updateQtyMessage).min(0, updateQtyMessage).max(QTY_MAX, updateQtyMessage).optional(),
  })
  .refine((v) => v.selected !== undefined || v.qty !== undefined, { message: 'Cần gửi selected hoặc qty.' });
export type CartUpdateInput = z.input<typeof cartUpdateSchema>;

export const cartClearSchema = z.object({
  /** true: remove the unselected lines only; false (default): empty the cart. */
  onlyUnselected: z.boolean({ error: 'onlyUnselected phải là true hoặc false.' }).default(false),
});

export const cartSelectAllSchema = z.object({
  selected: z.boolean({ error: 'selected phải là true hoặc false.' }),
});

/** Why a line cannot be ordered as it is. */
export type CartLineIssue = 'INACTIVE' | 'OUT_OF_STOCK' | 'INSUFFICIENT_STOCK';

export interface CartItemDto {
  bookId: number;
  slug: string;
  title: string;
  thumbnail: string | null;
  onSale: boolean;
  originalUnitPrice: number;
  /** What the shopper pays for one unit now. */
  unitPrice: number;
  stockAvailable: number;
  qty: number;
  /** Same as qty (the spec saw both names). */
  quantity: number;
  selected: boolean;
  /** unitPrice × qty. */
  lineTotal: number;
  /** false when the book is no longer sold or is out of stock: never counted nor ordered. */
  available: boolean;
  /** INACTIVE / OUT_OF_STOCK (then available is false) or INSUFFICIENT_STOCK (qty above stockAvailable). */
  issue: CartLineIssue | null;
}

export interface CartDto {
  items: CartItemDto[];
  /** Summary over the selected, available lines (computeTotals with the STANDARD estimate). */
  subtotal: number;
  /** Sale savings plus the applied voucher's money off. */
  discountTotal: number;
  merchandiseTotal: number;
  voucherDiscount: number;
  shippingDiscount: number;
  shippingFee: number;
  taxTotal: number;
  grandTotal: number;
  /** The delivery method the shipping estimate assumes. */
  deliveryMethod: DeliveryMethod;
  /** Selected, available lines ('Đã chọn'). */
  totalSelected: number;
  /** Distinct lines of the whole cart (the header badge); also as uniqueItems and distinctItems. */
  totalItems: number;
  uniqueItems: number;
  distinctItems: number;
  /** Σ qty of the selected, available lines. */
  totalQuantity: number;
  /** The voucher the shopper applied (PUT /cart/voucher), with whether it fits the selection now; null: none. */
  voucher: CartVoucherDto | null;
}


/**
 * What a login (or the end of a registration) did with the visitor's guest cart: how many lines it moved into the
 * account's cart, and a Vietnamese notice for each line that was cut to the stock or the per-line maximum, or left
 * out because the book sold out. Sent as `cartMerge` beside the login's token.
 */
export interface CartMergeDto {
  merged: number;
  notices: string[];
}

import { ERROR_CODES, QTY_MAX, type CartDto } from '@nhasach/shared';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { bookStockState } from '../catalog/index.ts';
import { applyToCart, cartVoucher, removeFromCart } from '../vouchers/index.ts';
import { buildCart, voucherLines } from './lines.ts';
import * as repo from './repo.ts';

/**
 * The cart of a logged-in user (spec section 7, Cart). Every call answers with the whole cart, recomputed from the
 * books as they are now: prices, sale windows, stock and status.
 */

export const BOOK_NOT_FOUND = 'Không tìm thấy sách.';
export const OUT_OF_STOCK_MESSAGE = 'Sản phẩm đã hết hàng.';
export const BOOK_UNAVAILABLE_MESSAGE = 'Sản phẩm này đã ngừng bán.';

export const outOfStock = (title?: string) =>
  new AppError(409, ERROR_CODES.outOfStock, title ? `Sản phẩm "${title}" đã hết hàng.` : OUT_OF_STOCK_MESSAGE, undefined, { stockAvailable: 0 });

export const insufficientStock = (stock: number, qtyInCart: number, title?: string) =>
  new AppError(
    409,
    ERROR_CODES.insufficientStock,
    title ? `Sản phẩm "${title}" chỉ còn ${stock} cuốn trong kho.` : `Sản phẩm chỉ còn ${stock} cuốn trong kho.`,
    undefined,
    { stockAvailable: stock, qtyInCart },
  );

const qtyCap = (qtyInCart: number) =>
  badRequest(`Mỗi sản phẩm chỉ được mua tối đa ${QTY_MAX} cuốn${qtyInCart > 0 ? ` (giỏ hàng đã có ${qtyInCart})` : ''}.`, undefined, {
    maxQty: QTY_MAX,
    qtyInCart,
  });

export async function getCart(db: Db, userId: number, now = new Date()): Promise<CartDto> {
  const rows = await repo.cartLines(db, userId);
  return buildCart(rows, now, 'STANDARD', await cartVoucher(db, userId, voucherLines(rows, now), now));
}

/** The selected lines as the voucher rule reads them (the checkout's list of codes). */
export async function selectedVoucherLines(db: Db, userId: number, now = new Date()) {
  return voucherLines(await repo.cartLines(db, userId), now);
}

/** Applies a voucher code to the cart (one at a time: it replaces the previous one); 400 on voucherCode when it does not fit. */
export async function applyVoucher(db: Db, userId: number, code: string): Promise<CartDto> {
  const now = new Date();
  await applyToCart(db, userId, code, await selectedVoucherLines(db, userId, now), now);
  return getCart(db, userId, now);
}

export async function removeVoucher(db: Db, userId: number): Promise<CartDto> {
  await removeFromCart(db, userId);
  return getCart(db, userId);
}

/** A book that can be put in a cart now, or the reason it cannot. */
async function sellableBook(db: Db, bookId: number) {
  const book = await bookStockState(db, bookId);
  if (!book || book.status === 'DRAFT') throw notFound(BOOK_NOT_FOUND);
  if (book.status === 'INACTIVE') throw new AppError(400, ERROR_CODES.bookUnavailable, BOOK_UNAVAILABLE_MESSAGE);
  if (book.status === 'OUT_OF_STOCK' || book.stock <= 0) throw outOfStock();
  return book;
}

/** Adds to the line's quantity; the total never exceeds 99 nor the stock (refused, not trimmed). */
export async function addItem(db: Db, userId: number, bookId: number, qty: number): Promise<CartDto> {
  const book = await sellableBook(db, bookId);
  const inCart = (await repo.findLine(db, userId, bookId))?.qty ?? 0;
  const check = (current: number) => {
    if (current + qty > QTY_MAX) throw qtyCap(current);
    if (current + qty > book.stock) throw insufficientStock(book.stock, current);
  };
  check(inCart);
  const written = await repo.addToLine(db, userId, bookId, qty, Math.min(QTY_MAX, book.stock));
  if (written === undefined) {
    // A concurrent add of the same user got there first: report against the line as it is now.
    check((await repo.findLine(db, userId, bookId))?.qty ?? 0);
  }
  return getCart(db, userId);
}

/** {selected} and/or {qty}; qty 0 removes the line. Raising qty is checked against the stock, lowering never. */
export async function updateItem(db: Db, userId: number, bookId: number, change: { qty?: number; selected?: boolean }): Promise<CartDto> {
  const line = await repo.findLine(db, userId, bookId);
  if (!line) throw notFound('Sản phẩm không có trong giỏ hàng.');
  if (change.qty === 0) {
    await repo.deleteLines(db, userId, [bookId]);
    return getCart(db, userId);
  }
  if (change.qty !== undefined && change.qty > line.qty) {
    const book = await sellableBook(db, bookId);
    if (change.qty > book.stock) throw insufficientStock(book.stock, line.qty);
  }
  await repo.updateLine(db, userId, bookId, change);
  return getCart(db, userId);
}

/** Removing a line that is not there is not an error (double clicks). */
export async function removeItem(db: Db, userId: number, bookId: number): Promise<CartDto> {
  await repo.deleteLines(db, userId, [bookId]);
  return getCart(db, userId);
}

export async function clearCart(db: Db, userId: number, onlyUnselected: boolean): Promise<CartDto> {
  if (onlyUnselected) await repo.deleteUnselected(db, userId);
  else await repo.deleteLines(db, userId);
  return getCart(db, userId);
}

export async function selectAll(db: Db, userId: number, selected: boolean): Promise<CartDto> {
  await repo.selectAll(db, userId, selected);
  return getCart(db, userId);
}

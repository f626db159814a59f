import { ERROR_CODES, QTY_MAX, type CartDto } from '@nhasach/shared';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { bookStockState } from '../catalog/index.ts';
import { applyToCart, cartVoucher, removeFromCart } from '../vouchers/index.ts';
import { buildCart, isOrderable, lineIssue, voucherLines } from './lines.ts';
import { countGuestLines } from './guest-repo.ts';
import * as repo from './repo.ts';
import { storeOf, type CartOwner } from './repo.ts';

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

/** A guest cart holds at most this many lines (it costs the shop rows until it expires); an account has no cap. */
export const GUEST_CART_MAX_LINES = 30;

const guestCartFull = () =>
  badRequest(`Giỏ hàng của khách chỉ chứa tối đa ${GUEST_CART_MAX_LINES} sản phẩm. Vui lòng đăng nhập để thêm tiếp.`, undefined, {
    maxLines: GUEST_CART_MAX_LINES,
  });

const qtyCap = (qtyInCart: number) =>
  badRequest(`Mỗi sản phẩm chỉ được mua tối đa ${QTY_MAX} cuốn${qtyInCart > 0 ? ` (giỏ hàng đã có ${qtyInCart})` : ''}.`, undefined, {
    maxQty: QTY_MAX,
    qtyInCart,
  });

export async function getCart(db: Db, userId: number, now = new Date()): Promise<CartDto> {
  return cartOf(db, { kind: 'user', userId }, now);
}

/** The whole cart of a user or a guest (a guest cart never carries a voucher: vouchers need an account). */
export async function cartOf(db: Db, owner: CartOwner, now = new Date()): Promise<CartDto> {
  if (owner.kind === 'guest') return buildCart(await storeOf(owner).lines(db), now, 'STANDARD', null);
  const rows = await repo.cartLines(db, owner.userId);
  return buildCart(rows, now, 'STANDARD', await cartVoucher(db, owner.userId, voucherLines(rows, now), now));
}

/** The selected lines that can be ordered now (what placing the order would take), in book id order. */
export async function selectedOrderableLines(db: Db, userId: number): Promise<{ bookId: number; qty: number }[]> {
  return (await repo.cartLines(db, userId))
    .filter((l) => l.selected && isOrderable(lineIssue(l)))
    .map((l) => ({ bookId: l.bookId, qty: l.qty }))
    .sort((a, b) => a.bookId - b.bookId);
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
export async function addItem(db: Db, owner: CartOwner, bookId: number, qty: number): Promise<CartDto> {
  const store = storeOf(owner);
  const book = await sellableBook(db, bookId);
  const line = await store.find(db, bookId);
  const inCart = line?.qty ?? 0;
  if (!line && owner.kind === 'guest' && (await countGuestLines(db, owner.guestId)) >= GUEST_CART_MAX_LINES) throw guestCartFull();
  const check = (current: number) => {
    if (current + qty > QTY_MAX) throw qtyCap(current);
    if (current + qty > book.stock) throw insufficientStock(book.stock, current);
  };
  check(inCart);
  const written = await store.add(db, bookId, qty, Math.min(QTY_MAX, book.stock));
  if (written === undefined) {
    // A concurrent add of the same cart got there first: report against the line as it is now.
    check((await store.find(db, bookId))?.qty ?? 0);
  }
  return cartOf(db, owner);
}

/** {selected} and/or {qty}; qty 0 removes the line. Raising qty is checked against the stock, lowering never. */
export async function updateItem(db: Db, owner: CartOwner, bookId: number, change: { qty?: number; selected?: boolean }): Promise<CartDto> {
  const store = storeOf(owner);
  const line = await store.find(db, bookId);
  if (!line) throw notFound('Sản phẩm không có trong giỏ hàng.');
  if (change.qty === 0) {
    await store.remove(db, [bookId]);
    return cartOf(db, owner);
  }
  if (change.qty !== undefined && change.qty > line.qty) {
    const book = await sellableBook(db, bookId);
    if (change.qty > book.stock) throw insufficientStock(book.stock, line.qty);
  }
  await store.update(db, bookId, change);
  return cartOf(db, owner);
}

/** Removing a line that is not there is not an error (double clicks). */
export async function removeItem(db: Db, owner: CartOwner, bookId: number): Promise<CartDto> {
  await storeOf(owner).remove(db, [bookId]);
  return cartOf(db, owner);
}

export async function clearCart(db: Db, owner: CartOwner, onlyUnselected: boolean): Promise<CartDto> {
  if (onlyUnselected) await storeOf(owner).removeUnselected(db);
  else await storeOf(owner).remove(db);
  return cartOf(db, owner);
}

export async function selectAll(db: Db, owner: CartOwner, selected: boolean): Promise<CartDto> {
  await storeOf(owner).selectAll(db, selected);
  return cartOf(db, owner);
}

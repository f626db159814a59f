import type { FastifyBaseLogger } from 'fastify';
import {
  computeTotals,
  CUSTOMER_CANCELLABLE_STATUSES,
  ERROR_CODES,
  PAYMENT_METHOD_LABELS,
  parcelWeightGram,
  SHIPPING_MESSAGES,
  type InvoiceRequestDto,
  type PaymentMethod,
  type OrderDto,
  type OrderPage,
  type OrderStatus,
} from '@nhasach/shared';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { toPage } from '../../lib/pagination.ts';
import type { AuthUser } from '../../lib/guards.ts';
import { findOwnedAddress } from '../addresses/index.ts';
import { deleteLines, insufficientStock, isOrderable, lineIssue, lockSelectedLines, outOfStock, selectedOrderableLines, unitPrices } from '../cart/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { bookCovers, shippingBooks, stockOf, takeStock } from '../catalog/index.ts';
import { clearCartVoucher, lockForOrder, recordUse } from '../vouchers/index.ts';
import { generateOrderCode } from './code.ts';
import { toOrderDto, toOrderSummaryDto } from './dto.ts';
import { cancelOrder, ORDER_NOT_FOUND } from './lifecycle.ts';
import type { OrderPaymentMethods } from './payment-methods.ts';
import { NOT_CANCELLABLE, type OrderProcess } from './process.ts';
import * as repo from './repo.ts';
import type { OrderShipping } from './shipping-port.ts';

export interface OrdersContext {
  db: Db;
  log: FastifyBaseLogger;
  process: OrderProcess;
  paymentMethods: OrderPaymentMethods;
  /** The carrier's fee and the order's shipment. */
  shipping: OrderShipping;
}

export const CART_EMPTY_MESSAGE = 'Giỏ hàng không có sản phẩm nào được chọn.';

export interface CreateOrderCommand {
  addressId: number;
  paymentMethod: PaymentMethod;
  deliveryMethod: 'STANDARD' | 'EXPRESS';
  note?: string;
  /** Normalised voucher code, if the shopper used one. */
  voucherCode?: string;
  idempotencyKey?: string;
  /** A company's details for a VAT invoice (the invoices module keeps them). */
  invoice?: InvoiceRequestDto | null;
  /** The delivery fee the checkout showed (before a voucher): refused with 409 when it is not the server's. */
  expectedShippingFee?: number;
}

/** Loads items, history and the shipment and builds the customer DTO. */
export async function orderDto(db: Db | Tx, order: repo.OrderRow, shipping?: Pick<OrderShipping, 'shipmentOf'>): Promise<OrderDto> {
  const [items, history, shipment] = await Promise.all([
    repo.itemsOf(db, order.id),
    repo.historyOf(db, order.id),
    shipping ? shipping.shipmentOf(db, order.id) : Promise.resolve(null),
  ]);
  return toOrderDto(order, items, history, new Date(), shipment);
}

const feeChanged = () => new AppError(409, ERROR_CODES.shippingFeeChanged, SHIPPING_MESSAGES.feeChanged);

/** The parcel of some lines: its weight and what its goods cost the shopper now. */
async function parcelOf(db: Db, lines: readonly { bookId: number; qty: number }[], now: Date) {
  const books = new Map((await shippingBooks(db, lines.map((l) => l.bookId))).map((b) => [b.id, b]));
  const weightOf = new Map([...books.values()].map((b) => [b.id, b.weightGram]));
  let declaredValue = 0;
  for (const l of lines) {
    const book = books.get(l.bookId);
    if (book) declaredValue += unitPrices(book, now).unitPrice * l.qty;
  }
  const weigh = (ls: readonly { bookId: number; qty: number }[]) => parcelWeightGram(ls.map((l) => ({ weightGram: weightOf.get(l.bookId), qty: l.qty })));
  return { weightGram: weigh(lines), declaredValue, weigh };
}

/** Why a line could not be served, said with the book's title. */
async function stockFailure(tx: Tx, bookId: number, qty: number): Promise<AppError> {
  const [book] = await stockOf(tx, [bookId]);
  if (!book || (book.status !== 'ACTIVE' && book.status !== 'OUT_OF_STOCK')) {
    return new AppError(409, ERROR_CODES.bookUnavailable, `Sản phẩm "${book?.title ?? bookId}" đã ngừng bán.`);
  }
  if (book.status === 'OUT_OF_STOCK' || book.stock <= 0) return outOfStock(book.title);
  return insufficientStock(book.stock, qty, book.title);
}

/**
 * Places an order from the caller's selected, available cart lines (spec section 7, Orders). One transaction:
 * lock the selected lines, take each book's stock with a guarded UPDATE (book id order), price every line from the
 * locked book row, compute the totals with the shared rule, snapshot items and address, remove the ordered lines,
 * record the first history entry, write the confirmation mail to the outbox. Any failure rolls all of it back.
 * Returns the order and whether it was created now (false: the Idempotency-Key had already placed it).
 */
export async function createOrder(ctx: OrdersContext, user: AuthUser, cmd: CreateOrderCommand): Promise<{ order: OrderDto; created: boolean }> {
  const { db } = ctx;
  if (cmd.idempotencyKey) {
    const existing = await repo.findByIdempotencyKey(db, user.id, cmd.idempotencyKey);
    if (existing) return { order: await orderDto(db, existing, ctx.shipping), created: false };
  }
  const address = await findOwnedAddress(db, user.id, cmd.addressId);
  if (!address) throw notFound('Không tìm thấy địa chỉ giao hàng.');

  // The carrier's fee for the selection is asked before the transaction: an HTTP call must not hold the cart's and
  // the books' locks. The transaction checks that it orders the parcel that was quoted (same weight).
  const preview = await selectedOrderableLines(db, user.id);
  const parcel = await parcelOf(db, preview, new Date());
  const carrierFee = preview.length ? await ctx.shipping.carrierFee(address, parcel, cmd.deliveryMethod) : undefined;

  let placed: { order: repo.OrderRow; items: repo.OrderItemRow[] };
  try {
    placed = await db.transaction(async (tx) => {
      const selected = await lockSelectedLines(tx, user.id);
      if (!selected.length) throw new AppError(400, ERROR_CODES.cartEmpty, CART_EMPTY_MESSAGE);
      const states = new Map((await stockOf(tx, selected.map((l) => l.bookId))).map((b) => [b.id, b]));
      const lines = selected.filter((l) => {
        const book = states.get(l.bookId);
        return book !== undefined && isOrderable(lineIssue({ ...book, qty: l.qty }));
      });
      if (!lines.length) {
        throw new AppError(409, ERROR_CODES.outOfStock, 'Các sản phẩm đã chọn đã hết hàng hoặc ngừng bán.');
      }

      const now = new Date();
      // The code first: the stock movements of this order name it.
      let code = generateOrderCode(now);
      while (await repo.codeExists(tx, code)) code = generateOrderCode(now);
      // lines are in book id order (lockSelectedLines): every order locks books in the same order.
      const taken = await takeStock(tx, lines, { orderCode: code });
      if (!taken.ok) throw await stockFailure(tx, taken.line.bookId, taken.line.qty);
      const qtyOf = new Map(lines.map((l) => [l.bookId, l.qty]));
      const priced = taken.books.map((book) => ({ book, qty: qtyOf.get(book.id)!, ...unitPrices(book, now) }));
      // The voucher row is locked after the books (every path takes books first, then the voucher): orders using
      // the same code are counted one after the other, and a refusal rolls the whole order back.
      const voucher = cmd.voucherCode
        ? await lockForOrder(
            tx,
            cmd.voucherCode,
            user.id,
            priced.map((p) => ({ lineTotal: p.unitPrice * p.qty, categoryIds: p.book.categoryIds })),
            now,
          )
        : null;
      // The selection changed between the quote and now (another tab): the fee may not be the parcel's.
      if (carrierFee === undefined || parcel.weigh(lines) !== parcel.weightGram) throw feeChanged();
      const totals = computeTotals(priced, cmd.deliveryMethod, voucher?.effect, carrierFee);
      // The checkout showed the fee before a voucher: compared with the same (nothing is written when it differs).
      if (cmd.expectedShippingFee !== undefined && cmd.expectedShippingFee !== totals.shippingFee + totals.shippingDiscount) throw feeChanged();
      const covers = await bookCovers(tx, priced.map((p) => p.book.id));

      const order = await repo.insertOrder(tx, {
        code,
        userId: user.id,
        paymentMethod: cmd.paymentMethod,
        deliveryMethod: cmd.deliveryMethod,
        subtotal: totals.subtotal,
        discountTotal: totals.discountTotal,
        shippingFee: totals.shippingFee,
        taxTotal: totals.taxTotal,
        grandTotal: totals.grandTotal,
        voucherId: voucher?.voucher.id ?? null,
        voucherCode: voucher?.voucher.code ?? null,
        voucherDiscount: totals.voucherDiscount,
        shippingDiscount: totals.shippingDiscount,
        note: cmd.note ?? null,
        receiverName: address.fullName,
        receiverPhone: address.phone,
        receiverEmail: user.email,
        line1: address.line1,
        ward: address.ward,
        district: address.district,
        province: address.province,
        wardCode: address.wardCode,
        districtCode: address.districtCode,
        provinceCode: address.provinceCode,
        addressScheme: address.scheme,
        addressLine: address.addressLine,
        paymentExpiresAt: ctx.paymentMethods(cmd.paymentMethod).paymentDeadline(now),
        idempotencyKey: cmd.idempotencyKey ?? null,
        createdAt: now,
        updatedAt: now,
      });
      await repo.insertItems(
        tx,
        priced.map((p) => ({
          orderId: order.id,
          bookId: p.book.id,
          slug: p.book.slug,
          sku: p.book.sku,
          isbn: p.book.isbn13,
          title: p.book.title,
          imageUrl: covers.get(p.book.id) ?? null,
          unitPrice: p.unitPrice,
          originalUnitPrice: p.originalUnitPrice,
          discount: (p.originalUnitPrice - p.unitPrice) * p.qty,
          qty: p.qty,
          lineTotal: p.unitPrice * p.qty,
        })),
      );
      if (voucher) {
        await recordUse(tx, {
          voucherId: voucher.voucher.id,
          userId: user.id,
          orderId: order.id,
          discount: totals.voucherDiscount,
          shippingDiscount: totals.shippingDiscount,
        });
        await clearCartVoucher(tx, user.id);
      }
      await deleteLines(tx, user.id, lines.map((l) => l.bookId));
      await repo.insertHistory(tx, {
        orderId: order.id,
        actorId: user.id,
        actorRole: 'CUSTOMER',
        type: 'STATUS',
        fromStatus: null,
        toStatus: 'PENDING',
        note: `Đặt hàng, thanh toán: ${PAYMENT_METHOD_LABELS[cmd.paymentMethod]}${voucher ? `, mã giảm giá ${voucher.voucher.code}` : ''}`,
        at: now,
      });
      const items = await repo.itemsOf(tx, order.id);
      // The confirmation mail commits with the order (outbox): never lost, never sent for an order rolled back.
      await ctx.process.placed({ tx, order, items, request: { invoice: cmd.invoice } });
      return { order, items };
    });
  } catch (err) {
    // Two requests with the same Idempotency-Key at once: the loser either waited for the cart lines and found them
    // gone (CART_EMPTY) or hit the unique key, and rolled back whole; it answers with the winner's order.
    if (cmd.idempotencyKey && (isUniqueViolation(err) || err instanceof AppError)) {
      const existing = await repo.findByIdempotencyKey(db, user.id, cmd.idempotencyKey);
      if (existing) return { order: await orderDto(db, existing, ctx.shipping), created: false };
    }
    throw err;
  }

  return { order: await orderDto(db, placed.order, ctx.shipping), created: true };
}

/** My orders, newest first; `statuses` filters (the canceled tab passes CANCELED and CANCEL_REQUESTED). */
export async function listMyOrders(db: Db, userId: number, statuses: readonly OrderStatus[] | undefined, page: number, size: number): Promise<OrderPage> {
  const { rows, total } = await repo.pageByUser(db, userId, statuses, page, size);
  const lines = new Map<number, Awaited<ReturnType<typeof repo.linesOfOrders>>>();
  for (const line of await repo.linesOfOrders(db, rows.map((r) => r.id))) {
    const own = lines.get(line.orderId);
    if (own) own.push(line);
    else lines.set(line.orderId, [line]);
  }
  return toPage(
    rows.map((r) => toOrderSummaryDto(r, lines.get(r.id) ?? [])),
    total,
    page,
    size,
  );
}

/** The caller's order; anyone else's, or an unknown code, is 404 (no hint that it exists). */
export async function getMyOrder(db: Db, userId: number, code: string, shipping?: Pick<OrderShipping, 'shipmentOf'>): Promise<OrderDto> {
  const order = await repo.findByCode(db, code, userId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return orderDto(db, order, shipping);
}

/**
 * The customer cancels while PENDING, CONFIRMED or PROCESSING: an unpaid order is cancelled and its stock returns
 * (once); a paid one becomes CANCEL_REQUESTED for staff to cancel and refund. Anything else is 409.
 */
export async function cancelMyOrder(ctx: OrdersContext, userId: number, code: string, reason: string): Promise<{ order: OrderDto; requested: boolean }> {
  const { db } = ctx;
  const result = await db.transaction(async (tx) => {
    const found = await repo.findByCode(tx, code, userId);
    if (!found) throw notFound(ORDER_NOT_FOUND);
    const order = await repo.lockById(tx, found.id);
    if (!order || !(CUSTOMER_CANCELLABLE_STATUSES as readonly OrderStatus[]).includes(order.status)) {
      throw new AppError(409, ERROR_CODES.orderStatusInvalid, NOT_CANCELLABLE);
    }
    const toStatus = order.paymentStatus === 'PAID' ? 'CANCEL_REQUESTED' : 'CANCELED';
    const updated = await cancelOrder(ctx.process, tx, order.id, {
      actor: { id: userId, role: 'CUSTOMER' },
      reason,
      toStatus,
      allowedFrom: CUSTOMER_CANCELLABLE_STATUSES,
    });
    return { updated, requested: toStatus === 'CANCEL_REQUESTED' };
  });
  return { order: await orderDto(db, result.updated, ctx.shipping), requested: result.requested };
}

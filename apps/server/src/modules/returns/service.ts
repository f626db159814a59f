import type { FastifyBaseLogger } from 'fastify';
import {
  formatVnd,
  PAYMENT_METHOD_FLOWS,
  RETURN_MESSAGES,
  RETURN_STATUS_LABELS,
  returnBlock,
  returnLineAmount,
  returnNeedsBankAccount,
  returnWindowEnd,
  type OrderReturnsDto,
  type PageResult,
  type RefundMethod,
  type ReturnDto,
  type ReturnListQuery,
  type ReturnRequest,
} from '@nhasach/shared';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../lib/guards.ts';
import { toPage } from '../../lib/pagination.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { receiveReturnedStock } from '../catalog/index.ts';
import type { MediaStorage } from '../media/index.ts';
import { findOrderByCode, findOrderById, lockOrder, orderItemsOf, type OrderProcess, type OrderRow } from '../orders/index.ts';
import type { PaymentRegistry } from '../payments/index.ts';
import { makeRefund } from '../sales/index.ts';
import { mailReturnStep } from './mail.ts';
import { preparePhotos, removePhotos, storePhotos, type UploadedPhoto } from './photos.ts';
import * as repo from './repo.ts';

export interface ReturnsContext {
  db: Db;
  log: FastifyBaseLogger;
  storage: MediaStorage;
  /** The shop's public address, for the links in the mails. */
  shopUrl: string;
  process: OrderProcess;
  payments: PaymentRegistry;
}

const RETURN_NOT_ALLOWED = 'RETURN_NOT_ALLOWED';
const RETURN_STEP_INVALID = 'RETURN_STEP_INVALID';
const stepConflict = (message: string) => conflict(message, RETURN_STEP_INVALID);

// ---------------------------------------------------------------------------------------------------------
// DTOs

async function toDtos(db: Db | Tx, rows: repo.ReturnRow[], orders?: Map<number, OrderRow>): Promise<ReturnDto[]> {
  const lines = await repo.linesOf(
    db,
    rows.map((r) => r.id),
  );
  const byOrder = orders ?? new Map<number, OrderRow>();
  for (const r of rows) {
    if (!byOrder.has(r.orderId)) {
      const o = await findOrderById(db, r.orderId);
      if (o) byOrder.set(o.id, o);
    }
  }
  return rows.map((r) => {
    const order = byOrder.get(r.orderId);
    return {
      id: r.id,
      orderId: r.orderId,
      orderCode: r.orderCode,
      status: r.status,
      reason: r.reason,
      note: r.note,
      lines: lines
        .filter((l) => l.returnId === r.id)
        .map((l) => ({ orderItemId: l.orderItemId, bookId: l.bookId, title: l.title, imageUrl: l.imageUrl, unitPrice: l.unitPrice, qty: l.qty, amount: l.amount })),
      amount: r.amount,
      photos: r.photos.map((p) => ({ url: p.url })),
      bankAccount:
        r.bankName && r.bankAccountNumber && r.bankAccountHolder
          ? { bankName: r.bankName, accountNumber: r.bankAccountNumber, accountHolder: r.bankAccountHolder }
          : null,
      refusalReason: r.refusalReason,
      refundMethod: r.refundMethod,
      refundId: r.refundId,
      customerName: order?.receiverName ?? '',
      customerEmail: order?.receiverEmail ?? null,
      paymentMethod: order?.paymentMethod ?? 'COD',
      requestedAt: r.createdAt.toISOString(),
      approvedAt: r.approvedAt?.toISOString() ?? null,
      refusedAt: r.refusedAt?.toISOString() ?? null,
      receivedAt: r.receivedAt?.toISOString() ?? null,
      refundedAt: r.refundedAt?.toISOString() ?? null,
    };
  });
}

async function dtoOf(db: Db | Tx, id: number): Promise<ReturnDto> {
  const row = await repo.findReturn(db, id);
  if (!row) throw notFound(RETURN_MESSAGES.notFound);
  return (await toDtos(db, [row]))[0]!;
}

// ---------------------------------------------------------------------------------------------------------
// The shopper

/** The shopper's own order by code; someone else's is a 404, as if it did not exist. */
async function ownOrder(db: Db | Tx, user: AuthUser, code: string): Promise<OrderRow> {
  const order = await findOrderByCode(db, code);
  if (!order || order.userId !== user.id) throw notFound(RETURN_MESSAGES.orderNotFound);
  return order;
}

/** GET /orders/{code}/returns: the order's returns, and what may still be returned until when. */
export async function orderReturns(db: Db, user: AuthUser, code: string): Promise<OrderReturnsDto> {
  const order = await ownOrder(db, user, code);
  const [rows, items, returned] = await Promise.all([repo.returnsOfOrder(db, order.id), orderItemsOf(db, order.id), repo.returnedQtyByItem(db, order.id)]);
  return {
    returns: await toDtos(db, rows, new Map([[order.id, order]])),
    blocked: returnBlock(order),
    windowEndsAt: order.deliveredAt ? returnWindowEnd(order.deliveredAt).toISOString() : null,
    needsBankAccount: returnNeedsBankAccount(order.paymentMethod),
    lines: items.map((i) => ({
      orderItemId: i.id,
      bookId: i.bookId,
      title: i.title,
      imageUrl: i.imageUrl,
      unitPrice: i.unitPrice,
      qty: i.qty,
      returnable: Math.max(0, i.qty - (returned.get(i.id) ?? 0)),
    })),
  };
}

/**
 * POST /orders/{code}/returns. The photos are checked and stored first (a bad one is a 400 and nothing is kept);
 * then, under the order's row lock, the window and the quantities (bought minus what other returns still under way
 * or done ask for) are checked, so two requests sent together can never return more than was bought.
 */
export async function requestReturn(ctx: ReturnsContext, user: AuthUser, code: string, input: ReturnRequest, photos: UploadedPhoto[]): Promise<ReturnDto> {
  const found = await ownOrder(ctx.db, user, code);
  const blocked = returnBlock(found);
  if (blocked) throw new AppError(409, RETURN_NOT_ALLOWED, blocked);
  const needsBank = returnNeedsBankAccount(found.paymentMethod);
  if (needsBank && !input.bankAccount) throw badRequest(RETURN_MESSAGES.bankRequired, [{ field: 'bankAccount', message: RETURN_MESSAGES.bankRequired }]);

  const bodies = await preparePhotos(photos);
  const stored = await storePhotos(ctx.storage, found.id, bodies);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const order = (await lockOrder(tx, found.id))!;
      const again = returnBlock(order);
      if (again) throw new AppError(409, RETURN_NOT_ALLOWED, again);
      const items = new Map((await orderItemsOf(tx, order.id)).map((i) => [i.id, i]));
      const returned = await repo.returnedQtyByItem(tx, order.id);
      const lines = input.lines.map((l) => {
        const item = items.get(l.orderItemId);
        if (!item) throw badRequest(RETURN_MESSAGES.lineUnknown, [{ field: 'lines', message: RETURN_MESSAGES.lineUnknown }]);
        const left = item.qty - (returned.get(item.id) ?? 0);
        if (l.qty > left) {
          const message = RETURN_MESSAGES.qtyTooMany(item.title, Math.max(0, left));
          throw badRequest(message, [{ field: 'lines', message }]);
        }
        return {
          orderItemId: item.id,
          bookId: item.bookId,
          title: item.title,
          imageUrl: item.imageUrl,
          unitPrice: item.unitPrice,
          qty: l.qty,
          amount: returnLineAmount({ unitPrice: item.unitPrice, qty: l.qty }, order),
        };
      });
      const bank = needsBank ? input.bankAccount! : null;
      const row = await repo.insertReturn(
        tx,
        {
          orderId: order.id,
          orderCode: order.code,
          userId: user.id,
          reason: input.reason,
          note: input.note,
          amount: lines.reduce((s, l) => s + l.amount, 0),
          photos: stored,
          bankName: bank?.bankName ?? null,
          bankAccountNumber: bank?.accountNumber ?? null,
          bankAccountHolder: bank?.accountHolder ?? null,
        },
        lines,
      );
      await mailReturnStep(tx, ctx.shopUrl, order, row, { kind: 'REQUESTED', lines: lines.map((l) => ({ ...l, id: 0, returnId: row.id })) });
      await audit(tx, user, order, row, 'ORDER_RETURN_REQUEST', `Khách yêu cầu trả hàng #${row.id} (${formatVnd(row.amount)})`);
      return row.id;
    });
    return dtoOf(ctx.db, id);
  } catch (err) {
    await removePhotos(ctx.storage, stored);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Staff

export async function listReturns(db: Db, q: ReturnListQuery): Promise<PageResult<ReturnDto>> {
  const { rows, total } = await repo.pageReturns(db, q);
  return toPage(await toDtos(db, rows), total, q.page, q.size);
}

export const getReturn = (db: Db, id: number) => dtoOf(db, id);

function audit(tx: Tx, user: AuthUser, order: OrderRow, r: repo.ReturnRow, action: string, summary: string, details: Record<string, unknown> = {}) {
  return recordAudit(tx, {
    ...auditActor(user),
    action,
    entityType: 'ORDER',
    entityId: order.code,
    summary: `Đơn ${order.code}: ${summary}`,
    details: { orderId: order.id, returnId: r.id, ...details },
  });
}

/** Runs one step of a return under its row lock, so a repeated click or a racing colleague finds the step taken. */
async function step(ctx: ReturnsContext, id: number, fn: (tx: Tx, r: repo.ReturnRow, order: OrderRow) => Promise<void>): Promise<ReturnDto> {
  await ctx.db.transaction(async (tx) => {
    const r = await repo.lockReturn(tx, id);
    if (!r) throw notFound(RETURN_MESSAGES.notFound);
    const order = (await findOrderById(tx, r.orderId))!;
    await fn(tx, r, order);
  });
  return dtoOf(ctx.db, id);
}

export const approveReturn = (ctx: ReturnsContext, user: AuthUser, id: number) =>
  step(ctx, id, async (tx, r, order) => {
    if (r.status !== 'REQUESTED') throw stepConflict(RETURN_MESSAGES.notRequested);
    const row = await repo.updateReturn(tx, id, { status: 'APPROVED', approvedAt: new Date(), decidedBy: user.id });
    await mailReturnStep(tx, ctx.shopUrl, order, row, { kind: 'APPROVED' });
    await audit(tx, user, order, row, 'ORDER_RETURN_APPROVE', `duyệt yêu cầu trả hàng #${id}`);
  });

export const refuseReturn = (ctx: ReturnsContext, user: AuthUser, id: number, reason: string) =>
  step(ctx, id, async (tx, r, order) => {
    if (r.status !== 'REQUESTED') throw stepConflict(RETURN_MESSAGES.notRequested);
    const row = await repo.updateReturn(tx, id, { status: 'REFUSED', refusedAt: new Date(), refusalReason: reason, decidedBy: user.id });
    await mailReturnStep(tx, ctx.shopUrl, order, row, { kind: 'REFUSED' });
    await audit(tx, user, order, row, 'ORDER_RETURN_REFUSE', `từ chối yêu cầu trả hàng #${id}: ${reason}`, { reason });
  });

/** The copies are back: one RETURN movement per book, exactly once (the row lock and the APPROVED check). */
export const receiveReturn = (ctx: ReturnsContext, user: AuthUser, id: number) =>
  step(ctx, id, async (tx, r, order) => {
    if (r.status !== 'APPROVED') {
      throw stepConflict(r.status === 'REQUESTED' || r.status === 'REFUSED' ? RETURN_MESSAGES.notApproved : RETURN_MESSAGES.alreadyReceived);
    }
    const lines = await repo.linesOf(tx, [id]);
    await receiveReturnedStock(
      tx,
      lines.map((l) => ({ bookId: l.bookId, qty: l.qty })),
      { returnId: id, orderCode: order.code, actor: { id: user.id, username: user.username } },
    );
    const row = await repo.updateReturn(tx, id, { status: 'RECEIVED', receivedAt: new Date(), receivedBy: user.id });
    await mailReturnStep(tx, ctx.shopUrl, order, row, { kind: 'RECEIVED' });
    await audit(tx, user, order, row, 'ORDER_RETURN_RECEIVE', `nhận hàng trả #${id} về kho`);
  });

const refundRefusal = (status: string) =>
  stepConflict(status === 'REFUNDING' ? RETURN_MESSAGES.refunding : status === 'REFUNDED' ? RETURN_MESSAGES.alreadyRefunded : RETURN_MESSAGES.notReceived);

/**
 * The money back, exactly once: (1) under the return's lock, RECEIVED becomes REFUNDING (a second click or a racing
 * request finds it so: 409); (2) the sales module's refund (the gateway's refund call for a VNPAY order, else a bank
 * transfer recorded to the shopper's account) writes order_refunds and makes the order REFUNDED once everything paid
 * is back; (3) REFUNDED with the refund's id. A failed refund puts the return back to RECEIVED and answers the
 * refund's error (502 from the gateway, 409/400 from the rules), so it can be tried again.
 */
export async function refundReturn(ctx: ReturnsContext, user: AuthUser, id: number, note: string | null, ip?: string): Promise<ReturnDto> {
  const claimed = await ctx.db.transaction(async (tx) => {
    const r = await repo.lockReturn(tx, id);
    if (!r) throw notFound(RETURN_MESSAGES.notFound);
    if (r.status !== 'RECEIVED') throw refundRefusal(r.status);
    const order = (await findOrderById(tx, r.orderId))!;
    await repo.updateReturn(tx, id, { status: 'REFUNDING' });
    return { r, order };
  });
  const { r, order } = claimed;
  const method: RefundMethod = PAYMENT_METHOD_FLOWS[order.paymentMethod] === 'GATEWAY' ? 'GATEWAY' : 'BANK_TRANSFER';
  const to = r.bankName ? `, chuyển khoản đến ${r.bankName} ${r.bankAccountNumber} (${r.bankAccountHolder})` : '';
  const refundNote = `Trả hàng #${id}${to}${note ? `: ${note}` : ''}`;
  let refundId: number | null = null;
  try {
    if (r.amount > 0) {
      refundId = await makeRefund(
        { db: ctx.db, log: ctx.log, process: ctx.process, payments: ctx.payments },
        user,
        r.orderId,
        { amount: r.amount, method, note: refundNote },
        ip,
      );
    }
  } catch (err) {
    await repo.updateReturn(ctx.db, id, { status: 'RECEIVED' });
    throw err;
  }
  await ctx.db.transaction(async (tx) => {
    const row = await repo.updateReturn(tx, id, { status: 'REFUNDED', refundedAt: new Date(), refundedBy: user.id, refundId, refundMethod: method });
    await audit(tx, user, order, row, 'ORDER_RETURN_REFUND', `hoàn ${formatVnd(r.amount)} cho yêu cầu trả hàng #${id} (${RETURN_STATUS_LABELS.REFUNDED})`, {
      refundId,
      method,
    });
  });
  return dtoOf(ctx.db, id);
}


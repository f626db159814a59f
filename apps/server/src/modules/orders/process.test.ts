import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ERROR_CODES,
  ORDER_STATUS_CHANGES,
  ORDER_STATUS_TIMESTAMPS,
  ORDER_STATUSES,
  PAYMENT_STATUS_CHANGES,
  PAYMENT_STATUSES,
  SALES_MESSAGES,
  type OrderStatus,
  type PaymentStatus,
} from '@nhasach/shared';
import type { Tx } from '../../db/client.ts';
import { books, mailOutbox, orderHistory, orders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { bookState } from '../../../test/orders.ts';
import { placeOrder } from '../../../test/payments.ts';
import { createOrderProcess, NOT_CANCELLABLE, SYSTEM_ACTOR, type OrderProcess, type TransitionEvent, type TransitionTarget } from './index.ts';
import { lockById, type OrderRow } from './repo.ts';

let t: TestApp;
let order: OrderRow;
let bookId: number;
beforeAll(async () => {
  t = await createTestApp();
  const placed = await placeOrder(t.app, { paymentMethod: 'COD', qty: 2, stock: 5 });
  bookId = placed.book.id;
  order = (await t.app.db.select().from(orders).where(eq(orders.id, placed.order.id)))[0]!;
});
afterAll(async () => {
  await t?.close();
});

class Rollback extends Error {}

/**
 * Runs `fn` on the order put in the given state (a test-only write of the columns) and rolls everything back, so
 * each case starts from the same order and leaves nothing behind.
 */
async function inState<T>(state: { status?: OrderStatus; paymentStatus?: PaymentStatus }, fn: (tx: Tx, locked: OrderRow) => Promise<T>): Promise<T> {
  let out: T | undefined;
  await t.app.db
    .transaction(async (tx) => {
      await tx.update(orders).set(state).where(eq(orders.id, order.id));
      out = await fn(tx, (await lockById(tx, order.id))!);
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return out!;
}

const historyOf = (tx: Tx) => tx.select().from(orderHistory).where(eq(orderHistory.orderId, order.id)).orderBy(orderHistory.id);
const staff = { id: null, role: 'ADMIN' as const };

describe('the order process walks the shared tables', () => {
  const statusCases = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));

  it.each(statusCases)('status %s -> %s: allowed exactly when ORDER_STATUS_CHANGES says so', async (from, to) => {
    const allowed = ORDER_STATUS_CHANGES[from].includes(to);
    await inState({ status: from }, async (tx, locked) => {
      const before = await historyOf(tx);
      const result = await t.app.orderProcess.transition(tx, locked, { status: to }, staff, 'Lý do thử');
      const [row] = await tx.select().from(orders).where(eq(orders.id, order.id));
      const after = await historyOf(tx);
      if (!allowed) {
        const cancel = to === 'CANCELED' || to === 'CANCEL_REQUESTED';
        expect(result).toEqual({
          ok: false,
          refusal: cancel
            ? { code: ERROR_CODES.orderStatusInvalid, message: NOT_CANCELLABLE }
            : { code: ERROR_CODES.orderTransitionInvalid, message: SALES_MESSAGES.transitionInvalid },
        });
        expect(row).toEqual(locked);
        expect(after).toEqual(before);
        return;
      }
      expect(result.ok).toBe(true);
      expect(row!.status).toBe(to);
      expect(row!.version).toBe(locked.version + 1);
      const stamp = (ORDER_STATUS_TIMESTAMPS as Partial<Record<OrderStatus, keyof OrderRow>>)[to];
      if (stamp) expect(row![stamp]).toBeInstanceOf(Date);
      expect(row!.cancelReason).toBe(to === 'CANCELED' || to === 'CANCEL_REQUESTED' ? 'Lý do thử' : locked.cancelReason);
      expect(after.slice(before.length)).toEqual([
        expect.objectContaining({ type: 'STATUS', fromStatus: from, toStatus: to, note: 'Lý do thử', actorRole: 'ADMIN' }),
      ]);
    });
  });

  const paymentCases = PAYMENT_STATUSES.flatMap((from) => PAYMENT_STATUSES.map((to) => [from, to] as const));

  it.each(paymentCases)('payment %s -> %s: allowed exactly when PAYMENT_STATUS_CHANGES says so', async (from, to) => {
    const allowed = PAYMENT_STATUS_CHANGES[from].includes(to);
    const paidAt = new Date('2025-03-14T02:30:00Z');
    await inState({ paymentStatus: from }, async (tx, locked) => {
      const before = await historyOf(tx);
      const result = await t.app.orderProcess.transition(tx, locked, { payment: { to, note: 'Ghi chú thanh toán', paidAt, transactionNo: 'GD1' } }, SYSTEM_ACTOR);
      const [row] = await tx.select().from(orders).where(eq(orders.id, order.id));
      const after = await historyOf(tx);
      if (!allowed) {
        expect(result).toEqual({ ok: false, refusal: { code: ERROR_CODES.paymentStatusInvalid, message: SALES_MESSAGES.paymentChangeInvalid } });
        expect(row).toEqual(locked);
        expect(after).toEqual(before);
        return;
      }
      expect(result.ok).toBe(true);
      expect(row).toMatchObject({ paymentStatus: to, paymentTransactionNo: 'GD1', version: locked.version + 1, status: locked.status });
      const awaiting = (s: PaymentStatus) => s === 'UNPAID' || s === 'PENDING';
      // The money's arrival is stamped; an undone payment is unpaid again; other changes keep the time.
      if (awaiting(from) && !awaiting(to)) expect(row!.paidAt).toEqual(paidAt);
      else if (to === 'UNPAID') expect(row!.paidAt).toBeNull();
      else expect(row!.paidAt).toEqual(locked.paidAt);
      expect(after.slice(before.length)).toEqual([expect.objectContaining({ type: 'PAYMENT', note: 'Ghi chú thanh toán', actorRole: 'SYSTEM', fromStatus: null })]);
    });
  });

  it('refuses an empty target, and a payment change without a note leaves no history line', async () => {
    await inState({ paymentStatus: 'UNPAID' }, async (tx, locked) => {
      expect((await t.app.orderProcess.transition(tx, locked, {}, SYSTEM_ACTOR)).ok).toBe(false);
      const before = await historyOf(tx);
      expect((await t.app.orderProcess.transition(tx, locked, { payment: { to: 'PENDING' } }, SYSTEM_ACTOR)).ok).toBe(true);
      expect(await historyOf(tx)).toEqual(before);
    });
  });
});

describe('the after-hooks', () => {
  it('give the stock back exactly once on cancellation, mail the shopper, then run the hooks registered with the process', async () => {
    const events: TransitionEvent[] = [];
    const process: OrderProcess = createOrderProcess({
      notifier: t.app.orderProcess.notifier,
      afterHooks: [async (e) => void events.push(e)],
    });
    const stockBefore = (await bookState(t.app, bookId)).stock;
    await inState({ status: 'CONFIRMED', paymentStatus: 'PAID' }, async (tx, locked) => {
      const target: TransitionTarget = { status: 'CANCELED', payment: { to: 'REFUND_PENDING' } };
      const result = await process.transition(tx, locked, target, staff, 'Khách đổi ý');
      expect(result.ok).toBe(true);
      const [book] = await tx.select({ stock: books.stock }).from(books).where(eq(books.id, bookId));
      expect(book!.stock).toBe(stockBefore + 2);
      // A cancelled order is final: a second cancellation is refused and returns nothing more.
      const again = await process.transition(tx, (await lockById(tx, order.id))!, { status: 'CANCELED' }, staff, 'Lần nữa');
      expect(again.ok).toBe(false);
      const mails = await tx.select().from(mailOutbox).where(eq(mailOutbox.to, locked.receiverEmail!));
      expect(mails.map((m) => m.subject)).toContain(`Đơn hàng ${locked.code} đã bị huỷ - Nhà Sách`);
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ status: { from: 'CONFIRMED', to: 'CANCELED' }, payment: { from: 'PAID', to: 'REFUND_PENDING' }, reason: 'Khách đổi ý' });
    expect(events[0]!.order).toMatchObject({ status: 'CANCELED', paymentStatus: 'REFUND_PENDING', cancelReason: 'Khách đổi ý' });
    expect((await bookState(t.app, bookId)).stock).toBe(stockBefore);
  });

  it('a hook that throws rolls the whole change back', async () => {
    const process = createOrderProcess({
      notifier: t.app.orderProcess.notifier,
      afterHooks: [
        async () => {
          throw new Error('hook failed');
        },
      ],
    });
    await expect(
      t.app.db.transaction(async (tx) => process.transition(tx, (await lockById(tx, order.id))!, { status: 'CONFIRMED' }, staff)),
    ).rejects.toThrow('hook failed');
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'PENDING', version: order.version });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SALES_MESSAGES, type OrderStatus, type SaleOrderDto } from '@nhasach/shared';
import { orderRefunds, vnpaySandboxTransactions } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/harness.ts';
import { attemptsOf, createListeningTestApp, refundVnpayPayment } from '../../../test/payments.ts';
import { auditRows, bookState, makeStaff, payInSandbox, placeOrder, saleOrder, salesCall, type Staff } from '../../../test/sales.ts';

let t: TestApp;
let sale: Staff;
let admin: Staff;

beforeAll(async () => {
  t = await createListeningTestApp();
  sale = await makeStaff(t.app, 'SALE', { fullName: 'Lê Thị Sale' });
  admin = await makeStaff(t.app, 'ADMIN');
});
afterAll(async () => {
  await t?.close();
});

const call = (who: Staff, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) => salesCall(t.app, who, method, path, payload);
const SHIPPING = { shippingCarrier: 'Viettel Post', trackingCode: 'VTP123' };

async function walk(id: number, path: OrderStatus[]): Promise<SaleOrderDto> {
  for (const status of path) {
    if (status === 'SHIPPED') await call(sale, 'PUT', `/orders/${id}/shipping`, SHIPPING);
    const res = await call(sale, 'PUT', `/orders/${id}/status`, { status, note: status.startsWith('CANCEL') ? 'Khách đổi ý' : undefined });
    if (res.statusCode !== 200) throw new Error(`${status}: ${res.body}`);
  }
  return saleOrder(t.app, sale, id);
}
const pay = (id: number, body: object) => call(sale, 'PUT', `/orders/${id}/payment`, body);
const refund = (id: number, body: object, who: Staff = sale) => call(who, 'POST', `/orders/${id}/refund-manual`, body);

/** A VNPAY order paid in the sandbox gateway. */
async function paidOnline(opts: { price?: number; stock?: number; qty?: number } = {}) {
  const placed = await placeOrder(t.app, { paymentMethod: 'VNPAY', lines: [{ price: opts.price ?? 170_000, stock: opts.stock ?? 10, qty: opts.qty ?? 1 }] });
  await payInSandbox(t.app, placed.who, placed.order.code);
  return placed;
}
const sandboxLedger = async (orderId: number) => {
  const [attempt] = (await attemptsOf(t.app, orderId)).filter((a) => a.status === 'SUCCESS');
  const [row] = await t.app.db.select().from(vnpaySandboxTransactions).where(eq(vnpaySandboxTransactions.txnRef, attempt!.txnRef));
  return row!;
};

describe('payment status rules', () => {
  it('records cash or a transfer received (UNPAID -> PAID) with the time given', async () => {
    const { order } = await placeOrder(t.app);
    const paidAt = new Date(Date.now() - 1000).toISOString();
    const res = await pay(order.id, { paymentStatus: 'PAID', paidAt, note: 'Khách chuyển khoản Vietcombank' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Cập nhật thanh toán thành công');
    const d: SaleOrderDto = res.json().data;
    expect(d).toMatchObject({ paymentStatus: 'PAID', paidAt, paidAmount: 150_000, refundableAmount: 150_000, allowedPaymentStatuses: ['UNPAID', 'REFUND_PENDING'] });
    expect(d.allowedRefundMethods).toEqual(['CASH', 'BANK_TRANSFER']);
    expect(d.history.at(-1)).toMatchObject({
      type: 'PAYMENT',
      actorId: sale.id,
      note: 'Chưa thanh toán → Đã thanh toán (150.000 ₫, ghi nhận tay): Khách chuyển khoản Vietcombank',
    });
    const audit = (await auditRows(t.app, order.code)).at(-1)!;
    expect(audit).toMatchObject({ action: 'ORDER_PAYMENT', actorId: sale.id, details: { orderId: order.id, from: 'UNPAID', to: 'PAID', paidAt } });
  });

  it('moves PAID -> REFUND_PENDING -> PAID, and undoes a payment recorded by hand (PAID -> UNPAID)', async () => {
    const { order } = await placeOrder(t.app);
    await pay(order.id, { paymentStatus: 'PAID' });
    const pending = await pay(order.id, { paymentStatus: 'REFUND_PENDING', note: 'Khách trả hàng' });
    expect(pending.json().data).toMatchObject({ paymentStatus: 'REFUND_PENDING', allowedPaymentStatuses: ['PAID'] });
    const back = await pay(order.id, { paymentStatus: 'PAID', note: 'Khách không trả hàng nữa' });
    expect(back.statusCode).toBe(200);
    const undone = await pay(order.id, { paymentStatus: 'UNPAID' });
    expect(undone.statusCode).toBe(200);
    expect(undone.json().data).toMatchObject({ paymentStatus: 'UNPAID', paidAt: null, paidAmount: 0 });
  });

  it('refuses changes outside the rules with 409 and changes nothing', async () => {
    const { order } = await placeOrder(t.app);
    const refused = async (id: number, body: object, message: string) => {
      const before = await saleOrder(t.app, sale, id);
      const res = await pay(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json()).toMatchObject({ error: 'PAYMENT_STATUS_INVALID', message });
      expect((await saleOrder(t.app, sale, id)).version).toBe(before.version);
    };
    await refused(order.id, { paymentStatus: 'UNPAID' }, SALES_MESSAGES.paymentUnchanged);
    await refused(order.id, { paymentStatus: 'REFUND_PENDING' }, SALES_MESSAGES.paymentChangeInvalid);
    await refused(order.id, { paymentStatus: 'REFUNDED' }, SALES_MESSAGES.refundedViaRefund);
    await pay(order.id, { paymentStatus: 'PAID' });
    await refused(order.id, { paymentStatus: 'REFUNDED' }, SALES_MESSAGES.refundedViaRefund);
    await refused(order.id, { paymentStatus: 'PENDING' }, SALES_MESSAGES.paymentChangeInvalid);

    // A cancelled order cannot be recorded as paid.
    const { order: canceled } = await placeOrder(t.app);
    await call(sale, 'POST', `/orders/${canceled.id}/cancel`, { reason: 'Hết hàng' });
    await refused(canceled.id, { paymentStatus: 'PAID' }, SALES_MESSAGES.paidOnCanceled);

    // A gateway payment is not undone by hand.
    const { order: online } = await paidOnline();
    await refused(online.id, { paymentStatus: 'UNPAID' }, SALES_MESSAGES.unpayNotAllowed);

    // A completed order keeps its payment.
    const { order: done } = await placeOrder(t.app);
    await walk(done.id, ['CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'COMPLETED']);
    await refused(done.id, { paymentStatus: 'UNPAID' }, SALES_MESSAGES.unpayNotAllowed);
  });

  it('validates paidAt: ISO time, not in the future, not before the order, only when money is received', async () => {
    const { order } = await placeOrder(t.app);
    const cases: [object, string][] = [
      [{ paymentStatus: 'PAID', paidAt: '14/03/2025' }, 'Thời điểm thanh toán phải là thời điểm ISO 8601 (ví dụ 2025-03-14T09:30:00+07:00).'],
      [{ paymentStatus: 'PAID', paidAt: new Date(Date.now() + 3600_000).toISOString() }, 'Thời điểm không được ở tương lai.'],
      [{ paymentStatus: 'PAID', paidAt: '2020-01-01T00:00:00+07:00' }, 'Thời điểm không được trước lúc đặt hàng.'],
      [{ paymentStatus: 'MAYBE' }, 'Trạng thái thanh toán không hợp lệ.'],
    ];
    for (const [body, message] of cases) {
      const res = await pay(order.id, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    await pay(order.id, { paymentStatus: 'PAID' });
    const res = await pay(order.id, { paymentStatus: 'REFUND_PENDING', paidAt: new Date().toISOString() });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields[0].field).toBe('paidAt');
  });
});

describe('staff cancel', () => {
  it('cancels with a reason, returns the stock and the sold count exactly once', async () => {
    const { order, books } = await placeOrder(t.app, { lines: [{ stock: 6, qty: 2 }, { stock: 1, qty: 1 }] });
    expect(await bookState(t.app, books[0]!.id)).toEqual({ stock: 4, sold: 2, status: 'ACTIVE' });
    expect(await bookState(t.app, books[1]!.id)).toEqual({ stock: 0, sold: 1, status: 'OUT_OF_STOCK' });
    for (const reason of ['', '   ']) {
      const res = await call(sale, 'POST', `/orders/${order.id}/cancel`, { reason });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Vui lòng nhập lý do huỷ đơn.');
    }
    const [first, second] = await Promise.all([
      call(sale, 'POST', `/orders/${order.id}/cancel`, { reason: 'Khách không nghe máy' }),
      call(admin, 'POST', `/orders/${order.id}/cancel`, { reason: 'Trùng đơn' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json()).toMatchObject({ error: 'ORDER_TRANSITION_INVALID', message: SALES_MESSAGES.alreadyCanceled });
    const winner: SaleOrderDto = (first.statusCode === 200 ? first : second).json().data;
    expect(winner).toMatchObject({ status: 'CANCELED', paymentStatus: 'UNPAID', canCancel: false });
    expect(await bookState(t.app, books[0]!.id)).toEqual({ stock: 6, sold: 0, status: 'ACTIVE' });
    expect(await bookState(t.app, books[1]!.id)).toEqual({ stock: 1, sold: 0, status: 'ACTIVE' });
    expect(winner.history.filter((h) => h.toStatus === 'CANCELED')).toHaveLength(1);
    expect((await auditRows(t.app, order.code)).filter((r) => r.action === 'ORDER_CANCEL')).toHaveLength(1);
  });

  it('is refused once the parcel left (SHIPPED, DELIVERED, COMPLETED)', async () => {
    const paths: OrderStatus[][] = [
      ['CONFIRMED', 'PROCESSING', 'SHIPPED'],
      ['CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED'],
      ['CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'COMPLETED'],
    ];
    for (const path of paths) {
      const { order, books } = await placeOrder(t.app, { lines: [{ stock: 3, qty: 1 }] });
      const at = await walk(order.id, path);
      const res = await call(sale, 'POST', `/orders/${order.id}/cancel`, { reason: 'Khách đổi ý' });
      expect(res.statusCode, at.status).toBe(409);
      expect(res.json()).toMatchObject({ error: 'ORDER_TRANSITION_INVALID', message: 'Không thể huỷ đơn hàng đã giao cho đơn vị vận chuyển.' });
      expect(await saleOrder(t.app, sale, order.id)).toEqual(at);
      expect(await bookState(t.app, books[0]!.id)).toMatchObject({ stock: 2, sold: 1 });
    }
  });

  it('turns a paid order into CANCELED with payment REFUND_PENDING', async () => {
    const { order, books } = await paidOnline({ stock: 5, qty: 2 });
    const res = await call(sale, 'POST', `/orders/${order.id}/cancel`, { reason: 'Hết hàng' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Đã huỷ đơn hàng');
    expect(res.json().data).toMatchObject({
      status: 'CANCELED',
      paymentStatus: 'REFUND_PENDING',
      cancelReason: 'Hết hàng',
      paidAmount: 370_000,
      refundableAmount: 370_000,
      allowedRefundMethods: ['CASH', 'BANK_TRANSFER', 'GATEWAY'],
    });
    expect(await bookState(t.app, books[0]!.id)).toMatchObject({ stock: 5, sold: 0 });
  });
});

describe('refunds', () => {
  it('refunds by cash in part, refuses more than is left, then by transfer in full: REFUNDED, and a cancel request becomes CANCELED with its stock back once', async () => {
    const { who, order, books } = await paidOnline({ price: 170_000, stock: 5, qty: 2 });
    // 2 x 170.000 + 30.000 delivery = 370.000 paid. The customer asks to cancel the paid order.
    const asked = await t.app.inject({ method: 'POST', url: `/api/v1/orders/${order.code}/cancel`, headers: who.headers, payload: { reason: 'Đặt nhầm sản phẩm' } });
    expect(asked.json().data.status).toBe('CANCEL_REQUESTED');
    expect(await bookState(t.app, books[0]!.id)).toMatchObject({ stock: 3, sold: 2 });

    const part = await refund(order.id, { amount: 100_000, method: 'CASH', note: 'Trả tại quầy' });
    expect(part.statusCode).toBe(201);
    expect(part.json().message).toBe('Đã ghi nhận hoàn tiền');
    const d1: SaleOrderDto = part.json().data;
    expect(d1).toMatchObject({ status: 'CANCEL_REQUESTED', paymentStatus: 'PAID', refundedAmount: 100_000, refundableAmount: 270_000 });
    expect(d1.refunds).toEqual([
      expect.objectContaining({ amount: 100_000, method: 'CASH', status: 'DONE', gatewayRef: null, note: 'Trả tại quầy', actorId: sale.id, actorName: 'Lê Thị Sale' }),
    ]);
    expect(d1.history.at(-1)).toMatchObject({ type: 'REFUND', note: 'Hoàn 100.000 ₫ (Tiền mặt): Trả tại quầy', actorId: sale.id });
    expect(await bookState(t.app, books[0]!.id)).toMatchObject({ stock: 3, sold: 2 });

    const over = await refund(order.id, { amount: 270_001, method: 'BANK_TRANSFER' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: 'Số tiền hoàn vượt quá số tiền còn có thể hoàn (270.000 ₫).' });
    expect(over.json().data.fields).toEqual([{ field: 'amount', message: 'Số tiền hoàn vượt quá số tiền còn có thể hoàn (270.000 ₫).' }]);
    for (const body of [{ amount: 0, method: 'CASH' }, { amount: -5, method: 'CASH' }, { amount: 1000 }, { amount: 1000, method: 'MOMO' }, { amount: 10.5, method: 'CASH' }]) {
      expect((await refund(order.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await saleOrder(t.app, sale, order.id)).version).toBe(d1.version);

    const rest = await refund(order.id, { amount: 270_000, method: 'BANK_TRANSFER' }, admin);
    expect(rest.statusCode).toBe(201);
    const d2: SaleOrderDto = rest.json().data;
    expect(d2).toMatchObject({ status: 'CANCELED', paymentStatus: 'REFUNDED', refundedAmount: 370_000, refundableAmount: 0, allowedRefundMethods: [], cancelReason: 'Đặt nhầm sản phẩm' });
    expect(d2.history.slice(-2)).toEqual([
      expect.objectContaining({ type: 'REFUND', note: 'Hoàn 270.000 ₫ (Chuyển khoản), đã hoàn đủ tiền', actorId: admin.id }),
      expect.objectContaining({ type: 'STATUS', fromStatus: 'CANCEL_REQUESTED', toStatus: 'CANCELED', actorId: admin.id }),
    ]);
    expect(await bookState(t.app, books[0]!.id)).toMatchObject({ stock: 5, sold: 0 });

    const more = await refund(order.id, { amount: 1000, method: 'CASH' });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ error: 'REFUND_NOT_ALLOWED', message: SALES_MESSAGES.refundNotAllowed });
    // Cancelling again cannot return the stock twice.
    expect((await call(sale, 'POST', `/orders/${order.id}/cancel`, { reason: 'x' })).statusCode).toBe(409);
    expect(await bookState(t.app, books[0]!.id)).toMatchObject({ stock: 5, sold: 0 });
    const audit = (await auditRows(t.app, order.code)).filter((r) => r.action === 'ORDER_REFUND');
    expect(audit.map((r) => r.details)).toEqual([
      expect.objectContaining({ amount: 100_000, method: 'CASH', refundedTotal: 100_000, paymentStatus: 'PAID', canceled: false }),
      expect.objectContaining({ amount: 270_000, method: 'BANK_TRANSFER', refundedTotal: 370_000, paymentStatus: 'REFUNDED', canceled: true }),
    ]);
  });

  it('refunds through the VNPAY sandbox, in part and then the rest', async () => {
    const { order, books } = await paidOnline({ price: 200_000, stock: 4 });
    await call(sale, 'POST', `/orders/${order.id}/cancel`, { reason: 'Hết hàng' });
    expect(await bookState(t.app, books[0]!.id)).toMatchObject({ stock: 4, sold: 0 });

    const part = await refund(order.id, { amount: 50_000, method: 'GATEWAY' });
    expect(part.statusCode).toBe(201);
    const d1: SaleOrderDto = part.json().data;
    expect(d1).toMatchObject({ status: 'CANCELED', paymentStatus: 'REFUND_PENDING', refundedAmount: 50_000, refundableAmount: 180_000 });
    expect(d1.refunds[0]).toMatchObject({ amount: 50_000, method: 'GATEWAY', status: 'DONE' });
    expect(d1.refunds[0]!.gatewayRef).toMatch(/^\d+$/);
    expect((await sandboxLedger(order.id)).refundedAmount).toBe(50_000 * 100);

    const rest = await refund(order.id, { amount: 180_000, method: 'GATEWAY' });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().data).toMatchObject({ paymentStatus: 'REFUNDED', refundedAmount: 230_000 });
    expect((await sandboxLedger(order.id)).refundedAmount).toBe(230_000 * 100);
    expect(await bookState(t.app, books[0]!.id)).toMatchObject({ stock: 4, sold: 0 });
  });

  it('changes nothing and answers 502 when the gateway refuses', async () => {
    const { order } = await paidOnline({ price: 100_000 });
    // The money already went back at the gateway (outside this shop's records): VNPAY refuses another full refund.
    const outside = await refundVnpayPayment(t.app, { orderId: order.id, amount: 130_000, createdBy: 'ke-toan' });
    expect(outside.ok).toBe(true);
    const before = await saleOrder(t.app, sale, order.id);
    const res = await refund(order.id, { amount: 130_000, method: 'GATEWAY' });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe('PAYMENT_GATEWAY_ERROR');
    expect(res.json().message).toMatch(/^VNPAY không thực hiện được yêu cầu hoàn tiền: .+ \(mã 9\d\)\. Đơn hàng chưa thay đổi\.$/);
    expect(await saleOrder(t.app, sale, order.id)).toEqual(before);
    expect(await t.app.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toEqual([]);
    // Cash still works.
    expect((await refund(order.id, { amount: 130_000, method: 'CASH' })).statusCode).toBe(201);
  });

  it('refuses a gateway refund for an order not paid through the gateway, and any refund of an unpaid order', async () => {
    const { order } = await placeOrder(t.app);
    const unpaid = await refund(order.id, { amount: 1000, method: 'CASH' });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toMatchObject({ error: 'REFUND_NOT_ALLOWED', message: 'Chỉ hoàn tiền cho đơn đã thanh toán hoặc đang chờ hoàn tiền.' });
    await pay(order.id, { paymentStatus: 'PAID' });
    const gateway = await refund(order.id, { amount: 1000, method: 'GATEWAY' });
    expect(gateway.statusCode).toBe(400);
    expect(gateway.json().data.fields).toEqual([{ field: 'method', message: SALES_MESSAGES.gatewayRefundUnavailable }]);
  });

  it('never lets concurrent refunds exceed the amount paid', async () => {
    const { order } = await paidOnline({ price: 170_000 });
    // 200.000 paid: two refunds of 120.000 at once, one by cash and one through the gateway.
    const results = await Promise.all([refund(order.id, { amount: 120_000, method: 'CASH' }), refund(order.id, { amount: 120_000, method: 'GATEWAY' }, admin)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const d = await saleOrder(t.app, sale, order.id);
    expect(d.refundedAmount).toBe(120_000);
    expect(d.refunds).toHaveLength(1);
    expect(d.history.filter((h) => h.type === 'REFUND')).toHaveLength(1);
    const gatewayWon = d.refunds[0]!.method === 'GATEWAY';
    expect((await sandboxLedger(order.id)).refundedAmount).toBe(gatewayWon ? 120_000 * 100 : 0);
  });

  it('a partial refund of a delivered order keeps it PAID and completable; stock and sold do not move', async () => {
    const { order, books } = await placeOrder(t.app, { lines: [{ price: 100_000, stock: 5, qty: 1 }] });
    await walk(order.id, ['CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED']);
    const res = await refund(order.id, { amount: 20_000, method: 'BANK_TRANSFER', note: 'Bìa sách bị móp, giảm giá' });
    expect(res.json().data).toMatchObject({ status: 'DELIVERED', paymentStatus: 'PAID', refundedAmount: 20_000, allowedTransitions: ['COMPLETED'] });
    expect(await bookState(t.app, books[0]!.id)).toMatchObject({ stock: 4, sold: 1 });
    expect((await call(sale, 'PUT', `/orders/${order.id}/status`, { status: 'COMPLETED' })).statusCode).toBe(200);
  });
});

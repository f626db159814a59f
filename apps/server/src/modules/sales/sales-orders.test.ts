import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  SALES_MESSAGES,
  type OrderStatus,
  type SaleOrderCountsDto,
  type SaleOrderDto,
  type SaleOrderPage,
  type SaleStaffDto,
} from '@nhasach/shared';
import { orders } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/harness.ts';
import { createListeningTestApp } from '../../../test/payments.ts';
import {
  auditRows,
  bookState,
  historyRows,
  makeCustomer,
  makeStaff,
  payInSandbox,
  placeOrder,
  saleOrder,
  salesCall,
  type Staff,
} from '../../../test/sales.ts';

let t: TestApp;
let sale: Staff;
let admin: Staff;

beforeAll(async () => {
  t = await createListeningTestApp();
  sale = await makeStaff(t.app, 'SALE', { fullName: 'Lê Thị Sale' });
  admin = await makeStaff(t.app, 'ADMIN', { fullName: 'Phạm Văn Admin' });
});
afterAll(async () => {
  await t?.close();
});

const call = (who: Staff | { headers: Record<string, string> } | undefined, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
  salesCall(t.app, who, method, path, payload);
const SHIPPING = { shippingCarrier: 'Giao Hàng Nhanh (GHN)', trackingCode: 'GHN123456789', fee: 22_000 };

/** Moves an order along `path` through the API (recording shipping info before SHIPPED), failing loudly. */
async function walk(id: number, path: OrderStatus[], who: Staff = sale): Promise<SaleOrderDto> {
  let last: SaleOrderDto | undefined;
  for (const status of path) {
    if (status === 'SHIPPED') {
      const res = await call(who, 'PUT', `/orders/${id}/shipping`, SHIPPING);
      if (res.statusCode !== 200) throw new Error(res.body);
    }
    const note = status === 'CANCELED' || status === 'CANCEL_REQUESTED' ? 'Khách gọi điện xin huỷ' : undefined;
    const res = await call(who, 'PUT', `/orders/${id}/status`, { status, note });
    if (res.statusCode !== 200) throw new Error(`${status}: ${res.body}`);
    last = res.json().data;
  }
  return last ?? saleOrder(t.app, sale, id);
}

/** The statuses an order walks through to reach `status` from PENDING. */
const PATHS: Record<OrderStatus, OrderStatus[]> = {
  PENDING: [],
  CONFIRMED: ['CONFIRMED'],
  PROCESSING: ['CONFIRMED', 'PROCESSING'],
  SHIPPED: ['CONFIRMED', 'PROCESSING', 'SHIPPED'],
  DELIVERED: ['CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED'],
  COMPLETED: ['CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'COMPLETED'],
  CANCELED: ['CANCELED'],
  CANCEL_REQUESTED: ['CANCEL_REQUESTED'],
};

describe('access: SALE and ADMIN only', () => {
  it('answers 401 to guests and 403 to customers on every route, and changes nothing', async () => {
    const { order } = await placeOrder(t.app);
    const customer = await makeCustomer(t.app);
    const before = await saleOrder(t.app, sale, order.id);
    const routes: ['GET' | 'POST' | 'PUT', string, object?][] = [
      ['GET', '/orders'],
      ['GET', '/orders/counts'],
      ['GET', `/orders/${order.id}`],
      ['GET', '/staff'],
      ['PUT', `/orders/${order.id}/status`, { status: 'CONFIRMED' }],
      ['PUT', `/orders/${order.id}/payment`, { paymentStatus: 'PAID' }],
      ['PUT', `/orders/${order.id}/shipping`, SHIPPING],
      ['PUT', `/orders/${order.id}/assign`, { assigneeId: sale.id }],
      ['POST', `/orders/${order.id}/notes`, { note: 'Ghi chú' }],
      ['POST', `/orders/${order.id}/cancel`, { reason: 'Hết hàng' }],
      ['POST', `/orders/${order.id}/refund-manual`, { amount: 1000, method: 'CASH' }],
    ];
    for (const [method, path, body] of routes) {
      const guest = await call(undefined, method, path, body);
      expect(guest.statusCode, `${method} ${path}`).toBe(401);
      expect(guest.json().error).toBe('UNAUTHORIZED');
      const denied = await call(customer, method, path, body);
      expect(denied.statusCode, `${method} ${path}`).toBe(403);
      expect(denied.json().error).toBe('FORBIDDEN');
    }
    const after = await saleOrder(t.app, sale, order.id);
    expect(after).toEqual(before);
    expect(await auditRows(t.app, order.code)).toEqual([]);
  });

  it('lets SALE and ADMIN read and write', async () => {
    const { order } = await placeOrder(t.app);
    for (const who of [sale, admin]) {
      expect((await call(who, 'GET', '/orders')).statusCode).toBe(200);
      expect((await call(who, 'GET', '/orders/counts')).statusCode).toBe(200);
      expect((await call(who, 'GET', `/orders/${order.id}`)).statusCode).toBe(200);
    }
    const confirmed = await call(sale, 'PUT', `/orders/${order.id}/status`, { status: 'CONFIRMED' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe('Cập nhật trạng thái đơn hàng thành công');
    const processing = await call(admin, 'PUT', `/orders/${order.id}/status`, { status: 'PROCESSING' });
    expect(processing.statusCode).toBe(200);
    const history = (processing.json().data as SaleOrderDto).history.slice(-2);
    expect(history.map((h) => [h.actorId, h.actorRole, h.actorName, h.toStatus])).toEqual([
      [sale.id, 'SALE', 'Lê Thị Sale', 'CONFIRMED'],
      [admin.id, 'ADMIN', 'Phạm Văn Admin', 'PROCESSING'],
    ]);
  });

  it('lists the assignable staff: enabled SALE and ADMIN accounts only', async () => {
    const disabled = await makeStaff(t.app, 'SALE', { enabled: false });
    const customer = await makeCustomer(t.app);
    const res = await call(sale, 'GET', '/staff');
    const staff: SaleStaffDto[] = res.json().data;
    const ids = staff.map((s) => s.id);
    expect(ids).toContain(sale.id);
    expect(ids).toContain(admin.id);
    expect(ids).not.toContain(disabled.id);
    expect(ids).not.toContain(customer.id);
    expect(staff.find((s) => s.id === sale.id)).toEqual({ id: sale.id, username: sale.username, fullName: 'Lê Thị Sale', role: 'SALE' });
  });
});

describe('order list', () => {
  // The fixtures are dated in 2020, and every query here filters on 2020: orders of other tests never show.
  const YEAR = 'from=2020-01-01&to=2020-12-31';
  let a: { id: number; code: string };
  let b: { id: number; code: string };
  let c: { id: number; code: string };
  let customerC: { username: string };

  const list = async (query: string, who: Staff = sale): Promise<SaleOrderPage> => {
    const res = await call(who, 'GET', `/orders?${YEAR}&${query}`);
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().data;
  };
  const codes = (page: SaleOrderPage) => page.content.map((o) => o.code);

  beforeAll(async () => {
    const first = await placeOrder(t.app, { customerName: 'Đặng Thuỳ Trâm', lines: [{ price: 50_000 }], address: { phone: '0912 345 678', fullName: 'Đặng Thuỳ Trâm' } });
    const second = await placeOrder(t.app, { customerName: 'Hoàng Minh Tuấn', lines: [{ price: 200_000, qty: 2 }, { price: 30_000 }] });
    const thirdWho = await makeCustomer(t.app, 'Vũ Ngọc Lan');
    const third = await placeOrder(t.app, { who: thirdWho, lines: [{ price: 90_000 }], paymentMethod: 'VNPAY' });
    customerC = thirdWho;
    [a, b, c] = [first.order, second.order, third.order];
    // Vietnam days: a on 1 March (23:59:59 +07), b on 2 March (00:00 +07), c on 15 June.
    await t.app.db.update(orders).set({ createdAt: new Date('2020-03-01T16:59:59Z') }).where(eq(orders.id, a.id));
    await t.app.db.update(orders).set({ createdAt: new Date('2020-03-01T17:00:00Z') }).where(eq(orders.id, b.id));
    await t.app.db.update(orders).set({ createdAt: new Date('2020-06-15T03:00:00Z') }).where(eq(orders.id, c.id));
    await walk(b.id, ['CONFIRMED']);
    const assigned = await call(sale, 'PUT', `/orders/${b.id}/assign`, { assigneeId: sale.id });
    expect(assigned.statusCode).toBe(200);
  });

  it('pages newest first by default, with the sale fields of each row', async () => {
    const page = await list('');
    expect(codes(page)).toEqual([c.code, b.code, a.code]);
    expect(page).toMatchObject({ totalElements: 3, totalPages: 1, number: 0, size: 20 });
    const row = page.content.find((o) => o.code === b.code)!;
    expect(row).toMatchObject({
      id: b.id,
      status: 'CONFIRMED',
      paymentStatus: 'UNPAID',
      paymentMethod: 'COD',
      deliveryMethod: 'STANDARD',
      subtotal: 430_000,
      shippingFee: 30_000,
      discount: 0,
      total: 460_000,
      grandTotal: 460_000,
      createdAt: '2020-03-01T17:00:00.000Z',
      assigneeId: sale.id,
      assigneeName: 'Lê Thị Sale',
      customerName: 'Hoàng Minh Tuấn',
      receiverName: 'Nguyễn Văn An',
      receiverPhone: '0901234567',
      itemCount: 2,
      totalQuantity: 3,
    });
    expect(row.customerEmail).toMatch(/@example\.com$/);
    expect(row.version).toBeGreaterThan(1);

    const p0 = await list('size=2&page=0');
    const p1 = await list('size=2&page=1');
    expect(codes(p0)).toEqual([c.code, b.code]);
    expect(codes(p1)).toEqual([a.code]);
    expect(p1).toMatchObject({ totalElements: 3, totalPages: 2, number: 1, size: 2 });
  });

  it('sorts by total, grandTotal, code and createdAt, either way', async () => {
    // Totals: a 80.000, c 120.000, b 460.000.
    expect(codes(await list('sort=total,asc'))).toEqual([a.code, c.code, b.code]);
    expect(codes(await list('sort=grandTotal,desc'))).toEqual([b.code, c.code, a.code]);
    expect(codes(await list('sort=createdAt,asc'))).toEqual([a.code, b.code, c.code]);
    expect(codes(await list('sort=code,asc'))).toEqual([a.code, b.code, c.code].sort());
    expect(codes(await list('sort=code,desc'))).toEqual([a.code, b.code, c.code].sort().reverse());
    const bad = await call(sale, 'GET', `/orders?${YEAR}&sort=price,desc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('VALIDATION_ERROR');
  });

  it('searches code, names without accents, phone digits and e-mail', async () => {
    expect(codes(await list(`q=${b.code.toLowerCase().slice(2)}`))).toEqual([b.code]);
    expect(codes(await list(`q=${encodeURIComponent('dang thuy tram')}`))).toEqual([a.code]);
    expect(codes(await list(`q=${encodeURIComponent('Minh Tuấn')}`))).toEqual([b.code]);
    expect(codes(await list(`q=${encodeURIComponent('0912-345')}`))).toEqual([a.code]);
    expect(codes(await list(`q=${customerC.username}%40example.com`))).toEqual([c.code]);
    expect(codes(await list('q=khong-co-ai'))).toEqual([]);
  });

  it('filters by status (one or a list), payment status and method, assignee and Vietnam days', async () => {
    expect(codes(await list('status=CONFIRMED'))).toEqual([b.code]);
    expect(codes(await list('status=pending,CONFIRMED&sort=createdAt,asc'))).toEqual([a.code, b.code, c.code]);
    expect(codes(await list('status=SHIPPED'))).toEqual([]);
    expect(codes(await list('paymentMethod=VNPAY'))).toEqual([c.code]);
    expect(codes(await list('paymentStatus=UNPAID'))).toEqual([c.code, b.code, a.code]);
    expect(codes(await list('paymentStatus=PAID'))).toEqual([]);
    expect(codes(await list(`assigneeId=${sale.id}`))).toEqual([b.code]);
    // Inclusive days in Asia/Ho_Chi_Minh: 23:59:59 on 1 March belongs to 1 March, 00:00 to 2 March.
    const day = async (from: string, to: string) => {
      const res = await call(sale, 'GET', `/orders?from=${from}&to=${to}`);
      return codes(res.json().data);
    };
    expect(await day('2020-03-01', '2020-03-01')).toEqual([a.code]);
    expect(await day('2020-03-02', '2020-03-02')).toEqual([b.code]);
    expect(await day('2020-03-01', '2020-06-14')).toEqual([b.code, a.code]);
    expect(await day('2020-06-15', '2020-06-15')).toEqual([c.code]);

    for (const query of ['status=LOST', 'paymentStatus=FREE', 'from=2020-02-30', 'from=2020-03-02&to=2020-03-01', 'assigneeId=0']) {
      const res = await call(sale, 'GET', `/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('counts orders per status under the same filters, ignoring the status tab', async () => {
    const res = await call(sale, 'GET', `/orders/counts?${YEAR}&status=COMPLETED`);
    const counts: SaleOrderCountsDto = res.json().data;
    expect(counts.total).toBe(3);
    expect(counts.byStatus).toEqual({ PENDING: 2, CONFIRMED: 1, PROCESSING: 0, SHIPPED: 0, DELIVERED: 0, COMPLETED: 0, CANCELED: 0, CANCEL_REQUESTED: 0 });
    const searched: SaleOrderCountsDto = (await call(sale, 'GET', `/orders/counts?${YEAR}&q=tuan`)).json().data;
    expect(searched.total).toBe(1);
    expect(searched.byStatus.CONFIRMED).toBe(1);
  });
});

describe('order detail', () => {
  it('shows items, address, shipping, notes, refunds, history, version and what may change', async () => {
    const { order, books } = await placeOrder(t.app, { customerName: 'Bùi Thị Hoa', lines: [{ price: 75_000, qty: 2 }] });
    const res = await call(sale, 'GET', `/orders/${order.id}`);
    expect(res.statusCode).toBe(200);
    const d: SaleOrderDto = res.json().data;
    expect(d).toMatchObject({
      id: order.id,
      code: order.code,
      status: 'PENDING',
      paymentStatus: 'UNPAID',
      total: 180_000,
      subtotal: 150_000,
      shippingFee: 30_000,
      discount: 0,
      taxTotal: 0,
      assigneeId: null,
      assigneeName: null,
      customerName: 'Bùi Thị Hoa',
      shippingAddress: {
        receiverName: 'Nguyễn Văn An',
        receiverPhone: '0901234567',
        line1: '12 Lê Lợi',
        line2: null,
        ward: 'Phường Bến Nghé',
        district: 'Quận 1',
        province: 'Thành phố Hồ Chí Minh',
        addressLine: '12 Lê Lợi, Phường Bến Nghé, Quận 1, Thành phố Hồ Chí Minh',
      },
      shipping: { deliveryMethod: 'STANDARD', fee: null, shippingCarrier: null, trackingCode: null, shippedAt: null },
      notes: [],
      refunds: [],
      paidAmount: 0,
      refundedAmount: 0,
      refundableAmount: 0,
      version: 1,
      allowedTransitions: ['CONFIRMED', 'CANCEL_REQUESTED', 'CANCELED'],
      blockedTransitions: [],
      allowedPaymentStatuses: ['PAID'],
      allowedRefundMethods: [],
      canCancel: true,
      canEditShipping: true,
      // The flat tariff: staff type the tracking code, there is no carrier shipment to create.
      shipsByCarrier: false,
      canCreateShipment: false,
    });
    expect(d.shippingAddress.receiverEmail).toMatch(/@example\.com$/);
    expect(d.items).toEqual([expect.objectContaining({ bookId: books[0]!.id, price: 75_000, qty: 2, lineTotal: 150_000 })]);
    expect(d.history).toEqual([
      expect.objectContaining({ type: 'STATUS', actorRole: 'CUSTOMER', actorName: 'Bùi Thị Hoa', fromStatus: null, toStatus: 'PENDING' }),
    ]);
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    const missing = await call(sale, 'GET', '/orders/99999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Không tìm thấy đơn hàng');
    expect((await call(sale, 'PUT', '/orders/99999999/status', { status: 'CONFIRMED' })).statusCode).toBe(404);
    expect((await call(sale, 'GET', '/orders/abc')).statusCode).toBe(400);
  });
});

describe('status changes', () => {
  it('walks every allowed transition of the table, setting the timestamps, with one history line each', async () => {
    const { order } = await placeOrder(t.app);
    const confirmed = await walk(order.id, ['CONFIRMED']);
    expect(confirmed.confirmedAt).not.toBeNull();
    expect(confirmed.allowedTransitions).toEqual(['PROCESSING', 'CANCELED']);
    const processing = await walk(order.id, ['PROCESSING']);
    expect(processing.allowedTransitions).toEqual(['CANCELED']);
    expect(processing.blockedTransitions).toEqual([{ status: 'SHIPPED', code: 'SHIPPING_INFO_REQUIRED', message: SALES_MESSAGES.shippingInfoRequired }]);
    const shipped = await walk(order.id, ['SHIPPED']);
    expect(shipped.shippedAt).not.toBeNull();
    expect(shipped.shipping).toMatchObject({ shippingCarrier: 'Giao Hàng Nhanh (GHN)', trackingCode: 'GHN123456789', fee: 22_000, shippedAt: shipped.shippedAt });
    expect(shipped.canCancel).toBe(false);
    const delivered = await walk(order.id, ['DELIVERED']);
    expect(delivered.deliveredAt).not.toBeNull();
    const completed = await walk(order.id, ['COMPLETED']);
    expect(completed.completedAt).not.toBeNull();
    expect(completed).toMatchObject({ status: 'COMPLETED', allowedTransitions: [], canCancel: false, canEditShipping: false });

    const statusLines = completed.history.filter((h) => h.type === 'STATUS').map((h) => `${h.fromStatus}>${h.toStatus}`);
    expect(statusLines).toEqual(['null>PENDING', 'PENDING>CONFIRMED', 'CONFIRMED>PROCESSING', 'PROCESSING>SHIPPED', 'SHIPPED>DELIVERED', 'DELIVERED>COMPLETED']);
    const actions = (await auditRows(t.app, order.code)).map((r) => r.action);
    expect(actions.filter((a) => a === 'ORDER_STATUS')).toHaveLength(5);
    expect(actions).toContain('ORDER_SHIPPING');
  });

  it('walks the cancel transitions: PENDING, CONFIRMED, PROCESSING and CANCEL_REQUESTED to CANCELED, PENDING to CANCEL_REQUESTED', async () => {
    for (const path of [['CANCELED'], ['CONFIRMED', 'CANCELED'], ['CONFIRMED', 'PROCESSING', 'CANCELED'], ['CANCEL_REQUESTED', 'CANCELED']] as OrderStatus[][]) {
      const { order } = await placeOrder(t.app);
      const done = await walk(order.id, path);
      expect(done).toMatchObject({ status: 'CANCELED', cancelReason: 'Khách gọi điện xin huỷ', allowedTransitions: [] });
      expect(done.canceledAt).not.toBeNull();
    }
    const { order } = await placeOrder(t.app);
    const requested = await walk(order.id, ['CANCEL_REQUESTED']);
    expect(requested).toMatchObject({ status: 'CANCEL_REQUESTED', allowedTransitions: ['CANCELED'], cancelReason: 'Khách gọi điện xin huỷ' });
  });

  it('refuses every change outside the table with 409 and the exact message, changing nothing', async () => {
    for (const from of ORDER_STATUSES) {
      const { order } = await placeOrder(t.app);
      const at = await walk(order.id, PATHS[from]);
      expect(at.status).toBe(from);
      for (const to of ORDER_STATUSES.filter((s) => !ORDER_TRANSITIONS[from].includes(s))) {
        const res = await call(sale, 'PUT', `/orders/${order.id}/status`, { status: to, note: 'thử' });
        expect(res.statusCode, `${from} -> ${to}`).toBe(409);
        expect(res.json()).toMatchObject({ error: 'ORDER_TRANSITION_INVALID', message: 'Không thể chuyển trạng thái này do không đúng quy trình.' });
      }
      const after = await saleOrder(t.app, sale, order.id);
      expect(after.version).toBe(at.version);
      expect(after.history).toHaveLength(at.history.length);
    }
  });

  it('refuses an unknown status with 400', async () => {
    const { order } = await placeOrder(t.app);
    const res = await call(sale, 'PUT', `/orders/${order.id}/status`, { status: 'LOST' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Trạng thái đơn hàng không hợp lệ.');
  });

  it('needs the carrier and tracking code before SHIPPED', async () => {
    const { order } = await placeOrder(t.app);
    const at = await walk(order.id, ['CONFIRMED', 'PROCESSING']);
    const res = await call(sale, 'PUT', `/orders/${order.id}/status`, { status: 'SHIPPED' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'SHIPPING_INFO_REQUIRED', message: SALES_MESSAGES.shippingInfoRequired });
    expect((await saleOrder(t.app, sale, order.id)).version).toBe(at.version);
    await call(sale, 'PUT', `/orders/${order.id}/shipping`, { shippingCarrier: 'Viettel Post', trackingCode: 'VTP-0001' });
    const ok = await call(sale, 'PUT', `/orders/${order.id}/status`, { status: 'SHIPPED' });
    expect(ok.statusCode).toBe(200);
  });

  it('marks a COD order PAID on DELIVERED, with its own history line', async () => {
    const { order } = await placeOrder(t.app, { lines: [{ price: 100_000 }] });
    const shipped = await walk(order.id, PATHS.SHIPPED);
    expect(shipped.paymentStatus).toBe('UNPAID');
    expect(shipped.allowedTransitions).toEqual(['DELIVERED']);
    const delivered = await walk(order.id, ['DELIVERED']);
    expect(delivered).toMatchObject({ status: 'DELIVERED', paymentStatus: 'PAID', paidAmount: 130_000, allowedTransitions: ['COMPLETED'] });
    expect(delivered.paidAt).toBe(delivered.deliveredAt);
    const last = delivered.history.slice(-2);
    expect(last[0]).toMatchObject({ type: 'STATUS', fromStatus: 'SHIPPED', toStatus: 'DELIVERED', actorId: sale.id });
    expect(last[1]).toMatchObject({ type: 'PAYMENT', note: 'Đã thu 130.000 ₫ tiền mặt khi giao hàng (COD).', actorId: sale.id });
    const actions = (await auditRows(t.app, order.code)).map((r) => r.action);
    expect(actions.slice(-2)).toEqual(['ORDER_STATUS', 'ORDER_PAYMENT']);
  });

  it('completes only a paid order', async () => {
    const { order } = await placeOrder(t.app);
    await walk(order.id, PATHS.DELIVERED);
    // The cash recorded on delivery turns out not to have been collected: undone by hand.
    const undone = await call(sale, 'PUT', `/orders/${order.id}/payment`, { paymentStatus: 'UNPAID', note: 'Shipper chưa nộp tiền' });
    expect(undone.statusCode).toBe(200);
    expect(undone.json().data.blockedTransitions).toEqual([{ status: 'COMPLETED', code: 'ORDER_NOT_PAID', message: SALES_MESSAGES.notPaid }]);
    const refused = await call(sale, 'PUT', `/orders/${order.id}/status`, { status: 'COMPLETED' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'ORDER_NOT_PAID', message: 'Đơn hàng chưa được thanh toán nên chưa thể hoàn thành.' });
    await call(sale, 'PUT', `/orders/${order.id}/payment`, { paymentStatus: 'PAID' });
    expect((await call(sale, 'PUT', `/orders/${order.id}/status`, { status: 'COMPLETED' })).statusCode).toBe(200);
  });

  it('confirms an online order only once it is paid', async () => {
    const { who, order } = await placeOrder(t.app, { paymentMethod: 'VNPAY' });
    const before = await saleOrder(t.app, sale, order.id);
    expect(before.allowedTransitions).toEqual(['CANCEL_REQUESTED', 'CANCELED']);
    const refused = await call(sale, 'PUT', `/orders/${order.id}/status`, { status: 'CONFIRMED' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'ORDER_NOT_PAID', message: SALES_MESSAGES.onlineNotPaid });
    await payInSandbox(t.app, who, order.code);
    expect((await call(sale, 'PUT', `/orders/${order.id}/status`, { status: 'CONFIRMED' })).statusCode).toBe(200);
  });

  it('needs a reason to cancel through the status, and returns the stock once', async () => {
    const { order, books } = await placeOrder(t.app, { lines: [{ stock: 5, qty: 2 }] });
    expect(await bookState(t.app, books[0]!.id)).toMatchObject({ stock: 3, sold: 2 });
    const noReason = await call(sale, 'PUT', `/orders/${order.id}/status`, { status: 'CANCELED', note: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Vui lòng nhập lý do huỷ đơn.');
    const canceled = await call(sale, 'PUT', `/orders/${order.id}/status`, { status: 'CANCELED', note: 'Hết hàng ở kho' });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().data).toMatchObject({ status: 'CANCELED', cancelReason: 'Hết hàng ở kho', paymentStatus: 'UNPAID' });
    expect(await bookState(t.app, books[0]!.id)).toMatchObject({ stock: 5, sold: 0 });
    // Any further cancel is refused, and the stock does not come back twice.
    expect((await call(sale, 'PUT', `/orders/${order.id}/status`, { status: 'CANCELED', note: 'lần nữa' })).statusCode).toBe(409);
    expect((await call(sale, 'POST', `/orders/${order.id}/cancel`, { reason: 'lần nữa' })).statusCode).toBe(409);
    expect(await bookState(t.app, books[0]!.id)).toMatchObject({ stock: 5, sold: 0 });
  });
});

describe('concurrency', () => {
  it('lets exactly one of two changes from the same version win; the other gets 409 ORDER_CONFLICT', async () => {
    const { order, books } = await placeOrder(t.app, { lines: [{ stock: 4, qty: 1 }] });
    const before = await saleOrder(t.app, sale, order.id);
    const [x, y] = await Promise.all([
      call(sale, 'PUT', `/orders/${order.id}/status`, { status: 'CONFIRMED', version: before.version }),
      call(admin, 'PUT', `/orders/${order.id}/status`, { status: 'CANCELED', note: 'Khách huỷ qua điện thoại', version: before.version }),
    ]);
    const codes = [x.statusCode, y.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = x.statusCode === 409 ? x : y;
    expect(loser.json()).toMatchObject({ error: 'ORDER_CONFLICT', message: 'Đơn hàng vừa được người khác cập nhật. Vui lòng tải lại.' });
    const after = await saleOrder(t.app, sale, order.id);
    const newLines = after.history.slice(before.history.length);
    expect(newLines).toHaveLength(1);
    expect(newLines[0]!.toStatus).toBe(after.status);
    expect(after.version).toBe(before.version + 1);
    // The stock moved only if the cancel won.
    expect((await bookState(t.app, books[0]!.id)).stock).toBe(after.status === 'CANCELED' ? 4 : 3);
    const audit = (await auditRows(t.app, order.code)).filter((r) => r.action === 'ORDER_STATUS');
    expect(audit).toHaveLength(1);
  });

  it('serialises concurrent changes without a version: the second sees the first one\'s result', async () => {
    const { order } = await placeOrder(t.app);
    const results = await Promise.all([
      call(sale, 'PUT', `/orders/${order.id}/status`, { status: 'CONFIRMED' }),
      call(admin, 'PUT', `/orders/${order.id}/status`, { status: 'CONFIRMED' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error).toBe('ORDER_TRANSITION_INVALID');
    const rows = await historyRows(t.app, order.id);
    expect(rows.filter((h) => h.toStatus === 'CONFIRMED')).toHaveLength(1);
  });

  it('refuses a stale version on every write and changes nothing', async () => {
    const { order } = await placeOrder(t.app);
    const stale = (await saleOrder(t.app, sale, order.id)).version;
    await walk(order.id, ['CONFIRMED']);
    const current = await saleOrder(t.app, sale, order.id);
    const writes: ['PUT' | 'POST', string, object][] = [
      ['PUT', 'status', { status: 'PROCESSING', version: stale }],
      ['PUT', 'payment', { paymentStatus: 'PAID', version: stale }],
      ['PUT', 'shipping', { ...SHIPPING, version: stale }],
      ['PUT', 'assign', { assigneeId: sale.id, version: stale }],
      ['POST', 'cancel', { reason: 'Hết hàng', version: stale }],
      ['POST', 'refund-manual', { amount: 1000, method: 'CASH', version: stale }],
    ];
    for (const [method, path, body] of writes) {
      const res = await call(sale, method, `/orders/${order.id}/${path}`, body);
      expect(res.statusCode, path).toBe(409);
      expect(res.json().error).toBe('ORDER_CONFLICT');
    }
    expect(await saleOrder(t.app, sale, order.id)).toEqual(current);
    const ok = await call(sale, 'PUT', `/orders/${order.id}/status`, { status: 'PROCESSING', version: current.version });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.version).toBe(current.version + 1);
  });
});

describe('shipping info', () => {
  it('validates the form', async () => {
    const { order } = await placeOrder(t.app);
    const cases: [object, string, string][] = [
      [{ ...SHIPPING, shippingCarrier: '  ' }, 'shippingCarrier', 'Vui lòng nhập đơn vị vận chuyển.'],
      [{ ...SHIPPING, trackingCode: '' }, 'trackingCode', 'Vui lòng nhập mã vận đơn.'],
      [{ ...SHIPPING, trackingCode: 'GHN<script>' }, 'trackingCode', SALES_MESSAGES.trackingInvalid],
      [{ ...SHIPPING, fee: -1 }, 'fee', SALES_MESSAGES.feeInvalid],
      [{ ...SHIPPING, fee: 1.5 }, 'fee', SALES_MESSAGES.feeInvalid],
      [{ ...SHIPPING, fee: '3e4' }, 'fee', SALES_MESSAGES.feeInvalid],
      [{ ...SHIPPING, fee: ' 30000' }, 'fee', SALES_MESSAGES.feeInvalid],
      [{ ...SHIPPING, shippedAt: 'hôm qua' }, 'shippedAt', 'Thời điểm giao vận chuyển phải là thời điểm ISO 8601 (ví dụ 2025-03-14T09:30:00+07:00).'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(sale, 'PUT', `/orders/${order.id}/shipping`, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().data.fields).toContainEqual({ field, message });
    }
    // The hand-over time only once the parcel left.
    const early = await call(sale, 'PUT', `/orders/${order.id}/shipping`, { ...SHIPPING, shippedAt: new Date().toISOString() });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(SALES_MESSAGES.shippedAtBeforeShipping);
    expect((await saleOrder(t.app, sale, order.id)).shipping.trackingCode).toBeNull();
  });

  it('takes the fee as a decimal string too, as other front ends send it', async () => {
    const { order } = await placeOrder(t.app);
    const res = await call(sale, 'PUT', `/orders/${order.id}/shipping`, { ...SHIPPING, fee: '27000' });
    expect(res.statusCode).toBe(200);
    expect((res.json().data as SaleOrderDto).shipping.fee).toBe(27_000);
  });

  it('records carrier, tracking code and the carrier fee; keeps the fee when left out; corrects the hand-over time once shipped', async () => {
    const { order } = await placeOrder(t.app);
    const first = await call(sale, 'PUT', `/orders/${order.id}/shipping`, { fee: 25_000, shippingCarrier: ' GHTK ', trackingCode: 'S123.456/HN' });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Cập nhật vận chuyển thành công');
    const d1: SaleOrderDto = first.json().data;
    expect(d1.shipping).toMatchObject({ fee: 25_000, shippingCarrier: 'GHTK', trackingCode: 'S123.456/HN', shippedAt: null });
    expect(d1.shippingFee).toBe(30_000); // the customer's fee does not change
    expect(d1.history.at(-1)).toMatchObject({ type: 'SHIPPING', note: 'Đơn vị vận chuyển: GHTK, mã vận đơn: S123.456/HN, phí vận chuyển: 25.000 ₫', actorId: sale.id });
    const d2: SaleOrderDto = (await call(sale, 'PUT', `/orders/${order.id}/shipping`, { shippingCarrier: 'GHN', trackingCode: 'GHN999' })).json().data;
    expect(d2.shipping).toMatchObject({ fee: 25_000, shippingCarrier: 'GHN', trackingCode: 'GHN999' });
    expect(d2.version).toBe(d1.version + 1);

    const shipped = await walk(order.id, ['CONFIRMED', 'PROCESSING', 'SHIPPED']);
    // Handed over between the order and the status change.
    const handedOver = new Date(Date.parse(order.createdAt) + 1).toISOString();
    const corrected = await call(sale, 'PUT', `/orders/${order.id}/shipping`, { shippingCarrier: 'GHN', trackingCode: 'GHN999', fee: null, shippedAt: handedOver });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().data.shipping).toMatchObject({ fee: null, shippedAt: handedOver });
    expect(corrected.json().data.shippedAt).toBe(handedOver);
    expect(shipped.shippedAt).not.toBe(handedOver);
    const future = await call(sale, 'PUT', `/orders/${order.id}/shipping`, { ...SHIPPING, shippedAt: new Date(Date.now() + 3600_000).toISOString() });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('Thời điểm không được ở tương lai.');
    const tooEarly = await call(sale, 'PUT', `/orders/${order.id}/shipping`, { ...SHIPPING, shippedAt: '2020-01-01T00:00:00+07:00' });
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.json().data.fields).toEqual([{ field: 'shippedAt', message: 'Thời điểm không được trước lúc đặt hàng.' }]);
    const audit = (await auditRows(t.app, order.code)).filter((r) => r.action === 'ORDER_SHIPPING');
    expect(audit).toHaveLength(4);
    expect(audit[0]).toMatchObject({ actorId: sale.id, actorRole: 'SALE', entityType: 'ORDER' });
  });

  it('is refused on cancelled and completed orders', async () => {
    for (const status of ['CANCELED', 'COMPLETED'] as const) {
      const { order } = await placeOrder(t.app);
      const at = await walk(order.id, PATHS[status]);
      expect(at.canEditShipping).toBe(false);
      const res = await call(sale, 'PUT', `/orders/${order.id}/shipping`, { shippingCarrier: 'GHN', trackingCode: 'NEW1' });
      expect(res.statusCode, status).toBe(409);
      expect(res.json().message).toBe(SALES_MESSAGES.shippingClosed);
      expect((await saleOrder(t.app, sale, order.id)).version).toBe(at.version);
    }
  });
});

describe('assignee', () => {
  it('assigns to an enabled SALE or ADMIN account and refuses anyone else with 400', async () => {
    const { order } = await placeOrder(t.app);
    const customer = await makeCustomer(t.app);
    const disabled = await makeStaff(t.app, 'SALE', { enabled: false });
    const deleted = await makeStaff(t.app, 'ADMIN', { deleted: true });
    for (const assigneeId of [0, -3, 'abc', String(sale.id), 2 ** 31]) {
      const res = await call(sale, 'PUT', `/orders/${order.id}/assign`, { assigneeId });
      expect(res.statusCode, String(assigneeId)).toBe(400);
      expect(res.json().message).toBe('Mã nhân viên phải lớn hơn 0.');
    }
    for (const assigneeId of [customer.id, disabled.id, deleted.id, 99_999_999]) {
      const res = await call(sale, 'PUT', `/orders/${order.id}/assign`, { assigneeId });
      expect(res.statusCode).toBe(400);
      expect(res.json().data.fields).toEqual([{ field: 'assigneeId', message: SALES_MESSAGES.assigneeInvalid }]);
    }
    expect((await saleOrder(t.app, sale, order.id)).assigneeId).toBeNull();

    const toSale = await call(admin, 'PUT', `/orders/${order.id}/assign`, { assigneeId: sale.id });
    expect(toSale.statusCode).toBe(200);
    expect(toSale.json()).toMatchObject({ message: 'Đã giao đơn hàng cho nhân viên', data: { assigneeId: sale.id, assigneeName: 'Lê Thị Sale' } });
    const again = await call(admin, 'PUT', `/orders/${order.id}/assign`, { assigneeId: sale.id });
    expect(again.json().data.version).toBe(toSale.json().data.version);
    const toAdmin: SaleOrderDto = (await call(sale, 'PUT', `/orders/${order.id}/assign`, { assigneeId: admin.id })).json().data;
    expect(toAdmin).toMatchObject({ assigneeId: admin.id, assigneeName: 'Phạm Văn Admin' });
    expect(toAdmin.history.filter((h) => h.type === 'ASSIGN').map((h) => h.note)).toEqual(['Giao đơn cho Lê Thị Sale', 'Giao đơn cho Phạm Văn Admin']);
    const audit = (await auditRows(t.app, order.code)).filter((r) => r.action === 'ORDER_ASSIGN');
    expect(audit.map((r) => r.details)).toEqual([
      { orderId: order.id, from: null, to: sale.id },
      { orderId: order.id, from: sale.id, to: admin.id },
    ]);
  });
});

describe('notes', () => {
  it('keeps non-blank internal notes with author and time, hidden from the customer, without bumping the version', async () => {
    const { who, order } = await placeOrder(t.app);
    const before = await saleOrder(t.app, sale, order.id);
    for (const note of ['', '   ']) {
      const res = await call(sale, 'POST', `/orders/${order.id}/notes`, { note });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Vui lòng nhập nội dung ghi chú.');
    }
    expect((await call(sale, 'POST', `/orders/${order.id}/notes`, {})).statusCode).toBe(400);
    const first = await call(sale, 'POST', `/orders/${order.id}/notes`, { note: '  Khách dặn gọi trước 30 phút  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe('Đã thêm ghi chú');
    await call(admin, 'POST', `/orders/${order.id}/notes`, { note: 'Đã gọi, khách hẹn chiều nay' });
    const d = await saleOrder(t.app, sale, order.id);
    expect(d.notes.map(({ note, authorId, authorName }) => ({ note, authorId, authorName }))).toEqual([
      { note: 'Khách dặn gọi trước 30 phút', authorId: sale.id, authorName: 'Lê Thị Sale' },
      { note: 'Đã gọi, khách hẹn chiều nay', authorId: admin.id, authorName: 'Phạm Văn Admin' },
    ]);
    expect(Date.parse(d.notes[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(d.history).toEqual(before.history);
    expect(d.version).toBe(before.version);
    // The customer's own view of the order shows nothing of them.
    const mine = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.code}`, headers: who.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).not.toContain('Khách dặn gọi trước');
    expect(mine.body).not.toContain('khách hẹn chiều nay');
    expect((await auditRows(t.app, order.code)).filter((r) => r.action === 'ORDER_NOTE')).toHaveLength(2);
    expect((await call(sale, 'POST', '/orders/99999999/notes', { note: 'x' })).statusCode).toBe(404);
  });
});

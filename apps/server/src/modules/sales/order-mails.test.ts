import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { createListeningTestApp } from '../../../test/payments.ts';
import { startMailCatcher, type MailCatcher } from '../../../test/mail-catcher.ts';
import { expireUnpaidOnlineOrders } from '../orders/index.ts';
import { makeStaff, payInSandbox, placeOrder, salesCall, type Staff } from '../../../test/sales.ts';

let t: TestApp;
let catcher: MailCatcher;
let sale: Staff;

beforeAll(async () => {
  catcher = await startMailCatcher();
  t = await createListeningTestApp({ SMTP_URL: catcher.url });
  sale = await makeStaff(t.app, 'SALE');
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

const ok = async (res: Awaited<ReturnType<typeof salesCall>>) => {
  if (res.statusCode >= 300) throw new Error(`${res.statusCode} ${res.body}`);
};
const mailsFor = (to: string) => catcher.mails.filter((m) => m.to.includes(to));

describe('order mails (through the outbox, to a real SMTP server)', () => {
  it('tells the shopper when the order is placed, shipped with carrier and tracking code, and delivered (COD paid at the door)', async () => {
    const { who, order } = await placeOrder(t.app, { paymentMethod: 'COD' });
    const to = `${who.username}@example.com`;
    await catcher.waitFor(to, (m) => m.subject === `Xác nhận đơn hàng ${order.code} - Nhà Sách`);
    const id = order.id;
    await ok(await salesCall(t.app, sale, 'PUT', `/orders/${id}/status`, { status: 'CONFIRMED' }));
    await ok(await salesCall(t.app, sale, 'PUT', `/orders/${id}/shipping`, { shippingCarrier: 'Giao Hàng Nhanh (GHN)', trackingCode: 'GHN123456789' }));
    await ok(await salesCall(t.app, sale, 'PUT', `/orders/${id}/status`, { status: 'PROCESSING' }));
    await ok(await salesCall(t.app, sale, 'PUT', `/orders/${id}/status`, { status: 'SHIPPED' }));
    const shipped = await catcher.waitFor(to, (m) => m.subject === `Đơn hàng ${order.code} đang được giao - Nhà Sách`);
    expect(shipped.text).toContain('Đơn vị vận chuyển: Giao Hàng Nhanh (GHN)');
    expect(shipped.text).toContain('Mã vận đơn: GHN123456789');
    await ok(await salesCall(t.app, sale, 'PUT', `/orders/${id}/status`, { status: 'DELIVERED' }));
    const delivered = await catcher.waitFor(to, (m) => m.subject === `Đơn hàng ${order.code} đã giao thành công - Nhà Sách`);
    expect(delivered.text).toContain('Đã thu tiền mặt khi giao hàng');
    expect(delivered.text).toContain(`http://localhost:3000/orders/${order.code}`);
    expect(mailsFor(to)).toHaveLength(3);
  });

  it('tells the shopper when a VNPAY payment arrives, when staff cancel (with the reason) and when the money is refunded', async () => {
    const { who, order } = await placeOrder(t.app, { paymentMethod: 'VNPAY' });
    const to = `${who.username}@example.com`;
    await payInSandbox(t.app, who, order.code);
    const paid = await catcher.waitFor(to, (m) => m.subject === `Đơn hàng ${order.code} đã được thanh toán - Nhà Sách`);
    expect(paid.text).toContain('VNPAY');
    await ok(await salesCall(t.app, sale, 'POST', `/orders/${order.id}/cancel`, { reason: 'Hết hàng tại kho' }));
    const cancelled = await catcher.waitFor(to, (m) => m.subject === `Đơn hàng ${order.code} đã bị huỷ - Nhà Sách`);
    expect(cancelled.text).toContain('Lý do: Hết hàng tại kho');
    expect(cancelled.text).toContain('hoàn lại');
    await ok(await salesCall(t.app, sale, 'POST', `/orders/${order.id}/refund-manual`, { amount: order.grandTotal, method: 'BANK_TRANSFER' }));
    const refunded = await catcher.waitFor(to, (m) => m.subject === `Đơn hàng ${order.code} đã được hoàn tiền - Nhà Sách`);
    expect(refunded.text).toMatch(/Nhà Sách đã hoàn [\d.]+ ₫ cho đơn hàng/);
  });

  it('mails an expired unpaid order once, with the expiry as the reason', async () => {
    const { who, order } = await placeOrder(t.app, { paymentMethod: 'VNPAY' });
    const to = `${who.username}@example.com`;
    const later = new Date(Date.now() + 60 * 60_000);
    expect(await expireUnpaidOnlineOrders(t.app.orderProcess, t.app.db, later)).toBeGreaterThanOrEqual(1);
    expect(await expireUnpaidOnlineOrders(t.app.orderProcess, t.app.db, later)).toBe(0);
    const mail = await catcher.waitFor(to, (m) => m.subject === `Đơn hàng ${order.code} đã bị huỷ - Nhà Sách`);
    expect(mail.text).toContain('Lý do: Hết thời hạn thanh toán trực tuyến');
    await t.app.mailer.runDue();
    expect(mailsFor(to).filter((m) => m.subject.includes('đã bị huỷ'))).toHaveLength(1);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pdfText } from '../../../test/pdf-text.ts';
import { SHIPPING_MESSAGES, type OrderDto, type SaleOrderDto, type ShipmentDto, type ShippingQuoteDto } from '@nhasach/shared';
import { books, orders, shipmentEvents, shipments } from '../../db/schema/index.ts';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { startMailCatcher, type MailCatcher } from '../../../test/mail-catcher.ts';
import { createListeningTestApp } from '../../../test/payments.ts';
import { makeCustomer, makeShopBook, makeStaff, saleOrder, salesCall, type Customer, type Staff } from '../../../test/sales.ts';
import { HANOI_ADDRESS } from '../../../test/address.ts';
import { VALID_ADDRESS } from '../../../test/orders.ts';
import { ghnProtocol } from './index.ts';

/**
 * Shipping with the built-in sandbox carrier (GHN's API shape, served by the app itself over HTTP): quotes by weight
 * and zone, order placement charging the server's quote, the shipment created when staff confirm, its label, and
 * the signed tracking webhooks moving the order to SHIPPED and DELIVERED with the shopper's mails.
 */

const SECRET = 'test-shipping-webhook-secret-0123456789';
let t: TestApp;
let catcher: MailCatcher;
let sale: Staff;

beforeAll(async () => {
  catcher = await startMailCatcher();
  t = await createListeningTestApp({ SMTP_URL: catcher.url, SHIPPING_CARRIER: 'sandbox', SHIPPING_WEBHOOK_SECRET: SECRET, SHIPPING_RETRY_INTERVAL_SECONDS: '0' });
  sale = await makeStaff(t.app, 'SALE');
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

const call = (who: { headers: Record<string, string> } | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { ...who?.headers }, ...(payload ? { payload } : {}) });

/** Hồ Chí Minh City (the shop's province: the inner zone), Hà Nội (another region), Côn Đảo (an island zone). */
const HCM = VALID_ADDRESS;
const HANOI = HANOI_ADDRESS;
const CON_DAO = { ...HANOI, line1: '1 Tôn Đức Thắng', provinceCode: '79', province: 'Thành phố Hồ Chí Minh', wardCode: '26732', ward: 'Đặc khu Côn Đảo' };

async function addressOf(who: Customer, address: object): Promise<number> {
  const res = await call(who, 'POST', '/address', address);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function bookOf(opts: { price?: number; weightGram?: number | null } = {}) {
  const book = await makeShopBook(t.app, { price: opts.price ?? 100_000, stock: 50 });
  if (opts.weightGram !== undefined) await t.app.db.update(books).set({ weightGram: opts.weightGram }).where(eq(books.id, book.id));
  return book;
}

async function quote(who: Customer, addressId: number, items: { bookId: number; quantity: number }[]) {
  return call(who, 'POST', '/shipping/quote', { addressId, items });
}
const optionOf = (q: ShippingQuoteDto, method: 'STANDARD' | 'EXPRESS') => q.options.find((o) => o.deliveryMethod === method)!;

/** A COD order of `qty` copies of a new book, placed by a new shopper to `address` (through the cart, as the checkout does). */
async function placeOrder(opts: { address?: object; qty?: number; price?: number; weightGram?: number; expectedShippingFee?: number; deliveryMethod?: 'STANDARD' | 'EXPRESS' } = {}) {
  const who = await makeCustomer(t.app, 'Trần Thị Bình');
  const book = await bookOf({ price: opts.price ?? 100_000, weightGram: opts.weightGram ?? 400 });
  expect((await call(who, 'POST', '/cart/items', { bookId: book.id, qty: opts.qty ?? 1 })).statusCode).toBe(200);
  const addressId = await addressOf(who, opts.address ?? HANOI);
  const res = await call(who, 'POST', '/orders', {
    addressId,
    paymentMethod: 'COD',
    deliveryMethod: opts.deliveryMethod ?? 'STANDARD',
    ...(opts.expectedShippingFee !== undefined ? { expectedShippingFee: opts.expectedShippingFee } : {}),
  });
  return { who, book, addressId, res };
}

async function confirmedOrder() {
  const { who, res } = await placeOrder({ qty: 2 });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().data as OrderDto;
  expect((await salesCall(t.app, sale, 'PUT', `/orders/${order.id}/status`, { status: 'CONFIRMED' })).statusCode).toBe(200);
  return { who, order, shipment: await shipmentCreated(order.id) };
}

/** Waits for the worker (woken when the confirmation commits) to create the shipment with the carrier. */
async function shipmentCreated(orderId: number): Promise<ShipmentDto> {
  for (let i = 0; i < 100; i++) {
    const detail = await saleOrder(t.app, sale, orderId);
    if (detail.shipment) return detail.shipment;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('shipment not created');
}

/** A webhook in GHN's shape, signed as the carrier signs it (or with `signature`). */
function webhook(trackingCode: string, status: string, opts: { time?: string; signature?: string } = {}) {
  const body = JSON.stringify({ OrderCode: trackingCode, Status: status, Type: 'switch_status', Time: opts.time ?? new Date().toISOString(), Warehouse: 'Bưu cục Hoàn Kiếm' });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/shipping/webhooks/sandbox',
    headers: { 'content-type': 'application/json', 'x-signature': opts.signature ?? ghnProtocol.signBody(body, SECRET) },
    payload: body,
  });
}

describe('shipping quote (sandbox carrier)', () => {
  it('changes with the weight and with the province, and applies the free standard shipping above the threshold', async () => {
    const who = await makeCustomer(t.app);
    const [hcm, hanoi] = [await addressOf(who, HCM), await addressOf(who, HANOI)];
    const light = await bookOf({ weightGram: 300 });
    const heavy = await bookOf({ weightGram: 1_200 });

    const a = (await quote(who, hcm, [{ bookId: light.id, quantity: 1 }])).json().data as ShippingQuoteDto;
    expect(a).toMatchObject({ carrier: 'sandbox', weightGram: 300 });
    // Inner zone, first 500 g.
    expect(optionOf(a, 'STANDARD')).toMatchObject({ carrierFee: 15_000, fee: 15_000, estimatedDays: { min: 1, max: 2 } });
    expect(optionOf(a, 'EXPRESS').carrierFee).toBeGreaterThan(optionOf(a, 'STANDARD').carrierFee);

    const b = (await quote(who, hcm, [{ bookId: heavy.id, quantity: 2 }])).json().data as ShippingQuoteDto;
    expect(b.weightGram).toBe(2_400);
    expect(optionOf(b, 'STANDARD').carrierFee).toBe(15_000 + 4 * 2_500);

    const c = (await quote(who, hanoi, [{ bookId: light.id, quantity: 1 }])).json().data as ShippingQuoteDto;
    expect(optionOf(c, 'STANDARD')).toMatchObject({ carrierFee: 32_000, fee: 32_000, estimatedDays: { min: 3, max: 5 } });

    // 6 x 100.000 ₫ of goods: standard delivery is on the shop, express is not.
    const d = (await quote(who, hanoi, [{ bookId: light.id, quantity: 6 }])).json().data as ShippingQuoteDto;
    expect(optionOf(d, 'STANDARD')).toMatchObject({ fee: 0 });
    expect(optionOf(d, 'STANDARD').carrierFee).toBeGreaterThan(0);
    expect(optionOf(d, 'EXPRESS').fee).toBe(optionOf(d, 'EXPRESS').carrierFee);
  });

  it("refuses an address the carrier cannot serve (400, in Vietnamese) and another shopper's address (404)", async () => {
    const who = await makeCustomer(t.app);
    const island = await addressOf(who, CON_DAO);
    const book = await bookOf({ weightGram: 300 });
    const refused = await quote(who, island, [{ bookId: book.id, quantity: 1 }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SHIPPING_MESSAGES.unserviceable);

    const other = await makeCustomer(t.app);
    const notMine = await quote(other, island, [{ bookId: book.id, quantity: 1 }]);
    expect(notMine.statusCode).toBe(404);
    expect((await quote(undefined as unknown as Customer, island, [{ bookId: book.id, quantity: 1 }])).statusCode).toBe(401);
  });
});

describe('placing an order with a carrier', () => {
  it("charges the server's quote, and refuses a fee the checkout showed that is not it (409, nothing written)", async () => {
    const placed = await placeOrder({ qty: 2, weightGram: 400 });
    expect(placed.res.statusCode, placed.res.body).toBe(201);
    // 800 g to Hà Nội (far zone): the first 500 g and one step.
    expect(placed.res.json().data).toMatchObject({ shippingFee: 37_000, grandTotal: 200_000 + 37_000 });

    const before = (await t.app.db.select({ id: orders.id }).from(orders)).length;
    const stale = await placeOrder({ qty: 2, weightGram: 400, expectedShippingFee: 30_000 });
    expect(stale.res.statusCode).toBe(409);
    expect(stale.res.json()).toMatchObject({ error: 'SHIPPING_FEE_CHANGED', message: 'Phí giao hàng đã thay đổi, vui lòng kiểm tra lại đơn hàng.' });
    expect((await t.app.db.select({ id: orders.id }).from(orders)).length).toBe(before);
    // The cart line is still there, and the book's stock untouched.
    expect((await call(stale.who, 'GET', '/cart')).json().data.items).toHaveLength(1);
    expect((await t.app.db.select({ stock: books.stock }).from(books).where(eq(books.id, stale.book.id)))[0]!.stock).toBe(50);

    const agreed = await placeOrder({ qty: 2, weightGram: 400, expectedShippingFee: 37_000, deliveryMethod: 'STANDARD' });
    expect(agreed.res.statusCode).toBe(201);
  });
});

describe('shipment, label and tracking', () => {
  it('creates the shipment with a tracking code when staff confirm, shows it to staff and shopper, and prints a label with both codes', async () => {
    const { who, order, shipment } = await confirmedOrder();
    expect(shipment).toMatchObject({ carrier: 'sandbox', status: 'CREATED', labelUrl: `/api/v1/sales/orders/${order.id}/shipment/label.pdf` });
    expect(shipment.trackingCode).toMatch(/^SB[A-Z0-9]{6}$/);
    expect(shipment.events).toHaveLength(1);

    const detail = await saleOrder(t.app, sale, order.id);
    // The order's shipping details carry the carrier's code: the SHIPPED guard and the mails read them.
    expect(detail.shipping).toMatchObject({ trackingCode: shipment.trackingCode, shippingCarrier: shipment.carrierName });
    expect(detail.shipping.fee).toBeGreaterThan(0);
    expect(detail).toMatchObject({ shipsByCarrier: true, canCreateShipment: false });

    const mine = (await call(who, 'GET', `/orders/${order.code}`)).json().data as OrderDto;
    expect(mine.shipment).toMatchObject({ trackingCode: shipment.trackingCode, labelUrl: null });

    // Asking again returns the same shipment.
    const again = await salesCall(t.app, sale, 'POST', `/orders/${order.id}/shipment`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.trackingCode).toBe(shipment.trackingCode);
    expect(await t.app.db.select().from(shipments).where(eq(shipments.orderId, order.id))).toHaveLength(1);

    const label = await salesCall(t.app, sale, 'GET', `/orders/${order.id}/shipment/label.pdf`);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(label.rawPayload);
    expect(text).toContain(order.code);
    expect(text).toContain(shipment.trackingCode);
    expect(text).toContain('Lê Văn Cường');
    expect(text).toContain(`${(200_000 + order.shippingFee).toLocaleString('vi-VN')}`.replace(/,/g, '.'));

    expect((await call(who, 'GET', `/sales/orders/${order.id}/shipment/label.pdf`)).statusCode).toBe(403);
  });

  it('signed webhooks move the order to SHIPPED then DELIVERED (COD paid) and mail the shopper; a forged one changes nothing; a repeated one acts once', async () => {
    const { who, order, shipment } = await confirmedOrder();
    const to = `${who.username}@example.com`;
    const code = shipment.trackingCode;

    const forged = await webhook(code, 'delivered', { signature: 'ab'.repeat(32) });
    expect(forged.statusCode).toBe(401);
    const unsigned = await webhook(code, 'picked', { signature: '' });
    expect(unsigned.statusCode).toBe(401);
    expect((await saleOrder(t.app, sale, order.id)).status).toBe('CONFIRMED');
    expect(await t.app.db.select().from(shipmentEvents).innerJoin(shipments, eq(shipments.id, shipmentEvents.shipmentId)).where(eq(shipments.orderId, order.id))).toHaveLength(1);

    const pickedAt = new Date().toISOString();
    expect((await webhook(code, 'picked', { time: pickedAt })).statusCode).toBe(200);
    let detail: SaleOrderDto = await saleOrder(t.app, sale, order.id);
    expect(detail.status).toBe('SHIPPED');
    expect(detail.shipment?.status).toBe('PICKED_UP');
    const shipped = await catcher.waitFor(to, (m) => m.subject === `Đơn hàng ${order.code} đang được giao - Nhà Sách`);
    expect(shipped.text).toContain(`Mã vận đơn: ${code}`);

    // The same update again: recorded once, nothing moves twice.
    expect((await webhook(code, 'picked', { time: pickedAt })).statusCode).toBe(200);
    expect((await webhook(code, 'delivering')).statusCode).toBe(200);
    const deliveredAt = new Date(Date.now() + 1000).toISOString();
    expect((await webhook(code, 'delivered', { time: deliveredAt })).statusCode).toBe(200);
    expect((await webhook(code, 'delivered', { time: deliveredAt })).statusCode).toBe(200);
    detail = await saleOrder(t.app, sale, order.id);
    expect(detail).toMatchObject({ status: 'DELIVERED', paymentStatus: 'PAID' });
    expect(detail.history.filter((h) => h.toStatus === 'DELIVERED')).toHaveLength(1);
    await catcher.waitFor(to, (m) => m.subject === `Đơn hàng ${order.code} đã giao thành công - Nhà Sách`);

    const mine = (await call(who, 'GET', `/orders/${order.code}`)).json().data as OrderDto;
    expect(mine.shipment?.status).toBe('DELIVERED');
    expect(mine.shipment?.events.map((e) => e.status)).toEqual(['CREATED', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED']);
    expect(mine.shipment?.events[1]).toMatchObject({ description: 'Đã lấy hàng', location: 'Bưu cục Hoàn Kiếm' });
    await t.app.mailer.runDue();
    expect(catcher.mails.filter((m) => m.to.includes(to) && m.subject.includes('đã giao thành công'))).toHaveLength(1);
  });

  it("the sandbox carrier's page advances a parcel and tells the shop with a signed webhook", async () => {
    const { order, shipment } = await confirmedOrder();
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/carrier' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(shipment.trackingCode);
    const res = await t.app.inject({
      method: 'POST',
      url: `/sandbox/carrier/orders/${shipment.trackingCode}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'status=picked',
    });
    expect(res.statusCode, res.body).toBe(303);
    const back = await t.app.inject({ method: 'GET', url: res.headers.location! });
    expect(back.body).toContain(`Đã chuyển vận đơn ${shipment.trackingCode} sang &quot;Đã lấy hàng&quot; và báo cửa hàng.`);
    expect((await saleOrder(t.app, sale, order.id)).status).toBe('SHIPPED');
  });
});

describe('staff shipment rules', () => {
  it('refuses a shipment for an order not confirmed yet', async () => {
    const { res } = await placeOrder();
    const order = res.json().data as OrderDto;
    const refused = await salesCall(t.app, sale, 'POST', `/orders/${order.id}/shipment`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SHIPPING_MESSAGES.shipmentNotAllowed);
    expect((await salesCall(t.app, sale, 'GET', `/orders/${order.id}/shipment/label.pdf`)).statusCode).toBe(404);
    expect(await saleOrder(t.app, sale, order.id)).toMatchObject({ shipsByCarrier: true, canCreateShipment: false });
  });

  it("offers 'Tạo vận đơn' for a confirmed order the carrier has no shipment of, and not once it has one", async () => {
    const { order } = await confirmedOrder();
    // As when the carrier did not answer at confirmation: no shipment with a tracking code.
    await t.app.db.delete(shipments).where(eq(shipments.orderId, order.id));
    expect(await saleOrder(t.app, sale, order.id)).toMatchObject({ shipment: null, canCreateShipment: true });
    // 201 when this call created it; 200 when the shipment worker, woken by the pending row, got there first.
    expect([200, 201]).toContain((await salesCall(t.app, sale, 'POST', `/orders/${order.id}/shipment`)).statusCode);
    expect(await saleOrder(t.app, sale, order.id)).toMatchObject({ shipment: expect.objectContaining({ carrier: 'sandbox' }), canCreateShipment: false });
  });
});

describe('a cancelled order with a shipment', () => {
  it('tells staff on the timeline to cancel the parcel with the carrier, and webhooks no longer move the order', async () => {
    const { order, shipment } = await confirmedOrder();
    const cancelled = await salesCall(t.app, sale, 'POST', `/orders/${order.id}/cancel`, { reason: 'Khách đổi ý' });
    expect(cancelled.statusCode).toBe(200);
    let detail = await saleOrder(t.app, sale, order.id);
    expect(detail.shipment?.events.at(-1)?.description).toBe('Đơn hàng đã huỷ: cần huỷ vận đơn với đơn vị vận chuyển');
    expect((await webhook(shipment.trackingCode, 'picked')).statusCode).toBe(200);
    detail = await saleOrder(t.app, sale, order.id);
    expect(detail.status).toBe('CANCELED');
    expect(detail.shipment?.status).toBe('PICKED_UP');
  });
});

describe('the carrier setting', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nhasach-shipping-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const base = { DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) };

  it('is the sandbox where the sandboxes are on (npm start), the flat tariff in production otherwise, and GHN only with its account', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).SHIPPING_CARRIER).toBe('sandbox');
    expect(loadConfig({ ...base, NODE_ENV: 'production', VNPAY_SANDBOX: 'true' }).SHIPPING_CARRIER).toBe('sandbox');
    expect(loadConfig({ ...base, NODE_ENV: 'production' })).toMatchObject({ SHIPPING_CARRIER: 'flat', SHIPPING_SIGNING_SECRET: undefined });
    expect(() => loadConfig({ ...base, SHIPPING_CARRIER: 'ghn', GHN_TOKEN: 'abc' })).toThrow(/GHN_SHOP_ID, SHIPPING_WEBHOOK_SECRET/);
    const ghn = loadConfig({ ...base, SHIPPING_CARRIER: 'ghn', GHN_TOKEN: 'abc', GHN_SHOP_ID: '123456', SHIPPING_WEBHOOK_SECRET: 'a-secret-of-16-chars' });
    expect(ghn).toMatchObject({ SHIPPING_CARRIER: 'ghn', SHIPPING_SIGNING_SECRET: 'a-secret-of-16-chars' });
  });
});

describe('the flat tariff (no carrier API)', () => {
  let flat: TestApp;
  beforeAll(async () => {
    flat = await createTestApp({ SHIPPING_CARRIER: 'flat' });
  });
  afterAll(async () => {
    await flat?.close();
  });

  it('quotes 30.000 / 35.000 ₫ whatever the weight, creates no shipment and takes no webhook', async () => {
    const who = await makeCustomer(flat.app);
    const res = await flat.app.inject({ method: 'POST', url: '/api/v1/address', headers: who.headers, payload: HANOI });
    const book = await makeShopBook(flat.app, { price: 100_000 });
    await flat.app.db.update(books).set({ weightGram: 5_000 }).where(eq(books.id, book.id));
    const q = await flat.app.inject({
      method: 'POST',
      url: '/api/v1/shipping/quote',
      headers: who.headers,
      payload: { addressId: res.json().data.id, items: [{ bookId: book.id, quantity: 3 }] },
    });
    expect(q.json().data).toMatchObject({ carrier: 'flat', weightGram: 15_000 });
    expect(q.json().data.options.map((o: { fee: number }) => o.fee)).toEqual([30_000, 35_000]);
    const staff = await makeStaff(flat.app, 'SALE');
    const created = await flat.app.inject({ method: 'POST', url: '/api/v1/sales/orders/1/shipment', headers: staff.headers });
    expect(created.statusCode).toBe(409);
    expect(created.json().message).toBe(SHIPPING_MESSAGES.noCarrierApi);
    const hook = await flat.app.inject({ method: 'POST', url: '/api/v1/shipping/webhooks/flat', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(hook.statusCode).toBe(404);
    expect((await flat.app.inject({ method: 'GET', url: '/sandbox/carrier' })).statusCode).toBe(404);
  });
});

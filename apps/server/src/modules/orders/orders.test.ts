import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { CartDto, OrderDto, OrderSummaryDto } from '@nhasach/shared';
import { books, cartItems, mailOutbox, orders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { startMailCatcher, type MailCatcher } from '../../../test/mail-catcher.ts';
import { ORDER_CODE_PATTERN } from './code.ts';
import { expireUnpaidOnlineOrders, markOrderPaid } from './lifecycle.ts';
import { startOrderExpiry } from './scheduler.ts';
import { bookState, makeCustomer, makeShopBook, VALID_ADDRESS, type Customer } from '../../../test/orders.ts';

let t: TestApp;
let catcher: MailCatcher;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  catcher = await startMailCatcher();
  t = await createTestApp({ SMTP_URL: catcher.url });
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: Customer | undefined, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { ...who?.headers, ...headers }, ...(payload ? { payload } : {}) });

async function addressOf(who: Customer): Promise<number> {
  const res = await call(who, 'POST', '/address', VALID_ADDRESS);
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data.id;
}
async function addToCart(who: Customer, bookId: number, qty: number) {
  const res = await call(who, 'POST', '/cart/items', { bookId, qty });
  if (res.statusCode !== 200) throw new Error(res.body);
}
/** A customer with an address and the given lines in the cart. */
async function buyer(lines: [number, number][] = []) {
  const who = await makeCustomer(t.app, 'Nguyễn Văn An');
  const addressId = await addressOf(who);
  for (const [bookId, qty] of lines) await addToCart(who, bookId, qty);
  return { who, addressId };
}
const order = (who: Customer, addressId: number, extra: object = {}, headers?: Record<string, string>) =>
  call(who, 'POST', '/orders', { addressId, paymentMethod: 'COD', deliveryMethod: 'STANDARD', ...extra }, headers);
const cartOf = async (who: Customer): Promise<CartDto> => (await call(who, 'GET', '/cart')).json().data;
const orderCount = async (userId: number) => Number((await t.app.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0]!.n);

describe('placing an order', () => {
  it('orders the selected lines at server prices, takes stock, snapshots, empties those lines and mails a confirmation', async () => {
    const now = Date.now();
    const sale = await makeShopBook(t.app, {
      title: 'Đắc Nhân Tâm',
      price: 120_000,
      salePrice: 89_000,
      saleStartAt: new Date(now - DAY),
      saleEndAt: new Date(now + DAY),
      stock: 10,
      sku: `SKU-${now}`,
      withCover: true,
    });
    const plain = await makeShopBook(t.app, { title: 'Dế Mèn Phiêu Lưu Ký', price: 45_000, stock: 3 });
    const kept = await makeShopBook(t.app, { title: 'Để Dành', price: 60_000 });
    const { who, addressId } = await buyer([
      [sale.id, 2],
      [plain.id, 3],
      [kept.id, 1],
    ]);
    await call(who, 'PUT', `/cart/items/${kept.id}`, { selected: false });

    const res = await order(who, addressId, { note: '  Giao giờ hành chính  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Đặt hàng thành công');
    const placed: OrderDto = res.json().data;
    expect(placed.code).toMatch(ORDER_CODE_PATTERN);
    expect(placed).toMatchObject({
      status: 'PENDING',
      paymentStatus: 'UNPAID',
      paymentMethod: 'COD',
      deliveryMethod: 'STANDARD',
      subtotal: 375_000,
      discountTotal: 62_000,
      shippingFee: 30_000,
      taxTotal: 0,
      grandTotal: 343_000,
      receiverName: 'Nguyễn Văn An',
      receiverPhone: '0901234567',
      addressLine: '12 Lê Lợi, Phường Bến Nghé, Quận 1, Thành phố Hồ Chí Minh',
      province: 'Thành phố Hồ Chí Minh',
      note: 'Giao giờ hành chính',
      paymentExpiresAt: null,
      canCancel: true,
      canPay: false,
    });
    const bySale = placed.items.find((i) => i.bookId === sale.id)!;
    expect(bySale).toMatchObject({ title: 'Đắc Nhân Tâm', sku: sale.sku, isbn: sale.isbn13, price: 120_000, unitPrice: 89_000, discount: 62_000, qty: 2, lineTotal: 178_000 });
    expect(bySale.imageUrl).toMatch(/-m\.webp$/);
    expect(placed.items.find((i) => i.bookId === plain.id)).toMatchObject({ price: 45_000, discount: 0, qty: 3, lineTotal: 135_000 });
    expect(placed.items).toHaveLength(2);
    expect(placed.history).toEqual([expect.objectContaining({ type: 'STATUS', actorRole: 'CUSTOMER', fromStatus: null, toStatus: 'PENDING' })]);

    // Stock taken; the book whose stock reached 0 shows as out of stock; sold counts the units.
    expect(await bookState(t.app, sale.id)).toEqual({ stock: 8, sold: 2, status: 'ACTIVE' });
    expect(await bookState(t.app, plain.id)).toEqual({ stock: 0, sold: 3, status: 'OUT_OF_STOCK' });
    // Only the ordered lines left the cart.
    const cart = await cartOf(who);
    expect(cart.items.map((i) => i.bookId)).toEqual([kept.id]);

    const mail = await catcher.waitFor(who.username + '@example.com', (m) => m.subject.includes(placed.code));
    expect(mail.subject).toBe(`Xác nhận đơn hàng ${placed.code} - Nhà Sách`);
    expect(mail.text).toContain('Đắc Nhân Tâm x 2: 178.000 ₫');
    expect(mail.text).toContain('Tổng cộng: 343.000 ₫');
    expect(mail.text).toContain(`http://localhost:3000/orders/${placed.code}`);

    const read = await call(who, 'GET', `/orders/${placed.code}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(placed);
  });

  it('never trusts client totals: recomputes fees, free STANDARD from 500.000, EXPRESS always paid', async () => {
    const book = await makeShopBook(t.app, { price: 250_000, stock: 50 });
    const { who, addressId } = await buyer([[book.id, 2]]);
    const res = await order(who, addressId, { grandTotal: 1, shippingFee: 0, subtotal: 1 });
    expect(res.json().data).toMatchObject({ subtotal: 500_000, shippingFee: 0, grandTotal: 500_000 });
    await addToCart(who, book.id, 2);
    const express = await order(who, addressId, { deliveryMethod: 'EXPRESS' });
    expect(express.json().data).toMatchObject({ subtotal: 500_000, shippingFee: 35_000, grandTotal: 535_000 });
  });

  it('gives VNPAY orders 15 minutes to be paid', async () => {
    const book = await makeShopBook(t.app, { price: 80_000 });
    const { who, addressId } = await buyer([[book.id, 1]]);
    const before = Date.now();
    const placed: OrderDto = (await order(who, addressId, { paymentMethod: 'VNPAY' })).json().data;
    expect(placed).toMatchObject({ paymentMethod: 'VNPAY', paymentStatus: 'UNPAID', canPay: true });
    const expires = Date.parse(placed.paymentExpiresAt!);
    expect(expires - before).toBeGreaterThanOrEqual(15 * 60_000 - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(15 * 60_000);
  });

  it('refuses an empty selection, and a double click finds nothing left to order', async () => {
    const book = await makeShopBook(t.app, { stock: 10 });
    const { who, addressId } = await buyer();
    const empty = await order(who, addressId);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'CART_EMPTY', message: 'Giỏ hàng không có sản phẩm nào được chọn.' });

    await addToCart(who, book.id, 2);
    const [first, second] = await Promise.all([order(who, addressId), order(who, addressId)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 400]);
    expect(await orderCount(who.id)).toBe(1);
    expect((await bookState(t.app, book.id)).stock).toBe(8);
  });

  it('answers a retried Idempotency-Key with the first order, even concurrently', async () => {
    const book = await makeShopBook(t.app, { stock: 10 });
    const { who, addressId } = await buyer([[book.id, 1]]);
    const key = { 'idempotency-key': `chk-${Date.now()}` };
    const [a, b] = await Promise.all([order(who, addressId, {}, key), order(who, addressId, {}, key)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().data.code).toBe(b.json().data.code);
    const again = await order(who, addressId, {}, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Đơn hàng đã được tạo trước đó');
    expect(again.json().data.code).toBe(a.json().data.code);
    expect(await orderCount(who.id)).toBe(1);
    expect((await bookState(t.app, book.id)).stock).toBe(9);
    expect((await order(who, addressId, {}, { 'idempotency-key': 'bad key!' })).statusCode).toBe(400);
  });

  it('sells exactly the stock when 50 customers order the last 10 copies at once', async () => {
    const book = await makeShopBook(t.app, { title: 'Sách Hiếm', stock: 10, price: 99_000 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => buyer([[book.id, 1]])));
    const results = await Promise.all(buyers.map(({ who, addressId }) => order(who, addressId)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(['OUT_OF_STOCK', 'INSUFFICIENT_STOCK']).toContain(r.json().error);
    expect(await bookState(t.app, book.id)).toEqual({ stock: 0, sold: 10, status: 'OUT_OF_STOCK' });
    const [placed] = await t.app.db.select({ n: count() }).from(orders).innerJoin(cartItems, eq(cartItems.userId, orders.userId)).where(eq(cartItems.bookId, book.id));
    // The 40 who got nothing still have the book in their cart; the 10 buyers do not.
    expect(Number(placed!.n)).toBe(0);
    const stillInCart = await t.app.db.select({ n: count() }).from(cartItems).where(eq(cartItems.bookId, book.id));
    expect(Number(stillInCart[0]!.n)).toBe(40);
  });

  it('rolls everything back when a later line cannot be served: cart, stock and orders as before', async () => {
    const first = await makeShopBook(t.app, { title: 'Sách Đủ Hàng', stock: 10 });
    const second = await makeShopBook(t.app, { title: 'Sách Thiếu Hàng', stock: 10 });
    const { who, addressId } = await buyer([
      [first.id, 2],
      [second.id, 5],
    ]);
    // The stock of the second book drops after it went into the cart.
    await t.app.db.update(books).set({ stock: 3 }).where(eq(books.id, second.id));
    const before = await cartOf(who);

    const res = await order(who, addressId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'INSUFFICIENT_STOCK', message: 'Sản phẩm "Sách Thiếu Hàng" chỉ còn 3 cuốn trong kho.', data: { stockAvailable: 3 } });
    expect(await bookState(t.app, first.id)).toEqual({ stock: 10, sold: 0, status: 'ACTIVE' });
    expect(await bookState(t.app, second.id)).toEqual({ stock: 3, sold: 0, status: 'ACTIVE' });
    expect(await cartOf(who)).toEqual(before);
    expect(await orderCount(who.id)).toBe(0);
  });

  it('leaves out lines whose book stopped selling, and keeps them in the cart', async () => {
    const ok = await makeShopBook(t.app, { price: 70_000 });
    const gone = await makeShopBook(t.app, { price: 90_000 });
    const { who, addressId } = await buyer([
      [ok.id, 1],
      [gone.id, 1],
    ]);
    await t.app.db.update(books).set({ status: 'INACTIVE' }).where(eq(books.id, gone.id));
    const placed: OrderDto = (await order(who, addressId)).json().data;
    expect(placed.items.map((i) => i.bookId)).toEqual([ok.id]);
    expect(placed.subtotal).toBe(70_000);
    expect((await cartOf(who)).items.map((i) => i.bookId)).toEqual([gone.id]);
    const nothing = await order(who, addressId);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error).toBe('OUT_OF_STOCK');
  });

  it('refuses someone else’s address with 404 and changes nothing', async () => {
    const book = await makeShopBook(t.app, { stock: 5 });
    const other = await buyer();
    const { who } = await buyer([[book.id, 1]]);
    const res = await order(who, other.addressId);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Không tìm thấy địa chỉ giao hàng.');
    expect((await bookState(t.app, book.id)).stock).toBe(5);
    expect((await cartOf(who)).items).toHaveLength(1);
  });

  it('validates the payload in Vietnamese and needs a login', async () => {
    const { who, addressId } = await buyer();
    const bad = await call(who, 'POST', '/orders', { addressId, paymentMethod: 'MOMO', deliveryMethod: 'STANDARD' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Vui lòng chọn phương thức thanh toán.');
    expect((await call(undefined, 'POST', '/orders', { addressId, paymentMethod: 'COD', deliveryMethod: 'STANDARD' })).statusCode).toBe(401);
  });
});

describe('reading orders', () => {
  it('shows an order to its owner only; others and unknown codes get 404', async () => {
    const book = await makeShopBook(t.app);
    const { who, addressId } = await buyer([[book.id, 1]]);
    const code = (await order(who, addressId)).json().data.code as string;
    const stranger = await buyer();
    for (const url of [`/orders/${code}`, '/orders/NS000000AAAAAA']) {
      const res = await call(stranger.who, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Không tìm thấy đơn hàng');
    }
    const cancel = await call(stranger.who, 'POST', `/orders/${code}/cancel`, { reason: 'Thử' });
    expect(cancel.statusCode).toBe(404);
    // Lower case codes work for the owner.
    expect((await call(who, 'GET', `/orders/${code.toLowerCase()}`)).statusCode).toBe(200);
  });

  it('lists my orders newest first with the first item and counts, filtered by status, paged', async () => {
    const [a, b, c] = await Promise.all([
      makeShopBook(t.app, { title: 'Cuốn A', withCover: true }),
      makeShopBook(t.app, { title: 'Cuốn B' }),
      makeShopBook(t.app, { title: 'Cuốn C' }),
    ]);
    const { who, addressId } = await buyer([
      [a.id, 2],
      [b.id, 1],
    ]);
    const first: OrderDto = (await order(who, addressId)).json().data;
    await addToCart(who, c.id, 1);
    const second: OrderDto = (await order(who, addressId)).json().data;
    await addToCart(who, c.id, 1);
    const third: OrderDto = (await order(who, addressId)).json().data;
    await call(who, 'POST', `/orders/${third.code}/cancel`, { reason: 'Thay đổi nhu cầu' });

    const page = (await call(who, 'GET', '/orders/me')).json().data;
    expect(page).toMatchObject({ totalElements: 3, totalPages: 1, number: 0, size: 10 });
    expect(page.content.map((o: OrderSummaryDto) => o.code)).toEqual([third.code, second.code, first.code]);
    const row: OrderSummaryDto = page.content[2];
    expect(row).toMatchObject({ code: first.code, status: 'PENDING', paymentStatus: 'UNPAID', grandTotal: first.grandTotal, itemCount: 2, totalQuantity: 3 });
    expect([a.title, b.title]).toContain(row.firstItemTitle);
    // Each row carries its lines as other front ends read them (the picture, the review and buy-again links).
    expect(row.items).toHaveLength(2);
    expect(row.items[0]).toMatchObject({ title: row.firstItemTitle, thumbnail: row.firstItemImage });
    const lineOfA = row.items.find((i) => i.bookId === a.id);
    expect(lineOfA).toMatchObject({ bookId: a.id, title: 'Cuốn A', quantity: 2, price: first.items.find((i) => i.bookId === a.id)!.price });
    expect(lineOfA!.thumbnail).toMatch(/^http:\/\/localhost:3000\/media\//);
    expect(page.content[0].items.map((i: { bookId: number }) => i.bookId)).toEqual([c.id]);

    const pending = (await call(who, 'GET', '/orders/me?status=PENDING')).json().data;
    expect(pending.content.map((o: OrderSummaryDto) => o.code)).toEqual([second.code, first.code]);
    const canceled = (await call(who, 'GET', '/orders/me?status=CANCELED')).json().data;
    expect(canceled.content.map((o: OrderSummaryDto) => o.code)).toEqual([third.code]);
    const both = (await call(who, 'GET', '/orders/me?status=PENDING,CANCELED&page=1&size=2')).json().data;
    expect(both).toMatchObject({ totalElements: 3, totalPages: 2, number: 1, size: 2 });
    expect(both.content.map((o: OrderSummaryDto) => o.code)).toEqual([first.code]);
    const bad = await call(who, 'GET', '/orders/me?status=LOST');
    expect(bad.statusCode).toBe(400);
    const stranger = await makeCustomer(t.app);
    expect((await call(stranger, 'GET', '/orders/me')).json().data.totalElements).toBe(0);
  });
});

describe('cancelling', () => {
  it('cancels an unpaid order, returns its stock exactly once, and refuses a second cancel', async () => {
    const book = await makeShopBook(t.app, { stock: 4 });
    const { who, addressId } = await buyer([[book.id, 4]]);
    const code = (await order(who, addressId)).json().data.code as string;
    expect(await bookState(t.app, book.id)).toEqual({ stock: 0, sold: 4, status: 'OUT_OF_STOCK' });

    const blank = await call(who, 'POST', `/orders/${code}/cancel`, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Vui lòng chọn ít nhất 1 lý do hoặc nhập nội dung.');

    const reason = 'Đặt nhầm sản phẩm; Thay đổi nhu cầu';
    const res = await call(who, 'POST', `/orders/${code}/cancel`, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Đã huỷ đơn hàng');
    const cancelled: OrderDto = res.json().data;
    expect(cancelled).toMatchObject({ status: 'CANCELED', cancelReason: reason, canCancel: false });
    expect(cancelled.canceledAt).not.toBeNull();
    expect(cancelled.history.at(-1)).toMatchObject({ type: 'STATUS', actorRole: 'CUSTOMER', fromStatus: 'PENDING', toStatus: 'CANCELED', note: reason });
    expect(await bookState(t.app, book.id)).toEqual({ stock: 4, sold: 0, status: 'ACTIVE' });

    const twice = await call(who, 'POST', `/orders/${code}/cancel`, { reason: 'Lần nữa' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: 'ORDER_STATUS_INVALID', message: 'Không thể huỷ đơn ở trạng thái hiện tại.' });
    expect(await bookState(t.app, book.id)).toEqual({ stock: 4, sold: 0, status: 'ACTIVE' });
  });

  it('turns a paid order into a cancellation request without returning stock', async () => {
    const book = await makeShopBook(t.app, { stock: 5, price: 120_000 });
    const { who, addressId } = await buyer([[book.id, 1]]);
    const placed: OrderDto = (await order(who, addressId, { paymentMethod: 'VNPAY' })).json().data;
    await t.app.db.transaction((tx) =>
      markOrderPaid(t.app.orderProcess, tx, placed.id, { provider: 'VNPAY', transactionNo: '14000001', amount: placed.grandTotal, paidAt: new Date() }),
    );
    const res = await call(who, 'POST', `/orders/${placed.code}/cancel`, { reason: 'Tìm được giá tốt hơn' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Đã gửi yêu cầu huỷ đơn hàng');
    expect(res.json().data).toMatchObject({ status: 'CANCEL_REQUESTED', paymentStatus: 'PAID', canCancel: false });
    expect((await bookState(t.app, book.id)).stock).toBe(4);
    expect((await call(who, 'POST', `/orders/${placed.code}/cancel`, { reason: 'Lại' })).statusCode).toBe(409);
  });

  it('refuses to cancel once shipped', async () => {
    const book = await makeShopBook(t.app, { stock: 5 });
    const { who, addressId } = await buyer([[book.id, 1]]);
    const code = (await order(who, addressId)).json().data.code as string;
    for (const status of ['CONFIRMED', 'PROCESSING'] as const) {
      await t.app.db.update(orders).set({ status }).where(eq(orders.code, code));
      expect((await call(who, 'GET', `/orders/${code}`)).json().data.canCancel).toBe(true);
    }
    await t.app.db.update(orders).set({ status: 'SHIPPED' }).where(eq(orders.code, code));
    const res = await call(who, 'POST', `/orders/${code}/cancel`, { reason: 'Giao lâu quá' });
    expect(res.statusCode).toBe(409);
    expect((await bookState(t.app, book.id)).stock).toBe(4);
  });
});

describe('online payment window', () => {
  async function vnpayOrder(stock = 5) {
    const book = await makeShopBook(t.app, { stock, price: 150_000 });
    const { who, addressId } = await buyer([[book.id, 2]]);
    const placed: OrderDto = (await order(who, addressId, { paymentMethod: 'VNPAY' })).json().data;
    return { book, who, placed };
  }
  const overdue = (id: number) => t.app.db.update(orders).set({ paymentExpiresAt: new Date(Date.now() - 60_000) }).where(eq(orders.id, id));

  it('cancels unpaid VNPAY orders past their window, once, and gives their stock back', async () => {
    const late = await vnpayOrder();
    const onTime = await vnpayOrder();
    const cod = await makeShopBook(t.app, { stock: 5 });
    const codBuyer = await buyer([[cod.id, 1]]);
    const codOrder: OrderDto = (await order(codBuyer.who, codBuyer.addressId)).json().data;
    await overdue(late.placed.id);
    expect((await bookState(t.app, late.book.id)).stock).toBe(3);

    expect(await expireUnpaidOnlineOrders(t.app.orderProcess, t.app.db)).toBe(1);
    const after: OrderDto = (await call(late.who, 'GET', `/orders/${late.placed.code}`)).json().data;
    expect(after).toMatchObject({ status: 'CANCELED', paymentStatus: 'UNPAID', cancelReason: 'Hết thời hạn thanh toán trực tuyến', canPay: false });
    expect(after.history.at(-1)).toMatchObject({ actorRole: 'SYSTEM', fromStatus: 'PENDING', toStatus: 'CANCELED' });
    expect(await bookState(t.app, late.book.id)).toEqual({ stock: 5, sold: 0, status: 'ACTIVE' });

    expect(await expireUnpaidOnlineOrders(t.app.orderProcess, t.app.db)).toBe(0);
    expect((await bookState(t.app, late.book.id)).stock).toBe(5);
    expect((await call(onTime.who, 'GET', `/orders/${onTime.placed.code}`)).json().data.status).toBe('PENDING');
    expect((await call(codBuyer.who, 'GET', `/orders/${codOrder.code}`)).json().data.status).toBe('PENDING');
  });

  it('leaves a paid order alone and records a payment that arrives after expiry as owed back', async () => {
    const paid = await vnpayOrder();
    const receipt = { provider: 'VNPAY', transactionNo: '14000002', amount: paid.placed.grandTotal, paidAt: new Date() };
    const first = await t.app.db.transaction((tx) => markOrderPaid(t.app.orderProcess, tx, paid.placed.id, receipt));
    expect(first.outcome).toBe('PAID');
    const repeat = await t.app.db.transaction((tx) => markOrderPaid(t.app.orderProcess, tx, paid.placed.id, receipt));
    expect(repeat.outcome).toBe('ALREADY_PAID');
    await overdue(paid.placed.id);
    expect(await expireUnpaidOnlineOrders(t.app.orderProcess, t.app.db)).toBe(0);
    const view: OrderDto = (await call(paid.who, 'GET', `/orders/${paid.placed.code}`)).json().data;
    expect(view).toMatchObject({ status: 'PENDING', paymentStatus: 'PAID' });
    expect(view.history.filter((h) => h.type === 'PAYMENT')).toHaveLength(1);

    const wrong = await vnpayOrder();
    const mismatch = await t.app.db.transaction((tx) => markOrderPaid(t.app.orderProcess, tx, wrong.placed.id, { ...receipt, amount: 1 }));
    expect(mismatch.outcome).toBe('AMOUNT_MISMATCH');

    await overdue(wrong.placed.id);
    expect(await expireUnpaidOnlineOrders(t.app.orderProcess, t.app.db)).toBe(1);
    const late = await t.app.db.transaction((tx) =>
      markOrderPaid(t.app.orderProcess, tx, wrong.placed.id, { ...receipt, transactionNo: '14000003', amount: wrong.placed.grandTotal }),
    );
    expect(late.outcome).toBe('LATE_PAYMENT');
    expect(late.order).toMatchObject({ status: 'CANCELED', paymentStatus: 'REFUND_PENDING' });
    // Stock went back once, at expiry, and stays.
    expect((await bookState(t.app, wrong.book.id)).stock).toBe(5);
  });

  it('runs on a schedule and stops with the app', async () => {
    const due = await vnpayOrder();
    await overdue(due.placed.id);
    const job = startOrderExpiry(t.app, t.app.orderProcess, { intervalMs: 50, graceMs: 0 });
    try {
      await expect
        .poll(async () => (await t.app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, due.placed.id)))[0]!.status, {
          timeout: 5000,
        })
        .toBe('CANCELED');
    } finally {
      await job.stop();
    }
  });
});

describe('API document', () => {
  it('lists the cart, address, geo and order routes', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/cart',
        '/api/v1/cart/items/{bookId}',
        '/api/v1/cart/clear',
        '/api/v1/address/{id}',
        '/api/v1/geo/districts/{code}/wards',
        '/api/v1/orders',
        '/api/v1/orders/me',
        '/api/v1/orders/{code}/cancel',
      ]),
    );
  });
});

describe('confirmation mail failures', () => {
  it('never fail the order: the mail stays in the outbox with its error, to be retried', async () => {
    await catcher.close();
    const book = await makeShopBook(t.app, { stock: 5 });
    const { who, addressId } = await buyer([[book.id, 1]]);
    const res = await order(who, addressId);
    expect(res.statusCode).toBe(201);
    const to = `${who.username}@example.com`;
    await expect
      .poll(async () => (await t.app.db.select({ status: mailOutbox.status, error: mailOutbox.error }).from(mailOutbox).where(and(eq(mailOutbox.to, to))))[0], {
        timeout: 15_000,
      })
      .toMatchObject({ status: 'PENDING', error: expect.any(String) });
  });
});

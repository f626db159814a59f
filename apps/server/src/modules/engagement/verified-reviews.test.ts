import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeCustomer, makeStaff, placeOrder, salesCall, type Staff } from '../../../test/sales.ts';

/** Verified reviews: 'Đã mua hàng' on reviews of buyers, eligibility, and the buyers-only store setting. */

const walk = async (app: TestApp['app'], sale: Staff, orderId: number, statuses: string[]) => {
  for (const status of statuses) {
    if (status === 'SHIPPED') {
      const shipped = await salesCall(app, sale, 'PUT', `/orders/${orderId}/shipping`, { shippingCarrier: 'Giao Hàng Nhanh (GHN)', trackingCode: 'GHN123456789', fee: 22_000 });
      if (shipped.statusCode !== 200) throw new Error(`shipping: ${shipped.statusCode} ${shipped.body}`);
    }
    const res = await salesCall(app, sale, 'PUT', `/orders/${orderId}/status`, { status });
    if (res.statusCode !== 200) throw new Error(`${status}: ${res.statusCode} ${res.body}`);
  }
};
const eligible = (app: TestApp['app'], bookId: number, who?: Customer) =>
  app.inject({ method: 'GET', url: `/api/v1/books/${bookId}/ratings/eligible`, headers: who?.headers });
const rate = (app: TestApp['app'], bookId: number, who: Customer, score: number, content = '') =>
  app.inject({ method: 'POST', url: `/api/v1/books/${bookId}/ratings`, headers: who.headers, payload: { score, content } });

describe('anyone signed in may review (default)', () => {
  let t: TestApp;
  let sale: Staff;
  beforeAll(async () => {
    t = await createTestApp();
    sale = await makeStaff(t.app, 'SALE');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts a purchase once an order holding the book reached DELIVERED or COMPLETED', async () => {
    const { who: buyer, books, order } = await placeOrder(t.app, { customerName: 'Lê Văn Mua' });
    const book = books[0]!;
    const answer = async () => {
      const res = await eligible(t.app, book.id, buyer);
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    // Placed, confirmed, on its way: not yet bought.
    expect(await answer()).toEqual({ purchased: false, buyersOnly: false, canReview: true, eligible: true });
    await walk(t.app, sale, order.id, ['CONFIRMED', 'PROCESSING', 'SHIPPED']);
    expect((await answer()).purchased).toBe(false);
    await walk(t.app, sale, order.id, ['DELIVERED']);
    expect(await answer()).toEqual({ purchased: true, buyersOnly: false, canReview: true, eligible: true });
    await walk(t.app, sale, order.id, ['COMPLETED']);
    expect((await answer()).purchased).toBe(true);

    // Another shopper did not buy it; a cancelled order does not count either.
    const other = await makeCustomer(t.app, 'Phạm Thị Xem');
    expect((await eligible(t.app, book.id, other)).json().data).toEqual({ purchased: false, buyersOnly: false, canReview: true, eligible: true });
    const cancelled = await placeOrder(t.app, { customerName: 'Huỷ Đơn' });
    await salesCall(t.app, sale, 'PUT', `/orders/${cancelled.order.id}/status`, { status: 'CANCELED', note: 'khách đổi ý' });
    expect((await eligible(t.app, cancelled.books[0]!.id, cancelled.who)).json().data.purchased).toBe(false);

    // Both may review; only the buyer's review carries the badge.
    expect((await rate(t.app, book.id, buyer, 5, 'Đã nhận sách, rất hay.')).statusCode).toBe(201);
    expect((await rate(t.app, book.id, other, 3, 'Chưa mua, xem thử.')).statusCode).toBe(201);
    const reviews = (await t.app.inject({ method: 'GET', url: `/api/v1/books/${book.id}/reviews?sort=high` })).json().data.content;
    expect(reviews.map((r: { userName: string; verifiedPurchase: boolean }) => [r.userName, r.verifiedPurchase])).toEqual([
      ['Lê Văn Mua', true],
      ['Phạm Thị Xem', false],
    ]);
  });

  it('needs a signed-in shopper and a visible book', async () => {
    const { books } = await placeOrder(t.app);
    const res = await eligible(t.app, books[0]!.id);
    expect(res.statusCode).toBe(401);
    const who = await makeCustomer(t.app);
    const missing = await eligible(t.app, 99_999_999, who);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'NOT_FOUND', message: 'Không tìm thấy sách.' });
  });
});

describe('REVIEWS_BUYERS_ONLY=true', () => {
  let t: TestApp;
  let sale: Staff;
  beforeAll(async () => {
    t = await createTestApp({ REVIEWS_BUYERS_ONLY: 'true' });
    sale = await makeStaff(t.app, 'SALE');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a rating from someone who has not received the book, then takes it once delivered', async () => {
    const { who: buyer, books, order } = await placeOrder(t.app, { customerName: 'Ngô Thị Chờ' });
    const book = books[0]!;
    expect((await eligible(t.app, book.id, buyer)).json().data).toEqual({ purchased: false, buyersOnly: true, canReview: false, eligible: false });
    const early = await rate(t.app, book.id, buyer, 4, 'Chưa nhận hàng');
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ statusCode: 403, error: 'FORBIDDEN', message: 'Chỉ khách hàng đã mua sách này mới có thể đánh giá.', data: null });

    await walk(t.app, sale, order.id, ['CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED']);
    expect((await eligible(t.app, book.id, buyer)).json().data).toEqual({ purchased: true, buyersOnly: true, canReview: true, eligible: true });
    const ok = await rate(t.app, book.id, buyer, 4, 'Đã nhận, giấy đẹp.');
    expect(ok.statusCode).toBe(201);
    const reviews = (await t.app.inject({ method: 'GET', url: `/api/v1/books/${book.id}/reviews` })).json().data;
    expect(reviews.totalElements ?? reviews.content.length).toBe(1);
    expect(reviews.content[0]).toMatchObject({ userName: 'Ngô Thị Chờ', verifiedPurchase: true });
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/v1/books/{id}/ratings/eligible'].get.summary).toMatch(/DELIVERED or COMPLETED/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CartDto } from '@nhasach/shared';
import { books } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeCustomer, makeShopBook, type Customer } from '../../../test/orders.ts';

let t: TestApp;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Who = Customer | undefined;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: who?.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const cartOf = async (who: Customer): Promise<CartDto> => (await call(who, 'GET', '/cart')).json().data;
const add = (who: Customer, bookId: number, qty?: number) => call(who, 'POST', '/cart/items', qty === undefined ? { bookId } : { bookId, qty });

describe('cart access', () => {
  it('gives a visitor without a guest cart an empty cart (guest carts: guest-cart.test.ts); a bad token is a 401', async () => {
    const res = await call(undefined, 'GET', '/cart');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toEqual([]);
    expect((await call({ id: 0, username: 'x', fullName: 'x', headers: { authorization: 'Bearer nope' } }, 'GET', '/cart')).statusCode).toBe(401);
  });

  it('starts empty with a zero summary', async () => {
    const me = await makeCustomer(t.app);
    const res = await call(me, 'GET', '/cart');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      items: [],
      subtotal: 0,
      discountTotal: 0,
      merchandiseTotal: 0,
      voucherDiscount: 0,
      shippingDiscount: 0,
      shippingFee: 0,
      taxTotal: 0,
      grandTotal: 0,
      deliveryMethod: 'STANDARD',
      totalSelected: 0,
      totalItems: 0,
      uniqueItems: 0,
      distinctItems: 0,
      totalQuantity: 0,
      voucher: null,
    });
  });
});

describe('cart math', () => {
  it('prices a running sale at the sale price and an ended one at the list price', async () => {
    const me = await makeCustomer(t.app);
    const now = Date.now();
    const running = await makeShopBook(t.app, { price: 120_000, salePrice: 89_000, saleStartAt: new Date(now - DAY), saleEndAt: new Date(now + DAY), withCover: true });
    const ended = await makeShopBook(t.app, { price: 110_000, salePrice: 70_000, saleStartAt: new Date(now - 5 * DAY), saleEndAt: new Date(now - DAY) });
    await add(me, running.id, 2);
    const res = await add(me, ended.id, 1);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Đã thêm vào giỏ hàng');
    const cart: CartDto = res.json().data;
    // Most recently added first.
    expect(cart.items.map((i) => i.bookId)).toEqual([ended.id, running.id]);
    expect(cart.items[1]).toMatchObject({
      bookId: running.id,
      slug: running.slug,
      title: running.title,
      onSale: true,
      originalUnitPrice: 120_000,
      unitPrice: 89_000,
      qty: 2,
      quantity: 2,
      selected: true,
      lineTotal: 178_000,
      stockAvailable: 20,
      available: true,
      issue: null,
    });
    expect(cart.items[1]!.thumbnail).toMatch(/-m\.webp$/);
    expect(cart.items[0]).toMatchObject({ onSale: false, originalUnitPrice: 110_000, unitPrice: 110_000, lineTotal: 110_000, thumbnail: null });
    expect(cart).toMatchObject({
      subtotal: 350_000,
      discountTotal: 62_000,
      merchandiseTotal: 288_000,
      shippingFee: 30_000,
      taxTotal: 0,
      grandTotal: 318_000,
      totalSelected: 2,
      totalItems: 2,
      uniqueItems: 2,
      distinctItems: 2,
      totalQuantity: 3,
    });
  });

  it('counts only selected lines; select-all and per-line select; free STANDARD shipping from 500.000', async () => {
    const me = await makeCustomer(t.app);
    const a = await makeShopBook(t.app, { price: 300_000 });
    const b = await makeShopBook(t.app, { price: 250_000 });
    await add(me, a.id, 1);
    await add(me, b.id, 1);
    let cart: CartDto = (await call(me, 'PUT', `/cart/items/${a.id}`, { selected: false })).json().data;
    expect(cart).toMatchObject({ subtotal: 250_000, shippingFee: 30_000, grandTotal: 280_000, totalSelected: 1, totalItems: 2, totalQuantity: 1 });
    cart = (await call(me, 'PUT', '/cart/select-all', { selected: true })).json().data;
    expect(cart).toMatchObject({ subtotal: 550_000, shippingFee: 0, grandTotal: 550_000, totalSelected: 2 });
    cart = (await call(me, 'PUT', '/cart/select-all', { selected: false })).json().data;
    expect(cart).toMatchObject({ subtotal: 0, shippingFee: 0, grandTotal: 0, totalSelected: 0, totalItems: 2, totalQuantity: 0 });
    expect(cart.items.every((i) => !i.selected)).toBe(true);
  });

  it('adds to the quantity already in the cart, and re-selects the line', async () => {
    const me = await makeCustomer(t.app);
    const book = await makeShopBook(t.app, { stock: 50 });
    await add(me, book.id, 3);
    await call(me, 'PUT', `/cart/items/${book.id}`, { selected: false });
    const cart: CartDto = (await add(me, book.id)).json().data;
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ qty: 4, selected: true });
  });

  it('never goes above 99 per line nor above the stock', async () => {
    const me = await makeCustomer(t.app);
    const plenty = await makeShopBook(t.app, { stock: 500 });
    expect((await add(me, plenty.id, 99)).statusCode).toBe(200);
    const over = await add(me, plenty.id, 1);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Mỗi sản phẩm chỉ được mua tối đa 99 cuốn (giỏ hàng đã có 99).');
    expect((await add(me, plenty.id, 100)).statusCode).toBe(400);
    expect((await call(me, 'PUT', `/cart/items/${plenty.id}`, { qty: 100 })).statusCode).toBe(400);

    const few = await makeShopBook(t.app, { stock: 5, title: 'Sách Ít Hàng' });
    expect((await add(me, few.id, 4)).statusCode).toBe(200);
    const tooMany = await add(me, few.id, 2);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ error: 'INSUFFICIENT_STOCK', message: 'Sản phẩm chỉ còn 5 cuốn trong kho.', data: { stockAvailable: 5, qtyInCart: 4 } });
    const raise = await call(me, 'PUT', `/cart/items/${few.id}`, { qty: 6 });
    expect(raise.statusCode).toBe(409);
    expect(raise.json().error).toBe('INSUFFICIENT_STOCK');
    const cart: CartDto = (await call(me, 'PUT', `/cart/items/${few.id}`, { qty: 5 })).json().data;
    expect(cart.items.find((i) => i.bookId === few.id)!.qty).toBe(5);
  });

  it('never passes the stock with concurrent adds of one user', async () => {
    const me = await makeCustomer(t.app);
    const book = await makeShopBook(t.app, { stock: 3 });
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => add(me, book.id, 1)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
    expect((await cartOf(me)).items[0]!.qty).toBe(3);
  });

  it('qty 0 removes the line; DELETE removes and is harmless twice', async () => {
    const me = await makeCustomer(t.app);
    const a = await makeShopBook(t.app);
    const b = await makeShopBook(t.app);
    await add(me, a.id, 2);
    await add(me, b.id, 1);
    let cart: CartDto = (await call(me, 'PUT', `/cart/items/${a.id}`, { qty: 0 })).json().data;
    expect(cart.items.map((i) => i.bookId)).toEqual([b.id]);
    cart = (await call(me, 'DELETE', `/cart/items/${b.id}`)).json().data;
    expect(cart.items).toEqual([]);
    expect((await call(me, 'DELETE', `/cart/items/${b.id}`)).statusCode).toBe(200);
    const missing = await call(me, 'PUT', `/cart/items/${b.id}`, { qty: 2 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Sản phẩm không có trong giỏ hàng.');
  });

  it('clears the unselected lines only, or everything', async () => {
    const me = await makeCustomer(t.app);
    const [a, b, c] = await Promise.all([makeShopBook(t.app), makeShopBook(t.app), makeShopBook(t.app)]);
    for (const x of [a, b, c]) await add(me, x.id, 1);
    await call(me, 'PUT', `/cart/items/${b.id}`, { selected: false });
    let cart: CartDto = (await call(me, 'POST', '/cart/clear', { onlyUnselected: true })).json().data;
    expect(cart.items.map((i) => i.bookId).sort()).toEqual([a.id, c.id].sort());
    cart = (await call(me, 'POST', '/cart/clear', { onlyUnselected: false })).json().data;
    expect(cart.items).toEqual([]);
  });

  it('keeps each user’s cart apart', async () => {
    const [lan, minh] = await Promise.all([makeCustomer(t.app), makeCustomer(t.app)]);
    const book = await makeShopBook(t.app);
    await add(lan, book.id, 2);
    expect((await cartOf(minh)).items).toEqual([]);
    await call(minh, 'POST', '/cart/clear', { onlyUnselected: false });
    expect((await cartOf(lan)).items).toHaveLength(1);
  });
});

describe('books that cannot be sold', () => {
  it('refuses unknown, draft, inactive and out-of-stock books with Vietnamese messages and codes', async () => {
    const me = await makeCustomer(t.app);
    const draft = await makeShopBook(t.app, { status: 'DRAFT' });
    const inactive = await makeShopBook(t.app, { status: 'INACTIVE' });
    const soldOut = await makeShopBook(t.app, { status: 'OUT_OF_STOCK', stock: 0 });
    const zero = await makeShopBook(t.app, { stock: 0 });
    for (const id of [999_999, draft.id]) {
      const res = await add(me, id, 1);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Không tìm thấy sách.');
    }
    const stopped = await add(me, inactive.id, 1);
    expect(stopped.statusCode).toBe(400);
    expect(stopped.json()).toMatchObject({ error: 'BOOK_UNAVAILABLE', message: 'Sản phẩm này đã ngừng bán.' });
    for (const id of [soldOut.id, zero.id]) {
      const res = await add(me, id, 1);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'OUT_OF_STOCK', message: 'Sản phẩm đã hết hàng.' });
    }
    expect((await add(me, 0, 1)).statusCode).toBe(400);
    expect((await cartOf(me)).items).toEqual([]);
  });

  it('shows a line whose book stopped selling or sold out as unavailable and leaves it out of the summary', async () => {
    const me = await makeCustomer(t.app);
    const keeps = await makeShopBook(t.app, { price: 100_000 });
    const stops = await makeShopBook(t.app, { price: 200_000 });
    const sellsOut = await makeShopBook(t.app, { price: 300_000, stock: 4 });
    const dwindles = await makeShopBook(t.app, { price: 50_000, stock: 10 });
    for (const [b, q] of [[keeps, 1], [stops, 1], [sellsOut, 2], [dwindles, 5]] as const) await add(me, b.id, q);
    await t.app.db.update(books).set({ status: 'INACTIVE' }).where(eq(books.id, stops.id));
    await t.app.db.update(books).set({ status: 'OUT_OF_STOCK', stock: 0 }).where(eq(books.id, sellsOut.id));
    await t.app.db.update(books).set({ stock: 3 }).where(eq(books.id, dwindles.id));
    const cart = await cartOf(me);
    const byId = new Map(cart.items.map((i) => [i.bookId, i]));
    expect(byId.get(stops.id)).toMatchObject({ available: false, issue: 'INACTIVE', stockAvailable: 0 });
    expect(byId.get(sellsOut.id)).toMatchObject({ available: false, issue: 'OUT_OF_STOCK', stockAvailable: 0 });
    expect(byId.get(dwindles.id)).toMatchObject({ available: true, issue: 'INSUFFICIENT_STOCK', stockAvailable: 3, qty: 5 });
    expect(cart).toMatchObject({ subtotal: 350_000, totalSelected: 2, totalItems: 4, totalQuantity: 6 });
    // Lowering the quantity of a line is always allowed; raising it is not.
    expect((await call(me, 'PUT', `/cart/items/${dwindles.id}`, { qty: 3 })).statusCode).toBe(200);
    expect((await call(me, 'PUT', `/cart/items/${stops.id}`, { qty: 2 })).statusCode).toBe(400);
    expect((await call(me, 'PUT', `/cart/items/${stops.id}`, { selected: false })).statusCode).toBe(200);
  });
});

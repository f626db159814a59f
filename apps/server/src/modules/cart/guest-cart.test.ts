import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { CartDto, CartMergeDto } from '@nhasach/shared';
import { guestCarts } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createAccount, randomIp } from '../../../test/auth.ts';
import { makeShopBook } from '../../../test/orders.ts';
import { GUEST_CART_COOKIE } from './guest-cookie.ts';
import { GUEST_CART_MAX_LINES } from './service.ts';

let t: TestApp;
let t2: TestApp | undefined;

beforeAll(async () => {
  t = await createTestApp();
  // A second instance on the same database (PostgreSQL only): a guest cart lives in the database, not in one process.
  if (t.databaseUrl) t2 = await createTestApp({}, { sameDatabaseAs: t });
});
afterAll(async () => {
  await t2?.close();
  await t?.close();
});

/** A visitor: a browser that keeps the guest cart's cookie between calls. */
function visitor(ip = randomIp()) {
  let cookie: string | undefined;
  const keep = (res: LightMyRequestResponse) => {
    const set = res.cookies.find((c) => c.name === GUEST_CART_COOKIE);
    if (set) cookie = set.value || undefined;
    return res;
  };
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, app = t.app) =>
    keep(
      await app.inject({
        method,
        url: `/api/v1${url}`,
        remoteAddress: ip,
        ...(cookie ? { cookies: { [GUEST_CART_COOKIE]: cookie } } : {}),
        ...(payload ? { payload } : {}),
      }),
    );
  return {
    call,
    cookie: () => cookie,
    setCookie: (value: string) => (cookie = value),
    cart: async (app = t.app): Promise<CartDto> => (await call('GET', '/cart', undefined, app)).json().data,
  };
}

describe('guest cart', () => {
  it('starts empty without creating anything, and the first add sets a signed httpOnly Lax cookie', async () => {
    const v = visitor();
    const empty = await v.call('GET', '/cart');
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data.items).toEqual([]);
    expect(empty.cookies.find((c) => c.name === GUEST_CART_COOKIE)).toBeUndefined();

    const book = await makeShopBook(t.app, { stock: 5 });
    const added = await v.call('POST', '/cart/items', { bookId: book.id, qty: 2 });
    expect(added.statusCode).toBe(200);
    expect(added.json().message).toBe('Đã thêm vào giỏ hàng');
    const cookie = added.cookies.find((c) => c.name === GUEST_CART_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]+$/);
    expect((await v.cart()).items.map((i) => [i.bookId, i.qty])).toEqual([[book.id, 2]]);
  });

  it('has the same stock limits as an account cart', async () => {
    const v = visitor();
    const book = await makeShopBook(t.app, { stock: 3 });
    expect((await v.call('POST', '/cart/items', { bookId: book.id, qty: 3 })).statusCode).toBe(200);
    const over = await v.call('POST', '/cart/items', { bookId: book.id, qty: 1 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Sản phẩm chỉ còn 3 cuốn trong kho.');
    const soldOut = await makeShopBook(t.app, { stock: 0, status: 'OUT_OF_STOCK' });
    expect((await v.call('POST', '/cart/items', { bookId: soldOut.id, qty: 1 })).json().message).toBe('Sản phẩm đã hết hàng.');
    // Quantity, selection and removal work as for a user.
    expect((await v.call('PUT', `/cart/items/${book.id}`, { qty: 4 })).statusCode).toBe(409);
    const lowered = (await v.call('PUT', `/cart/items/${book.id}`, { qty: 1 })).json();
    expect(lowered.data?.items?.[0]?.qty ?? lowered.items?.[0]?.qty).toBe(1);
    await v.call('PUT', `/cart/items/${book.id}`, { selected: false });
    expect((await v.cart()).totalSelected).toBe(0);
    await v.call('DELETE', `/cart/items/${book.id}`);
    expect((await v.cart()).items).toEqual([]);
  });

  it('refuses a forged cookie (another id, or a bad signature) as no cart at all', async () => {
    const owner = visitor();
    const book = await makeShopBook(t.app);
    await owner.call('POST', '/cart/items', { bookId: book.id, qty: 1 });
    const [id] = owner.cookie()!.split('.');
    const thief = visitor();
    thief.setCookie(`${id}.forged-signature`);
    expect((await thief.cart()).items).toEqual([]);
  });

  it('is kept in the database: a second instance reads and changes the same cart', async () => {
    if (!t2) return;
    const v = visitor();
    const book = await makeShopBook(t.app, { stock: 4 });
    await v.call('POST', '/cart/items', { bookId: book.id, qty: 1 });
    expect((await v.cart(t2.app)).items.map((i) => i.qty)).toEqual([1]);
    await v.call('POST', '/cart/items', { bookId: book.id, qty: 3 }, t2.app);
    expect((await v.cart()).items.map((i) => i.qty)).toEqual([4]);
  });

  it(`holds at most ${GUEST_CART_MAX_LINES} lines, and vouchers need an account`, async () => {
    const v = visitor();
    const many = await Promise.all(Array.from({ length: GUEST_CART_MAX_LINES + 1 }, () => makeShopBook(t.app)));
    for (const b of many.slice(0, GUEST_CART_MAX_LINES)) expect((await v.call('POST', '/cart/items', { bookId: b.id, qty: 1 })).statusCode).toBe(200);
    const full = await v.call('POST', '/cart/items', { bookId: many.at(-1)!.id, qty: 1 });
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toContain('Vui lòng đăng nhập để thêm tiếp');
    // A book already in the cart can still get more.
    expect((await v.call('POST', '/cart/items', { bookId: many[0]!.id, qty: 1 })).statusCode).toBe(200);
    expect((await v.call('PUT', '/cart/voucher', { voucherCode: 'ABC' })).statusCode).toBe(401);
  });

  it('expires: a cart untouched for 30 days reads as empty and is swept when new carts are made', async () => {
    const v = visitor();
    const book = await makeShopBook(t.app);
    await v.call('POST', '/cart/items', { bookId: book.id, qty: 1 });
    const [id] = v.cookie()!.split('.');
    await t.app.db.update(guestCarts).set({ updatedAt: sql`now() - interval '31 days'` }).where(eq(guestCarts.id, id!));
    expect((await v.cart()).items).toEqual([]);
    await visitor().call('POST', '/cart/items', { bookId: book.id, qty: 1 });
    expect(await t.app.db.select().from(guestCarts).where(eq(guestCarts.id, id!))).toEqual([]);
  });
});

describe('guest cart merge at login', () => {
  const login = (v: ReturnType<typeof visitor>, username: string, password: string) =>
    v.call('POST', '/auth/login', { username, password });

  it('adds the guest lines to the account cart, caps at the stock with a notice, and deletes the guest cart', async () => {
    const account = await createAccount(t.app.db);
    const scarce = await makeShopBook(t.app, { stock: 3, title: 'Sách hiếm' });
    const plenty = await makeShopBook(t.app, { stock: 50 });
    const onlyGuest = await makeShopBook(t.app, { stock: 10 });
    // The account already has 2 of the scarce book and 1 of the plentiful one.
    const first = await login(visitor(), account.username, account.password);
    const auth = { authorization: `Bearer ${first.json().data.accessToken}` };
    await t.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers: auth, payload: { bookId: scarce.id, qty: 2 } });
    await t.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers: auth, payload: { bookId: plenty.id, qty: 1 } });

    const v = visitor();
    await v.call('POST', '/cart/items', { bookId: scarce.id, qty: 2 });
    await v.call('POST', '/cart/items', { bookId: plenty.id, qty: 4 });
    await v.call('POST', '/cart/items', { bookId: onlyGuest.id, qty: 1 });
    const guestId = v.cookie()!.split('.')[0]!;

    const res = await login(v, account.username, account.password);
    expect(res.statusCode).toBe(200);
    const merge: CartMergeDto = res.json().data.cartMerge;
    expect(merge.merged).toBe(3);
    expect(merge.notices).toEqual(['"Sách hiếm" chỉ còn 3 cuốn nên giỏ hàng giữ 3 cuốn.']);
    // The cookie is cleared and the guest cart is gone.
    expect(v.cookie()).toBeUndefined();
    expect(await t.app.db.select().from(guestCarts).where(eq(guestCarts.id, guestId))).toEqual([]);

    const cart: CartDto = (await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: auth })).json().data;
    const qty = Object.fromEntries(cart.items.map((i) => [i.bookId, i.qty]));
    expect(qty).toEqual({ [scarce.id]: 3, [plenty.id]: 5, [onlyGuest.id]: 1 });
  });

  it('merges once when two logins race with the same cookie', async () => {
    const account = await createAccount(t.app.db);
    const book = await makeShopBook(t.app, { stock: 20 });
    const v = visitor();
    await v.call('POST', '/cart/items', { bookId: book.id, qty: 2 });
    const cookie = v.cookie()!;
    const both = await Promise.all(
      [0, 1].map(() =>
        t.app.inject({ method: 'POST', url: '/api/v1/auth/login', cookies: { [GUEST_CART_COOKIE]: cookie }, payload: { username: account.username, password: account.password } }),
      ),
    );
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const token = both[0]!.json().data.accessToken;
    const cart: CartDto = (await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: { authorization: `Bearer ${token}` } })).json().data;
    expect(cart.items.map((i) => i.qty)).toEqual([2]);
  });

  it('a signed-in cart call with a guest cookie takes the guest cart in (a browser that filled one before hydration)', async () => {
    const account = await createAccount(t.app.db);
    const book = await makeShopBook(t.app);
    const v = visitor();
    await v.call('POST', '/cart/items', { bookId: book.id, qty: 1 });
    const token = (await visitor().call('POST', '/auth/login', { username: account.username, password: account.password })).json().data.accessToken;
    const call = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: { authorization: `Bearer ${token}` }, cookies: { [GUEST_CART_COOKIE]: v.cookie()! } });
    expect((await call()).json().data.items.map((i: { qty: number }) => i.qty)).toEqual([1]);
    // Sending the old cookie again merges nothing more: that guest cart is gone.
    expect((await call()).json().data.items.map((i: { qty: number }) => i.qty)).toEqual([1]);
  });
});

describe('the buy bar form before JavaScript', () => {
  const post = (body: string, headers: Record<string, string> = {}, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/gio-hang/them',
      remoteAddress: randomIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000', ...headers },
      ...(cookie ? { cookies: { [GUEST_CART_COOKIE]: cookie } } : {}),
      payload: body,
    });

  it('adds the book to the guest cart and sends the browser to the cart; the account takes it at its next cart call', async () => {
    const book = await makeShopBook(t.app, { stock: 5 });
    const res = await post(`bookId=${book.id}&qty=2`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/gio-hang');
    const cookie = res.cookies.find((c) => c.name === GUEST_CART_COOKIE)!.value;
    const again = await post(`bookId=${book.id}`, {}, cookie);
    expect(again.headers.location).toBe('/gio-hang');
    const v = visitor();
    v.setCookie(cookie);
    expect((await v.cart()).items.map((i) => i.qty)).toEqual([3]);

    // A signed-in shopper's app reads its cart: the form's guest cart joins it, the cookie is cleared.
    const account = await createAccount(t.app.db);
    const token = (await visitor().call('POST', '/auth/login', { username: account.username, password: account.password })).json().data.accessToken;
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/cart', headers: { authorization: `Bearer ${token}` }, cookies: { [GUEST_CART_COOKIE]: cookie } });
    expect(mine.json().data.items.map((i: { bookId: number; qty: number }) => [i.bookId, i.qty])).toEqual([[book.id, 3]]);
    expect(mine.cookies.find((c) => c.name === GUEST_CART_COOKIE)?.value).toBe('');
  });

  it('lands on the cart with a note when the book cannot be added, or the post comes from another site', async () => {
    const soldOut = await makeShopBook(t.app, { stock: 0, status: 'OUT_OF_STOCK' });
    expect((await post(`bookId=${soldOut.id}`)).headers.location).toBe('/gio-hang?themLoi=1');
    expect((await post('bookId=abc')).headers.location).toBe('/gio-hang?themLoi=1');
    const book = await makeShopBook(t.app);
    const foreign = await post(`bookId=${book.id}`, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
    expect(foreign.headers.location).toBe('/gio-hang?themLoi=1');
    expect(foreign.cookies.find((c) => c.name === GUEST_CART_COOKIE)).toBeUndefined();
  });
});

describe('the buy bar form: Mua ngay', () => {
  it('goes to login with the checkout of that book as next', async () => {
    const book = await makeShopBook(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/gio-hang/them',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: `bookId=${book.id}&qty=2&intent=buy`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/dang-nhap?next=${encodeURIComponent(`/checkout?buyNow=${book.id}&qty=2`)}`);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { queryRows } from './db/client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { actors, bookBody, insertRefs, type Actors, type Refs } from '../test/admin.ts';
import { makeStaff, placeOrder, type Staff } from '../test/sales.ts';

/**
 * The strict input layer (docs/decisions.md, Strict input): malformed numbers are refused rather than read as
 * other valid ids, and bad input is a 400 naming the field, never a 500.
 */

let t: TestApp;
let who: Actors;
let refs: Refs;
let sale: Staff;
let book31: number;

beforeAll(async () => {
  t = await createTestApp();
  who = await actors(t.app);
  refs = await insertRefs(t.app.db);
  sale = await makeStaff(t.app, 'SALE');
  // The next book gets id 31, the value of 0x1F.
  await queryRows(t.app.db, sql`select setval(pg_get_serial_sequence('books', 'id'), 30)`);
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/books', headers: who.admin.headers, payload: bookBody(refs) });
  book31 = res.json().data.id;
});
afterAll(async () => {
  await t?.close();
});

const count = async (table: string) =>
  (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

/** A 400 in the envelope whose first field error names `field`, in Vietnamese. */
function expectRefused(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body).toMatchObject({ statusCode: 400, error: 'VALIDATION_ERROR', data: { fields: expect.any(Array) } });
  expect(body.data.fields[0].field).toBe(field);
  expect(body.message).toMatch(/[ạảãáàâấầẩẫậăắằẳẵặđẹẻẽéèêếềểễệịỉĩíìọỏõóòôốồổỗộơớờởỡợụủũúùưứừửữựỵỷỹýỳ]/i);
}

describe('malformed numbers are never read as other ids (problem 3)', () => {
  it('DELETE /admin/books/0x1F is refused and book 31 stays', async () => {
    expect(book31).toBe(31);
    for (const id of ['0x1F', '%2031', '+31', '31.0', '031', '3.1e1', '31%20', '0b11111']) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/books/${id}`, headers: who.admin.headers });
      expectRefused(res, 'id');
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/books/31', headers: who.admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(31);
  });

  it('path ids " 1", "+1", 0, negative and 2^31 are refused on every kind of route', async () => {
    for (const id of ['%201', '+1', '0', '-1', '2147483648', '1e3', '0x1']) {
      expectRefused(await t.app.inject({ method: 'GET', url: `/api/v1/books/${id}/reviews` }), 'id');
      expectRefused(await t.app.inject({ method: 'GET', url: `/api/v1/sales/orders/${id}`, headers: sale.headers }), 'id');
      expectRefused(await t.app.inject({ method: 'DELETE', url: `/api/v1/cart/items/${id}`, headers: who.customer.headers }), 'bookId');
    }
  });

  it('a refund of {"amount":"0x10"} is refused and records nothing', async () => {
    const { order } = await placeOrder(t.app);
    const paid = await t.app.inject({ method: 'PUT', url: `/api/v1/sales/orders/${order.id}/payment`, headers: sale.headers, payload: { paymentStatus: 'PAID' } });
    expect(paid.statusCode).toBe(200);
    const before = await count('order_refunds');
    // Decimal digits as a string are money ("16" is 16 ₫, as other front ends send it); nothing else is.
    for (const amount of ['0x10', '+16', ' 16', '1e3', '16.0', ' ', true, [1], { n: 1 }, 16.5, 2 ** 31]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/sales/orders/${order.id}/refund-manual`,
        headers: sale.headers,
        payload: { amount, method: 'CASH' },
      });
      expectRefused(res, 'amount');
    }
    expect(await count('order_refunds')).toBe(before);
    const ok = await t.app.inject({ method: 'POST', url: `/api/v1/sales/orders/${order.id}/refund-manual`, headers: sale.headers, payload: { amount: 16, method: 'CASH' } });
    expect(ok.statusCode).toBe(201);
    const asText = await t.app.inject({ method: 'POST', url: `/api/v1/sales/orders/${order.id}/refund-manual`, headers: sale.headers, payload: { amount: '16', method: 'CASH' } });
    expect(asText.json().data.refundedAmount).toBe(32);
  });

  it('JSON ids and numbers are JSON numbers: "1e3", " ", true and [1] are refused', async () => {
    const cartBefore = await count('cart_items');
    for (const bookId of [String(book31), '1e3', ' ', true, [book31], '0x1F', null]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers: who.customer.headers, payload: { bookId, qty: 1 } });
      expectRefused(res, 'bookId');
    }
    for (const qty of ['1', true, [1]]) {
      expectRefused(await t.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers: who.customer.headers, payload: { bookId: book31, qty } }), 'qty');
    }
    expect(await count('cart_items')).toBe(cartBefore);
    for (const price of ['120000', '0x10', '1e3', true, [1]]) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/v1/admin/books/${book31}`, headers: who.admin.headers, payload: { price } });
      expectRefused(res, 'price');
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/books', headers: who.admin.headers, payload: bookBody(refs, { publisherId: String(refs.publisher.id) }) });
    expectRefused(res, 'publisherId');
  });

  it('query numbers are plain decimals', async () => {
    for (const q of ['page=0x1', 'size=1e3', 'priceMin=%2B5', 'priceMin=%205', 'authorId=0x1F', 'categoryId=2147483648', 'priceMax=1.5']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/books/catalog?${q}` });
      expectRefused(res, q.split('=')[0]!);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/books/catalog?page=-5&size=1000&priceMin=' })).statusCode).toBe(200);
  });
});

describe('bad input is a 400, never a 500 (problem 4)', () => {
  it('a NUL byte in a query value or a login, register or profile field', async () => {
    // What a shopper types in the search box is cleaned, not refused: a NUL there is a word break.
    const search = await t.app.inject({ method: 'GET', url: '/api/v1/books/search?q=%00' });
    expect(search.statusCode).toBe(200);
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/v1/books/catalog?category=a%00' }), 'category');
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/v1/admin/users?q=%00', headers: who.admin.headers }), 'q');
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: 'khach\u0000', password: 'Khach@123' } });
    expectRefused(login, 'username');
    expect(login.json().message).toBe('Tên đăng nhập chứa ký tự không hợp lệ.');
    const users = await count('users');
    const otps = await count('otp_codes');
    for (const patch of [{ email: 'a\u0000@example.com' }, { username: 'ten\u0000' }, { fullName: 'Nguyễn\u0000A' }, { password: 'Secret\u0000123' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email: 'moi@example.com', username: 'nguoimoi', password: 'Secret@123', ...patch },
      });
      expectRefused(res, Object.keys(patch)[0]!);
    }
    expect(await count('users')).toBe(users);
    expect(await count('otp_codes')).toBe(otps);
    expectRefused(await t.app.inject({ method: 'PUT', url: '/api/v1/users/me', headers: who.customer.headers, payload: { fullName: 'A\u0007B' } }), 'fullName');
  });

  it('ids of 2^31 or more', async () => {
    for (const url of ['/api/v1/books/2147483648/reviews', '/api/v1/books/2147483648/ratings/summary', '/api/v1/books/99999999999/comments']) {
      expectRefused(await t.app.inject({ method: 'GET', url }), 'id');
    }
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/books/${book31}/comments`, headers: who.customer.headers, payload: { content: 'Hay', parentId: 2 ** 31 } });
    expectRefused(res, 'parentId');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/books/2147483648' })).statusCode).toBe(404);
  });

  it('lone surrogates in names that are audited', async () => {
    const audit = await count('audit_log');
    const authors = await count('authors');
    expectRefused(await t.app.inject({ method: 'POST', url: '/api/v1/admin/authors', headers: who.admin.headers, payload: { name: 'Tác giả \ud800' } }), 'name');
    expectRefused(
      await t.app.inject({ method: 'PUT', url: `/api/v1/admin/categories/${refs.child.id}`, headers: who.admin.headers, payload: { name: '\udc00Thơ' } }),
      'name',
    );
    expectRefused(await t.app.inject({ method: 'PUT', url: `/api/v1/admin/books/${book31}`, headers: who.admin.headers, payload: { title: 'Sách \ud83d' } }), 'title');
    expect(await count('authors')).toBe(authors);
    expect(await count('audit_log')).toBe(audit);
    // A well-formed pair (an emoji) is text like any other.
    const emoji = await t.app.inject({ method: 'POST', url: '/api/v1/admin/authors', headers: who.admin.headers, payload: { name: 'Tác giả 😀' } });
    expect(emoji.statusCode).toBe(201);
  });

  it('an update with nothing to change', async () => {
    const author = (await t.app.inject({ method: 'POST', url: '/api/v1/admin/authors', headers: who.admin.headers, payload: { name: 'Tác Giả Không Đổi' } })).json().data;
    for (const [url, headers] of [
      [`/api/v1/admin/categories/${refs.child.id}`, who.admin.headers],
      [`/api/v1/admin/authors/${author.id}`, who.admin.headers],
      [`/api/v1/admin/books/${book31}`, who.admin.headers],
      ['/api/v1/users/me', who.customer.headers],
    ] as const) {
      for (const payload of [{}, { unknownField: 'x' }]) {
        const res = await t.app.inject({ method: 'PUT', url, headers, payload });
        expect(res.statusCode, `${url} ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: 'Không có thông tin nào để cập nhật.' });
      }
    }
  });

  it('a truncated multipart upload', async () => {
    const boundary = '----nhasachTruncated';
    const images = await count('book_images');
    for (const payload of [
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png`,
      `--${boundary}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc\r\n--${boundary}`,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/uploads/${book31}/images`,
        headers: { ...who.admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().statusCode).toBe(res.statusCode);
    }
    expect(await count('book_images')).toBe(images);
  });

  it('oversize, deep and wide JSON', async () => {
    const huge = JSON.stringify({ content: 'x'.repeat(1024 * 1024 + 10) });
    const big = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: huge });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ statusCode: 413, message: 'Dữ liệu gửi lên quá lớn.' });
    const deep = '{"username":'.repeat(1) + '['.repeat(50_000) + ']'.repeat(50_000) + ',"password":"x"}';
    const d = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: deep });
    expect(d.statusCode).toBe(400);
    expect(d.json().message).toBe('Dữ liệu JSON lồng nhau quá sâu.');
    const wide = JSON.stringify({ ...bookBody(refs), authorIds: Array.from({ length: 100_000 }, (_, i) => i + 1) });
    const w = await t.app.inject({ method: 'POST', url: '/api/v1/admin/books', headers: { ...who.admin.headers, 'content-type': 'application/json' }, payload: wide });
    expectRefused(w, 'authorIds');
    const keys = JSON.stringify(Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i])));
    const k = await t.app.inject({ method: 'PUT', url: '/api/v1/users/me', headers: { ...who.customer.headers, 'content-type': 'application/json' }, payload: keys });
    expect(k.statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { books } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeBook, makeCustomer, type Customer } from '../../../test/engagement.ts';

let t: TestApp;
let lan: Customer;
let minh: Customer;

beforeAll(async () => {
  t = await createTestApp();
  [lan, minh] = await Promise.all([makeCustomer(t.app, 'Nguyễn Thị Lan'), makeCustomer(t.app, 'Trần Văn Minh')]);
});
afterAll(async () => {
  await t?.close();
});

const toggle = (bookId: number | string, who?: Customer) =>
  t.app.inject({ method: 'POST', url: `/api/v1/books/favorites/${bookId}/toggle`, headers: who?.headers });
const myFavorites = (who: Customer, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/books/favorites/me${query}`, headers: who.headers });

describe('favourite toggle', () => {
  it('likes, then unlikes, and counts every user', async () => {
    const book = await makeBook(t.app);
    const first = await toggle(book.id, lan);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ statusCode: 200, error: null, data: { liked: true, favoriteCount: 1 } });
    expect(first.json().message).toBe('Đã thêm vào danh sách yêu thích');

    expect((await toggle(book.id, minh)).json().data).toEqual({ liked: true, favoriteCount: 2 });

    const off = await toggle(book.id, lan);
    expect(off.json().data).toEqual({ liked: false, favoriteCount: 1 });
    expect(off.json().message).toBe('Đã bỏ khỏi danh sách yêu thích');
    expect((await toggle(book.id, lan)).json().data).toEqual({ liked: true, favoriteCount: 2 });
  });

  it('refuses guests with 401 and does not count them', async () => {
    const book = await makeBook(t.app);
    const res = await toggle(book.id);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('UNAUTHORIZED');
    expect((await toggle(book.id, lan)).json().data.favoriteCount).toBe(1);
  });

  it('answers 404 for unknown, hidden and draft books and 400 for a non-numeric id', async () => {
    const hidden = await makeBook(t.app, { status: 'INACTIVE' });
    const draft = await makeBook(t.app, { status: 'DRAFT' });
    for (const id of [999_999, hidden.id, draft.id]) {
      const res = await toggle(id, lan);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Không tìm thấy sách.');
    }
    expect((await toggle('abc', lan)).statusCode).toBe(400);
    const outOfStock = await makeBook(t.app, { status: 'OUT_OF_STOCK' });
    expect((await toggle(outOfStock.id, lan)).json().data.liked).toBe(true);
  });

  it('never double-counts concurrent toggles of one user', async () => {
    const book = await makeBook(t.app);
    const results = await Promise.all([toggle(book.id, minh), toggle(book.id, minh), toggle(book.id, minh)]);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const count = results.at(-1)!.json().data.favoriteCount as number;
    expect([0, 1]).toContain(count);
  });
});

describe('my favourites page', () => {
  it('lists liked visible books as cards, most recently liked first, paged', async () => {
    const reader = await makeCustomer(t.app, 'Phạm Thu Hà');
    const liked = [];
    for (let i = 0; i < 5; i++) liked.push(await makeBook(t.app, { title: `Yêu thích ${i}`, price: 50_000 + i * 1000 }));
    for (const b of liked) expect((await toggle(b.id, reader)).json().data.liked).toBe(true);
    // One liked book is later hidden by the shop: it leaves the list.
    const hidden = await makeBook(t.app);
    await toggle(hidden.id, reader);
    await t.app.db.update(books).set({ status: 'INACTIVE' }).where(eq(books.id, hidden.id));

    const page0 = await myFavorites(reader, '?page=0&size=2&sort=id,desc');
    expect(page0.statusCode).toBe(200);
    const data = page0.json().data;
    expect(data).toMatchObject({ totalElements: 5, totalPages: 3, number: 0, size: 2 });
    expect(data.content.map((c: { id: number }) => c.id)).toEqual([liked[4]!.id, liked[3]!.id]);
    expect(data.content[0]).toMatchObject({
      id: liked[4]!.id,
      slug: liked[4]!.slug,
      title: 'Yêu thích 4',
      price: 54_000,
      salePrice: null,
      effectivePrice: 54_000,
      authors: [],
      status: 'ACTIVE',
      likedByMe: true,
      favoriteCount: 1,
      thumbnail: null,
    });

    const last = (await myFavorites(reader, '?page=2&size=2')).json().data;
    expect(last.content.map((c: { id: number }) => c.id)).toEqual([liked[0]!.id]);

    const oldestFirst = (await myFavorites(reader, '?sort=id,asc')).json().data;
    expect(oldestFirst.size).toBe(20);
    expect(oldestFirst.content.map((c: { id: number }) => c.id)).toEqual(liked.map((b) => b.id));

    // Unliking removes it from the list.
    await toggle(liked[2]!.id, reader);
    expect((await myFavorites(reader)).json().data.totalElements).toBe(4);
  });

  it('is empty for a new user and needs login', async () => {
    const newcomer = await makeCustomer(t.app);
    expect((await myFavorites(newcomer)).json().data).toEqual({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 20 });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/books/favorites/me' })).statusCode).toBe(401);
  });

  it('is not captured by the catalogue route /books/:id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/books/favorites/me' });
    // The catalogue's /books/:id would answer 404 for "favorites"; this route asks for login.
    expect(res.statusCode).toBe(401);
  });
});

describe('engagement on catalogue pages', () => {
  it('shows likedByMe and favoriteCount on the book detail for the viewer', async () => {
    const book = await makeBook(t.app);
    await toggle(book.id, lan);
    await toggle(book.id, minh);
    await toggle(book.id, minh); // minh unlikes

    const asLan = (await t.app.inject({ method: 'GET', url: `/api/v1/books/${book.id}`, headers: lan.headers })).json().data;
    expect(asLan).toMatchObject({ likedByMe: true, favoriteCount: 1, ratingAverage: 0, ratingCount: 0 });
    const asMinh = (await t.app.inject({ method: 'GET', url: `/api/v1/books/${book.id}`, headers: minh.headers })).json().data;
    expect(asMinh).toMatchObject({ likedByMe: false, favoriteCount: 1 });
    const asGuest = (await t.app.inject({ method: 'GET', url: `/api/v1/books/slug/${book.slug}` })).json().data;
    expect(asGuest).toMatchObject({ likedByMe: false, favoriteCount: 1 });
  });

  it('shows rating average and count on the detail and on cards', async () => {
    const book = await makeBook(t.app, { title: 'Sách được chấm điểm' });
    for (const [who, score] of [
      [lan, 5],
      [minh, 4],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/books/${book.id}/ratings`,
        headers: who.headers,
        payload: { score, content: '' },
      });
      expect(res.statusCode).toBe(201);
    }
    const detail = (await t.app.inject({ method: 'GET', url: `/api/v1/books/${book.id}` })).json().data;
    expect(detail).toMatchObject({ ratingAverage: 4.5, ratingCount: 2 });
    const list = (await t.app.inject({ method: 'GET', url: `/api/v1/books?size=100` })).json().data;
    const card = list.content.find((c: { id: number }) => c.id === book.id);
    expect(card).toMatchObject({ ratingAverage: 4.5, ratingCount: 2 });
  });
});

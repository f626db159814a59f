import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { books, ratings } from '../../db/schema/index.ts';
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

const rate = (bookId: number, who: Customer | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/v1/books/${bookId}/ratings`, headers: who?.headers, payload: payload as object });
const get = (url: string, who?: Customer) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who?.headers });

/** Inserts ratings by fresh users with the given scores (and distinct creation times, oldest first). */
async function seedScores(bookId: number, scores: number[]) {
  const made: { id: number; userId: number; score: number }[] = [];
  for (const [i, score] of scores.entries()) {
    const who = await makeCustomer(t.app, `Độc giả ${i}`);
    const [row] = await t.app.db
      .insert(ratings)
      .values({
        userId: who.id,
        bookId,
        score,
        content: `Nhận xét ${i}`,
        createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
        updatedAt: new Date(Date.UTC(2025, 0, 1 + i)),
      })
      .returning({ id: ratings.id });
    made.push({ id: row!.id, userId: who.id, score });
  }
  return made;
}

describe('rating a book', () => {
  it('creates one rating per user, then updates it', async () => {
    const book = await makeBook(t.app);
    const created = await rate(book.id, lan, { score: 4, content: '  Sách hay, giao nhanh.  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      statusCode: 201,
      message: 'Cảm ơn bạn đã đánh giá',
      data: { score: 4, content: 'Sách hay, giao nhanh.' },
    });
    const id = created.json().data.id as number;

    const updated = await rate(book.id, lan, { score: 2, content: 'Đọc lại thấy bình thường.' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ message: 'Đã cập nhật đánh giá', data: { id, score: 2, content: 'Đọc lại thấy bình thường.' } });
    expect(new Date(updated.json().data.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(updated.json().data.createdAt).getTime());

    const rows = await t.app.db.select().from(ratings).where(eq(ratings.bookId, book.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: lan.id, score: 2 });

    // Content may be left out or null: a rating without words.
    expect((await rate(book.id, minh, { score: 5 })).json().data).toMatchObject({ score: 5, content: '' });
    expect((await rate(book.id, minh, { score: 5, content: null })).statusCode).toBe(200);
  });

  it('refuses scores outside 1..5, fractions and non-numbers, naming the field', async () => {
    const book = await makeBook(t.app);
    for (const score of [0, 6, -1, 2.5, 'abc', '4', null, true]) {
      const res = await rate(book.id, lan, { score, content: 'x' });
      expect(res.statusCode, `score ${JSON.stringify(score)}`).toBe(400);
      expect(res.json().error).toBe('VALIDATION_ERROR');
      expect(res.json().data.fields[0].field).toBe('score');
      expect(res.json().message).toContain('Số sao phải là số nguyên từ 1 đến 5.');
    }
    expect((await rate(book.id, lan, { content: 'không có điểm' })).statusCode).toBe(400);
    const [count] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from ratings where book_id = ${book.id}`);
    expect(count!.n).toBe(0);
  });

  it('refuses too long content and control characters, keeps newlines', async () => {
    const book = await makeBook(t.app);
    const tooLong = await rate(book.id, lan, { score: 3, content: 'a'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().data.fields[0]).toMatchObject({ field: 'content' });
    expect(tooLong.json().message).toContain('tối đa 2000 ký tự');
    expect((await rate(book.id, lan, { score: 3, content: 'bad\u0007bell' })).statusCode).toBe(400);
    const ok = await rate(book.id, lan, { score: 3, content: 'Dòng 1\r\nDòng 2\tcó tab' });
    expect(ok.json().data.content).toBe('Dòng 1\nDòng 2\tcó tab');
  });

  it('stores markup as plain text, exactly as typed', async () => {
    const book = await makeBook(t.app);
    const text = '<script>alert("x")</script> <b>đậm</b> &amp;';
    await rate(book.id, lan, { score: 5, content: text });
    const review = (await get(`/books/${book.id}/reviews`)).json().data.content[0];
    expect(review.content).toBe(text);
    expect((await get(`/books/${book.id}/ratings/me`, lan)).json().data.content).toBe(text);
  });

  it('needs login to rate and answers 404 for a hidden or unknown book', async () => {
    const book = await makeBook(t.app);
    expect((await rate(book.id, undefined, { score: 5 })).statusCode).toBe(401);
    const hidden = await makeBook(t.app, { status: 'DRAFT' });
    expect((await rate(hidden.id, lan, { score: 5 })).statusCode).toBe(404);
    expect((await rate(987_654, lan, { score: 5 })).statusCode).toBe(404);
    expect((await get(`/books/${hidden.id}/ratings/summary`)).statusCode).toBe(404);
    expect((await get(`/books/${hidden.id}/reviews`)).statusCode).toBe(404);
  });
});

describe('rating summary', () => {
  it('gives average to one decimal, count, distribution and percentages', async () => {
    const book = await makeBook(t.app);
    // 5,5,5,4,4,3,1 -> sum 27 / 7 = 3.857 -> 3.9
    await seedScores(book.id, [5, 5, 5, 4, 4, 3, 1]);
    const res = await get(`/books/${book.id}/ratings/summary`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      average: 3.9,
      count: 7,
      distribution: { '1': 1, '2': 0, '3': 1, '4': 2, '5': 3 },
      percent: { '1': 14, '2': 0, '3': 14, '4': 29, '5': 43 },
    });
  });

  it('is all zeros for a book without ratings', async () => {
    const book = await makeBook(t.app);
    expect((await get(`/books/${book.id}/ratings/summary`)).json().data).toEqual({
      average: 0,
      count: 0,
      distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
      percent: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
    });
  });

  it('follows creates, updates and deletes', async () => {
    const book = await makeBook(t.app);
    await rate(book.id, lan, { score: 5 });
    await rate(book.id, minh, { score: 2 });
    expect((await get(`/books/${book.id}/ratings/summary`)).json().data).toMatchObject({ average: 3.5, count: 2 });
    await rate(book.id, minh, { score: 4 });
    expect((await get(`/books/${book.id}/ratings/summary`)).json().data).toMatchObject({ average: 4.5, count: 2 });
    const mine = (await get(`/books/${book.id}/ratings/me`, minh)).json().data;
    await t.app.inject({ method: 'DELETE', url: `/api/v1/ratings/${mine.id}`, headers: minh.headers });
    expect((await get(`/books/${book.id}/ratings/summary`)).json().data).toMatchObject({ average: 5, count: 1 });
  });
});

describe('reviews list', () => {
  it('pages five by default, newest first, with the reviewer name', async () => {
    const book = await makeBook(t.app);
    const made = await seedScores(book.id, [3, 5, 1, 4, 2, 5, 4]);
    const res = await get(`/books/${book.id}/reviews?page=0&size=5&sort=new`);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ totalElements: 7, totalPages: 2, number: 0, size: 5 });
    expect(page.content.map((r: { id: number }) => r.id)).toEqual(made.slice(2).reverse().map((m) => m.id));
    expect(page.content[0]).toEqual({
      id: made[6]!.id,
      userId: made[6]!.userId,
      userName: 'Độc giả 6',
      score: 4,
      content: 'Nhận xét 6',
      createdAt: '2025-01-07T00:00:00.000Z',
      updatedAt: '2025-01-07T00:00:00.000Z',
      verifiedPurchase: false,
    });
    const defaults = (await get(`/books/${book.id}/reviews`)).json().data;
    expect(defaults.size).toBe(5);
    expect(defaults.content.map((r: { id: number }) => r.id)).toEqual(page.content.map((r: { id: number }) => r.id));

    const second = (await get(`/books/${book.id}/reviews?page=1&size=5`)).json().data;
    expect(second.content.map((r: { id: number }) => r.id)).toEqual([made[1]!.id, made[0]!.id]);
  });

  it('sorts old, high and low, and falls back to new for unknown sorts', async () => {
    const book = await makeBook(t.app);
    const made = await seedScores(book.id, [3, 5, 1, 4]);
    const ids = async (sort: string) =>
      (await get(`/books/${book.id}/reviews?size=10&sort=${sort}`)).json().data.content.map((r: { id: number }) => r.id);
    const [a, b, c, d] = made.map((m) => m.id);
    expect(await ids('old')).toEqual([a, b, c, d]);
    expect(await ids('high')).toEqual([b, d, a, c]);
    expect(await ids('low')).toEqual([c, a, d, b]);
    expect(await ids('whatever')).toEqual([d, c, b, a]);
    expect(await ids('createdAt,asc')).toEqual([a, b, c, d]);
  });

  it('uses the username when the reviewer has no full name', async () => {
    const book = await makeBook(t.app);
    const anon = await makeCustomer(t.app);
    await t.app.db.execute(sql`update users set full_name = null where id = ${anon.id}`);
    await rate(book.id, anon, { score: 4 });
    expect((await get(`/books/${book.id}/reviews`)).json().data.content[0].userName).toBe(anon.username);
  });
});

describe('my rating and deletion', () => {
  it('returns my rating or null, and needs login', async () => {
    const book = await makeBook(t.app);
    const none = await get(`/books/${book.id}/ratings/me`, lan);
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toBeNull();
    await rate(book.id, lan, { score: 3, content: 'Tạm được' });
    expect((await get(`/books/${book.id}/ratings/me`, lan)).json().data).toMatchObject({ score: 3, content: 'Tạm được' });
    expect((await get(`/books/${book.id}/ratings/me`, minh)).json().data).toBeNull();
    expect((await get(`/books/${book.id}/ratings/me`)).statusCode).toBe(401);
  });

  it('lets only the author delete a rating', async () => {
    const book = await makeBook(t.app);
    const id = (await rate(book.id, lan, { score: 1, content: 'Không thích' })).json().data.id as number;
    const del = (who?: Customer) => t.app.inject({ method: 'DELETE', url: `/api/v1/ratings/${id}`, headers: who?.headers });

    expect((await del()).statusCode).toBe(401);
    const other = await del(minh);
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe('FORBIDDEN');
    expect((await get(`/books/${book.id}/ratings/me`, lan)).json().data).not.toBeNull();

    const own = await del(lan);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ message: 'Đã xóa đánh giá', data: null });
    expect((await get(`/books/${book.id}/ratings/me`, lan)).json().data).toBeNull();
    expect((await del(lan)).statusCode).toBe(404);
    // After deleting, the user may rate again (a new rating).
    expect((await rate(book.id, lan, { score: 4 })).statusCode).toBe(201);
  });

  it('cascades when the book is deleted', async () => {
    const book = await makeBook(t.app);
    await rate(book.id, lan, { score: 4 });
    await t.app.db.delete(books).where(eq(books.id, book.id));
    expect(await t.app.db.select().from(ratings).where(eq(ratings.bookId, book.id))).toHaveLength(0);
  });

  it('has a database check that refuses an out-of-range score written directly', async () => {
    const book = await makeBook(t.app);
    await expect(t.app.db.insert(ratings).values({ userId: lan.id, bookId: book.id, score: 9 })).rejects.toThrow();
  });
});

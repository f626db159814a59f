import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { TopSellingRowDto } from '@nhasach/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actors, bookBody, insertOrder, insertRefs, type Actors, type Refs } from '../../../test/admin.ts';
import { bookImages, books } from '../../db/schema/index.ts';

let t: TestApp;
let who: Actors;
let refs: Refs;

beforeAll(async () => {
  t = await createTestApp();
  who = await actors(t.app);
  refs = await insertRefs(t.app.db);
});
afterAll(async () => {
  await t?.close();
});

async function book(overrides: Record<string, unknown>, sold: number): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/books', headers: who.admin.headers, payload: bookBody(refs, overrides) });
  expect(res.statusCode, res.body).toBe(201);
  const id: number = res.json().data.id;
  await t.app.db.update(books).set({ sold }).where(eq(books.id, id));
  return id;
}

const DAY = 24 * 3600 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

describe('GET /api/v1/books/top-selling (the origin front end shape)', () => {
  it('lists each top-level category best sellers with last week copies, growth and rank', async () => {
    // A book of the sub-category counts under its top-level category; a hidden book never appears.
    const novel = await book({ title: 'Tiểu Thuyết Bán Chạy', categoryIds: [refs.child.id], authorIds: [refs.authors[0].id, refs.authors[1].id] }, 50);
    const essay = await book({ title: 'Tản Văn', categoryIds: [refs.parent.id] }, 20);
    const hidden = await book({ title: 'Sách Đã Ẩn', categoryIds: [refs.parent.id], status: 'INACTIVE' }, 999);
    await t.app.db.insert(bookImages).values({ bookId: novel, url: '/media/books/tt-xlarge.webp', mediumUrl: '/media/books/tt-medium.webp' });
    const buyer = who.customer.id;
    // The novel: 3 copies in the last 7 days (a cancelled order does not count), 2 in the 7 days before: +50 %.
    await insertOrder(t.app.db, { userId: buyer, createdAt: daysAgo(1), status: 'CONFIRMED', grandTotal: 1, items: [{ bookId: novel, qty: 3, unitPrice: 1 }] });
    await insertOrder(t.app.db, { userId: buyer, createdAt: daysAgo(2), status: 'CANCELED', grandTotal: 1, items: [{ bookId: novel, qty: 7, unitPrice: 1 }] });
    await insertOrder(t.app.db, { userId: buyer, createdAt: daysAgo(9), status: 'DELIVERED', grandTotal: 1, items: [{ bookId: novel, qty: 2, unitPrice: 1 }] });
    // The essay: 1 copy this week, none the week before (+100 %); a month-old order is outside both weeks.
    await insertOrder(t.app.db, { userId: buyer, createdAt: daysAgo(3), status: 'PENDING', grandTotal: 1, items: [{ bookId: essay, qty: 1, unitPrice: 1 }] });
    await insertOrder(t.app.db, { userId: buyer, createdAt: daysAgo(30), status: 'COMPLETED', grandTotal: 1, items: [{ bookId: essay, qty: 4, unitPrice: 1 }] });

    const res = await t.app.inject({ method: 'GET', url: '/api/v1/books/top-selling?limit=5' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ statusCode: 200, error: null });
    const rows: TopSellingRowDto[] = res.json().data;
    const ours = rows.filter((r) => r.category === refs.parent.name);
    expect(ours).toEqual([
      {
        category: refs.parent.name,
        categoryId: refs.parent.id,
        categorySlug: refs.parent.slug,
        bookId: novel,
        slug: expect.any(String),
        title: 'Tiểu Thuyết Bán Chạy',
        authorNames: `${refs.authors[0].name}, ${refs.authors[1].name}`,
        imageUrl: 'http://localhost:3000/media/books/tt-medium.webp',
        sold: 50,
        lastWeekSold: 3,
        growthPercent: 50,
        rank: 1,
      },
      {
        category: refs.parent.name,
        categoryId: refs.parent.id,
        categorySlug: refs.parent.slug,
        bookId: essay,
        slug: expect.any(String),
        title: 'Tản Văn',
        authorNames: refs.authors[0].name,
        imageUrl: null,
        sold: 20,
        lastWeekSold: 1,
        growthPercent: 100,
        rank: 2,
      },
    ] satisfies TopSellingRowDto[]);
    expect(rows.some((r) => r.bookId === hidden)).toBe(false);
    // The sub-category is not a group of its own.
    expect(rows.some((r) => r.category === refs.child.name)).toBe(false);

    // limit is per category.
    const one: TopSellingRowDto[] = (await t.app.inject({ method: 'GET', url: '/api/v1/books/top-selling?limit=1' })).json().data;
    expect(one.filter((r) => r.category === refs.parent.name).map((r) => [r.bookId, r.rank])).toEqual([[novel, 1]]);
    await t.app.db.delete(bookImages).where(inArray(bookImages.bookId, [novel]));
  });

  it('refuses a limit outside 1..48', async () => {
    for (const limit of ['0', '49', 'abc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/books/top-selling?limit=${limit}` });
      expect(res.statusCode, limit).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'VALIDATION_ERROR' });
    }
  });
});

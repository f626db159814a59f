import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BookCardDto } from '@nhasach/shared';
import { books } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { insertCatalogFixture, type Fixture } from '../../../test/catalog-fixture.ts';

let t: TestApp;
let fx: Fixture;
beforeAll(async () => {
  t = await createTestApp();
  fx = await insertCatalogFixture(t.app.db);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
async function cards(url: string): Promise<BookCardDto[]> {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ statusCode: 200, error: null });
  return res.json().data as BookCardDto[];
}
const titles = (list: BookCardDto[]) => list.map((b) => b.title);
const id = (key: string) => fx.book[key]!.id;

describe('GET /api/v1/books/{id}/related', () => {
  it('puts the same author first, then the same categories, each best-selling first, never the book itself', async () => {
    // Đắc Nhân Tâm (Dale Carnegie, Kỹ năng sống): the other Carnegie first although the category's best seller sold more;
    // the Carnegie draft is hidden.
    expect(titles(await cards(`/api/v1/books/${id('dnt')}/related`))).toEqual([
      'Đắc Nhân Tâm Cho Tuổi Teen',
      'Bí Quyết Đắc Nhân Tâm Trong Kinh Doanh',
    ]);
    // Mắt Biếc (Nguyễn Nhật Ánh, Tiểu thuyết): his out-of-stock book (still visible), then the category by sales.
    const matBiec = await cards(`/api/v1/books/${id('matBiec')}/related`);
    expect(titles(matBiec)).toEqual(['Cho Tôi Xin Một Vé Đi Tuổi Thơ', 'Nhà Giả Kim', 'The Alchemist']);
    expect(matBiec[0]).toMatchObject({ status: 'OUT_OF_STOCK', slug: 'cho-toi-xin-mot-ve-di-tuoi-tho', authors: [expect.objectContaining({ name: expect.any(String) })] });
    // A book written by the same author and in the same category appears once, in the author group.
    expect(titles(await cards(`/api/v1/books/${id('nhaGiaKim')}/related`))).toEqual(['The Alchemist', 'Mắt Biếc']);
    // Nothing related (the only other Tô Hoài book is not for sale): an empty list.
    expect(await cards(`/api/v1/books/${id('deMen')}/related`)).toEqual([]);
  });

  it('honours limit, author books first', async () => {
    expect(titles(await cards(`/api/v1/books/${id('matBiec')}/related?limit=2`))).toEqual(['Cho Tôi Xin Một Vé Đi Tuổi Thơ', 'Nhà Giả Kim']);
    expect(titles(await cards(`/api/v1/books/${id('matBiec')}/related?limit=1`))).toEqual(['Cho Tôi Xin Một Vé Đi Tuổi Thơ']);
  });

  it('drops a book as soon as it is hidden', async () => {
    await t.app.db.update(books).set({ status: 'INACTIVE' }).where(eq(books.id, id('dntTeen')));
    try {
      expect(titles(await cards(`/api/v1/books/${id('dnt')}/related`))).toEqual(['Bí Quyết Đắc Nhân Tâm Trong Kinh Doanh']);
    } finally {
      await t.app.db.update(books).set({ status: 'ACTIVE' }).where(eq(books.id, id('dntTeen')));
    }
  });

  it('answers 404 for a hidden, unknown or malformed book and 400 for a bad limit', async () => {
    for (const url of [`/api/v1/books/${id('inactive')}/related`, `/api/v1/books/${id('draft')}/related`, '/api/v1/books/99999999/related', '/api/v1/books/abc/related', '/api/v1/books/0/related']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'NOT_FOUND', message: 'Không tìm thấy sách.', data: null });
    }
    for (const limit of ['0', '49', 'abc', '1.5']) {
      const res = await get(`/api/v1/books/${id('dnt')}/related?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'VALIDATION_ERROR' });
      expect(res.json().message).toMatch(/limit/);
    }
  });
});

describe('related books in the OpenAPI document', () => {
  it('is described', async () => {
    const doc = (await get('/api/docs/json')).json();
    expect(doc.paths['/api/v1/books/{id}/related'].get.summary).toMatch(/same author first/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SuggestionsDto } from '@nhasach/shared';
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

async function suggest(q: string): Promise<SuggestionsDto> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/books/suggest?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { statusCode: number; data: SuggestionsDto };
  expect(body.statusCode).toBe(200);
  return body.data;
}

describe('GET /books/suggest', () => {
  it('suggests books whose title starts with the typed text, with or without diacritics, with price and thumbnail', async () => {
    for (const typed of ['đắc nh', 'dac nh', 'DAC NHÂN']) {
      const { books } = await suggest(typed);
      // Titles starting with the text first (best-selling first), then other titles with a word starting with it.
      expect(books.map((b) => b.slug), typed).toEqual(['dac-nhan-tam', 'dac-nhan-tam-cho-tuoi-teen', 'bi-quyet-dac-nhan-tam-trong-kinh-doanh']);
    }
    const [dnt] = (await suggest('dac nhan')).books;
    // Sale running: the effective price is the sale price; the cover is the image with the lowest sortOrder.
    expect(dnt).toMatchObject({ id: fx.book.dnt!.id, title: 'Đắc Nhân Tâm', price: 120_000, effectivePrice: 89_000 });
    expect(dnt!.thumbnail).toEqual(expect.any(String));
    // An upcoming sale does not count yet.
    expect((await suggest('nha gia')).books).toMatchObject([{ slug: 'nha-gia-kim', price: 79_000, effectivePrice: 79_000 }]);
  });

  it('matches the start of any word of a title, never hidden books, at most 6', async () => {
    expect((await suggest('phieu')).books.map((b) => b.slug)).toEqual(['de-men-phieu-luu-ky']);
    expect((await suggest('ban nhap')).books).toEqual([]);
    expect((await suggest('sach ngung')).books).toEqual([]);
    expect((await suggest('c')).books).toEqual([]); // fewer than 2 characters
    expect((await suggest('ch')).books.length).toBeLessThanOrEqual(6);
  });

  it('finds a title by later words and an author by any words of the name, typed in part', async () => {
    // No title starts with these words: the best sellers holding them.
    expect((await suggest('nhân tâ')).books.map((b) => b.slug).sort()).toEqual(['bi-quyet-dac-nhan-tam-trong-kinh-doanh', 'dac-nhan-tam', 'dac-nhan-tam-cho-tuoi-teen']);
    expect((await suggest('luu k')).books.map((b) => b.slug)).toEqual(['de-men-phieu-luu-ky']);
    expect((await suggest('nhat an')).authors).toEqual([{ id: fx.author.nna, name: 'Nguyễn Nhật Ánh', slug: 'nna' }]);
  });

  it('suggests authors (a word of the name starting with the text) and categories', async () => {
    expect((await suggest('nguyen nh')).authors).toEqual([{ id: fx.author.nna, name: 'Nguyễn Nhật Ánh', slug: 'nna' }]);
    expect((await suggest('coel')).authors.map((a) => a.slug)).toEqual(['coelho']);
    expect((await suggest('hoai')).authors.map((a) => a.slug)).toEqual(['tohoai']);
    const { categories } = await suggest('tieu th');
    expect(categories.map((c) => c.slug)).toEqual(['tieu-thuyet']);
    expect((await suggest('kinh')).categories.map((c) => c.slug)).toContain('kinh-te');
    expect((await suggest('zzqx'))).toEqual({ books: [], authors: [], categories: [] });
  });

  it('answers odd input with empty lists, never an error', async () => {
    for (const typed of ['', '   ', '!!', '😀😀', 'a & b | !c', ':*', '\\', "' or 1=1 --", 'x'.repeat(10_000), '\u0001\u0002ab\u0007']) {
      const data = await suggest(typed);
      expect(data, JSON.stringify(typed.slice(0, 20))).toEqual(expect.objectContaining({ books: expect.any(Array), authors: expect.any(Array) }));
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/books/suggest' });
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toMatchObject({ data: { books: [], authors: [], categories: [] } });
  });

  it('is in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, { get?: { parameters?: { name: string }[] } }> };
    expect(doc.paths['/api/v1/books/suggest']?.get?.parameters?.map((p) => p.name)).toContain('q');
  });
});

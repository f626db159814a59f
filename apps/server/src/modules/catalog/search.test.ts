import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { BookCardDto, PageResult } from '@nhasach/shared';
import { queryRows } from '../../db/client.ts';
import { authors, books, searchWords } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { insertCatalogFixture, type Fixture } from '../../../test/catalog-fixture.ts';
import { editDistance, exactTsQuery, isbnOf, prefixTsQuery, searchCandidates, tokensOf, type SearchArgs } from './search.ts';
import { rankCandidates } from './ranking.ts';

/** The database strategy's candidates for a query, ranked (ranking.ts): the first page of 10. */
async function searchPage(db: Parameters<typeof searchCandidates>[0], args: Omit<SearchArgs, 'term'> & { norm: string; offset: number; limit: number }) {
  const { norm, offset, limit, ...rest } = args;
  const { candidates, wordMatches } = await searchCandidates(db, { ...rest, term: { norm, key: norm } });
  const ranked = rankCandidates(candidates, norm);
  return { ids: ranked.slice(offset, offset + limit).map((c) => c.id), total: ranked.length, wordMatches };
}
import { SearchWords } from './search-words.ts';
import { refreshSearchDocuments, refreshSearchDocumentsOf } from './search-documents.ts';

let t: TestApp;
let fx: Fixture;

beforeAll(async () => {
  t = await createTestApp();
  fx = await insertCatalogFixture(t.app.db);
});
afterAll(async () => {
  await t?.close();
});

async function search(query: string): Promise<PageResult<BookCardDto>> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/books/search?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: PageResult<BookCardDto> }).data;
}
const q = (term: string, extra = '') => search(`q=${encodeURIComponent(term)}${extra}`);
const keysOf = (cards: BookCardDto[]) =>
  cards.map((c) => Object.entries(fx.book).find(([, b]) => b.id === c.id)?.[0] ?? `#${c.id}`);

describe('search documents', () => {
  it('are lower case, without diacritics, over title, authors, publisher and ISBN', async () => {
    const [row] = await t.app.db.select({ doc: books.searchDoc, title: books.titleNorm }).from(books).where(eq(books.id, fx.book.matBiec!.id));
    expect(row).toEqual({ title: 'mat biec', doc: `mat biec nguyen nhat anh nxb tre ${fx.book.matBiec!.isbn13}` });
    const words = (await t.app.db.select().from(searchWords)).map((w) => w.word);
    expect(words).toEqual(expect.arrayContaining(['dac', 'nhan', 'tam', 'nguyen', 'tre', 'alchemist']));
    expect(words.some((w) => /^\d+$/.test(w))).toBe(false);
  });

  it('follow an author rename after a refresh', async () => {
    await t.app.db.update(authors).set({ name: 'Tô Hoài (Nguyễn Sen)' }).where(eq(authors.id, fx.author.tohoai!));
    expect(await refreshSearchDocumentsOf(t.app.db, { authorId: fx.author.tohoai! })).toBe(2);
    expect(keysOf((await q('nguyen sen')).content)).toEqual(['deMen']);
    // Nothing changed: nothing rewritten.
    expect(await refreshSearchDocuments(t.app.db)).toBe(0);
  });

  it('the SQL normal form handles every Vietnamese letter, decomposed input and punctuation', async () => {
    const [row] = await queryRows<{ a: string; b: string }>(
      t.app.db,
      sql`select f_search_norm(${'ĐẶNG Thị Ưng Ỷ — ắằẳẵặ ấầẩẫậ ếềểễệ ốồổỗộ ớờởỡợ ứừửữự ý!'}) as a, f_search_norm(${'Nha\u0300 Gia\u0309 Kim'}) as b`,
    );
    expect(row).toEqual({ a: 'dang thi ung y aaaaa aaaaa eeeee ooooo ooooo uuuuu y', b: 'nha gia kim' });
  });
});

describe('GET /books/search', () => {
  it('finds the same books with or without diacritics', async () => {
    const plain = await q('dac nhan tam');
    const marked = await q('Đắc Nhân Tâm');
    expect(keysOf(plain.content)).toEqual(['dnt', 'dntTeen', 'biQuyet']);
    expect(marked.content).toEqual(plain.content);
    expect(plain).toMatchObject({ totalElements: 3, totalPages: 1, number: 0, size: 20 });
    // Case, spacing and punctuation do not matter either.
    expect(keysOf((await q('  ĐẮC-NHÂN   tâm!! ')).content)).toEqual(['dnt', 'dntTeen', 'biQuyet']);
  });

  it("'đ' and 'd' are the same letter, both ways", async () => {
    expect(keysOf((await q('đế mèn')).content)).toEqual(['deMen']);
    expect(keysOf((await q('de men')).content)).toEqual(['deMen']);
    expect(keysOf((await q('Dac nhan tam')).content)[0]).toBe('dnt');
    expect(keysOf((await q('kim đồng')).content)).toEqual(['deMen']);
  });

  it('ranks the exact title first, then titles starting with the term, then the rest (by similarity, then sold)', async () => {
    // biQuyet sells 100x more but only contains the words.
    const r = await q('đắc nhân tâm');
    expect(keysOf(r.content)).toEqual(['dnt', 'dntTeen', 'biQuyet']);
    // The last word is a prefix while the shopper is typing.
    expect(keysOf((await q('dac nhan t')).content)).toEqual(['dnt', 'dntTeen', 'biQuyet']);
    expect(keysOf((await q('nha gia')).content)).toEqual(['nhaGiaKim']);
  });

  it('forgives a typo per word', async () => {
    expect(keysOf((await q('dac nhan tem')).content)[0]).toBe('dnt');
    expect(keysOf((await q('nha gia kin')).content)).toEqual(['nhaGiaKim']);
    expect(keysOf((await q('nhà giả kim')).content)).toEqual(['nhaGiaKim']);
    expect(keysOf((await q('alchmeist')).content)).toEqual(['alchemist']); // swapped letters
    expect(keysOf((await q('Nguyen Nhat Anhh')).content)).toEqual(['veTuoiTho', 'matBiec']);
    expect((await q('zzqxw')).totalElements).toBe(0);
  });

  it('finds books by author name and by publisher name', async () => {
    // Same title relevance: best-selling first.
    expect(keysOf((await q('nguyễn nhật ánh')).content)).toEqual(['veTuoiTho', 'matBiec']);
    expect(keysOf((await q('paulo coelho')).content)).toEqual(['nhaGiaKim', 'alchemist']);
    expect(keysOf((await q('NXB Trẻ')).content).sort()).toEqual(['anMang', 'matBiec', 'nhaGiaKim', 'veTuoiTho'].sort());
  });

  it('ISBN digits find that book (hyphens and spaces ignored, ISBN-10 too)', async () => {
    const isbn = fx.book.matBiec!.isbn13;
    expect(keysOf((await q(isbn)).content)).toEqual(['matBiec']);
    const hyphenated = `${isbn.slice(0, 3)}-${isbn.slice(3, 6)}-${isbn.slice(6, 12)}-${isbn.slice(12)}`;
    expect((await q(hyphenated)).content.map((c) => c.id)).toEqual([fx.book.matBiec!.id]);
    expect(isbnOf('0-306-40615-2')).toBe('9780306406157');
    // A hidden book's ISBN finds nothing.
    expect((await q(fx.book.draft!.isbn13)).totalElements).toBe(0);
  });

  it('never shows hidden books', async () => {
    const r = await q('ban nhap');
    expect(r.totalElements).toBe(0);
    expect(keysOf((await q('dac nhan tam', '&size=50')).content)).not.toContain('draft');
  });

  it('cuts the term to 128 characters', async () => {
    // Uncut, the term would also need 'dac nhan tam' (no book has both): the cut drops it.
    const term = `Mắt Biếc${' '.repeat(130)}Đắc Nhân Tâm`;
    expect(keysOf((await q(term)).content)).toEqual(['matBiec']);
  });

  it('a blank term is the plain list; a term of only symbols finds nothing', async () => {
    const blank = await search('q=%20%20&size=12');
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/books/catalog' })).json() as { data: PageResult<BookCardDto> };
    expect(blank).toEqual(list.data);
    expect((await search('size=12')).content).toEqual(list.data.content);
    expect((await q('!!! ???')).totalElements).toBe(0);
  });

  it('takes the catalogue filters and sorts; sort=createdAt&direction=DESC as the search form sends', async () => {
    expect(keysOf((await q('dac nhan tam', '&sort=createdAt&direction=DESC')).content)).toEqual(['dntTeen', 'dnt', 'biQuyet']);
    expect(keysOf((await q('dac nhan tam', '&sort=PRICE_ASC')).content)).toEqual(['biQuyet', 'dnt', 'dntTeen']);
    expect(keysOf((await q('dac nhan tam', '&sort=BEST')).content)).toEqual(['biQuyet', 'dnt', 'dntTeen']);
    expect(keysOf((await q('dac nhan tam', '&category=kinh-te&priceMax=90000')).content)).toEqual(['dnt', 'biQuyet']);
    expect(keysOf((await q('nguyen nhat anh', '&status=ACTIVE')).content)).toEqual(['matBiec']);
    expect(keysOf((await q('coelho', '&language=EN')).content)).toEqual(['alchemist']);
  });

  it('pages the ranked matches', async () => {
    const p0 = await q('dac nhan tam', '&size=2&page=0');
    const p1 = await q('dac nhan tam', '&size=2&page=1');
    const p5 = await q('dac nhan tam', '&size=2&page=5');
    expect(keysOf([...p0.content, ...p1.content])).toEqual(['dnt', 'dntTeen', 'biQuyet']);
    expect(p1).toMatchObject({ totalElements: 3, totalPages: 2, number: 1 });
    expect(p5).toMatchObject({ content: [], totalElements: 3 });
  });

  it('caches shoppers\' results briefly: a change shows after invalidate() (or 30 s)', async () => {
    expect(keysOf((await q('mắt biếc')).content)).toEqual(['matBiec']);
    await t.app.db.update(books).set({ status: 'INACTIVE' }).where(eq(books.id, fx.book.matBiec!.id));
    t.app.catalog.invalidate();
    expect((await q('mắt biếc')).totalElements).toBe(0);
    await t.app.db.update(books).set({ status: 'ACTIVE' }).where(eq(books.id, fx.book.matBiec!.id));
    t.app.catalog.invalidate();
    expect(keysOf((await q('mắt biếc')).content)).toEqual(['matBiec']);
  });

  it('bad parameters are 400, never 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/books/search?q=a&size=abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    const weird = await t.app.inject({ method: 'GET', url: `/api/v1/books/search?q=${encodeURIComponent("' or 1=1; -- :* & | ! ( ) <-> \\")}` });
    expect(weird.statusCode).toBe(200);
  });
});

describe('odd input', () => {
  it('punctuation, emoji, 10,000 characters, tsquery or SQL syntax, control characters: a normal answer', async () => {
    const terms = ['!!! ???', '😀📚', '😀 mắt biếc 😀', 'x'.repeat(10_000), 'mắt '.repeat(2500), 'a & b | !c', ':*', 'mat:*', '\\', '\\x00',
      "'; drop table books; --", '(dac | nhan) & !tam', '<-> <2>', '\u0001\u0002\u0007mắt\u001bbiếc', '٣٤٥ 中文 русский', '-', '978-', '9'.repeat(200)];
    for (const term of terms) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/books/search?q=${encodeURIComponent(term)}` });
      expect(res.statusCode, JSON.stringify(term.slice(0, 30))).toBe(200);
      expect((res.json() as { data: PageResult<BookCardDto> }).data.content).toEqual(expect.any(Array));
    }
    // The words around the odd characters still count.
    expect(keysOf((await q('😀 mắt biếc 😀')).content)).toEqual(['matBiec']);
    expect(keysOf((await q('\u0001mắt\u001bbiếc')).content)).toEqual(['matBiec']);
  });

  it('a misspelt term finds the book and names the corrected term', async () => {
    const r = (await q('nha gia kin')) as PageResult<BookCardDto> & { didYouMean?: string };
    expect(keysOf(r.content)).toEqual(['nhaGiaKim']);
    expect(r.didYouMean).toBe('nha gia kim');
    // Known words: no correction to offer.
    expect(((await q('mat biec')) as { didYouMean?: string }).didYouMean).toBeUndefined();
  });
});

describe('candidates of a frequent term', () => {
  it('when the full-text part stops at its cap, the best sellers among the matches are added from the probe', async () => {
    const args = { filter: { visibleOnly: true }, tsQuery: 'nguyen & nhat & anh:*', norm: 'nguyen nhat anh', offset: 0, limit: 10, now: new Date() };
    // Probe first, cap 1: the best seller (veTuoiTho, 650 sold) first; the title part is skipped, the author's
    // books add at most the cap; the documents are not read.
    const probeFirst = await searchPage(t.app.db, { ...args, cap: 1, probeFirst: true });
    expect(probeFirst.ids[0]).toBe(fx.book.veTuoiTho!.id);
    expect(probeFirst.total).toBeLessThanOrEqual(2);
    // Full text first, cap 1: one match in table order, then the probe adds the best seller whichever it was.
    const ginFirst = await searchPage(t.app.db, { ...args, cap: 1 });
    expect(ginFirst.ids).toContain(fx.book.veTuoiTho!.id);
    expect(ginFirst.total).toBeLessThanOrEqual(2);
    // With a filter (here: a category) there is no probe; the cap still bounds the candidates.
    const filtered = await searchPage(t.app.db, { ...args, cap: 1, filter: { visibleOnly: true, categorySets: [[fx.category['tieu-thuyet']!]] } });
    expect(filtered).toEqual({ ids: [fx.book.matBiec!.id], total: 1, wordMatches: 1 });
    // Under the cap everything is ranked.
    expect(await searchPage(t.app.db, args)).toEqual({ ids: [fx.book.veTuoiTho!.id, fx.book.matBiec!.id], total: 2, wordMatches: 2 });
  });
});

describe('with statistics (ANALYZE of book_search)', () => {
  it('frequent terms read the best sellers first, with the same results', async () => {
    const words = new SearchWords(t.app.db);
    expect(await words.frequentTerm(['dac'])).toBe(false); // no statistics yet
    await queryRows(t.app.db, sql`analyze book_search`);
    // The answer without statistics is kept for a while: read them again.
    words.forget();
    // 'dac' is in 3 of the 12 visible books: frequent; with a word in no statistics the estimate is 0.
    expect(await words.frequentTerm(['dac'])).toBe(true);
    expect(await words.frequentTerm(['dac', 'zzzz'])).toBe(false);
    // The app's catalogue forgets its cached results and word statistics alike.
    t.app.catalog.invalidate();
    expect(keysOf((await q('dac nhan tam')).content)).toEqual(['dnt', 'dntTeen', 'biQuyet']);
    expect(keysOf((await q('nguyen nhat anh')).content)).toEqual(['veTuoiTho', 'matBiec']);
    const probeFirst = await searchPage(t.app.db, {
      filter: { visibleOnly: true },
      tsQuery: 'dac & nhan & tam',
      norm: 'dac nhan tam',
      offset: 0,
      limit: 10,
      now: new Date(),
      probeFirst: true,
    });
    expect(probeFirst).toEqual({ ids: [fx.book.dnt!.id, fx.book.dntTeen!.id, fx.book.biQuyet!.id], total: 3, wordMatches: 3 });
  });
});

describe('helpers', () => {
  it('editDistance counts edits and neighbour swaps, stopping early', () => {
    expect(editDistance('tam', 'tem', 1)).toBe(1);
    expect(editDistance('alchmeist', 'alchemist', 2)).toBe(1);
    expect(editDistance('kim', 'kim', 1)).toBe(0);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
  it('tsqueries: exact words, then the last word as a prefix; nxb is left out of longer terms', () => {
    expect(exactTsQuery(['dac', 'nhan', 'ta'])).toBe('dac & nhan & ta');
    expect(prefixTsQuery(['dac', 'nhan', 'ta'])).toEqual({ tsQuery: 'dac & nhan & ta:*', indexTsQuery: 'dac & nhan' });
    expect(prefixTsQuery(['nha'])).toEqual({ tsQuery: 'nha:*' });
    expect(prefixTsQuery(['dac', 'n'])).toEqual({ tsQuery: 'dac' });
    expect(prefixTsQuery(['n'])).toBeUndefined();
    expect(tokensOf('nxb kim dong kim')).toEqual(['kim', 'dong']);
    expect(tokensOf('nxb')).toEqual(['nxb']);
  });
});

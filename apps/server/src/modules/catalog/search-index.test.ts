import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { BookCardDto, PageResult } from '@nhasach/shared';
import { books } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed/catalog.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildSearchIndex, groupsOfTsQuery, type AuthorEntry, type SearchIndex } from './search-index.ts';
import { buildIndex, toEntry, type Row } from './search-index-build.ts';
import { queryRows } from '../../db/client.ts';
import { rankCandidates } from './ranking.ts';
import { pruneRemovedLog, READY_CEILING_MS, SearchIndexFeed } from './search-index-loader.ts';
import { REMOVED_KEEP_MS } from './index-build-thread.ts';

/**
 * The shopper's search from the index in memory must answer as the database search does, and follow the
 * catalogue's changes within a second without a restart.
 */
const QUERIES = (JSON.parse(readFileSync(new URL('./relevance/queries.json', import.meta.url), 'utf8')) as { q: string }[]).map((r) => r.q);

let memory: TestApp;
let database: TestApp;
beforeAll(async () => {
  memory = await createTestApp();
  await seedDemoCatalog(memory.app);
  // The same store with the index off, on the same database where there is one (PostgreSQL), else its own copy.
  database = memory.databaseUrl
    ? await createTestApp({ SEARCH_INDEX: 'false' }, { sameDatabaseAs: memory })
    : await createTestApp({ SEARCH_INDEX: 'false' });
  if (!memory.databaseUrl) await seedDemoCatalog(database.app);
}, 240_000);
afterAll(async () => {
  await database?.close();
  await memory?.close();
});

async function slugs(t: TestApp, q: string, extra = ''): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/books/search?q=${encodeURIComponent(q)}&page=0&size=10${extra}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: PageResult<BookCardDto> }).data.content.map((c) => c.slug);
}

const indexStats = async (t: TestApp) =>
  (JSON.parse((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).body) as { data: { searchIndex: { books: number } | null } }).data.searchIndex;

describe('search from the index in memory', () => {
  it('is what answers the shopper, and the readiness answer says how many books it holds', async () => {
    await slugs(memory, 'nha gia kim');
    expect((await indexStats(memory))?.books).toBeGreaterThan(100);
    expect(await indexStats(database)).toBeNull();
  });

  it('puts the same first book as the database search for the relevance set, and the same top 3 for nearly all', async () => {
    let sameFirst = 0;
    let sameTop3 = 0;
    const differ: string[] = [];
    for (const q of QUERIES) {
      const [a, b] = await Promise.all([slugs(memory, q), slugs(database, q)]);
      if (a[0] === b[0]) sameFirst++;
      else differ.push(`${q}: ${a.slice(0, 3).join(',')} | ${b.slice(0, 3).join(',')}`);
      if (a.slice(0, 3).join() === b.slice(0, 3).join()) sameTop3++;
    }
    console.log(`index vs database: same first ${sameFirst}/${QUERIES.length}, same top 3 ${sameTop3}/${QUERIES.length}\n${differ.join('\n')}`);
    expect(sameFirst / QUERIES.length).toBeGreaterThanOrEqual(0.97);
  }, 120_000);

  it('follows a new title, a hidden book and a visible one again within a second, on any path of the write', async () => {
    const [book] = await memory.app.db.select({ id: books.id, title: books.title }).from(books).where(eq(books.slug, 'mat-biec'));
    expect((await slugs(memory, 'mat biec'))[0]).toBe('mat-biec');
    // Written straight to the database, as another instance would, without any announcement.
    await memory.app.db.update(books).set({ status: 'INACTIVE' }).where(eq(books.id, book!.id));
    await new Promise((r) => setTimeout(r, 1_100));
    // Another spelling: the ranked results of 'mat biec' stay in the 30 s search cache, as they always have.
    expect(await slugs(memory, 'Mắt biếc')).not.toContain('mat-biec');
    await memory.app.db.update(books).set({ status: 'ACTIVE', title: 'Mắt Biếc Quỳnh Lưu', titleNorm: 'mat biec quynh luu' }).where(eq(books.id, book!.id));
    await memory.app.db.execute(sql`update books set search_doc = 'mat biec quynh luu nguyen nhat anh' where id = ${book!.id}`);
    // An announced change (what the admin's edit does) is read before the next search, with no wait.
    memory.app.catalog.forget();
    expect((await slugs(memory, 'quynh luu'))[0]).toBe('mat-biec');
    expect((await slugs(memory, 'mắt biếc quỳnh'))[0]).toBe('mat-biec');
  });

  it('builds the same index from the database in batches of joined columns as from its books one at a time', async () => {
    const db = memory.app.database.db;
    // Batches of 50 books: the keyset from one batch to the next is crossed several times.
    const { index } = await buildIndex(db, 50);
    const rows = await queryRows<Row>(
      db,
      sql`select s.book_id as id, s.sold, s.title, s.words::text as words, s.marked,
        array(select ba.author_id from book_authors ba where ba.book_id = s.book_id order by ba.author_id) as authors
        from book_search s where s.visible order by s.sold desc, s.book_id desc`,
    );
    const authors = await queryRows<AuthorEntry>(db, sql`select a.id, f_search_norm(a.name) as name, a.name as marked from authors a order by a.id`);
    const one = await buildSearchIndex(rows.map(toEntry), authors);
    const a = index.toPortable().portable;
    const b = one.toPortable().portable;
    expect(rows.length).toBeGreaterThan(300);
    expect(a.titles).toBe(b.titles);
    expect(a.dict).toBe(b.dict);
    expect(a.authors).toEqual(b.authors);
    for (const name of Object.keys(a.arrays) as (keyof typeof a.arrays)[]) {
      // Equal titles are ordered by id in the database's title order, by sales here: the titles' order is what must agree.
      if (name === 'byTitle') continue;
      expect(Array.from(a.arrays[name]), name).toEqual(Array.from(b.arrays[name]));
    }
    const titleAt = (p: typeof a, e: number) => p.titles.slice(p.arrays.titleOff[e], p.arrays.titleOff[e + 1]! - 1);
    expect(Array.from(a.arrays.byTitle, (e) => titleAt(a, e))).toEqual(Array.from(b.arrays.byTitle, (e) => titleAt(b, e)));
    for (const f of ['title', 'doc', 'authorName'] as const) {
      for (const k of ['off', 'data', 'postOff', 'postData'] as const) expect(Array.from(a.fields[f][k]), `${f}.${k}`).toEqual(Array.from(b.fields[f][k]));
      expect(a.fields[f].bits.map((x) => (x ? Array.from(x) : null)), `${f}.bits`).toEqual(b.fields[f].bits.map((x) => (x ? Array.from(x) : null)));
    }
  });

  it('keeps a new instance out of readiness while its first index is built, with a ceiling', async () => {
    const feed = new SearchIndexFeed(memory.app.db);
    // Without a preload (tests, development) nothing is awaited.
    expect(feed.ready()).toBe(true);
    feed.preload();
    expect(feed.ready()).toBe(false);
    // A build that would run past the ceiling lets the instance in anyway (the database answers meanwhile).
    expect(feed.ready(Date.now() + READY_CEILING_MS)).toBe(true);
    await feed.current();
    expect(feed.ready()).toBe(true);
    expect(feed.stats()?.books).toBeGreaterThan(100);
  });

  it('prunes the log of removed books past the time any instance can lag, at each build', async () => {
    const db = memory.app.db;
    const ids = async () =>
      ((await db.execute(sql`select book_id from book_search_removed where book_id >= 900000000 order by book_id`)) as unknown as { rows: { book_id: number }[] }).rows.map((r) => r.book_id);
    const old = `${Math.ceil(REMOVED_KEEP_MS / 1000) + 60} seconds`;
    await db.execute(sql`insert into book_search_removed (book_id, removed_at) values (900000001, now() - ${old}::interval), (900000002, now())`);
    expect(await ids()).toEqual([900000001, 900000002]);
    // A build prunes in the background once it is done.
    const feed = new SearchIndexFeed(db);
    await feed.current();
    for (let i = 0; i < 50 && (await ids()).length > 1; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await ids()).toEqual([900000002]);
    // A recent row stays until it is old enough.
    expect(await pruneRemovedLog(db)).toBe(0);
    expect(await pruneRemovedLog(db, 0)).toBeGreaterThanOrEqual(1);
    expect(await ids()).toEqual([]);
  });

  it('a search sorted by a field orders the same candidates by that field', async () => {
    const byPrice = await memory.app.inject({ method: 'GET', url: '/api/v1/books/search?q=nguyen&sort=price&direction=ASC&page=0&size=50' });
    const cards = (byPrice.json() as { data: PageResult<BookCardDto> }).data.content;
    expect(cards.length).toBeGreaterThan(2);
    const paid = cards.map((c) => c.effectivePrice ?? c.price);
    expect(paid).toEqual([...paid].sort((x, y) => x - y));
  });
});

describe('SearchIndex', () => {
  const book = (id: number, sold: number, title: string, extra: string[] = [], authorIds: number[] = []) => ({
    id,
    sold,
    title,
    docWords: [...title.split(' '), ...extra],
    authorIds,
    marked: title,
  });
  /** The ranked ids (ranking.ts) of the index's candidates for a tsquery. */
  const ids = (i: SearchIndex, tsQuery: string, norm: string) => rankCandidates(i.candidates(groupsOfTsQuery(tsQuery), { norm, key: norm }).candidates, norm).map((c) => c.id);
  const index = () =>
    buildSearchIndex(
      [book(1, 90, 'nha gia kim', ['paulo', 'coelho'], [7]), book(2, 50, 'kim dong ke chuyen', ['nxb', 'kim', 'dong']), book(3, 10, 'nha gia kim ban dac biet', [], [7])],
      [{ id: 7, name: 'paulo coelho', marked: 'Paulo Coelho' }],
    );

  it('ranks the exact title, then titles starting with the term, then titles holding the words, then the rest', async () => {
    expect(ids(await index(), 'nha & gia & kim', 'nha gia kim')).toEqual([1, 3]);
    expect(ids(await index(), 'kim', 'kim')).toEqual([2, 1, 3]);
  });

  it('takes the last word as a prefix and alternatives of a misspelt word', async () => {
    expect(ids(await index(), 'nha & gi:*', 'nha gi')).toEqual([1, 3]);
    expect(ids(await index(), '(kym | kim) & dong', 'kym dong')).toEqual([2]);
  });

  it("finds an author's books by the author's name, and words spread over the document", async () => {
    expect(ids(await index(), 'coelho', 'coelho')).toEqual([1, 3]);
    expect(ids(await index(), 'chuyen & nxb', 'chuyen nxb')).toEqual([2]);
    expect((await index()).candidates(groupsOfTsQuery('khong & co'), { norm: 'khong co', key: 'khong co' })).toEqual({ candidates: [], wordMatches: 0 });
  });

  it('follows sales in place and a changed title through the overlay', async () => {
    const i = await index();
    i.apply(book(3, 500, 'nha gia kim ban dac biet', [], [7]), true);
    expect(i.stats().overlay).toBe(0);
    expect(ids(i, 'coelho', 'coelho')).toEqual([3, 1]);
    i.apply(book(1, 90, 'nha gia kim tai ban'), true);
    expect(i.stats().overlay).toBe(1);
    expect(ids(i, 'tai & ban', 'tai ban')).toEqual([1]);
    i.apply(book(1, 90, 'nha gia kim tai ban'), false);
    expect(ids(i, 'tai & ban', 'tai ban')).toEqual([]);
  });
});

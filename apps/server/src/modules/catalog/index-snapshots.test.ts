import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { books } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed/catalog.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildSearchIndex, groupsOfTsQuery, type SearchIndex } from './search-index.ts';
import { rankCandidates } from './ranking.ts';
import { SearchIndexFeed } from './search-index-loader.ts';
import { ListingIndex, listingColumns, listingParts, type ListingFilter, type ListingParts, type ListingSort } from './listing-index.ts';
import { loadListingParts, readListingSnapshot, writeListingSnapshot } from './listing-index-snapshot.ts';
import { ListingIndexFeed } from './listing-index-loader.ts';
import { catalogueIdentity, readSnapshot, snapshotFile, writeSnapshot } from './search-index-snapshot.ts';

/**
 * A restart reads the built search and listing indexes from disk (search-index-snapshot.ts,
 * listing-index-snapshot.ts) and must then answer exactly as indexes built from the database; a snapshot that
 * could serve stale or broken answers is ignored.
 */
const QUERIES = (JSON.parse(readFileSync(new URL('./relevance/queries.json', import.meta.url), 'utf8')) as { q: string }[]).map((r) => r.q);

const ranked = (i: SearchIndex, q: string) => {
  const norm = q.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'd').toLowerCase().trim();
  const tsQuery = norm.split(/\s+/).join(' & ');
  return rankCandidates(i.candidates(groupsOfTsQuery(tsQuery), { norm, key: norm }).candidates, norm).map((c) => c.id);
};

async function filters(t: TestApp): Promise<ListingFilter[]> {
  const rows = (await t.app.db.execute(sql`select id, parent_id as "parentId" from categories order by id`)) as unknown as { rows: { id: number; parentId: number | null }[] };
  const cats = rows.rows;
  const descendants = (id: number): number[] => [id, ...cats.filter((c) => c.parentId === id).flatMap((c) => descendants(c.id))];
  const tops = cats.filter((c) => c.parentId === null).map((c) => descendants(c.id));
  const leaves = cats.filter((c) => !cats.some((d) => d.parentId === c.id)).slice(0, 6).map((c) => [c.id]);
  return [{}, { priceMin: 50_000, priceMax: 150_000 }, { languages: ['VI'] }, ...tops.map((set) => ({ categorySets: [set] })), ...leaves.map((set) => ({ categorySets: [set], priceMax: 120_000 }))];
}

const SORTS: ListingSort[] = [
  { field: 'createdAt', direction: 'desc' },
  { field: 'sold', direction: 'desc' },
  { field: 'price', direction: 'asc' },
  { field: 'price', direction: 'desc' },
  { field: 'id', direction: 'asc' },
];

function answers(index: ListingIndex, list: ListingFilter[], now: Date) {
  return list.flatMap((f) => SORTS.flatMap((sort) => [0, 10].map((offset) => index.page(f, sort, offset, 10, now, 10_000))));
}

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nhasach-snapshot-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('index snapshot file (search index)', () => {
  const small = () =>
    buildSearchIndex(
      [
        { id: 1, sold: 90, title: 'nha gia kim', docWords: ['nha', 'gia', 'kim', 'paulo', 'coelho'], authorIds: [7], marked: 'Nhà giả kim' },
        { id: 2, sold: 50, title: 'kim dong ke chuyen', docWords: ['kim', 'dong', 'ke', 'chuyen', 'nxb'], authorIds: [], marked: 'Kim Đồng kể chuyện' },
      ],
      [{ id: 7, name: 'paulo coelho', marked: 'Paulo Coelho' }],
    );
  const write = async (dir: string, versionAt = Date.now()) => {
    const index = await small();
    await writeSnapshot(dir, 'db-a', { portable: index.toPortable().portable, version: 10n, versionAt, builtAt: index.builtAt });
    return snapshotFile(dir, 'db-a');
  };
  const read = (dir: string, opts: { catalogue?: string; databaseVersion?: bigint; maxAgeMs?: number } = {}) =>
    readSnapshot(dir, opts.catalogue ?? 'db-a', { databaseVersion: opts.databaseVersion ?? 12n, maxAgeMs: opts.maxAgeMs ?? 60_000 });

  it('reads back what was written, atomically (no temporary file left, nor one abandoned by a stopped process)', async () => {
    const dir = tempDir();
    const abandoned = `${snapshotFile(dir, 'db-a')}.999.dead.tmp`;
    await write(dir);
    writeFileSync(abandoned, 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    utimesSync(abandoned, twoHoursAgo, twoHoursAgo);
    await write(dir);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const { snapshot, reason } = await read(dir);
    expect(reason).toBeUndefined();
    expect(snapshot?.version).toBe(10n);
  });

  it('removes the snapshot of an earlier file format when it writes, and nothing else', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'search-index-0123456789abcdef.bin'), 'NHSIDX01 an index of the earlier format');
    writeFileSync(path.join(dir, 'listing-index-0123456789abcdef.bin'), 'NHSLST01 another index');
    await write(dir);
    expect(readdirSync(dir).sort()).toEqual([path.basename(snapshotFile(dir, 'db-a')), 'listing-index-0123456789abcdef.bin'].sort());
  });

  it("removes its own database's snapshot of an earlier schema when it writes, not another database's", async () => {
    const dir = tempDir();
    const index = await small();
    const save = (catalogue: string) => writeSnapshot(dir, catalogue, { portable: index.toPortable().portable, version: 10n, versionAt: Date.now(), builtAt: index.builtAt });
    await save('c1/16384/shop/migration-a');
    await save('c1/20000/other-shop/migration-a');
    const otherListing = path.basename(snapshotFile(dir, 'c1/16384/shop/migration-a', 'listing'));
    writeFileSync(path.join(dir, otherListing), 'a listing snapshot');
    await save('c1/16384/shop/migration-b');
    expect(readdirSync(dir).sort()).toEqual(
      [snapshotFile(dir, 'c1/16384/shop/migration-b'), snapshotFile(dir, 'c1/20000/other-shop/migration-a'), otherListing].map((f) => path.basename(f)).sort(),
    );
  });

  it('is ignored when missing (no fault), damaged, truncated, from another database, too old or newer than the database', async () => {
    const dir = tempDir();
    expect(await read(dir)).toEqual({});
    const file = await write(dir);
    expect((await read(dir, { catalogue: 'db-b' })).snapshot).toBeUndefined();
    expect((await read(dir, { databaseVersion: 9n })).reason).toBe('newer than the database');
    expect((await read(dir, { maxAgeMs: -1 })).reason).toBe('older than the removal log');
    const bytes = readFileSync(file);
    bytes[bytes.length - 100]! ^= 0xff;
    writeFileSync(file, bytes);
    expect((await read(dir)).reason).toBe('damaged (checksum)');
    await write(dir);
    truncateSync(file, readFileSync(file).length - 8);
    expect((await read(dir)).reason).toBe('truncated');
  });
});

describe('index snapshots (feeds)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoCatalog(t.app);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('is written after a build; a new feed reads it, applies the changes since, and answers as a built index', async () => {
    const db = t.app.db;
    const dir = tempDir();
    const notices: string[] = [];
    const first = new SearchIndexFeed(db, { snapshotDir: dir, onNotice: (m) => notices.push(m) });
    await first.preload();
    expect(notices.at(-1)).toMatch(/from the database/);
    expect(readdirSync(dir).filter((f) => f.endsWith('.bin'))).toHaveLength(1);

    // Changes after the snapshot, straight to the database as another instance would write them.
    const [renamed] = await db.select({ id: books.id }).from(books).where(eq(books.slug, 'mat-biec'));
    await db.update(books).set({ title: 'Mắt Biếc Quỳnh Lưu', titleNorm: 'mat biec quynh luu' }).where(eq(books.id, renamed!.id));
    await db.execute(sql`update books set search_doc = 'mat biec quynh luu nguyen nhat anh' where id = ${renamed!.id}`);
    const [hidden] = await db.select({ id: books.id }).from(books).where(eq(books.slug, 'nha-gia-kim'));
    await db.update(books).set({ status: 'INACTIVE' }).where(eq(books.id, hidden!.id));
    const gone = (await db.execute(sql`select book_id from book_search where visible and book_id not in (${renamed!.id}, ${hidden!.id}) order by book_id limit 1`)) as unknown as { rows: { book_id: number }[] };
    const goneId = gone.rows[0]!.book_id;
    await db.execute(sql`delete from book_search where book_id = ${goneId}`);

    const restarted = new SearchIndexFeed(db, { snapshotDir: dir, onNotice: (m) => notices.push(m) });
    const loading = restarted.preload();
    expect(restarted.ready()).toBe(false);
    await loading;
    expect(restarted.ready()).toBe(true);
    expect(notices.at(-1)).toMatch(/from the snapshot/);

    const fromSnapshot = (await restarted.current())!;
    const built = (await new SearchIndexFeed(db).current())!;
    expect(ranked(fromSnapshot, 'quynh luu')).toEqual([renamed!.id]);
    expect(ranked(fromSnapshot, 'nha gia kim')).not.toContain(hidden!.id);
    for (const q of [...QUERIES, 'quynh luu', 'mat biec', 'nha gia kim']) {
      const got = ranked(fromSnapshot, q);
      expect(got, q).toEqual(ranked(built, q));
      expect(got, q).not.toContain(goneId);
    }
  }, 60_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)('another database of the same server writes and reads another file', async () => {
    const other = await createTestApp();
    try {
      const [a, b] = [await catalogueIdentity(t.app.db), await catalogueIdentity(other.app.db)];
      expect(a).not.toBe(b);
      expect(snapshotFile('/d', a)).not.toBe(snapshotFile('/d', b));
    } finally {
      await other.close();
    }
  }, 60_000);

  it('listings: written after a build; a new feed reads it, applies the changes since, and answers as a built index', async () => {
    const db = t.app.db;
    const dir = tempDir();
    const notices: string[] = [];
    await new ListingIndexFeed(db, { snapshotDir: dir, onNotice: (m) => notices.push(m) }).preload();
    expect(notices.at(-1)).toMatch(/from the database/);
    expect(readdirSync(dir).filter((f) => f.startsWith('listing-index-') && f.endsWith('.bin'))).toHaveLength(1);

    // Changes after the snapshot, straight to the database as another instance would write them: a price, a sale,
    // a book hidden, one deleted, one added.
    await db.execute(sql`update books set price = price + 7000 where id = (select min(id) from books where status = 'ACTIVE')`);
    await db.execute(sql`update books set sale_price = price / 2, sale_start_at = now() - interval '1 hour' where id = (select max(id) from books where status = 'ACTIVE')`);
    await db.execute(sql`update books set status = 'INACTIVE' where id = (select min(id) + 1 from books where status = 'ACTIVE')`);
    await db.execute(sql`delete from books where id = (select max(b.id) from books b where not exists (select 1 from order_items oi where oi.book_id = b.id) and b.status = 'ACTIVE' and b.sale_price is null)`);
    await db.execute(sql`insert into books (slug, title, title_norm, isbn13, description, price, status, language, stock, sold, category_ids)
      values ('sach-moi-sau-anh-chup', 'Sách mới', 'sach moi', '9780000000017', '', 65000, 'ACTIVE', 'VI', 5, 999, array[(select min(id) from categories)])`);

    const restartedNotices: string[] = [];
    const restarted = new ListingIndexFeed(db, { snapshotDir: dir, onNotice: (m) => restartedNotices.push(m) });
    await restarted.preload();
    expect(restartedNotices).toEqual([expect.stringMatching(/from the snapshot/)]);
    const fromSnapshot = (await restarted.current())!;
    expect(fromSnapshot.stats().overlay + fromSnapshot.stats().dead).toBeGreaterThan(0);
    const built = (await new ListingIndexFeed(db).current())!;
    const now = new Date();
    const list = await filters(t);
    const got = answers(fromSnapshot, list, now);
    expect(got).toEqual(answers(built, list, now));
    // Not a comparison of empty pages.
    expect(got.filter((a) => a.ids.length > 0).length).toBeGreaterThan(got.length / 2);
  }, 120_000);

  it('listings, a first start without a snapshot: the columns first (cards from the database), then the card text', async () => {
    const db = t.app.db;
    const dir = tempDir();
    // The columns alone answer every listing as a whole build does, hold no card (the database makes them) and are
    // not written as the snapshot.
    const columnsOnly = await loadListingParts(db, { dir, fromSnapshot: true, maxAgeMs: 60_000, cards: false });
    expect(columnsOnly.cards).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith('listing-index-'))).toEqual([]);
    const built = new ListingIndex((await loadListingParts(db, { fromSnapshot: false, maxAgeMs: 60_000 })).parts);
    const now = new Date();
    const list = await filters(t);
    const index = new ListingIndex(columnsOnly.parts);
    expect(answers(index, list, now)).toEqual(answers(built, list, now));
    const someId = answers(built, list, now).find((a) => a.ids.length > 0)!.ids[0]!;
    expect(index.card(someId)).toBeUndefined();
    expect(built.card(someId)?.text.title).toBeTruthy();

    // The feed starts so, then builds with the card text by itself, and writes that as the snapshot.
    const notices: string[] = [];
    const feed = new ListingIndexFeed(db, { snapshotDir: dir, columnsFirst: true, onNotice: (m) => notices.push(m) });
    await feed.preload();
    await vi.waitFor(() => expect(notices).toHaveLength(2), { timeout: 60_000, interval: 50 });
    expect(notices).toEqual([expect.stringMatching(/from the database \(without the card text\) in/), expect.stringMatching(/books from the database in/)]);
    const whole = (await feed.current())!;
    expect(whole.card(someId)?.text.title).toBe(built.card(someId)?.text.title);
    expect(answers(whole, list, now)).toEqual(answers((await new ListingIndexFeed(db).current())!, list, now));
    expect(readdirSync(dir).filter((f) => f.startsWith('listing-index-') && f.endsWith('.bin'))).toHaveLength(1);
  }, 120_000);

  it.each([
    ['search', SearchIndexFeed],
    ['listing', ListingIndexFeed],
  ] as const)('a damaged %s snapshot is ignored: built from the database, and written again whole', async (_, Feed) => {
    const db = t.app.db;
    const dir = tempDir();
    const notices: string[] = [];
    await new Feed(db, { snapshotDir: dir }).preload();
    const [file] = readdirSync(dir);
    const full = path.join(dir, file!);
    truncateSync(full, Math.floor(readFileSync(full).length / 2));
    await new Feed(db, { snapshotDir: dir, onNotice: (m) => notices.push(m) }).preload();
    expect(notices).toEqual([expect.stringMatching(/snapshot ignored \(truncated\)/), expect.stringMatching(/from the database/)]);
    const again: string[] = [];
    await new Feed(db, { snapshotDir: dir, onNotice: (m) => again.push(m) }).preload();
    expect(again).toEqual([expect.stringMatching(/from the snapshot/)]);
  }, 120_000);
});

describe('listing snapshot file', () => {
  const parts = () =>
    listingParts(
      listingColumns([1, 2, 3].map((id) => ({
        id, status: 'ACTIVE', created: id, sold: id, stock: 1, price: 50_000 * id, salePrice: id === 2 ? 40_000 : null, saleStart: null, saleEnd: null,
        publisherId: id, supplierId: null, language: 'VI', ageMin: 0, categoryIds: [1], card: new Uint8Array(0),
      }))),
      [{ id: 1, parentId: null }],
    );
  const write = (dir: string, p: ListingParts) => writeListingSnapshot(dir, 'db-a', { parts: p, version: 10n, removedVersion: 0n, versionAt: Date.now() });
  const read = (dir: string) => readListingSnapshot(dir, 'db-a', { databaseVersion: 12n, maxAgeMs: 60_000 });

  it('reads back every part, and refuses a file of its format that lacks one (an index could not be made of it)', async () => {
    const dir = tempDir();
    await write(dir, parts());
    const { load, reason } = await read(dir);
    expect(reason).toBeUndefined();
    expect(new ListingIndex(load!.parts).page({ publisherIds: [2] }, { field: 'price', direction: 'asc' }, 0, 10, new Date(), 10_000)).toEqual({ ids: [2], total: 1 });

    const lacking: Partial<ListingParts> = parts();
    delete lacking.publisherSaleData;
    await write(dir, lacking as ListingParts);
    expect(await read(dir)).toEqual({ reason: 'sections missing: publisherSaleData' });
  });
});

import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedDemoCatalog } from '../../db/seed/catalog.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { ListingFilter, ListingIndex, ListingSort } from './listing-index.ts';
import { ListingIndexFeed } from './listing-index-loader.ts';

/**
 * The listing index kept on disk (listing-index-snapshot.ts): a restart reads it, applies what changed since, and
 * answers every listing as an index built from the database does.
 */
let t: TestApp;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nhasach-listing-snapshot-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.app);
}, 240_000);
afterAll(async () => {
  await t?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function filters(): Promise<ListingFilter[]> {
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

describe('listing index snapshot', () => {
  it('is written after a build; a new feed reads it, applies the changes since, and answers as a built index', async () => {
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
    const list = await filters();
    const got = answers(fromSnapshot, list, now);
    expect(got).toEqual(answers(built, list, now));
    // Not a comparison of empty pages.
    expect(got.filter((a) => a.ids.length > 0).length).toBeGreaterThan(got.length / 2);
  }, 120_000);

  it('a damaged snapshot is ignored: built from the database, and written again whole', async () => {
    const db = t.app.db;
    const dir = tempDir();
    await new ListingIndexFeed(db, { snapshotDir: dir }).preload();
    const [file] = readdirSync(dir);
    const full = path.join(dir, file!);
    truncateSync(full, Math.floor(readFileSync(full).length / 2));
    const notices: string[] = [];
    await new ListingIndexFeed(db, { snapshotDir: dir, onNotice: (m) => notices.push(m) }).preload();
    expect(notices).toEqual([expect.stringMatching(/snapshot ignored \(truncated\)/), expect.stringMatching(/from the database/)]);
    const again: string[] = [];
    await new ListingIndexFeed(db, { snapshotDir: dir, onNotice: (m) => again.push(m) }).preload();
    expect(again).toEqual([expect.stringMatching(/from the snapshot/)]);
  }, 120_000);
});

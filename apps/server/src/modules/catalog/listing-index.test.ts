import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BookCardDto, PageResult } from '@nhasach/shared';
import { seedDemoCatalog } from '../../db/seed/catalog.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { random } from '../../../../../bench/search-terms.ts';
import { listingTuning } from './listing-index.ts';

/**
 * Listings from memory (listing-index.ts) must answer exactly as the SQL listing does: the same books in the same
 * order on every page, the same totals, for every filter and sort, also right after books change (the overlay).
 * A small generated catalogue with the awkward cases: ties of created_at (books of one import) and of sold,
 * sales running, upcoming, finished and open-ended, books in two categories, hidden books, every language.
 */
let memory: TestApp;
let database: TestApp;

const BOOKS = 1200;

async function generate(t: TestApp): Promise<void> {
  const db = t.app.db;
  await db.execute(sql`
    insert into books (slug, title, title_norm, isbn13, description, price, sale_price, sale_start_at, sale_end_at, status, language,
      stock, sold, publisher_id, supplier_id, created_at, category_ids, age_rating)
    select 'gen-' || g, 'Sách thử ' || g, 'sach thu ' || g, '979' || lpad(g::text, 10, '0'), '',
      (10 + (g * 37) % 40) * 5000,
      case when g % 5 = 0 then (4 + (g * 13) % 20) * 5000 end,
      case when g % 5 = 0 then case g % 4 when 0 then now() - interval '3 days' when 1 then now() + interval '2 days' when 2 then null else now() - interval '9 days' end end,
      case when g % 5 = 0 then case g % 3 when 0 then now() + interval '5 days' when 1 then null else now() - interval '1 day' end end,
      case when g % 17 = 0 then 'INACTIVE' when g % 11 = 0 then 'OUT_OF_STOCK' when g % 23 = 0 then 'DRAFT' else 'ACTIVE' end,
      (array['VI','VI','VI','EN','JA','KO'])[1 + g % 6],
      10, (g * 7) % 50,
      (select id from publishers order by id offset (g % greatest(1, (select count(*) from publishers))::int) limit 1),
      case when g % 9 = 0 then null else (select id from suppliers order by id offset (g % greatest(1, (select count(*) from suppliers))::int) limit 1) end,
      -- Groups of 7 books share one created_at, as the books of one import do.
      timestamptz '2026-01-01' + ((g / 7) * interval '1 hour') + ((g / 7) % 3) * interval '1 microsecond',
      case when g % 4 = 0
        then array[(select id from categories order by id offset (g % (select count(*) from categories))::int limit 1),
                   (select id from categories order by id offset ((g * 7) % (select count(*) from categories))::int limit 1)]
        else array[(select id from categories order by id offset (g % (select count(*) from categories))::int limit 1)] end,
      (array['ALL','_6PLUS','_12PLUS','_16PLUS','_18PLUS'])[1 + g % 5]
    from generate_series(1, ${BOOKS}) g`);
}

beforeAll(async () => {
  memory = await createTestApp();
  await seedDemoCatalog(memory.app);
  await generate(memory);
  database = memory.databaseUrl
    ? await createTestApp({ LISTING_INDEX: 'false' }, { sameDatabaseAs: memory })
    : await createTestApp({ LISTING_INDEX: 'false' });
  if (!memory.databaseUrl) {
    await seedDemoCatalog(database.app);
    await generate(database);
  }
}, 240_000);
afterAll(async () => {
  await database?.close();
  await memory?.close();
});

async function listing(t: TestApp, query: string): Promise<PageResult<BookCardDto>> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/books/catalog?${query}` });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return (res.json() as { data: PageResult<BookCardDto> }).data;
}

const slugsOf = async (t: TestApp, path: string) =>
  ((await t.app.inject({ method: 'GET', url: `/api/v1/${path}` })).json() as { data: { slug: string }[] }).data.map((r) => r.slug);

/** Seeded combinations of every filter, sort, size and page (the last page and one past it included). */
async function combinations(count: number, seed: number): Promise<string[]> {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const [categories, publishers, suppliers] = await Promise.all([slugsOf(memory, 'categories/flat'), slugsOf(memory, 'publishers'), slugsOf(memory, 'suppliers')]);
  const sorts = ['sort=NEWEST', 'sort=BEST', 'sort=PRICE_ASC', 'sort=PRICE_DESC', 'sort=createdAt&direction=ASC', 'sort=sold&direction=ASC', 'sort=id&direction=DESC', 'sort=id&direction=ASC'];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const p: string[] = [];
    if (rnd() < 0.7) p.push(`category=${pick(categories)}`);
    if (rnd() < 0.35) p.push(pick(['priceMax=100000', 'priceMin=60000&priceMax=150000', 'priceMin=150000', 'priceMin=40000&priceMax=40000']));
    if (rnd() < 0.25) p.push(`language=${pick(['VI', 'EN', 'JA', 'KO'])}`);
    if (rnd() < 0.15) p.push(`language=VI&language=EN`);
    if (rnd() < 0.25) p.push(`publisher=${pick(publishers)}`);
    if (rnd() < 0.2) p.push(`supplier=${pick(suppliers)}`);
    if (rnd() < 0.1) p.push(`status=${pick(['ACTIVE', 'OUT_OF_STOCK'])}`);
    if (rnd() < 0.1) p.push(pick(['ageMinYears=12', 'ageMaxYears=6', 'ageMinYears=6&ageMaxYears=16']));
    p.push(pick(sorts), `size=${pick([5, 12, 24])}`);
    out.push(p.join('&'));
  }
  return out;
}

/**
 * A card as both paths must answer it. Two embedded databases are seeded seconds apart, and the demo catalogue's
 * dates are relative to its seeding: there they are left out (one PostgreSQL database serves both apps in CI).
 */
const comparable = (c: BookCardDto) => {
  if (memory.databaseUrl) return c;
  const { createdAt: _c, saleStartAt: _s, saleEndAt: _e, ...rest } = c;
  return rest;
};

/** Pages 0, 1, 3, the last and one past the last of a listing, compared between the two paths. */
async function compare(query: string): Promise<number> {
  const first = await listing(database, `${query}&page=0`);
  const pages = [...new Set([0, 1, 3, Math.max(0, first.totalPages - 1), first.totalPages])];
  for (const page of pages) {
    const [a, b] = await Promise.all([listing(memory, `${query}&page=${page}`), listing(database, `${query}&page=${page}`)]);
    expect(a.content.map((c) => c.id), `${query}&page=${page}`).toEqual(b.content.map((c) => c.id));
    // The cards too: made from the index on one side, read from the database on the other.
    expect(a.content.map(comparable), `${query}&page=${page}: cards`).toEqual(b.content.map(comparable));
    expect(a.totalElements, `${query}: total`).toBe(b.totalElements);
    expect(a.totalPages, `${query}: pages`).toBe(b.totalPages);
    expect(a.totalIsEstimate, `${query}: estimate`).toBe(false);
  }
  return first.totalElements;
}

describe('listings from memory', () => {
  it('answer every filter, sort and page exactly as the database does', async () => {
    let nonEmpty = 0;
    for (const q of await combinations(160, 32)) if ((await compare(q)) > 0) nonEmpty++;
    // The combinations are not all empty (a comparison of empty pages would prove little).
    expect(nonEmpty).toBeGreaterThan(60);
    // The answers came from memory.
    expect(memory.app.catalog.listingIndexStats()?.books).toBeGreaterThan(BOOKS / 2);
    expect(database.app.catalog.listingIndexStats()).toBeNull();
  }, 240_000);

  it('the same when a listing walks the sorted orders (large candidate sets) instead of collecting', async () => {
    listingTuning.collectMax = 0;
    try {
      for (const q of await combinations(80, 33)) await compare(q);
    } finally {
      listingTuning.collectMax = 150_000;
    }
  }, 240_000);

  it('follow price, sale, status, category, sold changes, new and deleted books at once', async () => {
    // Warm the index, then write straight to the database as another instance would (to both databases when the
    // two apps have their own embedded one).
    await listing(memory, 'sort=NEWEST&page=0');
    for (const db of memory.databaseUrl ? [memory.app.db] : [memory.app.db, database.app.db]) {
      await db.execute(sql`update books set price = price + 5000 where slug like 'gen-%' and id % 13 = 0`);
      await db.execute(sql`update books set sale_price = price / 2, sale_start_at = now() - interval '1 hour', sale_end_at = null where slug like 'gen-%' and id % 19 = 0`);
      await db.execute(sql`update books set status = 'INACTIVE' where slug like 'gen-%' and id % 29 = 0`);
      await db.execute(sql`update books set status = 'ACTIVE' where slug like 'gen-%' and status = 'DRAFT'`);
      await db.execute(sql`update books set sold = sold + 100 where slug like 'gen-%' and id % 7 = 1`);
      await db.execute(sql`update books set category_ids = array[(select min(id) from categories)] where slug like 'gen-%' and id % 31 = 0`);
      await db.execute(sql`insert into books (slug, title, title_norm, isbn13, description, price, status, language, stock, sold, created_at, category_ids)
        select 'new-' || g, 'Sách mới ' || g, 'sach moi ' || g, '978' || lpad(g::text, 10, '0'), '', 50000 + g * 1000, 'ACTIVE', 'VI', 5, g % 3,
          timestamptz '2026-01-01' + (g % 5) * interval '1 day', array[(select min(id) from categories)] from generate_series(1, 30) g`);
      await db.execute(sql`delete from books where slug like 'gen-%' and id % 37 = 0 and not exists (select 1 from order_items oi where oi.book_id = books.id)`);
    }
    // What an announced change does: the feed is read before the next listing.
    memory.app.catalog.forget();
    // The database path's totals are cached for a minute: forgotten too, so both answer the books as they are.
    database.app.catalog.forget();
    for (const q of await combinations(60, 7)) await compare(q);
    listingTuning.collectMax = 0;
    try {
      for (const q of await combinations(40, 8)) await compare(q);
    } finally {
      listingTuning.collectMax = 150_000;
    }
    expect(memory.app.catalog.listingIndexStats()?.overlay).toBeGreaterThan(10);
    for (const q of ['sort=NEWEST', 'sort=BEST', 'sort=PRICE_ASC', 'sort=PRICE_DESC', 'sort=id&direction=ASC']) await compare(`${q}&size=24`);
  }, 240_000);

  it('every page where changed books, sale and list prices and the base meet, collected or walked', async () => {
    // After the changes above the overlay holds books of the first category, of both price sides and of neither:
    // each page must take its books from the right stream, the overlay's among them, from its first book on.
    expect(memory.app.catalog.listingIndexStats()?.overlay).toBeGreaterThan(10);
    const [first] = await slugsOf(memory, 'categories/flat');
    const queries = ['sort=PRICE_ASC', 'sort=PRICE_DESC', 'sort=NEWEST', 'sort=sold&direction=ASC', 'sort=id&direction=DESC', 'priceMin=60000&priceMax=150000&sort=PRICE_ASC'];
    for (const collectMax of [150_000, 0]) {
      listingTuning.collectMax = collectMax;
      try {
        for (const q of [...queries, ...queries.map((q) => `category=${first}&${q}`)]) {
          const total = (await listing(database, `${q}&size=24&page=0`)).totalElements;
          for (let page = 0; page <= Math.ceil(total / 24); page++) {
            const [a, b] = await Promise.all([listing(memory, `${q}&size=24&page=${page}`), listing(database, `${q}&size=24&page=${page}`)]);
            expect(a.content.map((c) => c.id), `${q}&page=${page} (collectMax ${collectMax})`).toEqual(b.content.map((c) => c.id));
            expect(a.totalElements, `${q}: total`).toBe(b.totalElements);
          }
        }
      } finally {
        listingTuning.collectMax = 150_000;
      }
    }
  }, 240_000);

  it('cards show the stock and price within the feed\'s second, and a renamed book once the change is announced', async () => {
    const first = (await listing(memory, 'sort=NEWEST&page=0&size=12')).content[0]!;
    const db = memory.app.db;
    // An order or a price change by another instance: nothing is announced; the card shows it once the listing
    // index has read its feed (at most a second later, as the listing's order).
    const changedAt = Date.now();
    await db.execute(sql`update books set stock = ${first.stock + 3}, price = ${first.price + 1000} where id = ${first.id}`);
    await vi.waitFor(
      async () => {
        const again = (await listing(memory, 'sort=NEWEST&page=0&size=12')).content.find((c) => c.id === first.id)!;
        expect(again.stock).toBe(first.stock + 3);
        expect(again.price).toBe(first.price + 1000);
      },
      { timeout: 5_000, interval: 100 },
    );
    expect(Date.now() - changedAt).toBeLessThan(2_000);
    await db.execute(sql`update books set title = ${`${first.title} (tái bản)`} where id = ${first.id}`);
    memory.app.catalog.forget();
    const renamed = (await listing(memory, 'sort=NEWEST&page=0&size=12')).content.find((c) => c.id === first.id)!;
    expect(renamed.title).toBe(`${first.title} (tái bản)`);
  });

  it('cards follow a new picture, an author added and an author renamed, though nothing is announced', async () => {
    const db = memory.app.db;
    const card = async (id: number) => (await listing(memory, 'sort=id&direction=ASC&page=0&size=24')).content.find((c) => c.id === id)!;
    const first = (await listing(memory, 'sort=id&direction=ASC&page=0&size=24')).content[0]!;
    const inserted = (await db.execute(sql`insert into authors (name, slug) values ('Tác Giả Thử', 'tac-gia-thu-the') returning id`)) as unknown as { rows: { id: number }[] };
    const author = inserted.rows[0];
    await db.execute(sql`insert into book_authors (book_id, author_id, position) values (${first.id}, ${author!.id}, 99)`);
    await db.execute(sql`insert into book_images (book_id, sort_order, url, medium_url) values (${first.id}, -1, '/media/books/moi.webp', '/media/books/moi-medium.webp')`);
    await vi.waitFor(
      async () => {
        const now = await card(first.id);
        expect(now.thumbnail).toMatch(/\/media\/books\/moi-medium\.webp$/);
        expect(now.authors.at(-1)).toEqual({ id: author!.id, name: 'Tác Giả Thử', slug: 'tac-gia-thu-the' });
      },
      { timeout: 5_000, interval: 100 },
    );
    await db.execute(sql`update authors set name = 'Tác Giả Đổi Tên' where id = ${author!.id}`);
    await vi.waitFor(async () => expect((await card(first.id)).authors.at(-1)?.name).toBe('Tác Giả Đổi Tên'), { timeout: 5_000, interval: 100 });
    // And as the database answers it (its path keeps a card's steady fields a minute unless a change is announced).
    if (memory.databaseUrl) {
      database.app.catalog.forget();
      expect((await listing(database, 'sort=id&direction=ASC&page=0&size=24')).content.find((c) => c.id === first.id)).toEqual(await card(first.id));
    }
  });

  it('says when a total is the cap, and the database path when it is the planner estimate', async () => {
    const page = await listing(memory, 'sort=NEWEST&page=0&size=12');
    expect(page.totalIsEstimate).toBe(false);
    expect(page.totalElements).toBeGreaterThan(BOOKS / 2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { IMAGE_VARIANT_WIDTHS, isValidIsbn13 } from '@nhasach/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../client.ts';
import { seedDemoCatalog, type DemoCatalogResult } from './catalog.ts';
import { DEMO_BOOKS, toSlug, VARIETY } from './catalog-data/index.ts';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let seeded: DemoCatalogResult | null;
const now = new Date();

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedDemoCatalog(t.app, { now });
});
afterAll(async () => {
  await t?.close();
});

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.app.db, query);
const count = async (query: ReturnType<typeof sql>) => (await rows<{ n: number }>(query))[0]!.n;

describe('demo catalogue seed', () => {
  it('fills an empty database with at least 300 books and the master data', async () => {
    expect(seeded).not.toBeNull();
    expect(seeded!.bookIds).toHaveLength(DEMO_BOOKS.length);
    expect(await count(sql`select count(*)::int as n from books`)).toBeGreaterThanOrEqual(300);
    expect(await count(sql`select count(*)::int as n from authors`)).toBeGreaterThanOrEqual(200);
    expect(await count(sql`select count(*)::int as n from publishers`)).toBeGreaterThanOrEqual(10);
    expect(await count(sql`select count(*)::int as n from suppliers`)).toBeGreaterThanOrEqual(10);
    // Every book has a publisher, a supplier, an author, a description and sane numbers.
    const [b] = await rows<Record<string, number>>(sql`select
        count(*) filter (where publisher_id is null or supplier_id is null)::int as no_org,
        count(*) filter (where not exists (select 1 from book_authors ba where ba.book_id = books.id))::int as no_author,
        count(*) filter (where description not like '<p>%')::int as no_html,
        count(*) filter (where price < 1000 or price > 450000 or price % 1000 <> 0)::int as bad_price,
        count(*) filter (where page_count <= 0 or weight_gram <= 0 or width_cm <= 0 or height_cm <= 0 or thickness_cm <= 0)::int as bad_size,
        count(*) filter (where sale_price is not null and sale_price >= price)::int as bad_sale
      from books`);
    expect(b).toEqual({ no_org: 0, no_author: 0, no_html: 0, bad_price: 0, bad_size: 0, bad_sale: 0 });
  });

  it('has at least 20 categories on two levels, slugs made with the Vietnamese locale, every book in one leaf', async () => {
    const cats = await rows<{ id: number; name: string; slug: string; parent_id: number | null; grand: number | null }>(
      sql`select c.id, c.name, c.slug, c.parent_id, p.parent_id as grand from categories c left join categories p on p.id = c.parent_id`,
    );
    expect(cats.length).toBeGreaterThanOrEqual(20);
    const top = cats.filter((c) => c.parent_id === null);
    expect(top.length).toBeGreaterThanOrEqual(5);
    expect(top.length).toBeLessThanOrEqual(10);
    expect(cats.filter((c) => c.parent_id !== null).length).toBeGreaterThanOrEqual(15);
    expect(cats.every((c) => c.grand === null)).toBe(true);
    for (const c of cats) expect(c.slug, c.name).toBe(toSlug(c.name));
    expect(cats.some((c) => c.slug === 'tam-ly-ky-nang-song')).toBe(true); // 'Tâm lý - Kỹ năng sống', with no 'dj'
    const [links] = await rows<{ unlinked: number; non_leaf: number; many: number }>(sql`select
        (select count(*) from books b where not exists (select 1 from book_categories bc where bc.book_id = b.id))::int as unlinked,
        (select count(*) from book_categories bc where exists (select 1 from categories ch where ch.parent_id = bc.category_id))::int as non_leaf,
        (select count(*) from (select book_id from book_categories group by book_id having count(*) > 1) x)::int as many`);
    expect(links).toEqual({ unlinked: 0, non_leaf: 0, many: 0 });
  });

  it('has sales active now, upcoming and ended', async () => {
    const [s] = await rows<{ active: number; upcoming: number; ended: number; open: number }>(sql`select
        count(*) filter (where sale_price is not null and (sale_start_at is null or sale_start_at <= ${now})
          and (sale_end_at is null or sale_end_at > ${now}))::int as active,
        count(*) filter (where sale_price is not null and sale_start_at > ${now})::int as upcoming,
        count(*) filter (where sale_price is not null and sale_end_at <= ${now})::int as ended,
        count(*) filter (where sale_price is not null and sale_start_at is null and sale_end_at is null)::int as open
      from books`);
    expect(s!.active).toBe(VARIETY.activeSales);
    expect(s!.upcoming).toBe(VARIETY.upcomingSales);
    expect(s!.ended).toBe(VARIETY.endedSales);
    expect(s!.open).toBeGreaterThan(0);
    // 'Active now' stays true for weeks: every windowed active sale ends at least 50 days from now.
    const [soonest] = await rows<{ end_at: string }>(
      sql`select min(sale_end_at) as end_at from books where sale_start_at <= ${now} and sale_end_at > ${now}`,
    );
    expect(new Date(soonest!.end_at).getTime() - now.getTime()).toBeGreaterThan(50 * DAY);
  });

  it('has out-of-stock, hidden and new books, and varied sold counts and stock', async () => {
    const [s] = await rows<Record<string, number>>(sql`select
        count(*) filter (where status = 'OUT_OF_STOCK')::int as out_of_stock,
        count(*) filter (where status = 'OUT_OF_STOCK' and stock <> 0)::int as out_with_stock,
        count(*) filter (where status = 'INACTIVE')::int as inactive,
        count(*) filter (where status = 'DRAFT')::int as draft,
        count(*) filter (where status = 'ACTIVE' and (stock < 5 or stock > 500))::int as bad_stock,
        count(*) filter (where created_at > ${new Date(now.getTime() - 14 * DAY)} and status in ('ACTIVE', 'OUT_OF_STOCK'))::int as new_visible,
        count(*) filter (where created_at > ${now})::int as future,
        max(sold)::int as max_sold,
        count(*) filter (where sold = 0)::int as never_sold,
        count(*) filter (where sold >= 1000)::int as bestsellers
      from books`);
    expect(s!.out_of_stock).toBe(VARIETY.outOfStock);
    expect(s!.out_with_stock).toBe(0);
    expect(s!.inactive).toBeGreaterThan(0);
    expect(s!.draft).toBeGreaterThan(0);
    expect(s!.bad_stock).toBe(0);
    expect(s!.new_visible).toBeGreaterThanOrEqual(15);
    expect(s!.new_visible).toBeLessThanOrEqual(VARIETY.newBooks);
    expect(s!.future).toBe(0);
    expect(s!.max_sold).toBeGreaterThan(3000);
    expect(s!.never_sold).toBeGreaterThan(0);
    expect(s!.bestsellers).toBeGreaterThanOrEqual(20);
  });

  it('gives every book a unique valid ISBN-13 and a unique slug', async () => {
    const all = await rows<{ isbn13: string; slug: string; title: string }>(sql`select isbn13, slug, title from books`);
    expect(all.every((b) => isValidIsbn13(b.isbn13))).toBe(true);
    expect(new Set(all.map((b) => b.isbn13)).size).toBe(all.length);
    expect(new Set(all.map((b) => b.slug)).size).toBe(all.length);
    const vi = all.filter((b) => b.isbn13.startsWith('978604'));
    expect(vi.length).toBeGreaterThan(300);
  });

  it('fills the search documents, and the storefront finds the books by category and by search', async () => {
    expect(await count(sql`select count(*)::int as n from books where search_doc = '' or title_norm = '' or category_ids = '{}'`)).toBe(0);
    const byParent = await t.app.inject({ url: '/api/v1/books/catalog?category=van-hoc&size=12' });
    expect(byParent.statusCode).toBe(200);
    expect(byParent.json().data.totalElements).toBeGreaterThan(100);
    const search = await t.app.inject({ url: `/api/v1/books/search?q=${encodeURIComponent('dac nhan tam')}` });
    expect(search.json().data.content[0].slug).toBe('dac-nhan-tam');
    const [book] = await rows<{ title_norm: string; search_doc: string }>(sql`select title_norm, search_doc from books where slug = 'dac-nhan-tam'`);
    expect(book!.title_norm).toBe('dac nhan tam');
    expect(book!.search_doc).toContain('dale carnegie');
  });

  it('gives every book four image variants, and they are served', { timeout: 180_000 }, async () => {
    const images = await rows<{ book_id: number; url: string; thumb_url: string; medium_url: string; large_url: string; xlarge_url: string }>(
      sql`select book_id, url, thumb_url, medium_url, large_url, xlarge_url from book_images order by book_id`,
    );
    expect(images).toHaveLength(DEMO_BOOKS.length);
    expect(new Set(images.map((i) => i.book_id)).size).toBe(DEMO_BOOKS.length);
    for (const image of images) {
      for (const url of [image.thumb_url, image.medium_url, image.large_url, image.xlarge_url]) expect(url).toMatch(/^\/media\/covers\/\d+\//);
      expect(image.url).toBe(image.xlarge_url);
    }
    // The card image of every book is served (drawn on first request).
    for (const image of images) {
      const res = await t.app.inject({ url: image.thumb_url });
      expect(res.statusCode, image.thumb_url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
    }
    // All four variants of books of each kind of cover.
    const sample = await rows<{ book_id: number }>(
      sql`select distinct on (p.id) bc.book_id from book_categories bc join categories c on c.id = bc.category_id
          join categories p on p.id = c.parent_id order by p.id, bc.book_id`,
    );
    expect(sample.length).toBeGreaterThanOrEqual(5);
    for (const { book_id } of sample) {
      const image = images.find((i) => i.book_id === book_id)!;
      for (const [variant, url] of [
        ['thumb', image.thumb_url],
        ['medium', image.medium_url],
        ['large', image.large_url],
        ['xlarge', image.xlarge_url],
      ] as const) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect((await sharp(res.rawPayload).metadata()).width).toBe(IMAGE_VARIANT_WIDTHS[variant]);
      }
    }
  });

  it('adds nothing when run again', async () => {
    const before = await rows<Record<string, number>>(sql`select
        (select count(*) from books)::int as books, (select count(*) from categories)::int as categories,
        (select count(*) from authors)::int as authors, (select count(*) from book_images)::int as images`);
    expect(await seedDemoCatalog(t.app)).toBeNull();
    const after = await rows<Record<string, number>>(sql`select
        (select count(*) from books)::int as books, (select count(*) from categories)::int as categories,
        (select count(*) from authors)::int as authors, (select count(*) from book_images)::int as images`);
    expect(after).toEqual(before);
  });
});

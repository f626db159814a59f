import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogQuerySchema, type BookCardDto, type BookDto, type CategoryFlatDto, type CategoryNode, type HomeDataDto, type PageResult } from '@nhasach/shared';
import { and, eq } from 'drizzle-orm';
import { bookCategories, books, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { insertCatalogFixture, type Fixture } from '../../../test/catalog-fixture.ts';
import type { AuthUser } from '../../lib/guards.ts';
import { createCatalogService } from './service.ts';
import { refreshSearchDocuments } from './search-documents.ts';
import { countBooks } from './repo.ts';
import { queryRows } from '../../db/client.ts';
import { sql } from 'drizzle-orm';

let t: TestApp;
let fx: Fixture;
let adminToken: string;
let customerToken: string;
let customerUser: AuthUser;

beforeAll(async () => {
  t = await createTestApp();
  fx = await insertCatalogFixture(t.app.db);
  const [admin, customer] = await t.app.db
    .insert(users)
    .values([
      { username: 'catadmin', email: 'catadmin@example.com', passwordHash: 'x', role: 'ADMIN' },
      { username: 'catkhach', email: 'catkhach@example.com', passwordHash: 'x', role: 'USER' },
    ])
    .returning();
  const token = (u: typeof admin) =>
    t.app.tokens.sign({ sub: String(u!.id), userId: u!.id, username: u!.username, email: u!.email, roles: [`ROLE_${u!.role}`] });
  adminToken = await token(admin);
  customerToken = await token(customer);
  customerUser = { id: customer!.id, username: customer!.username, email: customer!.email, role: 'USER', roles: ['ROLE_USER'] };
});
afterAll(async () => {
  await t?.close();
});

interface Envelope<T> {
  statusCode: number;
  error: string | null;
  message: string;
  data: T;
}

async function get<T>(url: string, token?: string): Promise<{ status: number; body: Envelope<T> }> {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, body: res.json() as Envelope<T> };
}
async function page(url: string, token?: string): Promise<PageResult<BookCardDto>> {
  const { status, body } = await get<PageResult<BookCardDto>>(url, token);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}
const keysOf = (cards: BookCardDto[]) =>
  cards.map((c) => Object.entries(fx.book).find(([, b]) => b.id === c.id)?.[0] ?? `#${c.id}`);

// Visible books by sort (see fixture.ts): hidden ones are 'draft' (DRAFT) and 'inactive' (INACTIVE).
const NEWEST = ['anMang', 'alchemist', 'veTuoiTho', 'matBiec', 'dntTeen', 'dnt', 'nghiGiau', 'nhaGiaKim', 'deMen', 'biQuyet'];
const BEST = ['biQuyet', 'deMen', 'nhaGiaKim', 'veTuoiTho', 'dnt', 'nghiGiau', 'matBiec', 'anMang', 'dntTeen', 'alchemist'];
// Effective prices now: biQuyet 60k, deMen 45k, nhaGiaKim 79k (sale upcoming), veTuoiTho 85k, dnt 89k (sale on),
// dntTeen 99k, anMang 100k (sale without window), matBiec 110k (sale over), nghiGiau 150k (sale on), alchemist 250k.
const PRICE_ASC = ['deMen', 'biQuyet', 'nhaGiaKim', 'veTuoiTho', 'dnt', 'dntTeen', 'anMang', 'matBiec', 'nghiGiau', 'alchemist'];

describe('categories', () => {
  it('tree: nested, ordered, with leaf flags', async () => {
    const { status, body } = await get<CategoryNode[]>('/api/v1/categories/tree');
    expect(status).toBe(200);
    expect(body.data.map((c) => c.slug)).toEqual(['van-hoc', 'kinh-te', 'thieu-nhi', 'sach-giao-khoa']);
    const vanHoc = body.data[0]!;
    expect(vanHoc).toMatchObject({ name: 'Văn học', parentId: null, leaf: false });
    expect(vanHoc.children.map((c) => c.slug)).toEqual(['tieu-thuyet', 'truyen-ngan']);
    const tieuThuyet = vanHoc.children[0]!;
    expect(tieuThuyet).toMatchObject({ parentId: fx.category['van-hoc'], leaf: false });
    expect(tieuThuyet.children).toEqual([
      { id: fx.category['trinh-tham'], name: 'Trinh thám', slug: 'trinh-tham', parentId: fx.category['tieu-thuyet'], sortOrder: 1, leaf: true, children: [] },
    ]);
  });

  it('flat: every category in tree order with parentId, leaf and depth; leaf: leaves only', async () => {
    const flat = (await get<CategoryFlatDto[]>('/api/v1/categories/flat')).body.data;
    expect(flat.map((c) => `${c.slug}:${c.depth}:${c.leaf}`)).toEqual([
      'van-hoc:0:false',
      'tieu-thuyet:1:false',
      'trinh-tham:2:true',
      'truyen-ngan:1:true',
      'kinh-te:0:false',
      'ky-nang-song:1:true',
      'thieu-nhi:0:true',
      'sach-giao-khoa:0:true',
    ]);
    expect(flat.find((c) => c.slug === 'truyen-ngan')?.parentId).toBe(fx.category['van-hoc']);
    const leaves = (await get<CategoryFlatDto[]>('/api/v1/categories/flat/leaf')).body.data;
    expect(leaves.map((c) => c.slug)).toEqual(['trinh-tham', 'truyen-ngan', 'ky-nang-song', 'thieu-nhi', 'sach-giao-khoa']);
  });
});

describe('publishers and suppliers', () => {
  it('lists them with id, name and slug for the shoppers\' filters', async () => {
    for (const kind of ['publishers', 'suppliers'] as const) {
      const { status, body } = await get<{ id: number; name: string; slug: string }[]>(`/api/v1/${kind}`);
      expect(status).toBe(200);
      expect(body.data.length).toBeGreaterThan(0);
      expect(Object.keys(body.data[0]!).sort()).toEqual(['id', 'name', 'slug']);
    }
    const { body } = await get<{ slug: string }[]>('/api/v1/publishers');
    expect(body.data.map((r) => r.slug)).toContain('nxb-tre');
  });
});

describe('GET /books/catalog', () => {
  it('defaults: visible books only, newest first, page 0 of size 12, enveloped', async () => {
    const { status, body } = await get<PageResult<BookCardDto>>('/api/v1/books/catalog');
    expect(status).toBe(200);
    expect(body).toMatchObject({ statusCode: 200, error: null });
    expect(keysOf(body.data.content)).toEqual(NEWEST);
    expect(body.data).toMatchObject({ totalElements: 10, totalPages: 1, number: 0, size: 12 });
  });

  it('cards carry prices, the effective price now, authors, the cover and the breadcrumb category', async () => {
    const { content } = await page('/api/v1/books/catalog?size=100');
    const dnt = content.find((c) => c.id === fx.book.dnt!.id)!;
    expect(dnt).toMatchObject({
      slug: 'dac-nhan-tam',
      title: 'Đắc Nhân Tâm',
      price: 120_000,
      salePrice: 89_000,
      effectivePrice: 89_000,
      sold: 500,
      status: 'ACTIVE',
      stock: 10,
      thumbnail: 'http://localhost:3000/media/books/dnt-medium.webp',
      authors: [{ id: fx.author.dale, name: 'Dale Carnegie', slug: 'dale' }],
      categorySlug: 'ky-nang-song',
      ratingAverage: 0,
      ratingCount: 0,
    });
    expect(new Date(dnt.saleStartAt!).getTime()).toBeLessThan(Date.now());
    expect(new Date(dnt.createdAt).toISOString()).toBe(dnt.createdAt);
    const byKey = (k: string) => content.find((c) => c.id === fx.book[k]!.id)!;
    expect(byKey('nhaGiaKim')).toMatchObject({ salePrice: 59_000, effectivePrice: 79_000 }); // upcoming
    expect(byKey('matBiec')).toMatchObject({ salePrice: 70_000, effectivePrice: 110_000 }); // over
    expect(byKey('anMang')).toMatchObject({ salePrice: 100_000, effectivePrice: 100_000, saleStartAt: null, saleEndAt: null });
    expect(byKey('biQuyet').categorySlug).toBe('kinh-te'); // first by position
    expect(byKey('dntTeen').thumbnail).toBeNull();
  });

  it('sorts: NEWEST, BEST, PRICE_ASC, PRICE_DESC on the effective price, and field + direction', async () => {
    expect(keysOf((await page('/api/v1/books/catalog?sort=NEWEST')).content)).toEqual(NEWEST);
    expect(keysOf((await page('/api/v1/books/catalog?sort=BEST')).content)).toEqual(BEST);
    expect(keysOf((await page('/api/v1/books/catalog?sort=PRICE_ASC')).content)).toEqual(PRICE_ASC);
    expect(keysOf((await page('/api/v1/books/catalog?sort=PRICE_DESC')).content)).toEqual([...PRICE_ASC].reverse());
    expect(keysOf((await page('/api/v1/books/catalog?sort=createdAt&direction=ASC')).content)).toEqual([...NEWEST].reverse());
    expect(keysOf((await page('/api/v1/books/catalog?sort=sold&direction=DESC')).content)).toEqual(BEST);
    expect(keysOf((await page('/api/v1/books/catalog?sort=price,desc')).content)).toEqual([...PRICE_ASC].reverse());
    const byTitle = (await page('/api/v1/books/catalog?sort=title&direction=ASC')).content.map((c) => c.title);
    expect(byTitle[0]).toBe('Án Mạng Trên Chuyến Tàu Tốc Hành'); // 'an mang...' sorts without its accents
    expect(byTitle.at(-1)).toBe('The Alchemist');
  });

  it('pages through a price-sorted list without gaps or repeats', async () => {
    const seen: string[] = [];
    for (let p = 0; p < 4; p++) {
      const r = await page(`/api/v1/books/catalog?sort=PRICE_ASC&size=3&page=${p}`);
      expect(r).toMatchObject({ totalElements: 10, totalPages: 4, number: p, size: 3 });
      seen.push(...keysOf(r.content));
    }
    expect(seen).toEqual(PRICE_ASC);
  });

  it('category: by slug or id, with every descendant; unknown category is 404', async () => {
    const vanHoc = await page('/api/v1/books/catalog?category=van-hoc');
    expect(keysOf(vanHoc.content).sort()).toEqual(['alchemist', 'anMang', 'matBiec', 'nhaGiaKim', 'veTuoiTho'].sort());
    const tieuThuyet = await page(`/api/v1/books/catalog?category=${fx.category['tieu-thuyet']}`);
    expect(keysOf(tieuThuyet.content).sort()).toEqual(['alchemist', 'anMang', 'matBiec', 'nhaGiaKim'].sort());
    expect(keysOf((await page('/api/v1/books/catalog?category=trinh-tham')).content)).toEqual(['anMang']);
    expect((await page('/api/v1/books/catalog?category=sach-giao-khoa')).totalElements).toBe(0);
    const missing = await get('/api/v1/books/catalog?category=khong-co');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ statusCode: 404, error: 'NOT_FOUND', message: 'Không tìm thấy danh mục.', data: null });
  });

  it('publisher and supplier by slug or id, lists, language with aliases, status among visible ones', async () => {
    const tre = ['anMang', 'veTuoiTho', 'matBiec', 'nhaGiaKim'];
    expect(keysOf((await page('/api/v1/books/catalog?publisher=nxb-tre')).content)).toEqual(tre);
    expect(keysOf((await page(`/api/v1/books/catalog?publisher=${fx.publisher['nxb-tre']}`)).content)).toEqual(tre);
    expect(keysOf((await page(`/api/v1/books/catalog?publisher=kim-dong,${fx.publisher['nxb-tre']}`)).content)).toEqual([...tre, 'deMen']);
    expect((await page('/api/v1/books/catalog?publisher=khong-co')).totalElements).toBe(0);
    expect(keysOf((await page('/api/v1/books/catalog?supplier=alpha')).content)).toEqual(['anMang', 'alchemist', 'nghiGiau', 'biQuyet']);
    expect(keysOf((await page(`/api/v1/books/catalog?supplierId=${fx.supplier.alpha}&language=EN`)).content)).toEqual(['alchemist']);
    expect((await page('/api/v1/books/catalog?language=vi')).totalElements).toBe(9);
    expect(keysOf((await page('/api/v1/books/catalog?status=OUT_OF_STOCK')).content)).toEqual(['veTuoiTho']);
    // Hidden statuses stay hidden even when asked for.
    expect((await page('/api/v1/books/catalog?status=DRAFT')).totalElements).toBe(0);
    expect((await page('/api/v1/books/catalog?status=INACTIVE,ACTIVE')).totalElements).toBe(9);
  });

  it('price range applies to the price paid now', async () => {
    const r = await page('/api/v1/books/catalog?priceMin=80000&priceMax=100000&sort=PRICE_ASC');
    // dnt (list 120k, sale 89k running) is in; matBiec (sale 70k over) and nhaGiaKim (59k upcoming) are out.
    expect(keysOf(r.content)).toEqual(['veTuoiTho', 'dnt', 'dntTeen', 'anMang']);
    expect(r.totalElements).toBe(4);
    const newest = await page('/api/v1/books/catalog?priceMin=80000&priceMax=100000');
    expect(keysOf(newest.content)).toEqual(['anMang', 'veTuoiTho', 'dntTeen', 'dnt']);
    expect(keysOf((await page('/api/v1/books/catalog?priceMax=60000&sort=PRICE_DESC')).content)).toEqual(['biQuyet', 'deMen']);
    expect(keysOf((await page('/api/v1/books/catalog?priceMin=150000')).content)).toEqual(['alchemist', 'nghiGiau']);
  });

  it('age range on the minimum reader age; ALL means no filter', async () => {
    expect(keysOf((await page('/api/v1/books/catalog?ageMinYears=12')).content)).toEqual(['anMang', 'matBiec', 'nghiGiau']);
    expect(keysOf((await page('/api/v1/books/catalog?ageMinYears=6&ageMaxYears=12')).content)).toEqual(['matBiec', 'deMen']);
    expect((await page('/api/v1/books/catalog?ageMaxYears=0')).totalElements).toBe(6);
    expect((await page('/api/v1/books/catalog?ageMinYears=ALL&ageMaxYears=')).totalElements).toBe(10);
  });

  it('blank parameters are dropped; page below 0 is 0; size is capped; deep pages are empty', async () => {
    const r = await page('/api/v1/books/catalog?category=&publisher=&priceMin=&sort=&direction=&page=-5&size=');
    expect(r).toMatchObject({ number: 0, size: 12, totalElements: 10 });
    expect((await page('/api/v1/books/catalog?size=5000')).size).toBe(100);
    const deep = await page('/api/v1/books/catalog?page=100000&size=12');
    expect(deep).toMatchObject({ content: [], totalElements: 10, number: 100000 });
  });

  it('bad parameters are 400 VALIDATION_ERROR naming the field, never 500', async () => {
    for (const [query, field] of [
      ['size=abc', 'size'],
      ['page=x', 'page'],
      ['priceMin=cheap', 'priceMin'],
      ['priceMin=500&priceMax=100', 'priceMax'],
      ['ageMinYears=old', 'ageMinYears'],
      ['sort=popular', 'sort'],
      ['sort=price&direction=UP', 'sort'],
      ['direction=SIDEWAYS', 'direction'],
      ['sort=RELEVANCE', 'sort'],
      ['language=XX', 'language.0'],
      ['status=SOLD', 'status.0'],
    ] as const) {
      const { status, body } = await get<{ fields: { field: string; message: string }[] }>(`/api/v1/books/catalog?${query}`);
      expect(status, query).toBe(400);
      expect(body.error, query).toBe('VALIDATION_ERROR');
      expect(body.data.fields[0]?.field, query).toBe(field);
      expect(body.message.length, query).toBeGreaterThan(0);
    }
  });
});

describe('GET /books (plain and back-office list)', () => {
  it('shoppers see visible books; admins see every status and can filter on any', async () => {
    expect((await page('/api/v1/books')).totalElements).toBe(10);
    expect((await page('/api/v1/books', customerToken)).totalElements).toBe(10);
    expect((await page('/api/v1/books?status=DRAFT')).totalElements).toBe(0);
    const all = await page('/api/v1/books?size=100', adminToken);
    expect(all.totalElements).toBe(12);
    expect(keysOf((await page('/api/v1/books?status=DRAFT,INACTIVE&sort=title&direction=ASC', adminToken)).content)).toEqual([
      'draft',
      'inactive',
    ]);
  });

  it('filters by authorId, categoryId (with descendants), publisherId, supplierId', async () => {
    expect(keysOf((await page(`/api/v1/books?authorId=${fx.author.nna}`)).content)).toEqual(['veTuoiTho', 'matBiec']);
    expect(keysOf((await page(`/api/v1/books?categoryId=${fx.category['kinh-te']}&sort=sold`)).content)).toEqual([
      'biQuyet',
      'dnt',
      'nghiGiau',
      'dntTeen',
    ]);
    expect((await page(`/api/v1/books?categoryId=999999`)).totalElements).toBe(0);
    expect(keysOf((await page(`/api/v1/books?publisherId=${fx.publisher['kim-dong']}`)).content)).toEqual(['deMen']);
    expect(
      keysOf((await page(`/api/v1/books?supplierId=${fx.supplier.alpha}&publisherId=${fx.publisher['first-news']}`)).content),
    ).toEqual(['alchemist', 'nghiGiau', 'biQuyet']);
    expect((await get('/api/v1/books?authorId=abc')).status).toBe(400);
  });

  it('q searches (admins find hidden books too)', async () => {
    expect(keysOf((await page('/api/v1/books?q=dac nhan tam')).content)).toEqual(['dnt', 'dntTeen', 'biQuyet']);
    expect(keysOf((await page('/api/v1/books?q=dac nhan tam', adminToken)).content)).toContain('draft');
  });

  it('a bad token is refused rather than treated as a guest', async () => {
    expect((await get('/api/v1/books', 'not-a-token')).status).toBe(401);
  });
});

describe('book detail', () => {
  it('by slug and by id: the full book', async () => {
    const { status, body } = await get<BookDto>('/api/v1/books/slug/dac-nhan-tam');
    expect(status).toBe(200);
    const b = body.data;
    expect(b).toMatchObject({
      id: fx.book.dnt!.id,
      slug: 'dac-nhan-tam',
      title: 'Đắc Nhân Tâm',
      sku: 'SKU-dnt',
      isbn13: fx.book.dnt!.isbn13,
      thumbnail: 'http://localhost:3000/media/books/dnt-medium.webp',
      price: 120_000,
      salePrice: 89_000,
      effectivePrice: 89_000,
      sold: 500,
      description: '<p>Đắc Nhân Tâm</p>',
      supplier: { id: fx.supplier.fahasa, name: 'Fahasa', slug: 'fahasa' },
      publisher: { id: fx.publisher['first-news'], name: 'First News', slug: 'first-news' },
      authors: [{ id: fx.author.dale, name: 'Dale Carnegie', slug: 'dale' }],
      categories: [{ id: fx.category['ky-nang-song'], name: 'Kỹ năng sống', slug: 'ky-nang-song' }],
      publicationYear: 2020,
      language: 'VI',
      coverType: 'PAPERBACK',
      ageRating: 'ALL',
      ageMinYears: 0,
      weightGram: 350,
      widthCm: 14.5,
      heightCm: 20.5,
      thicknessCm: 1.5,
      pageCount: 300,
      stock: 10,
      status: 'ACTIVE',
      likedByMe: false,
      favoriteCount: 0,
    });
    expect(b.images).toEqual([
      {
        id: expect.any(Number),
        url: 'http://localhost:3000/media/books/dnt-xlarge.webp',
        sortOrder: 0,
        variants: {
          thumb: 'http://localhost:3000/media/books/dnt-thumb.webp',
          medium: 'http://localhost:3000/media/books/dnt-medium.webp',
          large: 'http://localhost:3000/media/books/dnt-large.webp',
          xlarge: 'http://localhost:3000/media/books/dnt-xlarge.webp',
        },
      },
      {
        id: expect.any(Number),
        url: 'http://localhost:3000/media/books/dnt-back-xlarge.webp',
        sortOrder: 1,
        // Missing variants fall back to the nearest one given.
        variants: {
          thumb: 'http://localhost:3000/media/books/dnt-back-medium.webp',
          medium: 'http://localhost:3000/media/books/dnt-back-medium.webp',
          large: 'http://localhost:3000/media/books/dnt-back-xlarge.webp',
          xlarge: 'http://localhost:3000/media/books/dnt-back-xlarge.webp',
        },
      },
    ]);
    const byId = await get<BookDto>(`/api/v1/books/${fx.book.dnt!.id}`);
    expect(byId.body.data).toEqual(b);
    const teen = (await get<BookDto>(`/api/v1/books/${fx.book.matBiec!.id}`)).body.data;
    expect(teen).toMatchObject({ ageRating: '_12PLUS', ageMinYears: 12, effectivePrice: 110_000, images: [], thumbnail: null });
  });

  it('a description that reached the database without the admin form is cleaned when the book is answered', async () => {
    const id = fx.book.deMen!.id;
    const [old] = await t.app.db.select({ description: books.description }).from(books).where(eq(books.id, id));
    const raw = '<p>Mở <strong>đầu</strong></p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a><p onclick="alert(4)" style="color:red">hết</p>';
    await t.app.db.update(books).set({ description: raw }).where(eq(books.id, id));
    try {
      const { body } = await get<BookDto>(`/api/v1/books/${id}`);
      expect(body.data.description).toBe('<p>Mở <strong>đầu</strong></p><a rel="noopener noreferrer">x</a><p>hết</p>');
    } finally {
      await t.app.db.update(books).set(old!).where(eq(books.id, id));
    }
  });

  it('unknown or malformed slug/id is 404 with the Vietnamese message', async () => {
    for (const url of ['/api/v1/books/slug/khong-co-sach-nay', '/api/v1/books/999999', '/api/v1/books/abc', '/api/v1/books/0', '/api/v1/books/-1']) {
      const { status, body } = await get(url);
      expect(status, url).toBe(404);
      expect(body, url).toMatchObject({ statusCode: 404, error: 'NOT_FOUND', message: 'Không tìm thấy sách.', data: null });
    }
  });

  it('hidden books are 404 for shoppers and visible to staff', async () => {
    expect((await get(`/api/v1/books/${fx.book.draft!.id}`)).status).toBe(404);
    expect((await get('/api/v1/books/slug/sach-ngung-ban', customerToken)).status).toBe(404);
    const asAdmin = await get<BookDto>('/api/v1/books/slug/sach-ngung-ban', adminToken);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.data.status).toBe('INACTIVE');
    // An out-of-stock book is still a product page.
    expect((await get(`/api/v1/books/${fx.book.veTuoiTho!.id}`)).body.data).toMatchObject({ status: 'OUT_OF_STOCK', stock: 0 });
  });

  it('likedByMe, favoriteCount and ratings come from the engagement port, with the caller; cards read its ratings subquery', async () => {
    const calls: { ids: number[]; userId?: number }[] = [];
    // A catalogue service of its own, given another engagement port (the app's reads the engagement module).
    const catalog = createCatalogService(t.app.db, {
      searchIndex: false,
      engagement: {
        async lookup(_db, ids, userId) {
          calls.push({ ids, userId });
          return new Map(ids.map((id) => [id, { likedByMe: userId !== undefined, favoriteCount: 7, ratingAverage: 4.5, ratingCount: 2 }]));
        },
        cardRatings: sql`select 9 as sum, 2 as n`,
      },
    });
    const mine = await catalog.book({ slug: 'dac-nhan-tam' }, customerUser);
    expect(mine).toMatchObject({ likedByMe: true, favoriteCount: 7, ratingAverage: 4.5, ratingCount: 2 });
    const guest = await catalog.book({ slug: 'dac-nhan-tam' });
    expect(guest).toMatchObject({ likedByMe: false, favoriteCount: 7 });
    const list = await catalog.catalog(catalogQuerySchema.parse({ size: '3' }));
    expect(list.content).toHaveLength(3);
    expect(list.content.every((c) => c.ratingAverage === 4.5 && c.ratingCount === 2)).toBe(true);
    // The product page asks the lookup; the cards of a list come from their own query alone.
    expect(calls).toEqual([
      { ids: [fx.book.dnt!.id], userId: customerUser.id },
      { ids: [fx.book.dnt!.id], userId: undefined },
    ]);
  });
});

describe('GET /books/home', () => {
  it('featured sale (running sales only), newest page of 15, best sellers, per top-level category', async () => {
    const { status, body } = await get<HomeDataDto>('/api/v1/books/home?status=ACTIVE&featuredSize=10&newSize=15&bestSize=4&perCategory=8');
    expect(status).toBe(200);
    const home = body.data;
    // Running sales that lower the price and end within FLASH_SALE_WINDOW_DAYS, best-selling first: not the
    // upcoming, over, hidden or open-ended ones (anMang's sale has no end).
    expect(keysOf(home.featuredSale)).toEqual(['dnt', 'nghiGiau']);
    expect(home.featuredSale.every((c) => c.effectivePrice < c.price)).toBe(true);
    // status ACTIVE: the OUT_OF_STOCK book is not on the home page.
    expect(keysOf(home.newest.content)).toEqual(NEWEST.filter((k) => k !== 'veTuoiTho'));
    expect(home.newest).toMatchObject({ totalElements: 9, totalPages: 1, number: 0, size: 15 });
    expect(keysOf(home.bestSellers)).toEqual(['biQuyet', 'deMen', 'nhaGiaKim', 'dnt']);
    expect(home.categories.map((b) => b.category.slug)).toEqual(['van-hoc', 'kinh-te', 'thieu-nhi']);
    expect(keysOf(home.categories[0]!.books)).toEqual(['nhaGiaKim', 'matBiec', 'anMang', 'alchemist']);
    expect(home.categories[1]!.category).toEqual({ id: fx.category['kinh-te'], name: 'Kinh tế', slug: 'kinh-te' });
  });

  it('"Bán chạy tuần này" counts the units ordered in the last 7 days, net of cancellations', async () => {
    const move = (key: string, delta: number, reason: string, daysAgo = 1) =>
      t.app.db.execute(
        sql`insert into stock_movements (book_id, delta, balance_after, reason, created_at)
            values (${fx.book[key]!.id}, ${delta}, 1, ${reason}, now() - ${`${daysAgo} days`}::interval)`,
      );
    await move('matBiec', -3, 'ORDER');
    await move('nhaGiaKim', -1, 'ORDER');
    await move('biQuyet', -5, 'ORDER');
    await move('biQuyet', 5, 'ORDER_CANCELLED');
    await move('deMen', -9, 'ORDER', 10);
    await move('veTuoiTho', -9, 'ORDER');
    const home = (await get<HomeDataDto>('/api/v1/books/home?status=ACTIVE&bestSize=3')).body.data;
    // Cancelled, older than a week, or not on sale (OUT_OF_STOCK with status ACTIVE asked): not counted.
    expect(keysOf(home.bestSellersWeek)).toEqual(['matBiec', 'nhaGiaKim']);
  });

  it('the next pages of the newest books come from the catalogue call', async () => {
    const second = await page('/api/v1/books/catalog?sort=NEWEST&status=ACTIVE&page=1&size=5');
    expect(keysOf(second.content)).toEqual(NEWEST.filter((k) => k !== 'veTuoiTho').slice(5, 10));
  });

  it('defaults and bad sizes', async () => {
    const home = (await get<HomeDataDto>('/api/v1/books/home')).body.data;
    expect(home.newest.size).toBe(15);
    expect((await get('/api/v1/books/home?newSize=lots')).status).toBe(400);
  });
});

describe('category changes', () => {
  it('show on category pages once refreshSearchDocuments copied them to the book', async () => {
    const db = t.app.db;
    const deMen = fx.book.deMen!.id;
    const [before] = await db.select({ ids: books.categoryIds }).from(books).where(eq(books.id, deMen));
    expect(before?.ids).toEqual([fx.category['thieu-nhi']]);
    await db
      .update(bookCategories)
      .set({ categoryId: fx.category['truyen-ngan']! })
      .where(and(eq(bookCategories.bookId, deMen), eq(bookCategories.categoryId, fx.category['thieu-nhi']!)));
    await db.insert(bookCategories).values({ bookId: deMen, categoryId: fx.category['thieu-nhi']!, position: 1 });
    expect(await refreshSearchDocuments(db, [deMen])).toBe(1);
    t.app.catalog.invalidate();
    const [after] = await db.select({ ids: books.categoryIds }).from(books).where(eq(books.id, deMen));
    expect(after?.ids).toEqual([fx.category['truyen-ngan'], fx.category['thieu-nhi']]);
    expect(keysOf((await page('/api/v1/books/catalog?category=van-hoc&sort=BEST')).content)).toEqual([
      'deMen',
      'nhaGiaKim',
      'veTuoiTho',
      'matBiec',
      'anMang',
      'alchemist',
    ]);
    expect((await page('/api/v1/books/catalog?category=van-hoc')).totalElements).toBe(6);
    // The breadcrumb category follows the position order.
    expect((await get<BookDto>(`/api/v1/books/${deMen}`)).body.data.categories.map((c) => c.slug)).toEqual(['truyen-ngan', 'thieu-nhi']);
  });
});

describe('page totals', () => {
  it('large results report the planner estimate (capped), small ones an exact count', async () => {
    const db = t.app.db;
    await queryRows(db, sql`analyze books`);
    const now = new Date();
    const filter = { visibleOnly: true };
    expect(await countBooks(db, filter, now)).toEqual({ n: 10, estimated: false });
    // With the threshold at 1 every total is an estimate: the planner's, from fresh statistics, and says so.
    const estimate = await countBooks(db, filter, now, 1);
    expect(estimate.estimated).toBe(true);
    expect(Number.isInteger(estimate.n)).toBe(true);
    expect(estimate.n).toBeGreaterThanOrEqual(5);
    expect(estimate.n).toBeLessThanOrEqual(20);
    expect(await countBooks(db, { visibleOnly: true, priceMin: 80_000, priceMax: 100_000 }, now)).toEqual({ n: 4, estimated: false });
  });
});

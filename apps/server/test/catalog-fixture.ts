import type { BookStatus } from '@nhasach/shared';
import type { Db } from '../src/db/client.ts';
import { authors, bookAuthors, bookCategories, bookImages, books, categories, publishers, suppliers } from '../src/db/schema/index.ts';
import { refreshSearchDocuments } from '../src/modules/catalog/search-documents.ts';

/**
 * A small catalogue for the catalogue tests: categories on three levels, sales running / upcoming / over,
 * hidden statuses, several authors and publishers. Dates are relative to `now` so sale windows are real.
 */

const DAY = 24 * 60 * 60 * 1000;

/** A valid ISBN-13 from a 12-digit prefix. */
export function isbn13(prefix12: string): string {
  const sum = [...prefix12].reduce((acc, ch, i) => acc + Number(ch) * (i % 2 === 0 ? 1 : 3), 0);
  return `${prefix12}${(10 - (sum % 10)) % 10}`;
}

interface BookSpec {
  key: string;
  title: string;
  slug: string;
  authors: string[];
  publisher: string;
  supplier: string;
  categories: string[];
  price: number;
  salePrice?: number;
  saleStartDays?: number;
  saleEndDays?: number;
  sold: number;
  createdDays: number;
  status?: BookStatus;
  stock?: number;
  language?: 'VI' | 'EN';
  ageRating?: 'ALL' | '_6PLUS' | '_12PLUS' | '_16PLUS' | '_18PLUS';
}

const SPECS: BookSpec[] = [
  { key: 'dnt', title: 'Đắc Nhân Tâm', slug: 'dac-nhan-tam', authors: ['dale'], publisher: 'first-news', supplier: 'fahasa', categories: ['ky-nang-song'], price: 120_000, salePrice: 89_000, saleStartDays: -1, saleEndDays: 1, sold: 500, createdDays: -10 },
  { key: 'dntTeen', title: 'Đắc Nhân Tâm Cho Tuổi Teen', slug: 'dac-nhan-tam-cho-tuoi-teen', authors: ['dale'], publisher: 'first-news', supplier: 'fahasa', categories: ['ky-nang-song'], price: 99_000, sold: 50, createdDays: -9 },
  { key: 'nhaGiaKim', title: 'Nhà Giả Kim', slug: 'nha-gia-kim', authors: ['coelho'], publisher: 'nxb-tre', supplier: 'fahasa', categories: ['tieu-thuyet'], price: 79_000, salePrice: 59_000, saleStartDays: 1, saleEndDays: 3, sold: 800, createdDays: -20 },
  { key: 'matBiec', title: 'Mắt Biếc', slug: 'mat-biec', authors: ['nna'], publisher: 'nxb-tre', supplier: 'fahasa', categories: ['tieu-thuyet'], price: 110_000, salePrice: 70_000, saleStartDays: -5, saleEndDays: -1, sold: 300, createdDays: -5, ageRating: '_12PLUS' },
  { key: 'veTuoiTho', title: 'Cho Tôi Xin Một Vé Đi Tuổi Thơ', slug: 'cho-toi-xin-mot-ve-di-tuoi-tho', authors: ['nna'], publisher: 'nxb-tre', supplier: 'fahasa', categories: ['truyen-ngan'], price: 85_000, sold: 650, createdDays: -3, status: 'OUT_OF_STOCK', stock: 0 },
  { key: 'deMen', title: 'Dế Mèn Phiêu Lưu Ký', slug: 'de-men-phieu-luu-ky', authors: ['tohoai'], publisher: 'kim-dong', supplier: 'fahasa', categories: ['thieu-nhi'], price: 45_000, sold: 1000, createdDays: -30, ageRating: '_6PLUS' },
  { key: 'anMang', title: 'Án Mạng Trên Chuyến Tàu Tốc Hành', slug: 'an-mang-tren-chuyen-tau-toc-hanh', authors: ['christie'], publisher: 'nxb-tre', supplier: 'alpha', categories: ['trinh-tham'], price: 150_000, salePrice: 100_000, sold: 120, createdDays: -1, ageRating: '_16PLUS' },
  { key: 'alchemist', title: 'The Alchemist', slug: 'the-alchemist', authors: ['coelho'], publisher: 'first-news', supplier: 'alpha', categories: ['tieu-thuyet'], price: 250_000, sold: 10, createdDays: -2, language: 'EN' },
  { key: 'draft', title: 'Đắc Nhân Tâm (Bản Nháp)', slug: 'dac-nhan-tam-ban-nhap', authors: ['dale'], publisher: 'first-news', supplier: 'fahasa', categories: ['kinh-te'], price: 10_000, sold: 0, createdDays: 0, status: 'DRAFT' },
  { key: 'inactive', title: 'Sách Ngừng Bán', slug: 'sach-ngung-ban', authors: ['tohoai'], publisher: 'kim-dong', supplier: 'fahasa', categories: ['van-hoc'], price: 20_000, sold: 5, createdDays: 0, status: 'INACTIVE' },
  { key: 'nghiGiau', title: 'Nghĩ Giàu Làm Giàu', slug: 'nghi-giau-lam-giau', authors: ['hill'], publisher: 'first-news', supplier: 'alpha', categories: ['kinh-te'], price: 200_000, salePrice: 150_000, saleStartDays: -2, saleEndDays: 5, sold: 400, createdDays: -15, ageRating: '_18PLUS' },
  { key: 'biQuyet', title: 'Bí Quyết Đắc Nhân Tâm Trong Kinh Doanh', slug: 'bi-quyet-dac-nhan-tam-trong-kinh-doanh', authors: ['hill'], publisher: 'first-news', supplier: 'alpha', categories: ['kinh-te', 'ky-nang-song'], price: 60_000, sold: 5000, createdDays: -40 },
];

export type FixtureKey = (typeof SPECS)[number]['key'];

export interface Fixture {
  now: Date;
  book: Record<string, { id: number; slug: string; title: string; isbn13: string }>;
  category: Record<string, number>;
  publisher: Record<string, number>;
  supplier: Record<string, number>;
  author: Record<string, number>;
}

export async function insertCatalogFixture(db: Db): Promise<Fixture> {
  const now = new Date();
  const at = (days: number) => new Date(now.getTime() + days * DAY);

  const pubRows = await db
    .insert(publishers)
    .values([
      { name: 'First News', slug: 'first-news' },
      { name: 'NXB Trẻ', slug: 'nxb-tre' },
      { name: 'NXB Kim Đồng', slug: 'kim-dong' },
    ])
    .returning();
  const supRows = await db
    .insert(suppliers)
    .values([
      { name: 'Fahasa', slug: 'fahasa' },
      { name: 'Alpha Books', slug: 'alpha' },
    ])
    .returning();
  const authorRows = await db
    .insert(authors)
    .values([
      { name: 'Dale Carnegie', slug: 'dale' },
      { name: 'Paulo Coelho', slug: 'coelho' },
      { name: 'Nguyễn Nhật Ánh', slug: 'nna' },
      { name: 'Tô Hoài', slug: 'tohoai' },
      { name: 'Agatha Christie', slug: 'christie' },
      { name: 'Napoleon Hill', slug: 'hill' },
    ])
    .returning();

  const category: Record<string, number> = {};
  const addCategory = async (name: string, slug: string, parent: string | null, sortOrder: number) => {
    const [row] = await db
      .insert(categories)
      .values({ name, slug, parentId: parent ? category[parent]! : null, sortOrder })
      .returning();
    category[slug] = row!.id;
  };
  await addCategory('Văn học', 'van-hoc', null, 1);
  await addCategory('Tiểu thuyết', 'tieu-thuyet', 'van-hoc', 1);
  await addCategory('Trinh thám', 'trinh-tham', 'tieu-thuyet', 1);
  await addCategory('Truyện ngắn', 'truyen-ngan', 'van-hoc', 2);
  await addCategory('Kinh tế', 'kinh-te', null, 2);
  await addCategory('Kỹ năng sống', 'ky-nang-song', 'kinh-te', 1);
  await addCategory('Thiếu nhi', 'thieu-nhi', null, 3);
  await addCategory('Sách giáo khoa', 'sach-giao-khoa', null, 4);

  const publisher = Object.fromEntries(pubRows.map((r) => [r.slug, r.id]));
  const supplier = Object.fromEntries(supRows.map((r) => [r.slug, r.id]));
  const author = Object.fromEntries(authorRows.map((r) => [r.slug, r.id]));
  const book: Fixture['book'] = {};

  for (const [i, s] of SPECS.entries()) {
    const isbn = isbn13(`893500000${String(i).padStart(3, '0')}`);
    const [row] = await db
      .insert(books)
      .values({
        slug: s.slug,
        title: s.title,
        sku: `SKU-${s.key}`,
        isbn13: isbn,
        description: `<p>${s.title}</p>`,
        price: s.price,
        salePrice: s.salePrice ?? null,
        saleStartAt: s.saleStartDays === undefined ? null : at(s.saleStartDays),
        saleEndAt: s.saleEndDays === undefined ? null : at(s.saleEndDays),
        status: s.status ?? 'ACTIVE',
        language: s.language ?? 'VI',
        ageRating: s.ageRating ?? 'ALL',
        publicationYear: 2020,
        pageCount: 300,
        weightGram: 350,
        widthCm: 14.5,
        heightCm: 20.5,
        thicknessCm: 1.5,
        stock: s.stock ?? 10,
        sold: s.sold,
        publisherId: publisher[s.publisher]!,
        supplierId: supplier[s.supplier]!,
        createdAt: at(s.createdDays - 0.01 * i),
      })
      .returning({ id: books.id });
    const id = row!.id;
    book[s.key] = { id, slug: s.slug, title: s.title, isbn13: isbn };
    await db.insert(bookAuthors).values(s.authors.map((a, position) => ({ bookId: id, authorId: author[a]!, position })));
    await db.insert(bookCategories).values(s.categories.map((c, position) => ({ bookId: id, categoryId: category[c]!, position })));
  }
  // Two images for Đắc Nhân Tâm, inserted out of order: the cover is the one with the lowest sortOrder.
  await db.insert(bookImages).values([
    { bookId: book.dnt!.id, sortOrder: 1, url: '/media/books/dnt-back-xlarge.webp', mediumUrl: '/media/books/dnt-back-medium.webp' },
    {
      bookId: book.dnt!.id,
      sortOrder: 0,
      url: '/media/books/dnt-xlarge.webp',
      thumbUrl: '/media/books/dnt-thumb.webp',
      mediumUrl: '/media/books/dnt-medium.webp',
      largeUrl: '/media/books/dnt-large.webp',
      xlargeUrl: '/media/books/dnt-xlarge.webp',
    },
  ]);
  await refreshSearchDocuments(db);
  return { now, book, category, publisher, supplier, author };
}

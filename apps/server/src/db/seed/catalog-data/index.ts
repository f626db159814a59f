import slugify from 'slugify';
import { ORIGINAL_TITLES } from './original-titles.ts';
import { withIsbn13Checksum, type AgeRating, type BookStatus, type CoverType, type Language } from '@nhasach/shared';
import { BUSINESS } from './books-kinh-te.ts';
import { CHILDREN } from './books-thieu-nhi.ts';
import { FOREIGN_LITERATURE } from './books-van-hoc-nuoc-ngoai.ts';
import { LANGUAGES_LIFE_AND_SCHOOL } from './books-ngoai-ngu-doi-song-giao-khoa.ts';
import { MANGA_AND_COMICS } from './books-manga-comic.ts';
import { PSYCHOLOGY_AND_SKILLS } from './books-tam-ly-ky-nang.ts';
import { SCIENCE_AND_HISTORY } from './books-khoa-hoc-lich-su.ts';
import { VIETNAMESE_LITERATURE } from './books-van-hoc-viet-nam.ts';
import { CATEGORY_TREE, type LeafCategory } from './categories.ts';
import { ISBN_REGISTRANTS, PUBLISHERS, SUPPLIERS, type PublisherKey, type SupplierKey } from './organisations.ts';
import type { BookData } from './types.ts';

export { CATEGORY_TREE, PUBLISHERS, SUPPLIERS };
export type { BookData, LeafCategory, PublisherKey, SupplierKey };

/** Every demo book as written, in a fixed order (the order decides generated ISBNs). */
export const BOOK_DATA: readonly BookData[] = [
  ...VIETNAMESE_LITERATURE,
  ...FOREIGN_LITERATURE,
  ...BUSINESS,
  ...PSYCHOLOGY_AND_SKILLS,
  ...CHILDREN,
  ...MANGA_AND_COMICS,
  ...SCIENCE_AND_HISTORY,
  ...LANGUAGES_LIFE_AND_SCHOOL,
];

/** Slugs as the store makes them: Vietnamese locale ('đ' -> 'd'), lower case, only [a-z0-9-]. */
export const toSlug = (text: string): string => slugify(text, { locale: 'vi', lower: true, strict: true }).slice(0, 200);

/** How a demo book's sale is set up, relative to the moment of seeding. */
export type DemoSale =
  | { kind: 'none' }
  /** Started 3 days ago, ends in 60 days (or, with `open`, no window at all): active for weeks. */
  | { kind: 'active'; salePrice: number; open: boolean }
  /** Starts in 10 days. */
  | { kind: 'upcoming'; salePrice: number }
  /** Ended 5 days ago. */
  | { kind: 'ended'; salePrice: number };

/** A demo book with everything the seed inserts; times are offsets from the seed time. */
export interface DemoBook {
  slug: string;
  title: string;
  /** The original edition's title of a translated book (original-titles.ts), else null. */
  originalTitle: string | null;
  authors: string[];
  category: LeafCategory;
  parentCategory: string;
  publisher: PublisherKey;
  supplier: SupplierKey;
  isbn13: string;
  sku: string;
  description: string;
  price: number;
  sale: DemoSale;
  status: BookStatus;
  stock: number;
  sold: number;
  language: Language;
  coverType: CoverType;
  ageRating: AgeRating;
  publicationYear: number;
  pageCount: number;
  widthCm: number;
  heightCm: number;
  thicknessCm: number;
  weightGram: number;
  /** Hours before the seed time at which the book was created; under 14 days for the 'new' ones. */
  createdHoursAgo: number;
}

/** FNV-1a: stable pseudo-random choices per book, the same on every machine. */
function hash(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function descriptionHtml(book: BookData): string {
  const body = book.description.trim().startsWith('<') ? book.description.trim() : `<p>${escapeHtml(book.description.trim())}</p>`;
  return book.translator ? `${body}<p><em>Người dịch: ${escapeHtml(book.translator)}</em></p>` : body;
}

const parentOf = new Map<string, string>(CATEGORY_TREE.flatMap((top) => top.children.map((c) => [c.slug, top.slug] as const)));

/** Trim sizes by kind of book, when the data gives none (cm, width x height). */
function defaultSize(category: LeafCategory, parent: string): [number, number] {
  if (category === 'manga') return [11.3, 17.6];
  if (category === 'light-novel') return [13, 18];
  if (category === 'tho') return [13, 19];
  if (['kinh-te', 'tam-ly-ky-nang-song', 'khoa-hoc-cong-nghe', 'lich-su-dia-ly'].includes(parent)) return [15.5, 24];
  return [13, 20.5];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Sale price: 10 to 35 percent off, rounded down to 1.000 VND. */
function salePriceOf(price: number, h: number): number {
  const percent = 10 + (h % 26);
  return Math.max(1000, Math.floor((price * (100 - percent)) / 100 / 1000) * 1000);
}

/** Counts of the product's variety cases (asserted by the seed test). */
export const VARIETY = { outOfStock: 10, inactive: 3, draft: 3, newBooks: 20, activeSales: 45, upcomingSales: 10, endedSales: 10 } as const;

function buildDemoBooks(data: readonly BookData[]): DemoBook[] {
  const slugs = new Set<string>();
  const isbnCounter = new Map<PublisherKey, number>();
  const books = data.map((book) => {
    let slug = toSlug(book.title);
    for (let n = 2; slugs.has(slug); n++) slug = `${toSlug(book.title).slice(0, 195)}-${n}`;
    slugs.add(slug);
    let isbn13 = book.isbn;
    if (!isbn13) {
      // 978-604 (Vietnam) + two-digit publisher block + four-digit title number + check digit.
      const n = (isbnCounter.get(book.publisher) ?? 0) + 1;
      isbnCounter.set(book.publisher, n);
      isbn13 = withIsbn13Checksum(`978604${ISBN_REGISTRANTS[book.publisher]}${String(1000 + n * 7).padStart(4, '0')}`);
    }
    const parent = parentOf.get(book.category) ?? '';
    const [widthCm, heightCm] = book.size ?? defaultSize(book.category, parent);
    const cover = book.cover ?? 'PAPERBACK';
    const sheets = book.pages / 2;
    const h = hash(slug);
    return {
      slug,
      title: book.title,
      originalTitle: ORIGINAL_TITLES[book.title] ?? null,
      authors: book.authors,
      category: book.category,
      parentCategory: parent,
      publisher: book.publisher,
      supplier: book.supplier,
      isbn13,
      sku: `NS-${isbn13}`,
      description: descriptionHtml(book),
      price: book.price,
      sale: { kind: 'none' } as DemoSale,
      status: 'ACTIVE' as BookStatus,
      stock: 5 + (h % 496),
      // Skewed towards small numbers, like real sales; the data names the bestsellers.
      sold: book.sold ?? Math.floor(((h >>> 8) % 1000) ** 2 / 1700),
      language: book.language ?? 'VI',
      coverType: cover,
      ageRating: book.age ?? 'ALL',
      publicationYear: book.year,
      pageCount: book.pages,
      widthCm,
      heightCm,
      thicknessCm: round1(book.pages * 0.0055 + (cover === 'HARDCOVER' ? 0.4 : 0.1)),
      // 70 g/m2 paper (0.007 g/cm2) plus the cover.
      weightGram: Math.round((sheets * widthCm * heightCm * 0.007 + (cover === 'HARDCOVER' ? 90 : 20)) / 10) * 10,
      createdHoursAgo: 24 * (20 + (h % 540)) + (h % 24),
    } satisfies DemoBook;
  });

  // The variety cases go to books in a stable shuffled order (by a second hash), never to the same book twice.
  const order = [...books].sort((a, b) => hash(`order:${a.slug}`) - hash(`order:${b.slug}`) || a.slug.localeCompare(b.slug));
  let next = 0;
  const take = (n: number) => order.slice(next, (next += n));
  for (const book of take(VARIETY.outOfStock)) {
    book.status = 'OUT_OF_STOCK';
    book.stock = 0;
  }
  for (const book of take(VARIETY.inactive)) book.status = 'INACTIVE';
  for (const book of take(VARIETY.draft)) {
    book.status = 'DRAFT';
    book.sold = 0;
  }
  take(VARIETY.newBooks).forEach((book, i) => {
    // Spread over the last 13 days, newest first in data order; new books have sold little yet.
    book.createdHoursAgo = 2 + i * 15;
    book.sold = Math.min(book.sold, hash(book.slug) % 40);
  });
  // Sales: a separate shuffle among the books shoppers can see, so new books can be on sale too.
  const visible = [...books]
    .filter((b) => b.status === 'ACTIVE' || b.status === 'OUT_OF_STOCK')
    .sort((a, b) => hash(`sale:${a.slug}`) - hash(`sale:${b.slug}`) || a.slug.localeCompare(b.slug));
  let s = 0;
  const takeSale = (n: number) => visible.slice(s, (s += n));
  takeSale(VARIETY.activeSales).forEach((book, i) => {
    book.sale = { kind: 'active', salePrice: salePriceOf(book.price, hash(`pct:${book.slug}`)), open: i % 5 === 4 };
  });
  for (const book of takeSale(VARIETY.upcomingSales)) book.sale = { kind: 'upcoming', salePrice: salePriceOf(book.price, hash(`pct:${book.slug}`)) };
  for (const book of takeSale(VARIETY.endedSales)) book.sale = { kind: 'ended', salePrice: salePriceOf(book.price, hash(`pct:${book.slug}`)) };
  return books;
}

/** The demo catalogue, derived once. */
export const DEMO_BOOKS: readonly DemoBook[] = buildDemoBooks(BOOK_DATA);

/** Every distinct author name, in order of first appearance. */
export const DEMO_AUTHORS: readonly string[] = [...new Set(BOOK_DATA.flatMap((b) => b.authors))];

import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { DEFAULT_VAT_TREATMENT, VISIBLE_BOOK_STATUSES, type BookStatus, type VatTreatment } from '@nhasach/shared';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { outerRef } from '../../lib/db-values.ts';
import type { CoverBook } from '../media/index.ts';
import { bookImages, books, categories } from '../../db/schema/catalog.ts';

/**
 * What the other modules read of the catalogue's tables: only through these functions (and the catalogue service),
 * so the catalogue alone knows how books, images and categories are stored.
 */

type Conn = Db | Tx;

/** The condition "the book `bookId` (a column or a value of the caller's query) exists and shoppers may see it". */
export const visibleBookSql = (bookId: AnyColumn | number): SQL =>
  sql`exists (select 1 from books vb where vb.id = ${outerRef(bookId)} and vb.status in ('ACTIVE', 'OUT_OF_STOCK'))`;

/** True when the book exists and a shopper may see it (ACTIVE or OUT_OF_STOCK). */
export async function isVisibleBook(db: Conn, bookId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: books.id })
    .from(books)
    .where(and(eq(books.id, bookId), inArray(books.status, [...VISIBLE_BOOK_STATUSES])))
    .limit(1);
  return row !== undefined;
}

/** What a cart line shows of its book, read at request time. */
export interface CartBookRow {
  id: number;
  slug: string;
  title: string;
  price: number;
  salePrice: number | null;
  saleStartAt: Date | null;
  saleEndAt: Date | null;
  stock: number;
  status: BookStatus;
  /** The cover's medium variant, as the catalogue cards show it. */
  thumbnail: string | null;
  /** The book's categories (a voucher limited to categories reads them). */
  categoryIds: number[];
}

// books.id is written qualified by hand: drizzle may leave a column unqualified, and inside the subquery it would
// bind to book_images.
const thumbnailSql = sql<string | null>`(select coalesce(i.medium_url, i.url) from book_images i where i.book_id = "books"."id" order by i.sort_order, i.id limit 1)`;

/** What a book costs now and whether it can be sold: the price rules (packages/shared) read these. */
const priceAndStock = {
  price: books.price,
  salePrice: books.salePrice,
  saleStartAt: books.saleStartAt,
  saleEndAt: books.saleEndAt,
  stock: books.stock,
  status: books.status,
};

/** The cart's view of the given books (missing books are left out), in no particular order. */
export function cartBooks(db: Conn, ids: readonly number[]): Promise<CartBookRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: books.id,
      slug: books.slug,
      title: books.title,
      ...priceAndStock,
      thumbnail: thumbnailSql,
      categoryIds: books.categoryIds,
    })
    .from(books)
    .where(inArray(books.id, [...ids]));
}

/** Title, stock and status of a book (whether it can go in a cart), or undefined. */
export async function bookStockState(db: Conn, bookId: number): Promise<{ id: number; title: string; stock: number; status: BookStatus } | undefined> {
  const [row] = await db
    .select({ id: books.id, title: books.title, stock: books.stock, status: books.status })
    .from(books)
    .where(eq(books.id, bookId))
    .limit(1);
  return row;
}

/** Names of the given categories (missing ones are left out). */
export async function categoryNames(db: Conn, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Which of the given categories exist. */
export async function existingCategoryIds(db: Conn, ids: readonly number[]): Promise<Set<number>> {
  return new Set((await categoryNames(db, ids)).keys());
}

/** The book whose image row shows `url` (a designed cover's address), with what its cover shows; or null. */
export async function bookCoverData(db: Conn, bookId: number, url: string): Promise<CoverBook | null> {
  const [row] = await queryRows<{ title: string; authors: string[] | null; category: CoverBook['category'] }>(
    db,
    sql`select b.title,
        (select json_agg(a.name order by ba.position, a.id) from book_authors ba join authors a on a.id = ba.author_id
          where ba.book_id = b.id) as authors,
        (select json_build_object('name', c.name, 'slug', c.slug, 'parentSlug', p.slug)
          from book_categories bc join categories c on c.id = bc.category_id left join categories p on p.id = c.parent_id
          where bc.book_id = b.id order by bc.position, c.id limit 1) as category
      from books b
      where b.id = ${bookId}
        and exists (select 1 from book_images i where i.book_id = b.id
          and ${url} in (i.url, i.thumb_url, i.medium_url, i.large_url, i.xlarge_url))`,
  );
  return row ? { title: row.title, authors: row.authors ?? [], category: row.category } : null;
}

/** The cover (medium variant) of each book, for the item snapshots. */
export async function bookCovers(db: Conn, bookIds: readonly number[]): Promise<Map<number, string>> {
  if (!bookIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([bookImages.bookId], { bookId: bookImages.bookId, url: sql<string>`coalesce(${bookImages.mediumUrl}, ${bookImages.url})` })
    .from(bookImages)
    .where(inArray(bookImages.bookId, [...bookIds]))
    .orderBy(bookImages.bookId, bookImages.sortOrder, bookImages.id);
  return new Map(rows.map((r) => [r.bookId, r.url]));
}

/**
 * How VAT applies to each given book on an invoice: the treatment of its first category (lowest position, as the
 * reports group a book); books without a category take the default.
 */
export async function vatTreatmentsOf(db: Conn, bookIds: readonly number[]): Promise<Map<number, VatTreatment>> {
  if (!bookIds.length) return new Map();
  const rows = await queryRows<{ bookId: number; vat: VatTreatment }>(
    db,
    sql`select b.id as "bookId", coalesce((select c.vat_treatment from book_categories bc join categories c on c.id = bc.category_id
          where bc.book_id = b.id order by bc.position, bc.category_id limit 1), ${DEFAULT_VAT_TREATMENT}) as vat
        from books b where b.id in (${sql.join(bookIds.map((id) => sql`${id}`), sql`, `)})`,
  );
  return new Map(rows.map((r) => [r.bookId, r.vat]));
}

/**
 * What shipping needs of some books: weight in grams (null when not recorded), prices (the free-shipping threshold
 * reads what the shopper pays), title and stock state. Unknown ids are absent.
 */
export function shippingBooks(db: Conn, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: books.id,
      title: books.title,
      sku: books.sku,
      weightGram: books.weightGram,
      ...priceAndStock,
    })
    .from(books)
    .where(inArray(books.id, [...ids]));
}

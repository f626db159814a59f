import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  char,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { AgeRating, BookStatus, CoverType, Language, VatTreatment } from '@nhasach/shared';

/** PostgreSQL full-text vector; only written by the database (generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Visibility predicate of the partial indexes; queries must repeat it literally to use them. */
const visible = sql.raw(`status in ('ACTIVE', 'OUT_OF_STOCK')`);

export const authors = pgTable(
  'authors',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    slug: varchar('slug', { length: 200 }).notNull().unique('authors_slug_uq'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Suggestions: a word of the name starting with the typed text (migration catalog_search_word_indexes).
  (t) => [index('authors_name_words_idx').using('gin', sql`to_tsvector('simple'::regconfig, f_search_norm(${t.name}))`)],
);

export const publishers = pgTable('publishers', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 200 }).notNull(),
  slug: varchar('slug', { length: 200 }).notNull().unique('publishers_slug_uq'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const suppliers = pgTable('suppliers', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 200 }).notNull(),
  slug: varchar('slug', { length: 200 }).notNull().unique('suppliers_slug_uq'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A tree of any depth; `leaf` is computed (no child rows). */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    slug: varchar('slug', { length: 200 }).notNull().unique('categories_slug_uq'),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    sortOrder: integer('sort_order').notNull().default(0),
    /** How VAT applies to its books on an invoice (shared VAT_TREATMENTS): not subject (KCT) or a rate. */
    vatTreatment: varchar('vat_treatment', { length: 3 }).$type<VatTreatment>().notNull().default('5'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.sortOrder)],
);

export const books = pgTable(
  'books',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 200 }).notNull(),
    title: varchar('title', { length: 500 }).notNull(),
    /** The title of the original edition of a translated book (searched like the title's words). */
    originalTitle: varchar('original_title', { length: 500 }),
    sku: varchar('sku', { length: 64 }),
    isbn13: char('isbn13', { length: 13 }).notNull(),
    /** HTML, sanitised on write. */
    description: text('description').notNull().default(''),
    /** Integer VND, VAT included. */
    price: integer('price').notNull(),
    salePrice: integer('sale_price'),
    saleStartAt: timestamp('sale_start_at', { withTimezone: true }),
    saleEndAt: timestamp('sale_end_at', { withTimezone: true }),
    status: varchar('status', { length: 16 }).$type<BookStatus>().notNull().default('ACTIVE'),
    language: varchar('language', { length: 8 }).$type<Language>().notNull().default('VI'),
    coverType: varchar('cover_type', { length: 16 }).$type<CoverType>().notNull().default('PAPERBACK'),
    ageRating: varchar('age_rating', { length: 8 }).$type<AgeRating>().notNull().default('ALL'),
    /** Minimum reader age derived from ageRating (0/6/12/16/18), for the age filters. */
    ageMinYears: smallint('age_min_years')
      .notNull()
      .generatedAlwaysAs(
        sql`case age_rating when '_6PLUS' then 6 when '_12PLUS' then 12 when '_16PLUS' then 16 when '_18PLUS' then 18 else 0 end`,
      ),
    publicationYear: smallint('publication_year'),
    pageCount: integer('page_count').notNull().default(0),
    weightGram: integer('weight_gram'),
    widthCm: numeric('width_cm', { precision: 5, scale: 1, mode: 'number' }),
    heightCm: numeric('height_cm', { precision: 5, scale: 1, mode: 'number' }),
    thicknessCm: numeric('thickness_cm', { precision: 5, scale: 1, mode: 'number' }),
    stock: integer('stock').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    publisherId: integer('publisher_id').references(() => publishers.id, { onDelete: 'restrict' }),
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'restrict' }),
    /** f_search_norm(title): lower case, no diacritics, words separated by one space. Maintained by refreshSearchDocuments. */
    titleNorm: text('title_norm').notNull().default(''),
    /** f_search_norm(title + authors + publisher + isbn13). Maintained by refreshSearchDocuments. */
    searchDoc: text('search_doc').notNull().default(''),
    /**
     * The book's own categories (book_categories in position order), copied here by refreshSearchDocuments so a
     * category filter is a test on the row being read (`category_ids && {the category and its descendants}`)
     * instead of one lookup in book_categories per row.
     */
    categoryIds: integer('category_ids').array().notNull().default(sql`'{}'::integer[]`),
    searchTsv: tsvector('search_tsv')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, search_doc)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('books_slug_uq').on(t.slug),
    uniqueIndex('books_isbn13_uq').on(t.isbn13),
    uniqueIndex('books_sku_uq').on(t.sku),
    check('books_stock_nonnegative', sql`${t.stock} >= 0`),
    check('books_sold_nonnegative', sql`${t.sold} >= 0`),
    check('books_price_nonnegative', sql`${t.price} >= 0`),
    check('books_sale_price_nonnegative', sql`${t.salePrice} is null or ${t.salePrice} >= 0`),
    check('books_status_valid', sql`${t.status} in ('ACTIVE', 'INACTIVE', 'DRAFT', 'OUT_OF_STOCK')`),
    // Storefront sort paths (shopper-visible rows only): books_visible_{created,sold,price,sale_price}_cover_idx,
    // created in the custom migration 'catalog_cover_indexes' because drizzle cannot express INCLUDE. Each is
    // (sort column, id) INCLUDE (every filter column), so a filtered page walks one index without reading the
    // table. Ascending on purpose: scanned backwards they serve ORDER BY ... DESC (NULLS FIRST, the default),
    // which drizzle's .desc() (DESC NULLS LAST) would not.
    // books_visible_id_sold_idx (id) INCLUDE (sold), visible rows only, also custom ('catalog_related_index'):
    // related books by the same author check and rank their candidates from it.
    index('books_visible_title_idx').on(t.titleNorm, t.id).where(visible),
    // Back-office list (every status) and the filters.
    index('books_status_created_idx').on(t.status, t.createdAt, t.id),
    index('books_created_idx').on(t.createdAt, t.id),
    index('books_publisher_idx').on(t.publisherId, t.createdAt, t.id),
    index('books_supplier_idx').on(t.supplierId, t.createdAt, t.id),
    index('books_language_idx').on(t.language, t.createdAt, t.id),
    index('books_category_ids_idx').using('gin', t.categoryIds),
    // Search: word/prefix matches and title prefixes.
    index('books_search_tsv_idx').using('gin', t.searchTsv),
    index('books_title_norm_prefix_idx').on(t.titleNorm.op('text_pattern_ops')),
  ],
);

/** Images of a book; the first by sortOrder is the cover. URLs of the four WebP variants are stored as given. */
export const bookImages = pgTable(
  'book_images',
  {
    id: serial('id').primaryKey(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The main URL (largest available); variants fall back to it when absent. */
    url: text('url').notNull(),
    thumbUrl: text('thumb_url'),
    mediumUrl: text('medium_url'),
    largeUrl: text('large_url'),
    xlargeUrl: text('xlarge_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('book_images_book_idx').on(t.bookId, t.sortOrder, t.id)],
);

/** Many-to-many; the category with the lowest position is the breadcrumb one. */
export const bookCategories = pgTable(
  'book_categories',
  {
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bookId, t.categoryId] }), index('book_categories_category_idx').on(t.categoryId, t.bookId)],
);

export const bookAuthors = pgTable(
  'book_authors',
  {
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => authors.id, { onDelete: 'restrict' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bookId, t.authorId] }), index('book_authors_author_idx').on(t.authorId, t.bookId)],
);

/**
 * The shopper's search reads this compact copy of each book's searchable part (migration catalog_search_table):
 * kept by the trigger books_search_sync on every insert and on updates of status, sold, title_norm and
 * search_doc. words = strip(search_tsv). Its indexes are partial on visible, one with INCLUDE, so they live in
 * that custom migration: book_search_words_idx (gin words), book_search_title_idx (title text_pattern_ops
 * INCLUDE sold), book_search_sold_idx (sold, book_id INCLUDE title, words); and book_search_title_words_idx (gin
 * to_tsvector('simple', title)) in catalog_search_word_indexes. version (migration book_search_version) comes from
 * a sequence on every change: the in-memory search follows the table through it.
 */
export const bookSearch = pgTable('book_search', {
  bookId: integer('book_id')
    .primaryKey()
    .references(() => books.id, { onDelete: 'cascade' }),
  visible: boolean('visible').notNull(),
  sold: integer('sold').notNull(),
  title: text('title').notNull(),
  words: tsvector('words').notNull(),
  /** lower(books.title), marks kept: the search ranks a title typed with its marks first (ranking.ts). */
  marked: text('marked').notNull().default(''),
  version: bigint('version', { mode: 'bigint' })
    .notNull()
    .default(sql`nextval('book_search_version_seq')`),
});

/**
 * Distinct words of all search documents (digits excluded): the dictionary used to correct a typo in a
 * search term when the exact words find nothing.
 */
export const searchWords = pgTable('search_words', {
  word: varchar('word', { length: 64 }).primaryKey(),
});

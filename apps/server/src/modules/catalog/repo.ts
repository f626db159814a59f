import { asc, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { CATALOG_MAX_RESULT_WINDOW, type AgeRating, type BookSort, type BookStatus, type CoverType, type Language, type NamedRef } from '@nhasach/shared';
import { namedStatement, queryNamed, queryRows, type Db } from '../../db/client.ts';
import { publishers, suppliers } from '../../db/schema/catalog.ts';
import { intArray, textArray } from '../../lib/db-values.ts';
import { saleActiveSql, saleInactiveSql, visibleSql } from './sql.ts';
import { authorsJsonSql, thumbnailSql } from './listing-index-build.ts';

/** A resolved filter: every reference is an id by now. An empty id list matches nothing. */
export interface BookFilter {
  /** Only ACTIVE and OUT_OF_STOCK (shoppers); false for the back-office. */
  visibleOnly: boolean;
  statuses?: BookStatus[];
  /** Each set is one category with its descendants; a book must be in every set. */
  categorySets?: number[][];
  publisherIds?: number[];
  supplierIds?: number[];
  authorId?: number;
  languages?: Language[];
  /** On the effective price at query time. */
  priceMin?: number;
  priceMax?: number;
  /** On age_min_years. */
  ageMin?: number;
  ageMax?: number;
  /** Only books whose sale is active now (home: featured sale). */
  onSaleNow?: boolean;
  /** Only books whose sale has an end before this instant (home: the flash sale shows sales about to end). */
  saleEndsBefore?: Date;
}

const FALSE = sql.raw('false');

/** The WHERE clause of a filter; `withPrice` false leaves the price range to the caller (price-sorted pages). */
export function whereSql(f: BookFilter, now: Date, withPrice = true): SQL {
  const parts: SQL[] = [];
  if (f.visibleOnly) parts.push(visibleSql);
  if (f.statuses) parts.push(f.statuses.length ? sql`b.status = any(${textArray(f.statuses)})` : FALSE);
  // category_ids mirrors book_categories (refreshSearchDocuments): tested on the row, GIN-indexed for counts.
  for (const set of f.categorySets ?? []) parts.push(set.length ? sql`b.category_ids && ${intArray(set)}` : FALSE);
  if (f.publisherIds) parts.push(f.publisherIds.length ? sql`b.publisher_id = any(${intArray(f.publisherIds)})` : FALSE);
  if (f.supplierIds) parts.push(f.supplierIds.length ? sql`b.supplier_id = any(${intArray(f.supplierIds)})` : FALSE);
  if (f.authorId !== undefined) {
    parts.push(sql`exists (select 1 from book_authors ba where ba.book_id = b.id and ba.author_id = ${f.authorId})`);
  }
  if (f.languages) parts.push(f.languages.length ? sql`b.language = any(${textArray(f.languages)})` : FALSE);
  if (f.ageMin !== undefined) parts.push(sql`b.age_min_years >= ${f.ageMin}`);
  if (f.ageMax !== undefined) parts.push(sql`b.age_min_years <= ${f.ageMax}`);
  if (f.onSaleNow) parts.push(sql`${saleActiveSql(now)} and b.sale_price < b.price`);
  if (f.saleEndsBefore) parts.push(sql`b.sale_end_at is not null and b.sale_end_at <= ${f.saleEndsBefore.toISOString()}::timestamptz`);
  if (withPrice && (f.priceMin !== undefined || f.priceMax !== undefined)) parts.push(effectivePriceRangeSql(f, now));
  return parts.length ? sql.join(parts, sql` and `) : sql.raw('true');
}

/** The bounds of the price filter on one column. */
function rangeOn(col: SQL, f: Pick<BookFilter, 'priceMin' | 'priceMax'>): SQL {
  return sql.join(
    [
      ...(f.priceMin !== undefined ? [sql`${col} >= ${f.priceMin}`] : []),
      ...(f.priceMax !== undefined ? [sql`${col} <= ${f.priceMax}`] : []),
      sql.raw('true'),
    ],
    sql` and `,
  );
}

/**
 * The effective price in range, written as "list price in range and no sale running, or sale price in range and
 * the sale running" rather than a CASE: the planner can estimate plain column ranges from its statistics (a CASE
 * gets a blind 0.5 %, which made it pick bitmap scans that read every row of a category).
 */
function effectivePriceRangeSql(f: BookFilter, now: Date): SQL {
  return sql`((${rangeOn(sql`b.price`, f)} and ${saleInactiveSql(now)}) or (${rangeOn(sql`b.sale_price`, f)} and ${saleActiveSql(now)}))`;
}

const dirSql = (d: 'asc' | 'desc') => sql.raw(d);

/** ORDER BY of the plain sorts; id breaks ties so paging is stable. */
function orderSql(sort: BookSort): SQL {
  const d = dirSql(sort.direction);
  switch (sort.field) {
    case 'sold':
      return sql`b.sold ${d}, b.id ${d}`;
    case 'title':
      return sql`b.title_norm ${d}, b.id ${d}`;
    case 'id':
      return sql`b.id ${d}`;
    default:
      return sql`b.created_at ${d}, b.id ${d}`;
  }
}

/** Ids of one page of books, in order. */
export async function pageBookIds(db: Db, f: BookFilter, sort: BookSort, offset: number, limit: number, now: Date): Promise<number[]> {
  if (limit <= 0) return [];
  if (sort.field === 'price') return pageBookIdsByPrice(db, f, sort.direction, offset, limit, now);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select b.id from books b where ${whereSql(f, now)} order by ${orderSql(sort)} limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => r.id);
}

/**
 * Sorting on the effective price cannot use one index: it depends on the sale window at query time. The books
 * split in two at `now`: those paying their list price (index on price) and those whose sale runs (index on
 * sale_price). Each side is read in order up to offset + limit rows and the two are merged.
 */
async function pageBookIdsByPrice(db: Db, f: BookFilter, direction: 'asc' | 'desc', offset: number, limit: number, now: Date) {
  const d = dirSql(direction);
  const k = offset + limit;
  const w = whereSql(f, now, false);
  const range = (col: SQL) => rangeOn(col, f);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from (
      (select b.id, b.price as eff from books b
        where ${w} and ${saleInactiveSql(now)} and ${range(sql`b.price`)}
        order by b.price ${d}, b.id ${d} limit ${k})
      union all
      (select b.id, b.sale_price as eff from books b
        where ${w} and ${saleActiveSql(now)} and ${range(sql`b.sale_price`)}
        order by b.sale_price ${d}, b.id ${d} limit ${k})
    ) u order by eff ${d}, id ${d} limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => r.id);
}

/** Below this planner estimate a total is counted exactly; above it the estimate is the total. */
export const EXACT_COUNT_BELOW = 5000;

/**
 * How many books match, at most CATALOG_MAX_RESULT_WINDOW (pages stop there, so counting further buys nothing).
 * The planner's estimate comes first (planning only, no rows read): a large result is reported as that estimate,
 * capped; a small one is counted exactly, which is cheap because it is small. Counting 13,000 books of a filtered
 * category exactly costs 0.2-0.7 s on a million books, so large totals are estimates (typically within 15 %).
 */
export async function countBooks(db: Db, f: BookFilter, now: Date, exactBelow = EXACT_COUNT_BELOW): Promise<BookCount> {
  const where = whereSql(f, now);
  const estimate = await estimateRows(db, sql`select 1 from books b where ${where}`);
  if (estimate >= exactBelow) return { n: Math.min(CATALOG_MAX_RESULT_WINDOW, Math.round(estimate)), estimated: true };
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from books b where ${where} limit ${CATALOG_MAX_RESULT_WINDOW}) t`,
  );
  const n = row?.n ?? 0;
  return { n, estimated: n >= CATALOG_MAX_RESULT_WINDOW };
}

/** A page total: counted, or the planner's estimate (or the cap, a lower bound). */
export interface BookCount {
  n: number;
  estimated: boolean;
}

/** The planner's row estimate of a query (EXPLAIN without ANALYZE: nothing is executed). */
async function estimateRows(db: Db, query: SQL): Promise<number> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`explain (format json) ${query}`);
  const raw = row ? Object.values(row)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }] | undefined;
  return plan?.[0]?.Plan['Plan Rows'] ?? 0;
}

export interface CardRow {
  id: number;
  slug: string;
  title: string;
  price: number;
  salePrice: number | null;
  saleStartAt: Date | string | null;
  saleEndAt: Date | string | null;
  sold: number;
  stock: number;
  status: BookStatus;
  createdAt: Date | string;
  thumbnail: string | null;
  categorySlug: string | null;
  authors: NamedRef[];
  /** Sum and count of the book's rating scores (the engagement module's subquery). */
  ratingSum: number;
  ratingCount: number;
}

/** Card fields of the given books, in the order of `ids`. */
export type CardReader = (db: Db, ids: readonly number[]) => Promise<CardRow[]>;

/**
 * The card reader of a catalogue service: one named statement (parsed and planned once per connection) holding
 * everything a card shows in one round trip. The category is joined (a sub-select scanned the categories table
 * once per book) and the ratings come from the engagement port's subquery (the separate engagement statement
 * cost more than the cards: docs/performance.md, "Uncached search: one card statement, cheaper ranking").
 */
export function cardReader(ratings: SQL): CardReader {
  const statement = namedStatement(
    'book_cards',
    sql`select b.id, b.slug, b.title, b.price, b.sale_price as "salePrice", b.sale_start_at as "saleStartAt",
        b.sale_end_at as "saleEndAt", b.sold, b.stock, b.status, b.created_at as "createdAt",
        ${thumbnailSql} as thumbnail, c.slug as "categorySlug", ${authorsJsonSql} as authors,
        r.sum::int as "ratingSum", r.n::int as "ratingCount"
      from books b
      left join categories c on c.id = b.category_ids[1]
      left join lateral (${ratings}) r on true
      where b.id = any(${sql.raw('$1')}::int[])`,
  );
  return async (db, ids) => {
    if (ids.length === 0) return [];
    const rows = await queryNamed<CardRow>(db, statement, [`{${ids.map((n) => Math.trunc(n)).join(',')}}`]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is CardRow => r !== undefined);
  };
}

/** What a card shows that a sale or an order changes: read fresh on every request. */
type FreshCardFields = Pick<CardRow, 'id' | 'price' | 'salePrice' | 'saleStartAt' | 'saleEndAt' | 'sold' | 'stock' | 'status'>;
type SteadyCardFields = Omit<CardRow, keyof FreshCardFields>;

/**
 * A card reader that keeps what rarely changes (title, slug, picture, category, authors, rating) in memory for
 * `ttlMs` and reads only the price, sale, stock, sold and status of the page's books by primary key (docs/decisions.md,
 * "Listings from memory", cards): the database no longer builds the authors' JSON, the picture and the rating for
 * every card of every page, and a price or stock shown is never older than the request. `forget()` on every
 * catalogue change this instance makes or hears of; ratings are at most `ttlMs` old. The cards of the books the
 * listing index holds are made without it (dto.ts, toIndexCard).
 */
export function cachedCardReader(ratings: SQL, ttlMs: number, max: number): CardReader & { forget(): void } {
  const full = cardReader(ratings);
  const fresh = namedStatement(
    'book_card_fresh',
    sql`select b.id, b.price, b.sale_price as "salePrice", b.sale_start_at as "saleStartAt", b.sale_end_at as "saleEndAt",
        b.sold, b.stock, b.status from books b where b.id = any(${sql.raw('$1')}::int[])`,
  );
  // lru-cache, not a Map evicted at its first key: that walks every deleted entry before it (milliseconds per
  // insert at 50,000 cards, most of a listing's CPU).
  const steady = new LRUCache<number, SteadyCardFields>({ max, ttl: ttlMs });
  const read = async (db: Db, ids: readonly number[]): Promise<CardRow[]> => {
    if (ids.length === 0) return [];
    // The steady part is taken now: an entry that expires or is forgotten during the reads still fills its card.
    const known = new Map<number, SteadyCardFields>();
    const unknown: number[] = [];
    for (const id of ids) {
      const hit = steady.get(id);
      if (hit) known.set(id, hit);
      else unknown.push(id);
    }
    const [fullRows, freshRows] = await Promise.all([
      unknown.length ? full(db, unknown) : Promise.resolve([]),
      known.size ? queryNamed<FreshCardFields>(db, fresh, [`{${[...known.keys()].map((n) => Math.trunc(n)).join(',')}}`]) : Promise.resolve([]),
    ]);
    const byId = new Map<number, CardRow>();
    for (const r of fullRows) {
      byId.set(r.id, r);
      const { price: _p, salePrice: _s, saleStartAt: _a, saleEndAt: _e, sold: _d, stock: _k, status: _t, ...rest } = r;
      steady.set(r.id, rest);
    }
    for (const f of freshRows) byId.set(f.id, { ...known.get(f.id)!, ...f });
    return ids.map((id) => byId.get(id)).filter((r): r is CardRow => r !== undefined);
  };
  return Object.assign(read, {
    forget() {
      steady.clear();
    },
  });
}

export interface CardRating {
  id: number;
  ratingSum: number;
  ratingCount: number;
}

/** The rating sums and counts of the given books (the engagement port's subquery), in one round trip. */
export function ratingsReader(ratings: SQL): (db: Db, ids: readonly number[]) => Promise<Map<number, CardRating>> {
  const statement = namedStatement(
    'book_card_ratings',
    sql`select b.id, r.sum::int as "ratingSum", r.n::int as "ratingCount" from unnest(${sql.raw('$1')}::int[]) as b(id) left join lateral (${ratings}) r on true`,
  );
  return async (db, ids) => {
    if (ids.length === 0) return new Map();
    const rows = await queryNamed<CardRating>(db, statement, [`{${ids.map((n) => Math.trunc(n)).join(',')}}`]);
    return new Map(rows.map((r) => [r.id, r]));
  };
}

export interface ImageRow {
  id: number;
  url: string;
  sortOrder: number;
  thumbUrl: string | null;
  mediumUrl: string | null;
  largeUrl: string | null;
  xlargeUrl: string | null;
}

export interface DetailRow extends Omit<CardRow, 'categorySlug' | 'ratingSum' | 'ratingCount'> {
  originalTitle: string | null;
  sku: string | null;
  isbn13: string;
  description: string;
  language: Language;
  coverType: CoverType;
  ageRating: AgeRating;
  ageMinYears: number;
  publicationYear: number | null;
  pageCount: number;
  weightGram: number | null;
  widthCm: string | number | null;
  heightCm: string | number | null;
  thicknessCm: string | number | null;
  updatedAt: Date | string;
  publisher: NamedRef | null;
  supplier: NamedRef | null;
  categories: NamedRef[];
  images: ImageRow[];
}

/** Everything the product page shows, in one round trip. */
export async function loadBookDetailRow(db: Db, by: { id: number } | { slug: string }): Promise<DetailRow | undefined> {
  const where = 'id' in by ? sql`b.id = ${by.id}` : sql`b.slug = ${by.slug}`;
  const [row] = await queryRows<DetailRow>(
    db,
    sql`select b.id, b.slug, b.title, b.original_title as "originalTitle", b.sku, b.isbn13, b.description, b.price, b.sale_price as "salePrice",
        b.sale_start_at as "saleStartAt", b.sale_end_at as "saleEndAt", b.sold, b.stock, b.status,
        b.language, b.cover_type as "coverType", b.age_rating as "ageRating", b.age_min_years as "ageMinYears",
        b.publication_year as "publicationYear", b.page_count as "pageCount", b.weight_gram as "weightGram",
        b.width_cm as "widthCm", b.height_cm as "heightCm", b.thickness_cm as "thicknessCm",
        b.created_at as "createdAt", b.updated_at as "updatedAt",
        ${thumbnailSql} as thumbnail,
        ${authorsJsonSql} as authors,
        (select json_build_object('id', p.id, 'name', p.name, 'slug', p.slug) from publishers p where p.id = b.publisher_id) as publisher,
        (select json_build_object('id', s.id, 'name', s.name, 'slug', s.slug) from suppliers s where s.id = b.supplier_id) as supplier,
        coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug) order by bc.position, c.id)
          from book_categories bc join categories c on c.id = bc.category_id where bc.book_id = b.id), '[]'::json) as categories,
        coalesce((select json_agg(json_build_object('id', i.id, 'url', i.url, 'sortOrder', i.sort_order, 'thumbUrl', i.thumb_url,
            'mediumUrl', i.medium_url, 'largeUrl', i.large_url, 'xlargeUrl', i.xlarge_url) order by i.sort_order, i.id)
          from book_images i where i.book_id = b.id), '[]'::json) as images
      from books b where ${where}`,
  );
  return row;
}

/** Top-level categories in menu order, with how many of them to look at. */
export function topCategoryRows(db: Db, limit: number): Promise<NamedRef[]> {
  return queryRows<NamedRef>(
    db,
    sql`select id, name, slug from categories where parent_id is null order by sort_order, name, id limit ${limit}`,
  );
}

/** Publishers or suppliers for the shoppers' filters: id, name and slug, by name. */
export async function listRefs(db: Db, table: 'publishers' | 'suppliers'): Promise<NamedRef[]> {
  const t = table === 'publishers' ? publishers : suppliers;
  return db.select({ id: t.id, name: t.name, slug: t.slug }).from(t).orderBy(asc(t.name), asc(t.id));
}

/**
 * "Bán chạy tuần này": the visible books with the most units ordered since `since`, net of cancellations, read
 * from the stock ledger (an order's ORDER movement, its cancellation's ORDER_CANCELLED), most first.
 */
export async function weeklyBestIds(db: Db, statuses: readonly string[], since: Date, limit: number): Promise<number[]> {
  if (limit <= 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select m.book_id as id from stock_movements m join books b on b.id = m.book_id
        where m.reason in ('ORDER', 'ORDER_CANCELLED') and m.created_at > ${since.toISOString()}::timestamptz
          and ${visibleSql} and b.status = any(${textArray([...statuses])})
        group by m.book_id having -sum(m.delta) > 0
        order by -sum(m.delta) desc, m.book_id desc limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

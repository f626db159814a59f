import {
  CATALOG_MAX_RESULT_WINDOW,
  FLASH_SALE_WINDOW_DAYS,
  HOME_CATEGORY_COUNT,
  WEEKLY_BEST_DAYS,
  hasAnyRole,
  isVisibleStatus,
  type BookCardDto,
  type BookDto,
  type BookListQuery,
  type BookSort,
  type CatalogQuery,
  type CategoryFlatDto,
  type CategoryNode,
  type HomeDataDto,
  type HomeQuery,
  type PageResult,
  type SearchPageResult,
  type SearchQuery,
  type SuggestionsDto,
  type SuggestQuery,
} from '@nhasach/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { sql } from 'drizzle-orm';
import { notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../lib/guards.ts';
import { toPage } from '../../lib/pagination.ts';
import { type CategoryRow, buildCategoryTree, findCategory, flattenCategoryTree, loadCategoryRows, withDescendants } from './categories.ts';
import { toBookDto, toCard, toIndexCard } from './dto.ts';
import { NO_ENGAGEMENT, type EngagementPort } from './engagement-port.ts';
import { cachedCardReader, countBooks, ratingsReader, type BookCount, loadBookDetailRow, pageBookIds, topCategoryRows, weeklyBestIds, type BookFilter } from './repo.ts';
import { createShelfService } from './related.ts';
import { findVisibleIdByIsbn, isbnOf, normalizeTerm, sortedIdsPage, visibilityOnly } from './search.ts';
import { indexAnswers } from './search-index.ts';
import { databaseStrategy, memoryStrategy, rankedSearch } from './search-engine.ts';
import { SearchIndexFeed } from './search-index-loader.ts';
import { ListingIndexFeed } from './listing-index-loader.ts';
import type { ListingSortField } from './listing-index.ts';
import { SearchWords } from './search-words.ts';
import { EMPTY_SUGGESTIONS, SUGGEST_AUTHORS, SUGGEST_BOOKS, suggestAuthors, suggestBooks, suggestCategories, SuggestionRows, suggestionsByIds, suggestTerm } from './suggest.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { announceCatalogChange, WORDS_CHANGED } from './cache-bus.ts';

/** Page totals may lag writes by this much (docs/performance.md, count strategy). */
const COUNT_TTL_MS = 60_000;
/**
 * Which books the home page shows is the same for every visitor and may lag a change (a sale window's edge, a new
 * best seller) by this much; their cards are made fresh on every request.
 */
const HOME_TTL_MS = 15_000;
/** Shoppers' search results (ranked ids) may lag writes by this much. */
const SEARCH_TTL_MS = 30_000;
/** The listing index is rebuilt (and its snapshot written) at least this often when it keeps a snapshot. */
const LISTING_SNAPSHOT_REFRESH_MS = 12 * 60 * 60_000;
/** The home page's blocks as book ids (all: each once, for one read of the cards). */
interface HomeIds {
  saleIds: number[];
  newIds: number[];
  newTotal: number;
  bestIds: number[];
  weekIds: number[];
  categories: { category: HomeDataDto['categories'][number]['category']; ids: number[] }[];
  all: number[];
}
/** Ranked ids of one page of a search, with the corrected term when the typo pass ran. */
interface RankedSearch {
  ids: number[];
  total: number;
  didYouMean?: string;
}
const NEWEST: BookSort = { field: 'createdAt', direction: 'desc' };
const BEST: BookSort = { field: 'sold', direction: 'desc' };

/** Filter parameters common to the catalogue, search and list calls. */
type FilterParams = Pick<
  CatalogQuery,
  | 'category'
  | 'publisher'
  | 'supplier'
  | 'language'
  | 'status'
  | 'priceMin'
  | 'priceMax'
  | 'ageMinYears'
  | 'ageMaxYears'
  | 'authorId'
  | 'categoryId'
  | 'publisherId'
  | 'supplierId'
>;

/** Staff see every status on the plain list and the detail page; shoppers see ACTIVE and OUT_OF_STOCK. */
const isStaff = (user?: AuthUser) => !!user && hasAnyRole(user.roles, ['ADMIN', 'SALE']);

export type CatalogService = ReturnType<typeof createCatalogService>;

export interface CatalogServiceOptions {
  /** Likes and ratings of the engagement module (none without it). */
  engagement?: EngagementPort;
  searchCache?: boolean;
  searchIndex?: boolean;
  /** PostgreSQL's address: the search index is built in a worker thread with its own connection. */
  searchIndexWorkerUrl?: string;
  /** Longest time between the search index's rebuilds (search-index-loader.ts). */
  searchIndexRebuildMs?: number;
  /** Where the built search and listing indexes are kept for the next start (search-index-snapshot.ts, listing-index-snapshot.ts). */
  searchIndexSnapshotDir?: string;
  /** Shoppers' listings from the books' columns in memory (listing-index.ts); false: every listing reads the database. */
  listingIndex?: boolean;
  onAnnounceError?: (err: unknown) => void;
  onSearchIndexError?: (err: unknown) => void;
  onSearchIndexNotice?: (message: string) => void;
}

export function createCatalogService(db: Db, opts: CatalogServiceOptions = {}) {
  const engagement = opts.engagement ?? NO_ENGAGEMENT;
  // Cards: from the listing index when it holds the book (cards()); otherwise the steady fields kept a minute
  // (forgotten on every catalogue change) and prices and stock read fresh.
  const readCards = cachedCardReader(engagement.cardRatings, COUNT_TTL_MS, 50_000);
  const readRatings = ratingsReader(engagement.cardRatings);
  const shelves = createShelfService(db, cards);
  const searchCacheOn = opts.searchCache !== false;
  const onAnnounceError = opts.onAnnounceError ?? (() => {});
  // The shopper's search in memory (search-index.ts); the database answers searches with filters or by staff,
  // and every search while the index is being built.
  const searchIndex =
    opts.searchIndex === false
      ? undefined
      : new SearchIndexFeed(db, {
          ...(opts.onSearchIndexError ? { onError: opts.onSearchIndexError } : {}),
          ...(opts.onSearchIndexNotice ? { onNotice: opts.onSearchIndexNotice } : {}),
          ...(opts.searchIndexWorkerUrl ? { workerUrl: opts.searchIndexWorkerUrl } : {}),
          ...(opts.searchIndexRebuildMs ? { rebuildMs: opts.searchIndexRebuildMs } : {}),
          ...(opts.searchIndexSnapshotDir ? { snapshotDir: opts.searchIndexSnapshotDir } : {}),
        });
  // Shoppers' listings in memory (listing-index.ts); the database answers staff, author pages, the title sort and
  // every listing until the first build is done. Built in a worker thread where the search index is.
  const listingIndex =
    opts.listingIndex === false
      ? undefined
      : new ListingIndexFeed(db, {
          ...(opts.onSearchIndexError ? { onError: opts.onSearchIndexError } : {}),
          ...(opts.onSearchIndexNotice ? { onNotice: opts.onSearchIndexNotice } : {}),
          ...(opts.searchIndexWorkerUrl ? { workerUrl: opts.searchIndexWorkerUrl, columnsFirst: true } : {}),
          // Its snapshot beside the search index's; rebuilt at least twice a day so the snapshot stays younger than
          // the removal log (an older one is ignored at the next start).
          ...(opts.searchIndexSnapshotDir ? { snapshotDir: opts.searchIndexSnapshotDir, rebuildMs: LISTING_SNAPSHOT_REFRESH_MS } : {}),
        });
  const counts = new TtlCache<BookCount>(COUNT_TTL_MS, 5000);
  const homes = new TtlCache<HomeIds>(HOME_TTL_MS, 50);
  const searches = new TtlCache<RankedSearch>(SEARCH_TTL_MS, 2000);
  // The category names the suggestions match (a rename shows within a minute, or at once after invalidate()).
  const suggestCategoryRows = new TtlCache<CategoryRow[]>(COUNT_TTL_MS, 1);
  const refRows = new TtlCache<{ id: number; slug: string }[]>(COUNT_TTL_MS, 2);
  const suggestionRows = searchCacheOn ? new SuggestionRows() : undefined;
  const words = new SearchWords(db);
  /** Drops the cached answers; with `wordsToo`, the typo dictionary as well (an announced change of words). */
  const forget = (wordsToo = false): void => {
    if (wordsToo) words.forget();
    counts.clear();
    homes.clear();
    searches.clear();
    suggestCategoryRows.clear();
    refRows.clear();
    suggestionRows?.clear();
    readCards.forget();
    searchIndex?.markDirty();
    listingIndex?.markDirty();
  };

  /** The categories (few): read once a minute or after a change, as the suggestions' list. */
  const categoryRows = () => suggestCategoryRows.get('all', () => loadCategoryRows(db));
  /** Ids of publishers or suppliers given as ids or slugs, from their tables read once a minute (tens of rows). */
  const refIds = async (table: 'publishers' | 'suppliers', values: readonly string[]): Promise<number[]> => {
    const rows = await refRows.get(table, () => queryRows<{ id: number; slug: string }>(db, sql`select id, slug from ${sql.identifier(table)}`));
    const ids = new Set(values.filter((v) => /^\d{1,9}$/.test(v)).map(Number));
    const slugs = new Set(values.filter((v) => !/^\d{1,9}$/.test(v)));
    return rows.filter((r) => ids.has(r.id) || slugs.has(r.slug)).map((r) => r.id);
  };

  async function resolveFilter(p: FilterParams, visibleOnly: boolean): Promise<BookFilter> {
    const f: BookFilter = { visibleOnly };
    if (p.category !== undefined || p.categoryId !== undefined) {
      const rows = await categoryRows();
      f.categorySets = [];
      if (p.category !== undefined) {
        // The category of a listing page (/danh-muc/{slug}): unknown is a 404, not an empty page.
        const cat = findCategory(rows, p.category);
        if (!cat) throw notFound('Không tìm thấy danh mục.');
        f.categorySets.push(withDescendants(rows, cat.id));
      }
      if (p.categoryId !== undefined) {
        const cat = findCategory(rows, p.categoryId);
        f.categorySets.push(cat ? withDescendants(rows, cat.id) : []);
      }
    }
    if (p.publisher || p.publisherId !== undefined) {
      const ids = p.publisher ? await refIds('publishers', p.publisher) : [];
      f.publisherIds = p.publisherId !== undefined ? [...ids, p.publisherId] : ids;
    }
    if (p.supplier || p.supplierId !== undefined) {
      const ids = p.supplier ? await refIds('suppliers', p.supplier) : [];
      f.supplierIds = p.supplierId !== undefined ? [...ids, p.supplierId] : ids;
    }
    if (p.status) f.statuses = p.status;
    if (p.language) f.languages = p.language;
    if (p.authorId !== undefined) f.authorId = p.authorId;
    if (p.priceMin !== undefined) f.priceMin = p.priceMin;
    if (p.priceMax !== undefined) f.priceMax = p.priceMax;
    if (p.ageMinYears !== undefined) f.ageMin = p.ageMinYears;
    if (p.ageMaxYears !== undefined) f.ageMax = p.ageMaxYears;
    return f;
  }

  /** The page window, capped at CATALOG_MAX_RESULT_WINDOW rows. */
  function window(page: number, size: number) {
    const offset = page * size;
    return { offset, limit: Math.max(0, Math.min(size, CATALOG_MAX_RESULT_WINDOW - offset)) };
  }

  /** Category slugs by id, made once per read of the categories (they are few and change rarely). */
  const slugMaps = new WeakMap<readonly CategoryRow[], Map<number, string>>();
  const categorySlugs = async () => {
    const rows = await categoryRows();
    let slugs = slugMaps.get(rows);
    if (!slugs) slugMaps.set(rows, (slugs = new Map(rows.map((r) => [r.id, r.slug]))));
    return slugs;
  };

  /**
   * A page's cards: the books the listing index holds from it (their ratings read in one small query), the others
   * (a book hidden from shoppers, or any while the index is not built) from the database.
   */
  async function cards(ids: number[], now: Date): Promise<BookCardDto[]> {
    const index = await listingIndex?.current({ wait: false });
    const held = index ? ids.map((id) => index.card(id)) : [];
    const heldIds = ids.filter((_, i) => held[i]);
    if (heldIds.length === 0) return (await readCards(db, ids)).map((r) => toCard(r, now));
    const missing = ids.filter((_, i) => !held[i]);
    const [rows, ratings, slugs] = await Promise.all([readCards(db, missing), readRatings(db, heldIds), categorySlugs()]);
    const read = new Map(rows.map((r) => [r.id, r]));
    const out: BookCardDto[] = [];
    for (const [i, id] of ids.entries()) {
      const card = held[i];
      if (card) {
        out.push(toIndexCard(card, card.categoryId === null ? null : (slugs.get(card.categoryId) ?? null), ratings.get(id), now));
        continue;
      }
      const row = read.get(id);
      if (row) out.push(toCard(row, now));
    }
    return out;
  }

  // With the caches off (the benchmark), every page counts its total again.
  const countOf = (f: BookFilter, now: Date) => (searchCacheOn ? counts.get(JSON.stringify(f), () => countBooks(db, f, now)) : countBooks(db, f, now));

  async function listPage(f: BookFilter, sort: BookSort, page: number, size: number): Promise<PageResult<BookCardDto>> {
    const now = new Date();
    const { offset, limit } = window(page, size);
    const index = listingIndex && inMemory(f, sort) ? await listingIndex.current() : undefined;
    if (index) {
      // With the caches on, a walking plan's count of the base is remembered per filter while no book changes.
      const countKey = searchCacheOn ? JSON.stringify(f) : undefined;
      const { ids, total } = index.page(f, { field: sort.field as ListingSortField, direction: sort.direction }, offset, limit, now, CATALOG_MAX_RESULT_WINDOW, countKey);
      // Counted exactly up to the cap: the total is a lower bound only at the cap ('hơn 10.000').
      return { ...toPage(await cards(ids, now), total, page, size), totalIsEstimate: total >= CATALOG_MAX_RESULT_WINDOW };
    }
    const [ids, count] = await Promise.all([pageBookIds(db, f, sort, offset, limit, now), countOf(f, now)]);
    return { ...toPage(await cards(ids, now), count.n, page, size), totalIsEstimate: count.estimated };
  }

  /** Which books the home page shows (its blocks' ids), read from the database and cached HOME_TTL_MS. */
  async function homeIds(q: HomeQuery, now: Date): Promise<HomeIds> {
    const base: BookFilter = { visibleOnly: true, statuses: [q.status] };
    // Flash sale: books whose sale runs now, really lowers the price and ends within FLASH_SALE_WINDOW_DAYS,
    // best-selling first (a sale ending in two months is no flash sale).
    const DAY = 24 * 60 * 60 * 1000;
    const saleEndsBefore = new Date(now.getTime() + FLASH_SALE_WINDOW_DAYS * DAY);
    const [saleIds, newIds, newTotal, bestIds, weekIds, tops, rows] = await Promise.all([
      pageBookIds(db, { ...base, onSaleNow: true, saleEndsBefore }, BEST, 0, q.featuredSize, now),
      pageBookIds(db, base, NEWEST, 0, q.newSize, now),
      countOf(base, now).then((c) => c.n),
      pageBookIds(db, base, BEST, 0, q.bestSize, now),
      weeklyBestIds(db, [q.status], new Date(now.getTime() - WEEKLY_BEST_DAYS * DAY), q.bestSize),
      topCategoryRows(db, HOME_CATEGORY_COUNT),
      loadCategoryRows(db),
    ]);
    const perCategory = await Promise.all(
      tops.map((c) => pageBookIds(db, { ...base, categorySets: [withDescendants(rows, c.id)] }, BEST, 0, q.perCategory, now)),
    );
    const categories = tops.map((category, i) => ({ category, ids: perCategory[i] ?? [] }));
    const all = [...new Set([...saleIds, ...newIds, ...bestIds, ...weekIds, ...perCategory.flat()])];
    return { saleIds, newIds, newTotal, bestIds, weekIds, categories, all };
  }

  /** Listings the index in memory answers: shoppers', without an author, on a sort it holds. */
  function inMemory(f: BookFilter, sort: BookSort): boolean {
    return f.visibleOnly && f.authorId === undefined && !f.onSaleNow && ['createdAt', 'sold', 'price', 'id'].includes(sort.field);
  }

  /**
   * A page of a search. Shoppers' searches are cached as ranked ids for SEARCH_TTL_MS (searches repeat: popular
   * terms are most of the traffic); the cards, prices and stock are read fresh on every request.
   */
  async function searchBooks(
    term: string,
    f: BookFilter,
    sort: BookSort | undefined,
    page: number,
    size: number,
  ): Promise<SearchPageResult<BookCardDto>> {
    const now = new Date();
    const ranked = f.visibleOnly && searchCacheOn
      ? await searches.get(JSON.stringify([term, f, sort, page, size]), () => rankSearch(term, f, sort, page, size, now))
      : await rankSearch(term, f, sort, page, size, now);
    const result: SearchPageResult<BookCardDto> = toPage(await cards(ranked.ids, now), ranked.total, page, size);
    if (ranked.didYouMean) result.didYouMean = ranked.didYouMean;
    return result;
  }

  async function rankSearch(
    term: string,
    f: BookFilter,
    sort: BookSort | undefined,
    page: number,
    size: number,
    now: Date,
  ): Promise<RankedSearch> {
    const isbn = isbnOf(term);
    if (isbn) {
      const id = await findVisibleIdByIsbn(db, isbn);
      if (id !== undefined) return { ids: page === 0 ? [id] : [], total: 1 };
    }
    // The index in memory answers the shopper's search without filters; the database every other one, and
    // while the index is being built (search-engine.ts: one algorithm, one ranking for both).
    const index = searchIndex && visibilityOnly(f) && indexAnswers(normalizeTerm(term)) ? await searchIndex.current() : undefined;
    const strategy = index ? memoryStrategy(index) : databaseStrategy(db, f, words, now);
    const { ranked, didYouMean } = await rankedSearch(strategy, () => words.dictionary(), term);
    const { offset, limit } = window(page, size);
    const found = !sort || sort.field === 'relevance'
      ? { ids: ranked.slice(offset, offset + limit).map((c) => c.id), total: ranked.length }
      : await sortedIdsPage(db, ranked.map((c) => c.id), sort, now, offset, limit, f.visibleOnly);
    return { ...found, ...(didYouMean ? { didYouMean } : {}) };
  }

  return {
    async categoryTree(): Promise<CategoryNode[]> {
      return buildCategoryTree(await loadCategoryRows(db));
    },

    async categoryFlat(leavesOnly = false): Promise<CategoryFlatDto[]> {
      const flat = flattenCategoryTree(buildCategoryTree(await loadCategoryRows(db)));
      return leavesOnly ? flat.filter((c) => c.leaf) : flat;
    },

    /** GET /books/catalog: shoppers' listing with filters. */
    async catalog(q: CatalogQuery): Promise<PageResult<BookCardDto>> {
      const f = await resolveFilter(q, true);
      return listPage(f, q.sort ?? NEWEST, q.page, q.size);
    },

    /** GET /books/search: relevance first unless another sort is asked for; blank q is the plain listing. */
    async search(q: SearchQuery): Promise<SearchPageResult<BookCardDto>> {
      const f = await resolveFilter(q, true);
      if (!q.q) return listPage(f, q.sort && q.sort.field !== 'relevance' ? q.sort : NEWEST, q.page, q.size);
      return searchBooks(q.q, f, q.sort, q.page, q.size);
    },

    /** GET /books: the plain list; staff see every status (the back-office list), with q as a search. */
    async list(q: BookListQuery, user?: AuthUser): Promise<PageResult<BookCardDto>> {
      const f = await resolveFilter(q, !isStaff(user));
      if (q.q) return searchBooks(q.q, f, q.sort, q.page, q.size);
      return listPage(f, q.sort && q.sort.field !== 'relevance' ? q.sort : NEWEST, q.page, q.size);
    },

    /** GET /books/suggest: books, authors and categories matching what the shopper is typing. */
    async suggest(q: SuggestQuery): Promise<SuggestionsDto> {
      const term = suggestTerm(q.q);
      if (!term) return EMPTY_SUGGESTIONS;
      const now = new Date();
      const index = searchIndex && indexAnswers(term.norm) ? await searchIndex.current() : undefined;
      const chosen = index?.suggest(term.tokens, term.norm, SUGGEST_BOOKS, SUGGEST_AUTHORS);
      const [{ books, authors }, categories] = await Promise.all([
        chosen
          ? suggestionsByIds(db, chosen.bookIds, chosen.authorIds, now, suggestionRows)
          : Promise.all([suggestBooks(db, term.norm, now), suggestAuthors(db, term.tokens, term.norm)]).then(([b, a]) => ({ books: b, authors: a })),
        categoryRows(),
      ]);
      return { books, authors, categories: suggestCategories(categories, term.norm) };
    },

    async home(q: HomeQuery): Promise<HomeDataDto> {
      const now = new Date();
      const ids = await homes.get(JSON.stringify(q), () => homeIds(q, now));
      // The cards are made fresh (prices and stock as the listings show them): only which books is cached.
      const byId = new Map((await cards(ids.all, now)).map((c) => [c.id, c]));
      const pick = (list: number[]) => list.map((id) => byId.get(id)).filter((c): c is BookCardDto => c !== undefined);
      return {
        featuredSale: pick(ids.saleIds),
        newest: toPage(pick(ids.newIds), ids.newTotal, 0, Math.max(1, q.newSize)),
        bestSellers: pick(ids.bestIds),
        bestSellersWeek: pick(ids.weekIds),
        categories: ids.categories.map(({ category, ids: list }) => ({ category, books: pick(list) })).filter((block) => block.books.length > 0),
      };
    },

    async book(by: { id: number } | { slug: string }, user?: AuthUser): Promise<BookDto> {
      const row = await loadBookDetailRow(db, by);
      if (!row || (!isVisibleStatus(row.status) && !isStaff(user))) throw notFound('Không tìm thấy sách.');
      const engagementOf = await engagement.lookup(db, [row.id], user?.id);
      return toBookDto(row, engagementOf.get(row.id), new Date());
    },

    /** Catalogue cards of the given books, in that order (books that do not exist are left out). */
    cards(ids: number[]): Promise<BookCardDto[]> {
      return cards(ids, new Date());
    },

    /** GET /books/{id}/related (related.ts); the best sellers per category are a report (reports/top-selling.ts). */
    related: shelves.related,

    /**
     * After a catalogue write (books, categories, prices, stock, images): forgets this instance's cached totals,
     * searches, home page and search words at once, and announces the change (with WORDS_CHANGED) so every other
     * instance forgets them too and reads the changed books' words into its index before its next search. A
     * stock change announced by an order brings no words: the dictionaries stay.
     */
    invalidate(): void {
      forget(true);
      announceCatalogChange(db, WORDS_CHANGED).catch((err: unknown) => onAnnounceError(err));
    },

    /** Forgets this instance's caches only (a change announced by an instance, or a lost listen connection). */
    forget,

    /**
     * Builds the indexes now (server start) instead of at the first use: the search index first, as readiness
     * waits for it, then the listing index, so the two do not share the machine's cores (PostgreSQL answers
     * listings until then).
     */
    preloadSearchIndex(): void {
      void (searchIndex?.preload() ?? Promise.resolve()).then(() => listingIndex?.preload());
    },

    /** The listing index's size, or null while it is built or turned off (benchmark). */
    listingIndexStats() {
      return listingIndex?.stats() ?? null;
    },

    /** False while a new instance builds its first search index (readiness; see SearchIndexFeed.ready). */
    searchIndexReady(): boolean {
      return searchIndex?.ready() ?? true;
    },

    /** The search index's size, or null while it is built or turned off (readiness answer, benchmark). */
    searchIndexStats() {
      return searchIndex?.stats() ?? null;
    },
  };
}

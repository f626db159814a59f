// How the storefront's list pages turn their URL into API parameters. The web app's pages and the server (which
// writes the first page's data into the HTML) use the same functions, so both ask for exactly the same list.
// No schema library here. Not in the web app's first load either (only the list pages and their loaders import it):
// what the header and the home page need of the catalogue's parameters lives in search-text.ts and catalog-rules.ts.
import { CATEGORY_PAGE_SIZES, PRICE_FILTER_MAX, PRICE_FILTER_MIN, PRICE_FILTER_STEP, SEARCH_PAGE_SIZE } from './catalog-rules.ts';
import { AGE_FILTER_OPTIONS, LANGUAGES, priceFilterParams, type BookSortName, type BookStatus, type Language } from './catalog-types.ts';
import { normaliseSearchTerm } from './search-text.ts';

/** Filters and paging of GET /books/catalog (and of /books/search, which adds q). */
export interface CatalogParams {
  category?: string;
  publisher?: string;
  supplier?: string;
  language?: string;
  status?: BookStatus;
  priceMin?: number;
  priceMax?: number;
  ageMinYears?: number;
  ageMaxYears?: number;
  /** A named sort (NEWEST, BEST, PRICE_ASC, PRICE_DESC, RELEVANCE) or a field with `direction`. */
  sort?: string;
  direction?: 'ASC' | 'DESC';
  /** Zero-based. */
  page: number;
  size: number;
}

export interface SearchParams extends Omit<CatalogParams, 'category'> {
  q: string;
}

/**
 * The state of a category listing, kept entirely in the URL query so a listing can be shared and back/forward
 * works (spec section 2). Page is zero-based in the URL, as the API and the search URL count it.
 */
export interface ListingState {
  page: number;
  size: number;
  sort: ListingSort;
  publisher?: string;
  supplier?: string;
  language?: Language;
  /** Inside the slider range; the extreme ends are stored as undefined (no bound). */
  priceMin?: number;
  priceMax?: number;
  /** ageMinYears: 6, 12, 16 or 18; undefined = 'Tất cả'. */
  age?: number;
}

export const LISTING_SORTS = ['NEWEST', 'BEST', 'PRICE_ASC', 'PRICE_DESC'] as const satisfies readonly BookSortName[];
export type ListingSort = (typeof LISTING_SORTS)[number];
const DEFAULT_SORT: ListingSort = 'NEWEST';
const DEFAULT_SIZE = CATEGORY_PAGE_SIZES[0];

const AGE_VALUES = AGE_FILTER_OPTIONS.map((o) => o.value).filter((v): v is Exclude<typeof v, 'ALL'> => v !== 'ALL') as number[];

const intOf = (v: string | null): number | undefined => (v !== null && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : undefined);
const textOf = (v: string | null): string | undefined => {
  const t = v?.trim().slice(0, 200);
  return t ? t : undefined;
};

/** Snaps a price to the slider step inside its range. */
const snapPrice = (n: number) => Math.min(PRICE_FILTER_MAX, Math.max(PRICE_FILTER_MIN, Math.round(n / PRICE_FILTER_STEP) * PRICE_FILTER_STEP));

export function parseListing(params: URLSearchParams): ListingState {
  const size = intOf(params.get('size'));
  const sort = params.get('sort')?.toUpperCase();
  const lang = params.get('language')?.toUpperCase();
  const age = intOf(params.get('age'));
  let priceMin = intOf(params.get('priceMin'));
  let priceMax = intOf(params.get('priceMax'));
  if (priceMin !== undefined) priceMin = snapPrice(priceMin);
  if (priceMax !== undefined) priceMax = snapPrice(priceMax);
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  const bounds = priceFilterParams(priceMin ?? PRICE_FILTER_MIN, priceMax ?? PRICE_FILTER_MAX);
  return {
    page: intOf(params.get('page')) ?? 0,
    size: size !== undefined && (CATEGORY_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_SIZE,
    sort: (LISTING_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ListingSort) : DEFAULT_SORT,
    publisher: textOf(params.get('publisher')),
    supplier: textOf(params.get('supplier')),
    language: (LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as Language) : undefined,
    priceMin: bounds.priceMin,
    priceMax: bounds.priceMax,
    age: age !== undefined && AGE_VALUES.includes(age) ? age : undefined,
  };
}

/** The URL query of a state; defaults are left out so URLs stay short. */
export function listingSearch(state: ListingState): string {
  const p = new URLSearchParams();
  if (state.publisher) p.set('publisher', state.publisher);
  if (state.supplier) p.set('supplier', state.supplier);
  if (state.language) p.set('language', state.language);
  if (state.priceMin !== undefined) p.set('priceMin', String(state.priceMin));
  if (state.priceMax !== undefined) p.set('priceMax', String(state.priceMax));
  if (state.age !== undefined) p.set('age', String(state.age));
  if (state.sort !== DEFAULT_SORT) p.set('sort', state.sort);
  if (state.size !== DEFAULT_SIZE) p.set('size', String(state.size));
  if (state.page > 0) p.set('page', String(state.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** A change of anything but the page goes back to the first page. */
export function withChange(state: ListingState, change: Partial<ListingState>): ListingState {
  const next = { ...state, ...change };
  if (!('page' in change)) next.page = 0;
  return next;
}

export const hasFilters = (s: ListingState) =>
  !!(s.publisher || s.supplier || s.language || s.priceMin !== undefined || s.priceMax !== undefined || s.age !== undefined);

export function clearFilters(s: ListingState): ListingState {
  return { page: 0, size: s.size, sort: s.sort };
}

/** The API parameters (GET /books/catalog): age sent as ageMinYears only when numeric. */
export function catalogParams(category: string, s: ListingState): CatalogParams {
  return {
    category,
    publisher: s.publisher,
    supplier: s.supplier,
    language: s.language,
    priceMin: s.priceMin,
    priceMax: s.priceMax,
    ageMinYears: s.age,
    sort: s.sort,
    page: s.page,
    size: s.size,
  };
}

/** The sort links of the search results (field + direction as the search form sends them). */
export const SEARCH_SORTS = [
  { key: 'relevance', label: 'Liên quan', sort: 'relevance', direction: 'DESC' },
  { key: 'newest', label: 'Mới nhất', sort: 'createdAt', direction: 'DESC' },
  { key: 'best', label: 'Bán chạy', sort: 'sold', direction: 'DESC' },
  { key: 'price-asc', label: 'Giá tăng', sort: 'price', direction: 'ASC' },
  { key: 'price-desc', label: 'Giá giảm', sort: 'price', direction: 'DESC' },
] as const;

export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Which link the URL's sort/direction is (createdAt DESC is 'Mới nhất'; none is relevance, the header form's). */
function currentSearchSort(sort: string | null, direction: string | null): SearchSort {
  const s = (sort ?? '').toLowerCase();
  const d = (direction ?? '').toUpperCase();
  if (s === 'relevance') return SEARCH_SORTS[0];
  if (s === 'sold' || s === 'best') return SEARCH_SORTS[2];
  if (s === 'price' || s === 'price_asc' || s === 'price_desc') return s === 'price_desc' || (s === 'price' && d === 'DESC') ? SEARCH_SORTS[4] : SEARCH_SORTS[3];
  if (s === 'createdat' || s === 'newest') return SEARCH_SORTS[1];
  return SEARCH_SORTS[0];
}

/** What /search?q=…&sort=…&direction=…&page=…&size=… asks of GET /books/search (q empty: nothing to search). */
export function searchPageParams(params: URLSearchParams): { params: SearchParams; sort: SearchSort } {
  const q = normaliseSearchTerm(params.get('q') ?? '');
  const sort = currentSearchSort(params.get('sort'), params.get('direction'));
  const pageRaw = Number.parseInt(params.get('page') ?? '0', 10);
  const page = Number.isFinite(pageRaw) && pageRaw > 0 ? pageRaw : 0;
  const sizeRaw = Number.parseInt(params.get('size') ?? '', 10);
  const size = Number.isFinite(sizeRaw) && sizeRaw > 0 && sizeRaw <= 100 ? sizeRaw : SEARCH_PAGE_SIZE;
  return { params: { q, sort: sort.sort, direction: sort.direction, page, size }, sort };
}

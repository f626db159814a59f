import type { PageResult } from './envelope.ts';
import { PRICE_FILTER_MIN, PRICE_FILTER_MAX } from './catalog-rules.ts';

// Catalogue enums, labels, sorts and DTOs with no schema library: the storefront's listing pages use them
// without loading Zod. The query schemas are in catalog.ts.

// ---------------------------------------------------------------------------------------------------------
// Enums (stored values) and their Vietnamese labels

export const BOOK_STATUSES = ['ACTIVE', 'INACTIVE', 'DRAFT', 'OUT_OF_STOCK'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];
/** Statuses a shopper can see; INACTIVE and DRAFT exist only in the back-office. */
export const VISIBLE_BOOK_STATUSES = ['ACTIVE', 'OUT_OF_STOCK'] as const satisfies readonly BookStatus[];
export const isVisibleStatus = (status: string): boolean => (VISIBLE_BOOK_STATUSES as readonly string[]).includes(status);
export const BOOK_STATUS_LABELS: Record<BookStatus, string> = {
  ACTIVE: 'Đang bán',
  INACTIVE: 'Ngừng bán',
  DRAFT: 'Bản nháp',
  OUT_OF_STOCK: 'Hết hàng',
};

/**
 * Stored language codes: ISO 639-1 in upper case, plus OTHER. The admin form of the spec uses JP, KR and CN;
 * those are accepted everywhere as aliases (LANGUAGE_ALIASES) and stored as JA, KO and ZH.
 */
export const LANGUAGES = ['VI', 'EN', 'JA', 'KO', 'ZH', 'FR', 'DE', 'RU', 'ES', 'OTHER'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_ALIASES: Readonly<Record<string, Language>> = { JP: 'JA', KR: 'KO', CN: 'ZH' };
export const LANGUAGE_LABELS: Record<Language, string> = {
  VI: 'Tiếng Việt',
  EN: 'Tiếng Anh',
  JA: 'Tiếng Nhật',
  KO: 'Tiếng Hàn',
  ZH: 'Tiếng Trung',
  FR: 'Tiếng Pháp',
  DE: 'Tiếng Đức',
  RU: 'Tiếng Nga',
  ES: 'Tiếng Tây Ban Nha',
  OTHER: 'Ngôn ngữ khác',
};
/** 'jp' -> 'JA', 'vi' -> 'VI'; unknown codes give undefined. */
export function normalizeLanguage(value: string | null | undefined): Language | undefined {
  if (!value) return undefined;
  const code = value.trim().toUpperCase();
  if ((LANGUAGES as readonly string[]).includes(code)) return code as Language;
  return LANGUAGE_ALIASES[code];
}

export const COVER_TYPES = ['PAPERBACK', 'HARDCOVER', 'OTHER'] as const;
export type CoverType = (typeof COVER_TYPES)[number];
export const COVER_TYPE_LABELS: Record<CoverType, string> = { PAPERBACK: 'Bìa mềm', HARDCOVER: 'Bìa cứng', OTHER: 'Khác' };

/** Stored age ratings (the admin form's values); each has a minimum reader age used by the age filters. */
export const AGE_RATINGS = ['ALL', '_6PLUS', '_12PLUS', '_16PLUS', '_18PLUS'] as const;
export type AgeRating = (typeof AGE_RATINGS)[number];
export const AGE_RATING_MIN_YEARS: Record<AgeRating, number> = { ALL: 0, _6PLUS: 6, _12PLUS: 12, _16PLUS: 16, _18PLUS: 18 };
export const AGE_RATING_LABELS: Record<AgeRating, string> = {
  ALL: 'Mọi lứa tuổi',
  _6PLUS: 'Từ 6 tuổi',
  _12PLUS: 'Từ 12 tuổi',
  _16PLUS: 'Từ 16 tuổi',
  _18PLUS: 'Từ 18 tuổi',
};
/** The customer-facing groups of the spec (ALL, KID, TEEN, ADULT). */
export type AgeGroup = 'ALL' | 'KID' | 'TEEN' | 'ADULT';
export const AGE_RATING_GROUP: Record<AgeRating, AgeGroup> = {
  ALL: 'ALL',
  _6PLUS: 'KID',
  _12PLUS: 'TEEN',
  _16PLUS: 'TEEN',
  _18PLUS: 'ADULT',
};
/** Options of the storefront age filter; the value is sent as ageMinYears ('ALL' sends nothing). */
export const AGE_FILTER_OPTIONS = [
  { value: 'ALL', label: 'Tất cả' },
  { value: 6, label: 'Trên 6 tuổi' },
  { value: 12, label: 'Trên 12 tuổi' },
  { value: 16, label: 'Trên 16 tuổi' },
  { value: 18, label: 'Trên 18 tuổi' },
] as const;

// ---------------------------------------------------------------------------------------------------------
// Constants of the storefront lists (spec section 9)



/** Query parameters of the price slider: the extreme ends are not sent. */
export function priceFilterParams(min: number, max: number): { priceMin?: number; priceMax?: number } {
  return {
    ...(min > PRICE_FILTER_MIN ? { priceMin: min } : {}),
    ...(max < PRICE_FILTER_MAX ? { priceMax: max } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Sorting

/** Named sorts of the storefront; NEWEST is the default. RELEVANCE applies to searches only. */
export const BOOK_SORTS = ['NEWEST', 'BEST', 'PRICE_ASC', 'PRICE_DESC', 'RELEVANCE'] as const;
export type BookSortName = (typeof BOOK_SORTS)[number];
export const BOOK_SORT_LABELS: Record<BookSortName, string> = {
  NEWEST: 'Mới nhất',
  BEST: 'Bán chạy',
  PRICE_ASC: 'Giá tăng dần',
  PRICE_DESC: 'Giá giảm dần',
  RELEVANCE: 'Phù hợp nhất',
};
/** Field names accepted as `sort` (with `direction`), e.g. sort=createdAt&direction=DESC or sort=price,asc. */
export const BOOK_SORT_FIELDS = ['createdAt', 'price', 'sold', 'title', 'id', 'relevance'] as const;
export type BookSortField = (typeof BOOK_SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';
export interface BookSort {
  /** price means the price the shopper pays now (effective price). */
  field: BookSortField;
  direction: SortDirection;
}

const SORT_BY_NAME: Record<BookSortName, BookSort> = {
  NEWEST: { field: 'createdAt', direction: 'desc' },
  BEST: { field: 'sold', direction: 'desc' },
  PRICE_ASC: { field: 'price', direction: 'asc' },
  PRICE_DESC: { field: 'price', direction: 'desc' },
  RELEVANCE: { field: 'relevance', direction: 'desc' },
};
/** Direction of a field sort when none is given: newest, best-selling and relevance first; price and title A-Z. */
const DEFAULT_DIRECTION: Record<BookSortField, SortDirection> = {
  createdAt: 'desc',
  sold: 'desc',
  relevance: 'desc',
  id: 'desc',
  price: 'asc',
  title: 'asc',
};
const FIELD_ALIASES: Record<string, BookSortField> = {
  createdat: 'createdAt',
  created_at: 'createdAt',
  newest: 'createdAt',
  price: 'price',
  effectiveprice: 'price',
  sold: 'sold',
  title: 'title',
  id: 'id',
  relevance: 'relevance',
};

/**
 * Reads `sort` (a name like NEWEST or a field like createdAt, optionally 'field,dir') and `direction`
 * (ASC/DESC, any case). Returns undefined when either is not understood.
 */
export function parseBookSort(sort: string | undefined, direction?: string): BookSort | undefined {
  let dir: SortDirection | undefined;
  if (direction !== undefined) {
    const d = direction.trim().toLowerCase();
    if (d !== 'asc' && d !== 'desc') return undefined;
    dir = d;
  }
  if (sort === undefined) return { ...SORT_BY_NAME.NEWEST, ...(dir ? { direction: dir } : {}) };
  const [rawField = '', rawDir, ...rest] = sort.split(',').map((s) => s.trim());
  if (rest.length) return undefined;
  if (rawDir !== undefined) {
    const d = rawDir.toLowerCase();
    if (d !== 'asc' && d !== 'desc') return undefined;
    dir ??= d;
  }
  const named = SORT_BY_NAME[rawField.toUpperCase() as BookSortName];
  // A named sort carries its own direction (PRICE_ASC stays ascending whatever `direction` says).
  if (named && rawDir === undefined) return named;
  const field = FIELD_ALIASES[rawField.toLowerCase()];
  if (!field) return undefined;
  return { field, direction: dir ?? DEFAULT_DIRECTION[field] };
}

// ---------------------------------------------------------------------------------------------------------
// DTOs

export interface NamedRef {
  id: number;
  name: string;
  slug: string;
}
export type CategoryRef = NamedRef;
export type AuthorDto = NamedRef;
export type PublisherDto = NamedRef;
export type SupplierDto = NamedRef;

export interface BookImageVariants {
  thumb: string;
  medium: string;
  large: string;
  xlarge: string;
}
export interface BookImageDto {
  id: number;
  url: string;
  sortOrder: number;
  variants: BookImageVariants;
}

/** A book as the product page shows it (spec section 3, Book). Dates are ISO 8601 strings. */
export interface BookDto {
  id: number;
  slug: string;
  title: string;
  /** The original edition's title of a translated book (searched too), else null. */
  originalTitle: string | null;
  sku: string | null;
  isbn13: string;
  /** URL of the cover (first image, medium variant); null when the book has no image. */
  thumbnail: string | null;
  images: BookImageDto[];
  price: number;
  salePrice: number | null;
  /** The price the shopper pays now: salePrice while the sale is active, else price. */
  effectivePrice: number;
  saleStartAt: string | null;
  saleEndAt: string | null;
  sold: number;
  createdAt: string;
  updatedAt: string;
  /** Sanitised HTML. */
  description: string;
  supplier: SupplierDto | null;
  publisher: PublisherDto | null;
  authors: AuthorDto[];
  /** The first one is the breadcrumb category. */
  categories: CategoryRef[];
  publicationYear: number | null;
  language: Language;
  coverType: CoverType;
  ageRating: AgeRating;
  ageMinYears: number;
  weightGram: number | null;
  widthCm: number | null;
  heightCm: number | null;
  thicknessCm: number | null;
  pageCount: number;
  stock: number;
  status: BookStatus;
  likedByMe: boolean;
  favoriteCount: number;
  ratingAverage: number;
  ratingCount: number;
}

/** A book in a list (catalogue, search, home). */
export interface BookCardDto {
  id: number;
  slug: string;
  title: string;
  thumbnail: string | null;
  price: number;
  salePrice: number | null;
  effectivePrice: number;
  saleStartAt: string | null;
  saleEndAt: string | null;
  sold: number;
  createdAt: string;
  authors: AuthorDto[];
  status: BookStatus;
  stock: number;
  ratingAverage: number;
  ratingCount: number;
  /** Slug of the breadcrumb category, for /danh-muc/{categorySlug}/{slug} links; null when uncategorised. */
  categorySlug: string | null;
}

export interface CategoryNode {
  id: number;
  name: string;
  slug: string;
  parentId: number | null;
  sortOrder: number;
  leaf: boolean;
  children: CategoryNode[];
}

/** A category of the flat lists: tree order (depth first), with its depth (0 = top level). */
export interface CategoryFlatDto {
  id: number;
  name: string;
  slug: string;
  parentId: number | null;
  sortOrder: number;
  leaf: boolean;
  depth: number;
}

export interface HomeCategoryBlock {
  category: CategoryRef;
  books: BookCardDto[];
}

/** GET /books/home (spec: Home data featuredSale, bestSellers; new products paged). */
export interface HomeDataDto {
  /** Books whose sale is active now and ends within FLASH_SALE_WINDOW_DAYS, best-selling first. */
  featuredSale: BookCardDto[];
  /** First page of the newest books; later pages via /books/catalog?sort=NEWEST&page=N&size=15. */
  newest: PageResult<BookCardDto>;
  bestSellers: BookCardDto[];
  /** "Bán chạy tuần này": most units ordered in the last WEEKLY_BEST_DAYS days (net of cancellations), at most bestSize. */
  bestSellersWeek: BookCardDto[];
  categories: HomeCategoryBlock[];
}

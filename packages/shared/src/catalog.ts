import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, HOME_NEW_PAGE_SIZE, SEARCH_TERM_MAX } from './constants.ts';
import { HOME_PER_CATEGORY, HOME_FEATURED_SIZE, HOME_BEST_SIZE, SEARCH_PAGE_SIZE, CATALOG_MAX_PAGE_SIZE } from './catalog-rules.ts';
import { BOOK_STATUSES, VISIBLE_BOOK_STATUSES, LANGUAGES, normalizeLanguage, BOOK_SORTS, parseBookSort } from './catalog-types.ts';
import { pageParam, queryId, queryInt, queryScalar, sizeParam, text } from './input.ts';

/**
 * Catalogue: enums, DTOs and the query parameters of the catalogue calls (spec sections 3, 5, 7 and 9).
 */

// ---------------------------------------------------------------------------------------------------------
// Query parameters (spec sections 5 and 7). Blank values are dropped; numbers that are not numbers are 400.

const scalar = queryScalar;

const intParam = (name: string, min: number, max?: number) => queryInt(name, min, max);

/** A list given as repeated parameters or comma-separated: '1,2' or ['1','2']; blank items dropped. */
const listParam = z.preprocess((v) => {
  const items = (Array.isArray(v) ? v : [v])
    .flatMap((x) => (typeof x === 'string' ? x.split(',') : x === undefined || x === null ? [] : [String(x)]))
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length ? items : undefined;
}, z.array(text('Giá trị').max(200)).max(50, 'Tối đa 50 giá trị.').optional());

const statusList = listParam.pipe(
  z.array(z.enum(BOOK_STATUSES, { error: `status phải là một trong ${BOOK_STATUSES.join(', ')}.` })).optional(),
);
const languageList = listParam.pipe(
  z
    .array(
      z.string().transform((v, ctx) => {
        const lang = normalizeLanguage(v);
        if (!lang) {
          ctx.addIssue({ code: 'custom', message: `language phải là một trong ${LANGUAGES.join(', ')}.` });
          return z.NEVER;
        }
        return lang;
      }),
    )
    .optional(),
);
/** 'ALL' (any case) means no age filter (spec section 5). */
const ageParam = (name: string) =>
  z.preprocess((v) => {
    const s = scalar(v);
    return typeof s === 'string' && s.trim().toUpperCase() === 'ALL' ? undefined : s;
  }, intParam(name, 0, 99));

/** The search term: trimmed and cut to 128 characters; blank is absent (spec section 5). */
export const searchTermParam = z.preprocess(
  scalar,
  text('Từ khoá')
    .transform((s) => s.trim().slice(0, SEARCH_TERM_MAX).trim() || undefined)
    .optional(),
);

const sortFields = {
  sort: z.preprocess(scalar, text('sort').max(40).optional()),
  direction: z.preprocess(scalar, text('direction').max(10).optional()),
};

/** Adds a 'sort' issue when sort/direction are not understood, and gives the parsed sort. */
function withSort<T extends { sort?: string; direction?: string }>(v: T, ctx: z.RefinementCtx, allowRelevance: boolean) {
  const parsed = v.sort === undefined && v.direction === undefined ? undefined : parseBookSort(v.sort, v.direction);
  if ((v.sort !== undefined || v.direction !== undefined) && (!parsed || (!allowRelevance && parsed.field === 'relevance'))) {
    ctx.addIssue({
      code: 'custom',
      path: [v.direction !== undefined && v.sort === undefined ? 'direction' : 'sort'],
      message: `Cách sắp xếp không hợp lệ: dùng ${BOOK_SORTS.filter((s) => allowRelevance || s !== 'RELEVANCE').join(', ')} hoặc createdAt, price, sold, title kèm direction ASC/DESC.`,
    });
    return z.NEVER;
  }
  const { sort: _s, direction: _d, ...rest } = v;
  return { ...rest, sort: parsed };
}

const catalogFilterFields = {
  /** Category slug or id; includes every descendant category. */
  category: z.preprocess(scalar, text('category').max(200).optional()),
  /** Publisher ids or slugs. */
  publisher: listParam,
  /** Supplier ids or slugs. */
  supplier: listParam,
  language: languageList,
  status: statusList,
  /** On the price the shopper pays now. */
  priceMin: intParam('priceMin', 0),
  priceMax: intParam('priceMax', 0),
  /** Range of the book's minimum reader age (ALL 0, 6, 12, 16, 18). */
  ageMinYears: ageParam('ageMinYears'),
  ageMaxYears: ageParam('ageMaxYears'),
  authorId: queryId('authorId'),
  categoryId: queryId('categoryId'),
  publisherId: queryId('publisherId'),
  supplierId: queryId('supplierId'),
};

const rangeCheck = (v: { priceMin?: number; priceMax?: number; ageMinYears?: number; ageMaxYears?: number }, ctx: z.RefinementCtx) => {
  if (v.priceMin !== undefined && v.priceMax !== undefined && v.priceMin > v.priceMax) {
    ctx.addIssue({ code: 'custom', path: ['priceMax'], message: 'priceMax phải lớn hơn hoặc bằng priceMin.' });
  }
  if (v.ageMinYears !== undefined && v.ageMaxYears !== undefined && v.ageMinYears > v.ageMaxYears) {
    ctx.addIssue({ code: 'custom', path: ['ageMaxYears'], message: 'ageMaxYears phải lớn hơn hoặc bằng ageMinYears.' });
  }
};

/** GET /books/catalog. */
export const catalogQuerySchema = z
  .object({ ...catalogFilterFields, ...sortFields, page: pageParam(), size: sizeParam(DEFAULT_PAGE_SIZE, CATALOG_MAX_PAGE_SIZE) })
  .superRefine(rangeCheck)
  .transform((v, ctx) => withSort(v, ctx, false));
export type CatalogQueryInput = z.input<typeof catalogQuerySchema>;
export type CatalogQuery = z.output<typeof catalogQuerySchema>;

/** GET /books/search: q plus the catalogue parameters; sort defaults to RELEVANCE when q is given. */
export const searchQuerySchema = z
  .object({ q: searchTermParam, ...catalogFilterFields, ...sortFields, page: pageParam(), size: sizeParam(SEARCH_PAGE_SIZE, CATALOG_MAX_PAGE_SIZE) })
  .superRefine(rangeCheck)
  .transform((v, ctx) => withSort(v, ctx, true));
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** GET /books (the plain and back-office list; q searches like /books/search). */
export const bookListQuerySchema = z
  .object({ q: searchTermParam, ...catalogFilterFields, ...sortFields, page: pageParam(), size: sizeParam(DEFAULT_PAGE_SIZE, CATALOG_MAX_PAGE_SIZE) })
  .superRefine(rangeCheck)
  .transform((v, ctx) => withSort(v, ctx, true));
export type BookListQuery = z.output<typeof bookListQuerySchema>;

/** GET /books/home. */
export const homeQuerySchema = z.object({
  status: z.preprocess(scalar, z.enum(VISIBLE_BOOK_STATUSES, { error: 'status phải là ACTIVE hoặc OUT_OF_STOCK.' }).default('ACTIVE')),
  featuredSize: queryInt('featuredSize', 0, 48).transform((v) => v ?? HOME_FEATURED_SIZE),
  newSize: queryInt('newSize', 0, 48).transform((v) => v ?? HOME_NEW_PAGE_SIZE),
  bestSize: queryInt('bestSize', 0, 48).transform((v) => v ?? HOME_BEST_SIZE),
  perCategory: queryInt('perCategory', 0, 24).transform((v) => v ?? HOME_PER_CATEGORY),
});
export type HomeQuery = z.output<typeof homeQuerySchema>;

/** Default and largest `limit` of GET /books/{id}/related (and the largest per category of GET /books/top-selling). */
export const BOOK_SHELF_DEFAULT_LIMIT = 12;
export const BOOK_SHELF_MAX_LIMIT = 48;

/** GET /books/{id}/related: how many cards, 1..48 (default 12). */
export const bookShelfQuerySchema = z.object({
  limit: queryInt('limit', 1, BOOK_SHELF_MAX_LIMIT).transform((v) => v ?? BOOK_SHELF_DEFAULT_LIMIT),
});
export type BookShelfQuery = z.output<typeof bookShelfQuerySchema>;

/**
 * A row of GET /books/top-selling: one of the best sellers of a top-level category (its books and its
 * sub-categories' books), ranked by copies sold. `lastWeekSold` is the copies of the last 7 days, `growthPercent`
 * its change over the 7 days before (one decimal; 100 when nothing sold then, 0 when nothing sold in either).
 */
export interface TopSellingRowDto {
  /** The top-level category's name (rows are grouped by it). */
  category: string;
  categoryId: number;
  categorySlug: string;
  bookId: number;
  slug: string;
  title: string;
  /** The authors' names joined by ', ' ('' when none). */
  authorNames: string;
  imageUrl: string | null;
  sold: number;
  lastWeekSold: number;
  growthPercent: number;
  /** 1 for the category's best seller. */
  rank: number;
}

// Constants of the storefront lists (spec section 9), with no schema library: the web app's first load uses them.
import { HOME_NEW_PAGE_SIZE } from './constants.ts';

export const CATEGORY_PAGE_SIZES = [12, 24, 36] as const;
export const HOME_PER_CATEGORY = 8;
export const HOME_FEATURED_SIZE = 12;
export const HOME_BEST_SIZE = 12;

/** GET /books/home with the spec's parameters (status ACTIVE, perCategory 8). */
export const HOME_QUERY = {
  status: 'ACTIVE',
  featuredSize: HOME_FEATURED_SIZE,
  newSize: HOME_NEW_PAGE_SIZE,
  bestSize: HOME_BEST_SIZE,
  perCategory: HOME_PER_CATEGORY,
} as const;
/** Top-level categories on the home page (the category menu also shows 10). */
export const HOME_CATEGORY_COUNT = 10;
export const SEARCH_PAGE_SIZE = 20;
/** Largest page the catalogue calls return. */
export const CATALOG_MAX_PAGE_SIZE = 100;
/**
 * Rows reachable by paging (page * size + size), and the most totalElements says: deeper pages answer empty
 * content, because a deep OFFSET on a million books costs a full index walk, and counting past the last reachable
 * row costs a scan of every match. Search engines cap the same way; the web shows '10.000+' at the cap.
 */
export const CATALOG_MAX_RESULT_WINDOW = 10_000;
/** True when a total is the cap rather than an exact count. */
export const isCappedTotal = (totalElements: number): boolean => totalElements >= CATALOG_MAX_RESULT_WINDOW;
/**
 * How a listing's total reads ('hơn 10.000', 'khoảng 7.300', '1.234'): a total the API marks as not exact
 * (totalIsEstimate) is the cap, a lower bound, or the database's estimate. `format` is the app's number format.
 */
export function listingTotalText(total: number, isEstimate: boolean | undefined, format: (n: number) => string): string {
  if (isEstimate && isCappedTotal(total)) return `hơn ${format(CATALOG_MAX_RESULT_WINDOW)}`;
  if (isEstimate) return `khoảng ${format(total)}`;
  return format(total);
}
/**
 * A search ranks at most this many matches (the best-selling ones, plus every title starting with the term); the
 * totalElements of a search is the number ranked.
 */
export const SEARCH_MAX_RESULTS = 300;
/** Storefront price slider (spec section 5): its extreme ends mean "no bound". */
export const PRICE_FILTER_MIN = 0;
export const PRICE_FILTER_MAX = 2_000_000;
export const PRICE_FILTER_STEP = 1_000;

// The engagement rules with no schema library (star input, page sizes, sorts): the web app's first load uses them.

export const RATING_SCORE_MIN = 1;
export const RATING_SCORE_MAX = 5;
/** The rating form starts at 5 stars (spec section 5). */
export const RATING_SCORE_DEFAULT = 5;
export const RATING_SCORES = [1, 2, 3, 4, 5] as const;
export type RatingScore = (typeof RATING_SCORES)[number];

export const REVIEW_CONTENT_MAX = 2000;
export const COMMENT_CONTENT_MAX = 2000;
/** Reviews per page (spec section 9). */
export const REVIEWS_PAGE_SIZE = 5;
export const COMMENTS_PAGE_SIZE = 10;
/** Favourites page size, and the page size of the full sync (spec section 9). */
export const FAVOURITES_PAGE_SIZE = 20;
export const FAVOURITES_SYNC_PAGE_SIZE = 200;

export const REVIEW_SORTS = ['new', 'old', 'high', 'low'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
/** 'top' = most liked first. */
export const COMMENT_SORTS = ['new', 'old', 'top'] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];

/** Shown (as plain text) in place of a deleted comment that still has visible replies. */
export const DELETED_COMMENT_TEXT = 'Bình luận này đã bị xóa.';

/**
 * The client's rule for the star input: clamp to 1..5, default 5 when missing or not a number (spec section 5).
 * The server does NOT clamp: it refuses anything outside 1..5 (see ratingInputSchema).
 */
export function clampRatingScore(value: unknown): RatingScore {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return RATING_SCORE_DEFAULT;
  return Math.min(RATING_SCORE_MAX, Math.max(RATING_SCORE_MIN, Math.round(n))) as RatingScore;
}

import { z } from 'zod';
import type { BookCardDto } from './catalog-types.ts';
import { jsonId, text } from './input.ts';
import { RATING_SCORE_MIN, RATING_SCORE_MAX, RATING_SCORES, REVIEW_CONTENT_MAX, COMMENT_CONTENT_MAX, type RatingScore } from './engagement-rules.ts';

/**
 * Favourites, ratings/reviews and comments: rules shared by the server (which enforces them) and the web
 * app (which applies them before sending). Spec sections 3, 4, 5, 7 and 9.
 */

/** Plain text (never HTML): line endings normalised to \n, trimmed, no control characters but tab, at most `max`. */
function plainText(label: string, max: number) {
  return text(label, { multiline: true })
    .transform((v) => v.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().max(max, `${label} tối đa ${max} ký tự.`));
}

export const ratingScoreSchema = z
  .number({ error: `Số sao phải là số nguyên từ ${RATING_SCORE_MIN} đến ${RATING_SCORE_MAX}.` })
  .int(`Số sao phải là số nguyên từ ${RATING_SCORE_MIN} đến ${RATING_SCORE_MAX}.`)
  .min(RATING_SCORE_MIN, `Số sao phải là số nguyên từ ${RATING_SCORE_MIN} đến ${RATING_SCORE_MAX}.`)
  .max(RATING_SCORE_MAX, `Số sao phải là số nguyên từ ${RATING_SCORE_MIN} đến ${RATING_SCORE_MAX}.`);

/** POST /books/{id}/ratings. Content is optional (a rating without words is allowed); null counts as empty. */
export const ratingInputSchema = z.object({
  score: ratingScoreSchema,
  content: z
    .preprocess((v) => (v == null ? '' : v), plainText('Nội dung đánh giá', REVIEW_CONTENT_MAX))
    .optional()
    .transform((v) => v ?? ''),
});
export type RatingInput = z.input<typeof ratingInputSchema>;

const commentContentSchema = z.preprocess(
  (v) => (v == null ? '' : v),
  plainText('Nội dung bình luận', COMMENT_CONTENT_MAX).refine((v) => v.length > 0, 'Vui lòng nhập nội dung bình luận.'),
);

/** POST /books/{id}/comments. parentId replies to a comment of the same book (null or absent: top level). */
export const commentInputSchema = z.object({
  content: commentContentSchema,
  parentId: jsonId('parentId phải là số nguyên dương.')
    .nullish()
    .transform((v) => v ?? null),
});
export type CommentInput = z.input<typeof commentInputSchema>;

/** PUT /comments/{id}. */
export const commentEditSchema = z.object({ content: commentContentSchema });
export type CommentEditInput = z.input<typeof commentEditSchema>;

/** Per-star counts and percentages, keyed '1'..'5'. */
export type StarMap = Record<`${RatingScore}`, number>;

export interface RatingSummaryDto {
  /** Mean score rounded to one decimal; 0 when there is no rating. */
  average: number;
  count: number;
  distribution: StarMap;
  /** Whole percentages of `count` per star (each rounded; 0 when there is no rating). */
  percent: StarMap;
}

/** Builds the summary from per-star counts (index = score). Used by the server; exported for tests and the web. */
export function ratingSummaryFrom(distribution: StarMap): RatingSummaryDto {
  let count = 0;
  let sum = 0;
  for (const s of RATING_SCORES) {
    count += distribution[`${s}`];
    sum += s * distribution[`${s}`];
  }
  const percent = {} as StarMap;
  for (const s of RATING_SCORES) percent[`${s}`] = count ? Math.round((distribution[`${s}`] * 100) / count) : 0;
  return { average: roundAverage(sum, count), count, distribution: { ...distribution }, percent };
}

/** Mean rounded to one decimal (4.25 -> 4.3); 0 for no ratings. */
export function roundAverage(sum: number, count: number): number {
  return count ? Math.round((sum / count) * 10) / 10 : 0;
}

export const emptyStarMap = (): StarMap => ({ '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 });

export interface ReviewDto {
  id: number;
  userId: number;
  userName: string;
  score: number;
  content: string;
  createdAt: string;
  updatedAt: string;
  /** The reviewer bought the book: an order of theirs holding it reached DELIVERED or COMPLETED ('Đã mua hàng'). */
  verifiedPurchase: boolean;
}

/** Order statuses that make a buyer of the book's lines (the parcel reached the shopper). */
export const PURCHASE_VERIFIED_STATUSES = ['DELIVERED', 'COMPLETED'] as const;

/** Badge of a review written by a buyer of the book. */
export const VERIFIED_PURCHASE_LABEL = 'Đã mua hàng';

/** Refusal of a review from someone who has not bought the book, when the store takes reviews from buyers only. */
export const BUYERS_ONLY_REVIEW_MESSAGE = 'Chỉ khách hàng đã mua sách này mới có thể đánh giá.';

/** GET /books/{id}/ratings/eligible: may the signed-in shopper review the book, and did they buy it. */
export interface RatingEligibilityDto {
  /** An order of theirs holding the book reached DELIVERED or COMPLETED. */
  purchased: boolean;
  /** The store takes reviews from buyers only (REVIEWS_BUYERS_ONLY). */
  buyersOnly: boolean;
  /** They may post (or change) a rating now. */
  canReview: boolean;
  /** The same as canReview, under the name other front ends read. */
  eligible: boolean;
}

/** GET /books/{id}/ratings/me (null when the caller has not rated the book). */
export interface MyRatingDto {
  id: number;
  score: number;
  content: string;
  createdAt: string;
  updatedAt: string;
}

export interface CommentDto {
  id: number;
  bookId: number;
  userId: number;
  userName: string;
  /** Plain text. For a deleted parent kept for its replies: DELETED_COMMENT_TEXT. */
  content: string;
  createdAt: string;
  updatedAt: string;
  /** True when the text was changed after posting. */
  edited: boolean;
  /** True for a deleted top-level comment still shown because it has replies. */
  deleted: boolean;
  parentId: number | null;
  /** Replies, oldest first (always empty on replies: one level deep). */
  children: CommentDto[];
  likeCount: number;
  likedByMe: boolean;
  /** The caller wrote it (and may edit or delete it). False on deleted placeholders. */
  isMine: boolean;
}

export interface FavoriteToggleDto {
  liked: boolean;
  favoriteCount: number;
}

export interface CommentLikeDto {
  liked: boolean;
  likeCount: number;
}

/** What the catalogue shows on book cards and the detail page. */
export interface BookEngagementDto {
  likedByMe: boolean;
  favoriteCount: number;
  ratingAverage: number;
  ratingCount: number;
}

/** An item of GET /books/favorites/me: the catalogue card plus the heart state. */
export interface FavoriteBookDto extends BookCardDto {
  likedByMe: true;
  favoriteCount: number;
}

import {
  COMMENTS_PAGE_SIZE,
  REVIEWS_PAGE_SIZE,
  type CommentDto,
  type CommentLikeDto,
  type CommentSort,
  type MyRatingDto,
  type PageResult,
  type RatingEligibilityDto,
  type RatingSummaryDto,
  type ReviewDto,
  type ReviewSort,
} from '@nhasach/shared';
import { api } from './client.ts';

/** Ratings, reviews and comments of a book (spec section 7, Reviews and comments). */

export const fetchRatingSummary = (bookId: number, signal?: AbortSignal) =>
  api.get<RatingSummaryDto>(`/api/v1/books/${bookId}/ratings/summary`, undefined, { signal });

export const fetchReviews = (bookId: number, page: number, sort: ReviewSort, signal?: AbortSignal) =>
  api.get<PageResult<ReviewDto>>(`/api/v1/books/${bookId}/reviews`, { page, size: REVIEWS_PAGE_SIZE, sort }, { signal });

/** My rating of the book, or null when I have not rated it. */
export const fetchMyRating = (bookId: number, signal?: AbortSignal) =>
  api.get<MyRatingDto | null>(`/api/v1/books/${bookId}/ratings/me`, undefined, { signal });

/** Did I buy the book, and may I rate it (the store may take reviews from buyers only). */
export const fetchRatingEligibility = (bookId: number, signal?: AbortSignal) =>
  api.get<RatingEligibilityDto>(`/api/v1/books/${bookId}/ratings/eligible`, undefined, { signal });

/** Creates or updates my rating. */
export const rateBook = (bookId: number, body: { score: number; content: string }) =>
  api.post<MyRatingDto>(`/api/v1/books/${bookId}/ratings`, body);

export const deleteRating = (ratingId: number) => api.delete<null>(`/api/v1/ratings/${ratingId}`);

export const fetchComments = (bookId: number, page: number, sort: CommentSort, signal?: AbortSignal) =>
  api.get<PageResult<CommentDto>>(`/api/v1/books/${bookId}/comments`, { page, size: COMMENTS_PAGE_SIZE, sort }, { signal });

export const postComment = (bookId: number, body: { content: string; parentId?: number }) =>
  api.post<CommentDto>(`/api/v1/books/${bookId}/comments`, body);

export const editComment = (commentId: number, content: string) => api.put<CommentDto>(`/api/v1/comments/${commentId}`, { content });

export const deleteComment = (commentId: number) => api.delete<null>(`/api/v1/comments/${commentId}`);

export const setCommentLike = (commentId: number, liked: boolean) =>
  liked ? api.put<CommentLikeDto>(`/api/v1/comment/${commentId}/like`) : api.delete<CommentLikeDto>(`/api/v1/comment/${commentId}/like`);

export const engagementKeys = {
  summary: (bookId: number) => ['ratings', bookId, 'summary'] as const,
  reviews: (bookId: number, page: number, sort: ReviewSort) => ['ratings', bookId, 'reviews', page, sort] as const,
  reviewsOf: (bookId: number) => ['ratings', bookId] as const,
  mine: (bookId: number, userKey: string) => ['ratings', bookId, 'me', userKey] as const,
  eligibility: (bookId: number, userKey: string) => ['ratings', bookId, 'eligible', userKey] as const,
  comments: (bookId: number, page: number, sort: CommentSort, userKey: string) => ['comments', bookId, page, sort, userKey] as const,
  commentsOf: (bookId: number) => ['comments', bookId] as const,
};

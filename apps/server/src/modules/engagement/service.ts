import {
  BUYERS_ONLY_REVIEW_MESSAGE,
  DELETED_COMMENT_TEXT,
  emptyStarMap,
  RATING_SCORES,
  ratingSummaryFrom,
  type CommentDto,
  type CommentLikeDto,
  type CommentSort,
  type FavoriteToggleDto,
  type MyRatingDto,
  type PageResult,
  type RatingEligibilityDto,
  type RatingSummaryDto,
  type ReviewDto,
  type ReviewSort,
} from '@nhasach/shared';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { toPage } from '../../lib/pagination.ts';
import { isVisibleBook } from '../catalog/index.ts';
import * as repo from './repo.ts';

const BOOK_NOT_FOUND = 'Không tìm thấy sách.';
const COMMENT_NOT_FOUND = 'Không tìm thấy bình luận.';
const RATING_NOT_FOUND = 'Không tìm thấy đánh giá.';

export interface PageArgs {
  page: number;
  size: number;
}

async function requireVisibleBook(db: Db, bookId: number): Promise<void> {
  if (!(await isVisibleBook(db, bookId))) throw notFound(BOOK_NOT_FOUND);
}

// ------------------------------------------------------------------------------------------ favourites

/** Likes the book when the user does not like it yet, unlikes it otherwise. */
export async function toggleFavorite(db: Db, userId: number, bookId: number): Promise<FavoriteToggleDto> {
  await requireVisibleBook(db, bookId);
  return db.transaction(async (tx) => {
    // Deleting first decides the direction atomically: two fast clicks cannot both insert.
    const removed = await repo.deleteFavorite(tx, userId, bookId);
    if (!removed) await repo.insertFavorite(tx, userId, bookId);
    return { liked: !removed, favoriteCount: await repo.countFavorites(tx, bookId) };
  });
}

/** A page of the user's favourite book ids (the route turns them into cards). */
export async function favoriteBookIds(
  db: Db,
  userId: number,
  args: PageArgs & { direction: 'asc' | 'desc' },
): Promise<{ ids: number[]; total: number }> {
  return repo.pageFavoriteBookIds(db, userId, { offset: args.page * args.size, limit: args.size, direction: args.direction });
}

// ------------------------------------------------------------------------------------------ ratings

const toMyRating = (r: repo.RatingRow): MyRatingDto => ({
  id: r.id,
  score: r.score,
  content: r.content,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function ratingSummary(db: Db, bookId: number): Promise<RatingSummaryDto> {
  await requireVisibleBook(db, bookId);
  const distribution = emptyStarMap();
  for (const { score, n } of await repo.ratingCountsByScore(db, bookId)) {
    if ((RATING_SCORES as readonly number[]).includes(score)) distribution[`${score as 1 | 2 | 3 | 4 | 5}`] = n;
  }
  return ratingSummaryFrom(distribution);
}

export async function listReviews(db: Db, bookId: number, args: PageArgs & { sort: ReviewSort }): Promise<PageResult<ReviewDto>> {
  await requireVisibleBook(db, bookId);
  const { rows, total } = await repo.pageReviews(db, bookId, { offset: args.page * args.size, limit: args.size, sort: args.sort });
  const content = rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    userName: r.userName,
    score: r.score,
    content: r.content,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    verifiedPurchase: r.verifiedPurchase === true,
  }));
  return toPage(content, total, args.page, args.size);
}

export async function myRating(db: Db, userId: number, bookId: number): Promise<MyRatingDto | null> {
  await requireVisibleBook(db, bookId);
  const row = await repo.findUserRating(db, userId, bookId);
  return row ? toMyRating(row) : null;
}

/** Who may rate: anyone signed in, or buyers only (REVIEWS_BUYERS_ONLY). */
export interface ReviewPolicy {
  buyersOnly: boolean;
}

/** Whether the caller bought the book and may rate it under the store's policy. */
export async function ratingEligibility(db: Db, userId: number, bookId: number, policy: ReviewPolicy): Promise<RatingEligibilityDto> {
  await requireVisibleBook(db, bookId);
  const purchased = await repo.hasBought(db, userId, bookId);
  const canReview = purchased || !policy.buyersOnly;
  return { purchased, buyersOnly: policy.buyersOnly, canReview, eligible: canReview };
}

/** Creates the caller's rating of the book, or updates it: one rating per user and book. */
export async function rateBook(
  db: Db,
  userId: number,
  bookId: number,
  input: { score: number; content: string },
  policy: ReviewPolicy = { buyersOnly: false },
): Promise<{ rating: MyRatingDto; created: boolean }> {
  await requireVisibleBook(db, bookId);
  if (policy.buyersOnly && !(await repo.hasBought(db, userId, bookId))) throw forbidden(BUYERS_ONLY_REVIEW_MESSAGE);
  const { row, created } = await repo.upsertRating(db, { userId, bookId, score: input.score, content: input.content });
  return { rating: toMyRating(row), created };
}

export async function deleteRating(db: Db, userId: number, ratingId: number): Promise<void> {
  const row = await repo.findRatingById(db, ratingId);
  if (!row) throw notFound(RATING_NOT_FOUND);
  if (row.userId !== userId) throw forbidden('Bạn chỉ có thể xóa đánh giá của chính mình.');
  await repo.deleteRating(db, ratingId);
}

// ------------------------------------------------------------------------------------------ comments

/** Builds the trees of `topIds` (in that order) with their replies oldest first, as seen by `viewerId`. */
async function commentTrees(db: Db, topIds: number[], viewerId?: number): Promise<CommentDto[]> {
  const rows = await repo.commentsWithReplies(db, topIds, viewerId);
  const byId = new Map<number, CommentDto>();
  const toDto = (r: repo.CommentViewRow): CommentDto => {
    const deleted = r.deletedAt !== null;
    return {
      id: r.id,
      bookId: r.bookId,
      userId: r.userId,
      userName: r.userName,
      content: deleted ? DELETED_COMMENT_TEXT : r.content,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      // Both columns default to the same now() on insert, so any later value means an edit.
      edited: r.updatedAt.getTime() > r.createdAt.getTime(),
      deleted,
      parentId: r.parentId,
      children: [],
      likeCount: r.likeCount,
      likedByMe: Boolean(r.likedByMe),
      isMine: !deleted && viewerId !== undefined && r.userId === viewerId,
    };
  };
  const wanted = new Set(topIds);
  for (const r of rows) if (wanted.has(r.id)) byId.set(r.id, toDto(r));
  // Rows come oldest first, so pushing keeps the replies in that order.
  for (const r of rows) {
    if (r.parentId !== null && wanted.has(r.parentId) && !wanted.has(r.id)) byId.get(r.parentId)?.children.push(toDto(r));
  }
  return topIds.flatMap((id) => byId.get(id) ?? []);
}

export async function listComments(
  db: Db,
  bookId: number,
  args: PageArgs & { sort: CommentSort },
  viewerId?: number,
): Promise<PageResult<CommentDto>> {
  await requireVisibleBook(db, bookId);
  const { ids, total } = await repo.pageTopLevelCommentIds(db, bookId, { offset: args.page * args.size, limit: args.size, sort: args.sort });
  return toPage(await commentTrees(db, ids, viewerId), total, args.page, args.size);
}

/** One comment as the viewer sees it (a reply without children, a top-level one with its replies). */
async function commentView(db: Db, id: number, viewerId: number): Promise<CommentDto> {
  const [dto] = await commentTrees(db, [id], viewerId);
  if (!dto) throw notFound(COMMENT_NOT_FOUND);
  return dto;
}

/**
 * Posts a comment or a reply. Replies are one level deep: answering a reply attaches the new comment to
 * that reply's top-level parent. The parent must be a live comment of the same book.
 */
export async function postComment(
  db: Db,
  userId: number,
  bookId: number,
  input: { content: string; parentId: number | null },
): Promise<CommentDto> {
  await requireVisibleBook(db, bookId);
  let parentId: number | null = null;
  if (input.parentId !== null) {
    const parent = await repo.findLiveComment(db, input.parentId);
    if (!parent || parent.bookId !== bookId) throw notFound('Bình luận bạn trả lời không tồn tại hoặc đã bị xóa.');
    parentId = parent.parentId ?? parent.id;
  }
  const id = await repo.insertComment(db, { bookId, userId, parentId, content: input.content });
  return commentView(db, id, userId);
}

async function ownComment(db: Db, userId: number, commentId: number): Promise<repo.CommentRow> {
  const row = await repo.findLiveComment(db, commentId);
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  if (row.userId !== userId) throw forbidden('Bạn chỉ có thể sửa hoặc xóa bình luận của chính mình.');
  return row;
}

export async function editComment(db: Db, userId: number, commentId: number, content: string): Promise<CommentDto> {
  await ownComment(db, userId, commentId);
  await repo.updateCommentContent(db, commentId, content);
  return commentView(db, commentId, userId);
}

/**
 * Soft-deletes the caller's comment. A deleted reply disappears; a deleted top-level comment disappears
 * unless it has live replies, in which case it stays as a placeholder (DELETED_COMMENT_TEXT).
 */
export async function deleteComment(db: Db, userId: number, commentId: number): Promise<void> {
  await ownComment(db, userId, commentId);
  await repo.softDeleteComment(db, commentId);
}

/** Likes (liked=true) or unlikes a live comment; repeating the same call changes nothing. */
export async function setCommentLike(db: Db, userId: number, commentId: number, liked: boolean): Promise<CommentLikeDto> {
  if (!(await repo.findLiveComment(db, commentId))) throw notFound(COMMENT_NOT_FOUND);
  if (liked) await repo.insertCommentLike(db, commentId, userId);
  else await repo.deleteCommentLike(db, commentId, userId);
  return repo.commentLikeState(db, commentId, userId);
}

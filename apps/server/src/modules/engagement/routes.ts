import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMMENT_SORTS,
  COMMENTS_PAGE_SIZE,
  commentEditSchema,
  commentInputSchema,
  FAVOURITES_PAGE_SIZE,
  MAX_PAGE_SIZE,
  ratingInputSchema,
  REVIEW_SORTS,
  REVIEWS_PAGE_SIZE,
  type CommentSort,
  type ReviewSort,
  idParams as sharedIdParams,
  pageParam,
  text,
  sizeParam,
} from '@nhasach/shared';
import { envelope } from '../../lib/envelope.ts';
import { authenticate, currentUser, optionalAuth } from '../../lib/guards.ts';
import type { CatalogService } from '../catalog/index.ts';
import { favoritesPage } from './favorites.ts';
import { createEngagementLimits } from './limits.ts';
import * as service from './service.ts';

const idParams = sharedIdParams('id');
const bookIdParams = idParams;
const favoriteParams = sharedIdParams('bookId');

/** page (zero-based, min 0) and size (1..MAX_PAGE_SIZE, out-of-range clamped) with a per-list default size. */
const paging = (defaultSize: number) => ({ page: pageParam(), size: sizeParam(defaultSize, MAX_PAGE_SIZE) });

/**
 * A sort keyword; unknown or blank values fall back to the default rather than failing, and the Spring-style
 * 'createdAt,desc' / 'createdAt,asc' the web might send map to 'new' / 'old'.
 */
function sortParam<T extends string>(allowed: readonly T[], fallback: T) {
  return text('sort')
    .optional()
    .transform((v): T => {
      const raw = v?.trim().toLowerCase() ?? '';
      if ((allowed as readonly string[]).includes(raw)) return raw as T;
      if (/^(createdat|id),asc$/.test(raw) && (allowed as readonly string[]).includes('old')) return 'old' as T;
      return fallback;
    })
    .meta({ type: 'string', enum: [...allowed], default: fallback });
}

const favoritesQuery = z.object({
  ...paging(FAVOURITES_PAGE_SIZE),
  /** 'id,desc' (default: most recently liked first) or 'id,asc'. */
  sort: text('sort')
    .optional()
    .transform((v): 'asc' | 'desc' => (v && /,\s*asc$/i.test(v.trim()) ? 'asc' : 'desc'))
    .meta({ type: 'string', default: 'id,desc' }),
});
const reviewsQuery = z.object({ ...paging(REVIEWS_PAGE_SIZE), sort: sortParam<ReviewSort>(REVIEW_SORTS, 'new') });
const commentsQuery = z.object({ ...paging(COMMENTS_PAGE_SIZE), sort: sortParam<CommentSort>(COMMENT_SORTS, 'new') });

/** Favourites, ratings/reviews and comments (spec section 7, Catalogue favourites and Reviews and comments), under /api/v1. */
export async function engagementRoutes(app: FastifyInstance, opts: { catalog: CatalogService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = createEngagementLimits(app);
  const reviewPolicy: service.ReviewPolicy = { buyersOnly: app.config.REVIEWS_BUYERS_ONLY };
  const security = [{ bearerAuth: [] }];
  const favTags = ['favorites'];
  const reviewTags = ['reviews'];
  const commentTags = ['comments'];

  // ---------------------------------------------------------------------------------------- favourites

  r.get(
    '/books/favorites/me',
    {
      preHandler: authenticate,
      schema: { tags: favTags, summary: 'My favourite books (cards), most recently liked first', security, querystring: favoritesQuery },
    },
    async (request) => favoritesPage(app.db, opts.catalog, currentUser(request).id, request.query),
  );

  r.post(
    '/books/favorites/:bookId/toggle',
    {
      preHandler: [authenticate, limits.toggle.hit],
      schema: { tags: favTags, summary: 'Like or unlike a book', security, params: favoriteParams },
    },
    async (request) => {
      const result = await service.toggleFavorite(app.db, currentUser(request).id, request.params.bookId);
      return envelope(200, result, result.liked ? 'Đã thêm vào danh sách yêu thích' : 'Đã bỏ khỏi danh sách yêu thích');
    },
  );

  // ------------------------------------------------------------------------------------------- ratings

  r.get(
    '/books/:id/ratings/summary',
    { schema: { tags: reviewTags, summary: 'Average, count and per-star distribution of a book', params: bookIdParams } },
    async (request) => service.ratingSummary(app.db, request.params.id),
  );

  r.get(
    '/books/:id/reviews',
    {
      schema: {
        tags: reviewTags,
        summary: 'Reviews of a book (sort new | old | high | low)',
        params: bookIdParams,
        querystring: reviewsQuery,
      },
    },
    async (request) => service.listReviews(app.db, request.params.id, request.query),
  );

  r.get(
    '/books/:id/ratings/me',
    { preHandler: authenticate, schema: { tags: reviewTags, summary: 'My rating of a book, or null', security, params: bookIdParams } },
    async (request) => service.myRating(app.db, currentUser(request).id, request.params.id),
  );

  r.get(
    '/books/:id/ratings/eligible',
    {
      preHandler: authenticate,
      schema: {
        tags: reviewTags,
        summary: 'Did I buy the book (an order of mine holding it reached DELIVERED or COMPLETED), and may I rate it',
        security,
        params: bookIdParams,
      },
    },
    async (request) => service.ratingEligibility(app.db, currentUser(request).id, request.params.id, reviewPolicy),
  );

  r.post(
    '/books/:id/ratings',
    {
      preHandler: [authenticate, limits.ratingWrite.hit],
      schema: {
        tags: reviewTags,
        summary: 'Rate a book 1..5 with an optional review (creates or updates my rating)',
        security,
        params: bookIdParams,
        body: ratingInputSchema,
      },
    },
    async (request, reply) => {
      const { rating, created } = await service.rateBook(app.db, currentUser(request).id, request.params.id, request.body, reviewPolicy);
      if (created) reply.status(201);
      return envelope(created ? 201 : 200, rating, created ? 'Cảm ơn bạn đã đánh giá' : 'Đã cập nhật đánh giá');
    },
  );

  r.delete(
    '/ratings/:id',
    { preHandler: authenticate, schema: { tags: reviewTags, summary: 'Delete my rating', security, params: idParams } },
    async (request) => {
      await service.deleteRating(app.db, currentUser(request).id, request.params.id);
      return envelope(200, null, 'Đã xóa đánh giá');
    },
  );

  // ------------------------------------------------------------------------------------------ comments

  r.get(
    '/books/:id/comments',
    {
      preHandler: optionalAuth,
      schema: {
        tags: commentTags,
        summary: 'Top-level comments of a book (sort new | old | top), each with its replies oldest first',
        params: bookIdParams,
        querystring: commentsQuery,
      },
    },
    async (request) => service.listComments(app.db, request.params.id, request.query, request.authUser?.id),
  );

  r.post(
    '/books/:id/comments',
    {
      preHandler: [authenticate, limits.commentPost.hit],
      schema: {
        tags: commentTags,
        summary: 'Comment on a book, or reply (parentId; replies are one level deep)',
        security,
        params: bookIdParams,
        body: commentInputSchema,
      },
    },
    async (request, reply) => {
      reply.status(201);
      return envelope(201, await service.postComment(app.db, currentUser(request).id, request.params.id, request.body), 'Đã gửi bình luận');
    },
  );

  r.put(
    '/comments/:id',
    {
      preHandler: [authenticate, limits.commentEdit.hit],
      schema: { tags: commentTags, summary: 'Edit my comment', security, params: idParams, body: commentEditSchema },
    },
    async (request) =>
      envelope(200, await service.editComment(app.db, currentUser(request).id, request.params.id, request.body.content), 'Đã lưu chỉnh sửa'),
  );

  r.delete(
    '/comments/:id',
    {
      preHandler: [authenticate, limits.commentEdit.hit],
      schema: { tags: commentTags, summary: 'Delete my comment', security, params: idParams },
    },
    async (request) => {
      await service.deleteComment(app.db, currentUser(request).id, request.params.id);
      return envelope(200, null, 'Đã xóa bình luận');
    },
  );

  r.put(
    '/comment/:id/like',
    {
      preHandler: [authenticate, limits.toggle.hit],
      schema: { tags: commentTags, summary: 'Like a comment (idempotent)', security, params: idParams },
    },
    async (request) => service.setCommentLike(app.db, currentUser(request).id, request.params.id, true),
  );

  r.delete(
    '/comment/:id/like',
    {
      preHandler: [authenticate, limits.toggle.hit],
      schema: { tags: commentTags, summary: 'Unlike a comment (idempotent)', security, params: idParams },
    },
    async (request) => service.setCommentLike(app.db, currentUser(request).id, request.params.id, false),
  );
}

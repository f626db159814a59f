import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { CommentSort, ReviewSort } from '@nhasach/shared';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { intArray } from '../../lib/db-values.ts';
import { commentLikes, comments, favorites, ratings } from '../../db/schema/engagement.ts';
import { visibleBookSql } from '../catalog/index.ts';
import { purchasedSql } from '../orders/index.ts';
import { displayNameSql } from '../users/index.ts';

type Conn = Db | Tx;

// ------------------------------------------------------------------------------------------ favourites

/** Removes the like; true when there was one. */
export async function deleteFavorite(db: Conn, userId: number, bookId: number): Promise<boolean> {
  const rows = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.bookId, bookId)))
    .returning({ bookId: favorites.bookId });
  return rows.length > 0;
}

export async function insertFavorite(db: Conn, userId: number, bookId: number): Promise<void> {
  await db.insert(favorites).values({ userId, bookId }).onConflictDoNothing();
}

export async function countFavorites(db: Conn, bookId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(favorites).where(eq(favorites.bookId, bookId));
  return row?.n ?? 0;
}

/** A page of the user's liked book ids among visible books, most recently liked first (or oldest with 'asc'). */
export async function pageFavoriteBookIds(
  db: Conn,
  userId: number,
  opts: { offset: number; limit: number; direction: 'asc' | 'desc' },
): Promise<{ ids: number[]; total: number }> {
  const where = and(eq(favorites.userId, userId), visibleBookSql(favorites.bookId));
  const order =
    opts.direction === 'asc' ? [asc(favorites.createdAt), asc(favorites.bookId)] : [desc(favorites.createdAt), desc(favorites.bookId)];
  const [rows, [count]] = await Promise.all([
    db
      .select({ bookId: favorites.bookId })
      .from(favorites)
      .where(where)
      .orderBy(...order)
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(favorites).where(where),
  ]);
  return { ids: rows.map((r) => r.bookId), total: count?.n ?? 0 };
}

// ---------------------------------------------------------------------------- engagement of many books

export interface EngagementRow {
  bookId: number;
  favoriteCount: number;
  ratingSum: number;
  ratingCount: number;
  likedByMe: boolean;
}

/**
 * Favourite counts, rating sums/counts and the viewer's likes of many books in one round trip
 * (three grouped sub-queries on indexed columns), for cards and the detail page.
 */
export async function engagementOfBooks(db: Conn, bookIds: number[], userId?: number): Promise<EngagementRow[]> {
  if (bookIds.length === 0) return [];
  const ids = intArray(bookIds);
  const mine =
    userId === undefined
      ? sql`false`
      : sql`exists (select 1 from favorites m where m.user_id = ${userId} and m.book_id = b.id)`;
  return queryRows<EngagementRow>(
    db,
    sql`select b.id as "bookId",
           coalesce(f.n, 0)::int as "favoriteCount",
           coalesce(r.s, 0)::int as "ratingSum",
           coalesce(r.n, 0)::int as "ratingCount",
           ${mine} as "likedByMe"
      from unnest(${ids}) as b(id)
      left join (select book_id, count(*) as n from favorites where book_id = any(${ids}) group by book_id) f on f.book_id = b.id
      left join (select book_id, sum(score) as s, count(*) as n from ratings where book_id = any(${ids}) group by book_id) r
             on r.book_id = b.id`,
  );
}

// ------------------------------------------------------------------------------------------ ratings

export interface RatingRow {
  id: number;
  userId: number;
  bookId: number;
  score: number;
  content: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Inserts the user's rating of the book or replaces its score and text; `created` tells which happened. */
export async function upsertRating(
  db: Conn,
  input: { userId: number; bookId: number; score: number; content: string },
): Promise<{ row: RatingRow; created: boolean }> {
  const [row] = await db
    .insert(ratings)
    .values(input)
    .onConflictDoUpdate({
      target: [ratings.userId, ratings.bookId],
      set: { score: input.score, content: input.content, updatedAt: sql`now()` },
    })
    .returning({
      id: ratings.id,
      userId: ratings.userId,
      bookId: ratings.bookId,
      score: ratings.score,
      content: ratings.content,
      createdAt: ratings.createdAt,
      updatedAt: ratings.updatedAt,
      // xmax is 0 on a freshly inserted row version and set on one rewritten by ON CONFLICT DO UPDATE.
      created: sql<boolean>`(xmax = 0)`,
    });
  const { created, ...rest } = row!;
  return { row: rest, created: Boolean(created) };
}

export async function findRatingById(db: Conn, id: number): Promise<RatingRow | undefined> {
  const [row] = await db.select().from(ratings).where(eq(ratings.id, id)).limit(1);
  return row;
}

export async function findUserRating(db: Conn, userId: number, bookId: number): Promise<RatingRow | undefined> {
  const [row] = await db
    .select()
    .from(ratings)
    .where(and(eq(ratings.userId, userId), eq(ratings.bookId, bookId)))
    .limit(1);
  return row;
}

export async function deleteRating(db: Conn, id: number): Promise<void> {
  await db.delete(ratings).where(eq(ratings.id, id));
}

/** Number of ratings per score (scores without ratings are absent). */
export async function ratingCountsByScore(db: Conn, bookId: number): Promise<{ score: number; n: number }[]> {
  return db
    .select({ score: ratings.score, n: sql<number>`count(*)::int` })
    .from(ratings)
    .where(eq(ratings.bookId, bookId))
    .groupBy(ratings.score);
}

const reviewOrder: Record<ReviewSort, SQL[]> = {
  new: [desc(ratings.createdAt), desc(ratings.id)],
  old: [asc(ratings.createdAt), asc(ratings.id)],
  high: [desc(ratings.score), desc(ratings.createdAt), desc(ratings.id)],
  low: [asc(ratings.score), desc(ratings.createdAt), desc(ratings.id)],
};

export interface ReviewRow extends RatingRow {
  userName: string;
  verifiedPurchase: boolean;
}

/** The user received the book in an order (the orders module's condition). */
export async function hasBought(db: Conn, userId: number, bookId: number): Promise<boolean> {
  const [row] = await queryRows<{ bought: boolean }>(db, sql`select ${purchasedSql(userId, bookId)} as bought`);
  return row?.bought === true;
}

export async function pageReviews(
  db: Conn,
  bookId: number,
  opts: { offset: number; limit: number; sort: ReviewSort },
): Promise<{ rows: ReviewRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: ratings.id,
        userId: ratings.userId,
        bookId: ratings.bookId,
        userName: displayNameSql(ratings.userId),
        score: ratings.score,
        content: ratings.content,
        createdAt: ratings.createdAt,
        updatedAt: ratings.updatedAt,
        verifiedPurchase: purchasedSql(ratings.userId, ratings.bookId),
      })
      .from(ratings)
      .where(eq(ratings.bookId, bookId))
      .orderBy(...reviewOrder[opts.sort])
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(ratings).where(eq(ratings.bookId, bookId)),
  ]);
  return { rows, total: count?.n ?? 0 };
}

// ------------------------------------------------------------------------------------------ comments

export interface CommentRow {
  id: number;
  bookId: number;
  userId: number;
  parentId: number | null;
  content: string;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

/** A live (not deleted) comment whose book is visible to shoppers. */
export async function findLiveComment(db: Conn, id: number): Promise<CommentRow | undefined> {
  const [row] = await db
    .select({
      id: comments.id,
      bookId: comments.bookId,
      userId: comments.userId,
      parentId: comments.parentId,
      content: comments.content,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
      deletedAt: comments.deletedAt,
    })
    .from(comments)
    .where(and(eq(comments.id, id), isNull(comments.deletedAt), visibleBookSql(comments.bookId)))
    .limit(1);
  return row;
}

export async function insertComment(
  db: Conn,
  input: { bookId: number; userId: number; parentId: number | null; content: string },
): Promise<number> {
  const [row] = await db.insert(comments).values(input).returning({ id: comments.id });
  return row!.id;
}

export async function updateCommentContent(db: Conn, id: number, content: string): Promise<void> {
  await db.update(comments).set({ content, updatedAt: sql`now()` }).where(eq(comments.id, id));
}

export async function softDeleteComment(db: Conn, id: number): Promise<void> {
  await db.update(comments).set({ deletedAt: sql`now()` }).where(and(eq(comments.id, id), isNull(comments.deletedAt)));
}

/**
 * Top-level comments of a book that are shown: live ones, and deleted ones that still have a live reply
 * (kept as a placeholder so the replies keep their context).
 */
const shownTopLevel = (bookId: number) =>
  and(
    eq(comments.bookId, bookId),
    isNull(comments.parentId),
    sql`(${comments.deletedAt} is null or exists (select 1 from comments r where r.parent_id = ${comments.id} and r.deleted_at is null))`,
  );

const likeCountOf = sql<number>`(select count(*)::int from comment_likes l where l.comment_id = ${comments.id})`;

const commentOrder: Record<CommentSort, SQL[]> = {
  new: [desc(comments.createdAt), desc(comments.id)],
  old: [asc(comments.createdAt), asc(comments.id)],
  top: [desc(likeCountOf), desc(comments.createdAt), desc(comments.id)],
};

export async function pageTopLevelCommentIds(
  db: Conn,
  bookId: number,
  opts: { offset: number; limit: number; sort: CommentSort },
): Promise<{ ids: number[]; total: number }> {
  const where = shownTopLevel(bookId);
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: comments.id })
      .from(comments)
      .where(where)
      .orderBy(...commentOrder[opts.sort])
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(comments).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: count?.n ?? 0 };
}

export interface CommentViewRow extends CommentRow {
  userName: string;
  likeCount: number;
  likedByMe: boolean;
}

/** The given comments plus the live replies of each, with author names, like counts and the viewer's likes. */
export async function commentsWithReplies(db: Conn, ids: number[], viewerId?: number): Promise<CommentViewRow[]> {
  if (ids.length === 0) return [];
  const likedByMe =
    viewerId === undefined
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from comment_likes l where l.comment_id = ${comments.id} and l.user_id = ${viewerId})`;
  return db
    .select({
      id: comments.id,
      bookId: comments.bookId,
      userId: comments.userId,
      parentId: comments.parentId,
      content: comments.content,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
      deletedAt: comments.deletedAt,
      userName: displayNameSql(comments.userId),
      likeCount: likeCountOf,
      likedByMe,
    })
    .from(comments)
    .where(sql`${inArray(comments.id, ids)} or (${inArray(comments.parentId, ids)} and ${comments.deletedAt} is null)`)
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

export async function insertCommentLike(db: Conn, commentId: number, userId: number): Promise<void> {
  await db.insert(commentLikes).values({ commentId, userId }).onConflictDoNothing();
}

export async function deleteCommentLike(db: Conn, commentId: number, userId: number): Promise<void> {
  await db.delete(commentLikes).where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)));
}

export async function commentLikeState(db: Conn, commentId: number, userId: number): Promise<{ liked: boolean; likeCount: number }> {
  const [row] = await db
    .select({
      likeCount: sql<number>`count(*)::int`,
      liked: sql<boolean>`coalesce(bool_or(${commentLikes.userId} = ${userId}), false)`,
    })
    .from(commentLikes)
    .where(eq(commentLikes.commentId, commentId));
  return { liked: Boolean(row?.liked), likeCount: row?.likeCount ?? 0 };
}

import { sql } from 'drizzle-orm';
import { roundAverage, type BookEngagementDto } from '@nhasach/shared';
import type { CardRatingsSql, EngagementLookup } from '../catalog/index.ts';
import { engagementOfBooks } from './repo.ts';

/**
 * What the catalogue shows on cards and the detail page: favourite count, rating average (one decimal)
 * and count, and whether the viewer likes the book. One query for the whole list of ids.
 */
export const engagementLookup: EngagementLookup = async (db, bookIds, userId) => {
  const unique = [...new Set(bookIds)];
  const rows = await engagementOfBooks(db, unique, userId);
  return new Map<number, BookEngagementDto>(
    rows.map((r) => [
      r.bookId,
      {
        likedByMe: Boolean(r.likedByMe),
        favoriteCount: r.favoriteCount,
        ratingAverage: roundAverage(r.ratingSum, r.ratingCount),
        ratingCount: r.ratingCount,
      },
    ]),
  );
};

/** The ratings of the card query's book `b` (ratings_book_created_idx): cards show the average and the count. */
export const cardRatings: CardRatingsSql = sql`select coalesce(sum(r.score), 0) as sum, count(*) as n from ratings r where r.book_id = b.id`;

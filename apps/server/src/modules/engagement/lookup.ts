import { sql } from 'drizzle-orm';
import { roundAverage, type BookEngagementDto } from '@nhasach/shared';
import type { EngagementPort } from '../catalog/index.ts';
import { engagementOfBooks } from './repo.ts';

/**
 * What the catalogue shows on cards and the detail page (the composition root hands it to the catalogue service):
 * favourite count, rating average (one decimal) and count, and whether the viewer likes the book, in one query
 * for the whole list of ids; and the ratings subquery of the card statement.
 */
export const engagementPort: EngagementPort = {
  async lookup(db, bookIds, userId) {
    if (bookIds.length === 0) return new Map();
    const rows = await engagementOfBooks(db, [...new Set(bookIds)], userId);
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
  },
  /** The ratings of the card query's book `b` (ratings_book_created_idx): cards show the average and the count. */
  cardRatings: sql`select coalesce(sum(r.score), 0) as sum, count(*) as n from ratings r where r.book_id = b.id`,
};

import { sql, type SQL } from 'drizzle-orm';
import type { BookEngagementDto } from '@nhasach/shared';
import type { Db } from '../../db/client.ts';

/**
 * Favourites and ratings live in the engagement module; the catalogue shows them on cards and the detail page
 * through this port, which the composition root (modules/index.ts) hands to createCatalogService, so neither
 * module reads the other's tables. Without it every book reads as not liked, no favourites, no ratings.
 */
export interface EngagementPort {
  /** Engagement of each book for the viewer (books absent from the answer get EMPTY_ENGAGEMENT). */
  lookup(db: Db, bookIds: number[], userId?: number): Promise<Map<number, BookEngagementDto>>;
  /**
   * The ratings of a card, read in the card query itself (one round trip per list, docs/performance.md): a
   * LATERAL subquery on the book `b` of that query with the integer columns `sum` (of the scores) and `n`.
   */
  cardRatings: SQL;
}

export const EMPTY_ENGAGEMENT: Readonly<BookEngagementDto> = Object.freeze({
  likedByMe: false,
  favoriteCount: 0,
  ratingAverage: 0,
  ratingCount: 0,
});

export const NO_ENGAGEMENT: EngagementPort = {
  lookup: async () => new Map(),
  cardRatings: sql`select 0 as sum, 0 as n`,
};

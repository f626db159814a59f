import { sql, type SQL } from 'drizzle-orm';
import type { BookEngagementDto } from '@nhasach/shared';
import type { Db } from '../../db/client.ts';

/**
 * Favourites and ratings live in the engagement module; the catalogue shows them on cards and the detail page
 * through this hook, so neither module imports the other's tables. The engagement module installs its lookup
 * with setEngagementLookup; until then every book reads as not liked, no favourites, no ratings.
 */
export type EngagementLookup = (db: Db, bookIds: number[], userId?: number) => Promise<Map<number, BookEngagementDto>>;

export const EMPTY_ENGAGEMENT: Readonly<BookEngagementDto> = Object.freeze({
  likedByMe: false,
  favoriteCount: 0,
  ratingAverage: 0,
  ratingCount: 0,
});

/**
 * The ratings of a card, read in the card query itself (one round trip per list, docs/performance.md): a
 * LATERAL subquery on the book `b` of that query with the integer columns `sum` (of the scores) and `n`.
 */
export type CardRatingsSql = SQL;

const noEngagement: EngagementLookup = async () => new Map();
const noRatings: CardRatingsSql = sql`select 0 as sum, 0 as n`;
let current: EngagementLookup = noEngagement;
let currentRatings: CardRatingsSql = noRatings;

/**
 * Installs the lookup and the cards' ratings subquery (undefined restores the defaults) and returns the previous
 * pair.
 */
export function setEngagementLookup(
  lookup: EngagementLookup | undefined,
  cardRatings?: CardRatingsSql,
): { lookup: EngagementLookup; cardRatings: CardRatingsSql } {
  const previous = { lookup: current, cardRatings: currentRatings };
  current = lookup ?? noEngagement;
  currentRatings = cardRatings ?? noRatings;
  return previous;
}

/** The subquery giving `sum` and `n` of the ratings of book `b` (see CardRatingsSql). */
export const cardRatingsSql = (): CardRatingsSql => currentRatings;

/** Engagement of each book (books absent from the lookup's answer get EMPTY_ENGAGEMENT). */
export async function lookupEngagement(db: Db, bookIds: number[], userId?: number): Promise<Map<number, BookEngagementDto>> {
  if (bookIds.length === 0) return new Map();
  return current(db, bookIds, userId);
}

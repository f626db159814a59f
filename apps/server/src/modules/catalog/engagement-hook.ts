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

const noEngagement: EngagementLookup = async () => new Map();
let current: EngagementLookup = noEngagement;

/** Installs the lookup (undefined restores the default) and returns the previous one. */
export function setEngagementLookup(lookup: EngagementLookup | undefined): EngagementLookup {
  const previous = current;
  current = lookup ?? noEngagement;
  return previous;
}

/** Engagement of each book (books absent from the lookup's answer get EMPTY_ENGAGEMENT). */
export async function lookupEngagement(db: Db, bookIds: number[], userId?: number): Promise<Map<number, BookEngagementDto>> {
  if (bookIds.length === 0) return new Map();
  return current(db, bookIds, userId);
}

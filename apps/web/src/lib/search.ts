import { normaliseSearchTerm } from '@nhasach/shared';

/**
 * Search defaults: page 0, 20 per page, most relevant first, the same order as /search?q= opened without a sort
 * (docs/decisions.md, "Search a bookseller would sign": the API still honours sort=createdAt for other front ends).
 */
export const SEARCH_DEFAULTS = { page: 0, size: 20, sort: 'relevance', direction: 'DESC' } as const;

/** /search?q=...&page=0&size=20&sort=relevance&direction=DESC, or undefined for an empty term. */
export function searchPath(term: string): string | undefined {
  const q = normaliseSearchTerm(term);
  if (!q) return undefined;
  const params = new URLSearchParams({
    q,
    page: String(SEARCH_DEFAULTS.page),
    size: String(SEARCH_DEFAULTS.size),
    sort: SEARCH_DEFAULTS.sort,
    direction: SEARCH_DEFAULTS.direction,
  });
  return `/search?${params.toString()}`;
}

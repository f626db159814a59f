import { queryOptions } from '@tanstack/react-query';
import { bookKeys, fetchBookBySlug } from '../../../api/catalog.ts';

/** A product page's book. The answer carries the viewer's heart, so it is cached per viewer ('guest' or the user id). */
export const bookQueryOptions = (slug: string, viewer: string) =>
  queryOptions({ queryKey: bookKeys.detail(slug, viewer), queryFn: ({ signal }) => fetchBookBySlug(slug, signal) });

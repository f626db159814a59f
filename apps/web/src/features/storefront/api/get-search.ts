import { queryOptions } from '@tanstack/react-query';
import type { SearchParams } from '@nhasach/shared';
import { bookKeys, searchBooks } from '../../../api/catalog.ts';

/** A page of search results; asked for only with a term. */
export const searchQueryOptions = (params: SearchParams) =>
  queryOptions({ queryKey: bookKeys.search(params), queryFn: ({ signal }) => searchBooks(params, signal), enabled: params.q !== '' });

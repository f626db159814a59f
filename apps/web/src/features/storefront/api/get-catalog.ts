import { queryOptions } from '@tanstack/react-query';
import type { CatalogParams } from '@nhasach/shared';
import { bookKeys, fetchCatalog } from '../../../api/catalog.ts';

/** A category listing (and the search page's best sellers) for the API parameters derived from the page's URL. */
export const catalogQueryOptions = (params: CatalogParams) =>
  queryOptions({ queryKey: bookKeys.catalog(params), queryFn: ({ signal }) => fetchCatalog(params, signal) });

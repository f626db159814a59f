import { queryOptions } from '@tanstack/react-query';
import { catalogKeys, fetchCategoryTree } from '../../../api/catalog.ts';

/** The category tree (header menu, home chips, category filters): one cache entry for all of them. */
export const categoryTreeQueryOptions = () =>
  queryOptions({ queryKey: catalogKeys.categoryTree, queryFn: fetchCategoryTree, staleTime: 5 * 60_000 });

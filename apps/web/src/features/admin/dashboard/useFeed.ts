import { useState } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { PageResult } from '@nhasach/shared';

/**
 * A dashboard feed: a page of `size` newest entries narrowed by one typed filter (sent trimmed, none when blank);
 * a new filter starts again at the first page.
 */
export function useFeed<T>(size: number, key: (page: number, filter: string) => QueryKey, fetch: (page: number, size: number, filter?: string) => Promise<PageResult<T>>) {
  const [page, setPage] = useState(0);
  const [filter, setFilterText] = useState('');
  const sent = filter.trim();
  const query = useQuery({
    queryKey: key(page, sent),
    queryFn: () => fetch(page, size, sent || undefined),
    placeholderData: keepPreviousData,
  });
  const setFilter = (v: string) => {
    setFilterText(v);
    setPage(0);
  };
  return { page, setPage, filter, setFilter, query, totalPages: query.data?.totalPages ?? 0 };
}

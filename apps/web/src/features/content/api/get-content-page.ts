import { queryOptions } from '@tanstack/react-query';
import { contentKeys, fetchContentPage } from '../../../api/content.ts';

/** An information page (/trang/{slug}): title and cleaned HTML. */
export const contentPageQueryOptions = (slug: string) =>
  queryOptions({ queryKey: contentKeys.page(slug), queryFn: ({ signal }) => fetchContentPage(slug, signal) });

import { searchPageParams, SITE_NAME } from '@nhasach/shared';
import { ApiError } from '../../api/client.ts';
import { searchQueryOptions } from '../../features/storefront/api/get-search.ts';
import { pageTitle } from '../../lib/head.ts';
import { firstCover } from './category.ts';
import { originOf, type RouteLoader } from './load.ts';

/** /search: the first page of results for a term (none without one); a real title, not indexed, its links followed. */
export const loader: RouteLoader = async (client, { request }) => {
  const { params } = searchPageParams(new URL(request.url).searchParams);
  const term = params.q;
  let result;
  if (term) {
    try {
      result = await client.ensureQueryData(searchQueryOptions(params));
    } catch (err) {
      // A term the API refuses: the page shows its message.
      if (!(err instanceof ApiError && err.status > 0 && err.status < 500)) throw err;
    }
  }
  return {
    head: {
      title: pageTitle(term ? `Tìm kiếm: ${term}` : 'Tìm kiếm'),
      description: term ? `Kết quả tìm kiếm sách cho "${term}" tại ${SITE_NAME}.` : `Tìm kiếm sách theo tên, tác giả, ISBN tại ${SITE_NAME}.`,
      canonical: `${originOf(request)}/search${term ? `?q=${encodeURIComponent(term)}` : ''}`,
      robots: 'noindex, follow',
      ...(result?.content[0] ? { preloadImage: firstCover(result.content) } : {}),
    },
  };
};

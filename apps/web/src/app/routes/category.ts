import { catalogParams, COVER_CARD_SIZES, coverSrcSet, parseListing, SITE_NAME, SLUG_MAX, type PageHeadTags } from '@nhasach/shared';
import { ApiError } from '../../api/client.ts';
import { catalogQueryOptions } from '../../features/storefront/api/get-catalog.ts';
import { categoryTreeQueryOptions } from '../../features/storefront/api/get-category-tree.ts';
import { pathTo } from '../../features/storefront/listing/CategoryTree.tsx';
import { absoluteUrl, breadcrumbList, pageTitle } from '../../lib/head.ts';
import { notFound, originOf, type RouteLoader } from './load.ts';

const categoryPath = (slug: string) => `/danh-muc/${encodeURIComponent(slug)}`;

/** The first cover of a list: the page's largest paint on a phone, fetched from the HTML instead of after the app has run. */
export function firstCover(books: readonly { thumbnail: string | null }[] | undefined): PageHeadTags['preloadImage'] {
  const href = books?.[0]?.thumbnail;
  if (!href) return undefined;
  const srcset = coverSrcSet(href);
  return srcset ? { href, srcset, sizes: COVER_CARD_SIZES } : { href };
}

/**
 * /danh-muc/{catSlug}: the tree and the listing of the URL's filters, sort and page. An unknown category, and a
 * page past the last one, are 404. A listing the API refuses (400) is left to the page, which shows its message.
 */
export const loader: RouteLoader = async (client, { params, request }) => {
  const slug = params.catSlug ?? '';
  if (slug.length === 0 || slug.length > SLUG_MAX) notFound('category');
  const tree = await client.ensureQueryData(categoryTreeQueryOptions());
  const trail = pathTo(tree, slug);
  const category = trail[trail.length - 1];
  if (!category) notFound('category');
  const url = new URL(request.url);
  const listing = parseListing(url.searchParams);
  let result;
  try {
    result = await client.ensureQueryData(catalogQueryOptions(catalogParams(slug, listing)));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) notFound('category');
    if (!(err instanceof ApiError && err.status > 0 && err.status < 500)) throw err;
  }
  if (result && listing.page > 0 && listing.page >= result.totalPages) notFound();

  const origin = originOf(request);
  const children = category.children ?? [];
  const crumbs = [{ name: 'Trang chủ', path: '/' }, ...trail.map((c) => ({ name: c.name, path: categoryPath(c.slug) }))];
  // Only the page number stays in the canonical URL: other filters are views of the same page.
  const canonical = absoluteUrl(origin, categoryPath(category.slug)) + (listing.page > 0 ? `?page=${listing.page}` : '');
  const head: PageHeadTags = {
    title: pageTitle(category.name),
    description: `Sách ${category.name} tại ${SITE_NAME}: chọn theo giá, nhà xuất bản, độ tuổi; giao hàng toàn quốc.${
      children.length ? ` Gồm: ${children.map((c) => c.name).join(', ')}.` : ''
    }`,
    canonical,
    ...(result?.content[0] ? { preloadImage: firstCover(result.content) } : {}),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        name: category.name,
        url: canonical,
        inLanguage: 'vi',
        isPartOf: { '@type': 'WebSite', name: SITE_NAME, url: `${origin}/` },
      },
      breadcrumbList(origin, crumbs),
    ],
  };
  return { head };
};

import { BANNER_SIZES, bannerSrc, bannerSrcSet, HOME_BANNERS, HOME_SHARE_IMAGE, SITE_NAME } from '@nhasach/shared';
import { categoryTreeQueryOptions } from '../../features/storefront/api/get-category-tree.ts';
import { homeQueryOptions } from '../../features/storefront/api/get-home.ts';
import { absoluteUrl, HOME_DESCRIPTION, HOME_TITLE } from '../../lib/head.ts';
import { originOf, type RouteLoader } from './load.ts';

const FIRST_BANNER = HOME_BANNERS[0]!.name;

/** Home: the category tree and the home data; the head names the store and its search box (WebSite + SearchAction). */
export const loader: RouteLoader = async (client, { request }) => {
  await Promise.all([client.ensureQueryData(categoryTreeQueryOptions()), client.ensureQueryData(homeQueryOptions())]);
  const origin = originOf(request);
  return {
    head: {
      title: HOME_TITLE,
      description: HOME_DESCRIPTION,
      canonical: `${origin}/`,
      // The share picture (1200×630 PNG drawn by npm run banners from apps/web/og/home.svg): link previews want a
      // large raster picture, not the favicon.
      image: absoluteUrl(origin, HOME_SHARE_IMAGE.path),
      imageAlt: HOME_SHARE_IMAGE.alt,
      og: [
        ['og:image:type', 'image/png'],
        ['og:image:width', String(HOME_SHARE_IMAGE.width)],
        ['og:image:height', String(HOME_SHARE_IMAGE.height)],
      ],
      // The first banner of the carousel is the home page's largest paint.
      preloadImage: { href: bannerSrc(FIRST_BANNER), srcset: bannerSrcSet(FIRST_BANNER), sizes: BANNER_SIZES },
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: SITE_NAME,
          url: `${origin}/`,
          inLanguage: 'vi',
          potentialAction: {
            '@type': 'SearchAction',
            target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
            'query-input': 'required name=search_term_string',
          },
        },
        { '@context': 'https://schema.org', '@type': 'Organization', name: SITE_NAME, url: `${origin}/`, logo: absoluteUrl(origin, '/favicon.svg') },
      ],
    },
  };
};

import { contentPagePath, isContentPageSlug, SITE_NAME } from '@nhasach/shared';
import { contentPageQueryOptions } from '../../features/content/api/get-content-page.ts';
import { absoluteUrl, clip, htmlToText, pageTitle } from '../../lib/head.ts';
import { notFound, orNotFound, originOf, type RouteLoader } from './load.ts';

/** /trang/{slug}: an information page; its description is the start of its text. Unknown slugs are 404. */
export const loader: RouteLoader = async (client, { params, request }) => {
  const slug = params.slug ?? '';
  if (!isContentPageSlug(slug)) notFound();
  const page = await orNotFound(client.ensureQueryData(contentPageQueryOptions(slug)));
  const text = htmlToText(page.html);
  return {
    head: {
      title: pageTitle(page.title),
      description: text ? clip(text, 160) : `${page.title} - ${SITE_NAME}.`,
      canonical: absoluteUrl(originOf(request), contentPagePath(slug)),
    },
  };
};

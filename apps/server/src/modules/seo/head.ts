import { SITE_NAME, type PageHeadTags } from '@nhasach/shared';
import { clip, escapeHtml, jsonForScript } from './escape.ts';

/** A page's head as its route answered it (apps/web/src/app/routes), with what the server adds. */
export interface PageHead extends PageHeadTags {
  status: number;
  /** Script files of the page's own code (see route-chunks.ts), fetched together with the app's entry. */
  modulePreload?: string[];
  /** The query cache and the routes' loader answers of the server's render (#page-data, read by the web app at start). */
  data?: Record<string, unknown>;
}

/** The head of a page that cannot be shown now (the database is down, the render failed): 503/500, not indexed. */
export const unavailableHead: PageHeadTags = {
  title: 'Nhà Sách - Nhà sách trực tuyến',
  description: 'Nhà Sách - nhà sách trực tuyến: sách tiếng Việt và sách dịch, giao hàng toàn quốc.',
  robots: 'noindex',
};

const DESCRIPTION_MAX = 160;

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${escapeHtml(key)}" content="${escapeHtml(content)}" />`;

/** The tags of a page head, one per line. */
export function renderHead(head: PageHead): string {
  const description = clip(head.description, DESCRIPTION_MAX);
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', description),
  ];
  if (head.robots) lines.push(meta('name', 'robots', head.robots));
  if (head.canonical) lines.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  if (head.preloadImage) {
    const p = head.preloadImage;
    lines.push(
      `<link rel="preload" as="image" href="${escapeHtml(p.href)}"${p.srcset ? ` imagesrcset="${escapeHtml(p.srcset)}"` : ''}${
        p.sizes ? ` imagesizes="${escapeHtml(p.sizes)}"` : ''
      } fetchpriority="high" />`,
    );
  }
  for (const href of head.modulePreload ?? []) lines.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`);
  lines.push(
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'vi_VN'),
    meta('property', 'og:type', head.ogType ?? 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', description),
  );
  if (head.canonical) lines.push(meta('property', 'og:url', head.canonical));
  if (head.image) {
    lines.push(meta('property', 'og:image', head.image));
    if (head.imageAlt) lines.push(meta('property', 'og:image:alt', head.imageAlt));
  }
  for (const [property, content] of head.og ?? []) lines.push(meta('property', property, content));
  lines.push(
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', description),
  );
  if (head.image) lines.push(meta('name', 'twitter:image', head.image));
  // A data block: the browser never runs it, so the strict script-src of the CSP has nothing to refuse.
  for (const data of head.jsonLd ?? []) lines.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  if (head.data) lines.push(`<script type="application/json" id="page-data">${jsonForScript(head.data)}</script>`);
  return lines.join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/i;
const ROOT = /<div id="root"><\/div>/;
const STYLESHEET = /<link rel="stylesheet"[^>]*>\s*/g;
const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The built index.html cut once into the parts around the page head and the app's root element, so that each
 * answer is a few string joins. The built file's own title and description make way for the page's. `app` is
 * the server's render of the app (render-app.ts), put inside the root element.
 */
export function compileShell(indexHtml: string, boot?: string): (head: PageHead, app?: string) => string {
  // The stylesheet first: Vite writes it after the entry's module preloads, and a page the server has rendered
  // paints as soon as its CSS is in, so it must not queue behind thirty script files.
  const stylesheets = (indexHtml.match(STYLESHEET) ?? []).map((link) => link.trim());
  const withoutDescription = indexHtml.replace(STYLESHEET, '').replace(DESCRIPTION, '');
  const titleAt = withoutDescription.search(TITLE);
  const headSlot = titleAt >= 0 ? withoutDescription.replace(TITLE, '\u0000HEAD\u0000') : withoutDescription.replace('</head>', '\u0000HEAD\u0000\n  </head>');
  const [beforeStyles = '', afterHead = ''] = headSlot.split('\u0000HEAD\u0000');
  const beforeHead = stylesheets.length ? `${beforeStyles}${stylesheets.join('\n    ')}\n    ` : beforeStyles;
  const rootAt = afterHead.search(ROOT);
  // A page the server has rendered shows without its scripts: the loader (apps/web/src/boot.ts) stands in for the
  // app's entry and fetches it with its files after the page's load event, so the cover and the stylesheet are
  // not queued behind thirty script files on a slow line.
  const entryFiles = [...afterHead.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const withoutPreloads = afterHead.replace(MODULE_PRELOAD, '');
  const entryTag = ENTRY.exec(withoutPreloads);
  const entry = entryTag?.[1];
  const beforeEntry = entryTag ? withoutPreloads.slice(0, entryTag.index) : withoutPreloads;
  const afterEntry = entryTag ? withoutPreloads.slice(entryTag.index + entryTag[0].length) : '';
  return (head, app) => {
    if (app && rootAt >= 0) {
      const withApp = (html: string) => html.replace(ROOT, () => `<div id="root">${app}</div>`);
      if (!boot || !entry) return `${beforeHead}${renderHead(head)}${withApp(afterHead)}`;
      const files = [...entryFiles, ...(head.modulePreload ?? [])].join(' ');
      const loader = `<script type="module" src="${escapeHtml(boot)}" data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml(files)}"></script>`;
      return `${beforeHead}${renderHead({ ...head, modulePreload: undefined })}${withApp(`${beforeEntry}${loader}${afterEntry}`)}`;
    }
    return `${beforeHead}${renderHead(head)}${afterHead}`;
  };
}

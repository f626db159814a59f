import { SITE_NAME, type PageHeadTags } from '@nhasach/shared';

/** Titles read 'Page | Nhà Sách'; the home page has its own. */
export const pageTitle = (title: string) => `${title} | ${SITE_NAME}`;
export const HOME_TITLE = 'Nhà Sách - Nhà sách trực tuyến';
export const HOME_DESCRIPTION = 'Nhà Sách - nhà sách trực tuyến: sách tiếng Việt và sách dịch, giao hàng toàn quốc.';

/**
 * What a route's loader answers: the page's head (see app/router.tsx). None: the server sends the app's shell and
 * the browser renders the page (a shopper's own page without the shopper's session).
 */
export interface RouteData {
  head?: PageHeadTags;
}

/** A page's head from its title and description (pages whose head needs no data). */
export function simpleHead(origin: string, path: string, title: string, description: string, robots?: string): PageHeadTags {
  return { title: pageTitle(title), description, canonical: absoluteUrl(origin, path), ...(robots ? { robots } : {}) };
}

/** The page that does not exist (404) and the page when the catalogue cannot be read (5xx): not indexed. */
export const notFoundHead = (): PageHeadTags => ({
  title: pageTitle('Không tìm thấy trang'),
  description: 'Trang bạn tìm không tồn tại hoặc đã bị gỡ.',
  robots: 'noindex',
});
export const unavailableHead = (): PageHeadTags => ({ title: HOME_TITLE, description: HOME_DESCRIPTION, robots: 'noindex' });

export const absoluteUrl = (origin: string, url: string): string => new URL(url, `${origin}/`).href;

export function breadcrumbList(origin: string, items: { name: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: absoluteUrl(origin, item.path) })),
  };
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The plain text of a (sanitised) HTML fragment, for a meta description: tags dropped, the common entities
 * decoded, white space collapsed. The result is text again and is escaped when written.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cut to at most `max` characters at a word boundary, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

import type { FastifyInstance } from 'fastify';
import {
  BANNER_SIZES,
  bannerSrc,
  bannerSrcSet,
  catalogParams,
  catalogQuerySchema,
  cleanSearchText,
  COVER_CARD_SIZES,
  coverSrcSet,
  formatVnd,
  HOME_BANNERS,
  HOME_QUERY,
  homeQuerySchema,
  parseListing,
  normaliseSearchTerm,
  searchPageParams,
  searchQuerySchema,
  SLUG_MAX,
  type BookDto,
  type CoverType,
  type Language,
} from '@nhasach/shared';
import { AppError } from '../../lib/errors.ts';
import { loadCategoryRows, topCategoryRows, type CategoryRow } from '../catalog/index.ts';
import { clip, escapeHtml, htmlToText } from './escape.ts';
import { SITE_NAME, type PageHead } from './head.ts';

/** Titles as the web app sets them (useDocumentTitle): 'Page | Nhà Sách'; the home page has its own. */
const pageTitle = (title: string) => `${title} | ${SITE_NAME}`;
const FIRST_BANNER = HOME_BANNERS[0]!.name;
const HOME_TITLE = 'Nhà Sách - Nhà sách trực tuyến';
const HOME_DESCRIPTION = 'Nhà Sách - nhà sách trực tuyến: sách tiếng Việt và sách dịch, giao hàng toàn quốc.';

/** The product page's main picture: the same srcset and sizes as the gallery (ProductGallery.tsx), so the preload is reused. */
const GALLERY_SIZES = '(min-width: 1024px) 340px, 80vw';

const LANGUAGE_CODES: Record<Language, string | undefined> = {
  VI: 'vi', EN: 'en', JA: 'ja', KO: 'ko', ZH: 'zh', FR: 'fr', DE: 'de', RU: 'ru', ES: 'es', OTHER: undefined,
};
const BOOK_FORMATS: Record<CoverType, string | undefined> = {
  PAPERBACK: 'https://schema.org/Paperback',
  HARDCOVER: 'https://schema.org/Hardcover',
  OTHER: undefined,
};

export interface PageContext {
  app: FastifyInstance;
  /** PUBLIC_URL without the trailing slash. */
  origin: string;
}

export const absoluteUrl = (origin: string, url: string): string => new URL(url, `${origin}/`).href;
const bookPath = (slug: string) => `/books/${encodeURIComponent(slug)}`;
const categoryPath = (slug: string) => `/danh-muc/${encodeURIComponent(slug)}`;

/** The answer for a page that does not exist (unknown book or category): 404, the app shell shows its not-found page. */
export function notFoundHead(): PageHead {
  return {
    status: 404,
    title: pageTitle('Không tìm thấy trang'),
    description: 'Trang bạn tìm không tồn tại hoặc đã bị gỡ.',
    robots: 'noindex',
  };
}

/** The answer when the catalogue cannot be read (database down): the app shell, 503 so crawlers come back later. */
export function unavailableHead(): PageHead {
  return { status: 503, title: HOME_TITLE, description: HOME_DESCRIPTION, robots: 'noindex' };
}

function breadcrumbList(origin: string, items: { name: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: absoluteUrl(origin, item.path) })),
  };
}

/**
 * API parameters as the web app's client sends them (blank values dropped, everything a string), so the server's
 * own call goes through the same validation as the page's request would.
 */
function asQuery(params: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') out[key] = String(value);
  return out;
}

/** The first cover of a list: the page's largest paint on a phone, fetched from the HTML instead of after the app has run. */
function firstCover(books: readonly { thumbnail: string | null }[] | undefined): PageHead['preloadImage'] {
  const href = books?.[0]?.thumbnail;
  if (!href) return undefined;
  const srcset = coverSrcSet(href);
  return srcset ? { href, srcset, sizes: COVER_CARD_SIZES } : { href };
}

const links = (items: { name: string; path: string }[]) =>
  items.map((i) => `<a href="${escapeHtml(i.path)}">${escapeHtml(i.name)}</a>`).join(' / ');

/** Home: the store, its search box (WebSite + SearchAction) and the top categories as links. */
export async function homeHead({ app, origin }: PageContext): Promise<PageHead> {
  const [top, categoryTree, home] = await Promise.all([
    topCategoryRows(app.db, 10),
    app.catalog.categoryTree(),
    app.catalog.home(homeQuerySchema.parse(asQuery(HOME_QUERY))),
  ]);
  return {
    data: { categoryTree, home },
    status: 200,
    title: HOME_TITLE,
    description: HOME_DESCRIPTION,
    canonical: `${origin}/`,
    image: absoluteUrl(origin, '/favicon.svg'),
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
    noscript: `<h1>${escapeHtml(SITE_NAME)}</h1><p>${escapeHtml(HOME_DESCRIPTION)}</p><ul>${top
      .map((c) => `<li><a href="${escapeHtml(categoryPath(c.slug))}">${escapeHtml(c.name)}</a></li>`)
      .join('')}</ul>`,
  };
}

/** A product page (/books/{slug} and /danh-muc/{catSlug}/{slug}); the canonical URL is /books/{slug}. */
export async function productHead({ app, origin }: PageContext, slug: string): Promise<PageHead> {
  if (slug.length === 0 || slug.length > SLUG_MAX) return notFoundHead();
  let book: BookDto;
  try {
    book = await app.catalog.book({ slug });
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) return notFoundHead();
    throw err;
  }
  const canonical = absoluteUrl(origin, bookPath(book.slug));
  const cover = [...book.images].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)[0];
  const imageUrl = cover ? cover.variants.xlarge : book.thumbnail;
  const image = imageUrl ? absoluteUrl(origin, imageUrl) : undefined;
  const authors = book.authors.map((a) => a.name);
  const text = htmlToText(book.description);
  const byline = authors.length ? ` - ${authors.join(', ')}` : '';
  const description = text || `${book.title}${byline}. Giá ${formatVnd(book.effectivePrice)} tại ${SITE_NAME}.`;
  const inStock = book.status === 'ACTIVE' && book.stock > 0;
  const category = book.categories[0];
  const crumbs = [
    { name: 'Trang chủ', path: '/' },
    ...(category ? [{ name: category.name, path: categoryPath(category.slug) }] : []),
    { name: book.title, path: bookPath(book.slug) },
  ];
  const saleEnds = book.salePrice !== null && book.effectivePrice === book.salePrice ? book.saleEndAt : null;
  const language = LANGUAGE_CODES[book.language];
  const format = BOOK_FORMATS[book.coverType];
  const bookLd = {
    '@context': 'https://schema.org',
    '@type': 'Book',
    name: book.title,
    url: canonical,
    ...(image ? { image: [image] } : {}),
    isbn: book.isbn13,
    ...(book.sku ? { sku: book.sku } : {}),
    ...(authors.length ? { author: authors.map((name) => ({ '@type': 'Person', name })) } : {}),
    ...(book.publisher ? { publisher: { '@type': 'Organization', name: book.publisher.name } } : {}),
    ...(book.publicationYear ? { datePublished: String(book.publicationYear) } : {}),
    ...(book.pageCount ? { numberOfPages: book.pageCount } : {}),
    ...(language ? { inLanguage: language } : {}),
    ...(format ? { bookFormat: format } : {}),
    ...(text ? { description: clip(text, 500) } : {}),
    ...(book.ratingCount > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: book.ratingAverage, ratingCount: book.ratingCount, bestRating: 5, worstRating: 1 } }
      : {}),
    offers: {
      '@type': 'Offer',
      url: canonical,
      price: book.effectivePrice,
      priceCurrency: 'VND',
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      ...(saleEnds ? { priceValidUntil: saleEnds.slice(0, 10) } : {}),
      seller: { '@type': 'Organization', name: SITE_NAME },
    },
  };
  return {
    status: 200,
    // The answer of GET /books/slug/{slug} for a visitor who is not signed in (the page's first request).
    data: { book: { slug, book } },
    title: pageTitle(book.title),
    description,
    canonical,
    ogType: 'product',
    ...(image ? { image, imageAlt: book.title } : {}),
    og: [
      ['product:price:amount', String(book.effectivePrice)],
      ['product:price:currency', 'VND'],
      ['product:availability', inStock ? 'in stock' : 'out of stock'],
      ['product:condition', 'new'],
      ['product:retailer_item_id', book.isbn13],
    ],
    jsonLd: [bookLd, breadcrumbList(origin, crumbs)],
    ...(cover
      ? {
          preloadImage: {
            href: cover.variants.large,
            srcset: `${cover.variants.medium} 300w, ${cover.variants.large} 600w, ${cover.variants.xlarge} 900w`,
            sizes: GALLERY_SIZES,
          },
        }
      : {}),
    noscript: `<nav aria-label="Breadcrumb">${links(crumbs)}</nav><h1>${escapeHtml(book.title)}</h1>${
      authors.length ? `<p>${escapeHtml(authors.join(', '))}</p>` : ''
    }<p>${escapeHtml(formatVnd(book.effectivePrice))}</p>${text ? `<p>${escapeHtml(clip(text, 500))}</p>` : ''}`,
  };
}

/** The chain of a category from its top-level ancestor down to itself. */
function ancestry(rows: readonly CategoryRow[], leaf: CategoryRow): CategoryRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chain: CategoryRow[] = [];
  for (let c: CategoryRow | undefined = leaf; c && chain.length < 20; c = c.parentId === null ? undefined : byId.get(c.parentId)) chain.unshift(c);
  return chain;
}

/** A category listing (/danh-muc/{catSlug}); a page number other than the first stays in the canonical URL. */
export async function categoryHead({ app, origin }: PageContext, slug: string, query: URLSearchParams): Promise<PageHead> {
  if (slug.length === 0 || slug.length > SLUG_MAX) return notFoundHead();
  const rows = await loadCategoryRows(app.db);
  // By slug only: the page's URL names its category by slug (the API also takes ids; a page URL does not).
  const category = rows.find((r) => r.slug === slug);
  if (!category) return notFoundHead();
  const children = rows.filter((r) => r.parentId === category.id);
  const listing = parseListing(query);
  const page = listing.page;
  // The listing the page shows first (same parameters as CategoryPage asks for); a query the API refuses is
  // left to the page, which shows the API's message.
  const params = catalogParams(category.slug, listing);
  const parsed = catalogQuerySchema.safeParse(asQuery(params));
  const [categoryTree, result] = await Promise.all([app.catalog.categoryTree(), parsed.success ? app.catalog.catalog(parsed.data) : undefined]);
  const crumbs = [{ name: 'Trang chủ', path: '/' }, ...ancestry(rows, category).map((c) => ({ name: c.name, path: categoryPath(c.slug) }))];
  const canonical = absoluteUrl(origin, categoryPath(category.slug)) + (page > 0 ? `?page=${page}` : '');
  const description = `Sách ${category.name} tại ${SITE_NAME}: chọn theo giá, nhà xuất bản, độ tuổi; giao hàng toàn quốc.${
    children.length ? ` Gồm: ${children.map((c) => c.name).join(', ')}.` : ''
  }`;
  return {
    status: 200,
    title: pageTitle(category.name),
    description,
    canonical,
    data: { categoryTree, ...(result ? { catalog: { params, result } } : {}) },
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
    noscript: `<nav aria-label="Breadcrumb">${links(crumbs)}</nav><h1>${escapeHtml(category.name)}</h1>${
      children.length
        ? `<ul>${children.map((c) => `<li><a href="${escapeHtml(categoryPath(c.slug))}">${escapeHtml(c.name)}</a></li>`).join('')}</ul>`
        : ''
    }`,
  };
}

/** Search results: a real title, but not indexed (endless thin pages); the links on it are followed. */
export async function searchHead({ app, origin }: PageContext, query: URLSearchParams): Promise<PageHead> {
  const term = normaliseSearchTerm(cleanSearchText(query.get('q') ?? '')).trim();
  // The first page of results as SearchPage asks for it (the API cleans the term the same way).
  const { params } = searchPageParams(query);
  const parsed = params.q ? searchQuerySchema.safeParse(asQuery({ ...params, q: cleanSearchText(params.q) })) : undefined;
  const result = parsed?.success ? await app.catalog.search(parsed.data) : undefined;
  return {
    status: 200,
    title: pageTitle(term ? `Tìm kiếm: ${term}` : 'Tìm kiếm'),
    description: term ? `Kết quả tìm kiếm sách cho "${term}" tại ${SITE_NAME}.` : `Tìm kiếm sách theo tên, tác giả, ISBN tại ${SITE_NAME}.`,
    canonical: `${origin}/search${term ? `?q=${encodeURIComponent(term)}` : ''}`,
    robots: 'noindex, follow',
    ...(result ? { data: { search: { params, result } }, preloadImage: firstCover(result.content) } : {}),
  };
}

import { formatVnd, SITE_NAME, SLUG_MAX, type BookDto, type CoverType, type Language, type PageHeadTags } from '@nhasach/shared';
import { bookQueryOptions } from '../../features/storefront/api/get-book.ts';
import { GALLERY_SIZES, shotsOf } from '../../features/storefront/product/gallery.ts';
import { absoluteUrl, breadcrumbList, clip, htmlToText, pageTitle } from '../../lib/head.ts';
import { notFound, orNotFound, originOf, storedViewerKey, type RouteLoader } from './load.ts';

const LANGUAGE_CODES: Record<Language, string | undefined> = {
  VI: 'vi', EN: 'en', JA: 'ja', KO: 'ko', ZH: 'zh', FR: 'fr', DE: 'de', RU: 'ru', ES: 'es', OTHER: undefined,
};
const BOOK_FORMATS: Record<CoverType, string | undefined> = {
  PAPERBACK: 'https://schema.org/Paperback',
  HARDCOVER: 'https://schema.org/Hardcover',
  OTHER: undefined,
};
const bookPath = (slug: string) => `/books/${encodeURIComponent(slug)}`;
const categoryPath = (slug: string) => `/danh-muc/${encodeURIComponent(slug)}`;

/** /books/{slug} and /danh-muc/{catSlug}/{slug}: the book, or 404 for an unknown or hidden one. */
export const loader: RouteLoader = async (client, { params, request }) => {
  const slug = params.slug ?? '';
  if (slug.length === 0 || slug.length > SLUG_MAX) notFound('book');
  const book = await orNotFound(client.ensureQueryData(bookQueryOptions(slug, storedViewerKey())), 'book');
  return { head: productHead(originOf(request), book) };
};

/** Title, description, cover, price in VND (Open Graph product tags), Book with an Offer and the breadcrumb (JSON-LD). */
function productHead(origin: string, book: BookDto): PageHeadTags {
  // The canonical URL is /books/{slug} whichever URL showed the book.
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
  // The gallery's main picture, with the gallery's own srcset and sizes, so the browser reuses the preload.
  const shot = shotsOf(book)[0];
  return {
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
    ...(shot ? { preloadImage: { href: shot.main, ...(shot.srcSet ? { srcset: shot.srcSet, sizes: GALLERY_SIZES } : {}) } } : {}),
  };
}

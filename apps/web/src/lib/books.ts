import { formatDateTimeVN, formatDateVN, type BookCardDto } from '@nhasach/shared';

/** Product page path: under its category when known (/danh-muc/{cat}/{slug}), else /books/{slug}. */
export function bookPath(book: Pick<BookCardDto, 'slug' | 'categorySlug'>): string {
  const slug = encodeURIComponent(book.slug);
  return book.categorySlug ? `/danh-muc/${encodeURIComponent(book.categorySlug)}/${slug}` : `/books/${slug}`;
}

/** A book's page by its slug alone (cart and order lines know no category). */
export const bookHref = (slug: string) => `/books/${encodeURIComponent(slug)}`;

/** 'Đã bán' figures: 950, 1,2k, 15k. */
export function formatSold(n: number): string {
  if (n < 1000) return String(n);
  const k = n / 1000;
  // Written out (not Intl) so every browser prints the Vietnamese decimal comma: 1,2k.
  return `${String(k < 10 ? Math.floor(k * 10) / 10 : Math.floor(k)).replace('.', ',')}k`;
}

/** Authors joined for a card line. */
export const authorNames = (authors: { name: string }[]) => authors.map((a) => a.name).join(', ');

/** '14/03/2025' in Vietnam time, whatever the browser's zone (one rule for every page: shared datetime.ts). */
export const formatDate = (iso: string) => formatDateVN(iso);
/** '14/03/2025 09:30' in Vietnam time. */
export const formatDateTime = (iso: string) => formatDateTimeVN(iso);

import type { BookCardDto } from '@nhasach/shared';

/** Product page path: under its category when known (/danh-muc/{cat}/{slug}), else /books/{slug}. */
export function bookPath(book: Pick<BookCardDto, 'slug' | 'categorySlug'>): string {
  const slug = encodeURIComponent(book.slug);
  return book.categorySlug ? `/danh-muc/${encodeURIComponent(book.categorySlug)}/${slug}` : `/books/${slug}`;
}

/** 'Đã bán' figures: 950, 1,2k, 15k. */
export function formatSold(n: number): string {
  if (n < 1000) return String(n);
  const k = n / 1000;
  // Written out (not Intl) so every browser prints the Vietnamese decimal comma: 1,2k.
  return `${String(k < 10 ? Math.floor(k * 10) / 10 : Math.floor(k)).replace('.', ',')}k`;
}

/** Authors joined for a card line. */
export const authorNames = (authors: { name: string }[]) => authors.map((a) => a.name).join(', ');

const dateFmt = new Intl.DateTimeFormat('vi-VN', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFmt = new Intl.DateTimeFormat('vi-VN', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
export const formatDate = (iso: string) => dateFmt.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFmt.format(new Date(iso));

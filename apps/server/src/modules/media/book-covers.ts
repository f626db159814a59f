import { IMAGE_VARIANTS, MEDIA_PATH_PREFIX, type ImageVariant } from '@nhasach/shared';
import type { CoverTheme } from './cover.ts';
import type { MediaStorage } from './storage.ts';
import { renderCoverVariant } from './variants.ts';

/**
 * Designed covers of books that have no photo (the demo catalogue). The URLs are stored like any image's,
 * but the files are drawn on their first request and then kept in the storage (see the media route), so
 * seeding 300+ books costs no image work at start-up. The design version is part of the key: a new design
 * gets new URLs, as the files are served as immutable.
 */
export const COVER_DESIGN_VERSION = 'v1';

const COVER_KEY = /^covers\/(\d{1,10})\/([a-z0-9]+)-(thumb|medium|large|xlarge)\.webp$/;

export const coverKey = (bookId: number, variant: ImageVariant): string => `covers/${bookId}/${COVER_DESIGN_VERSION}-${variant}.webp`;

export interface BookImageUrls {
  /** The main URL: the largest variant. */
  url: string;
  thumbUrl: string;
  mediumUrl: string;
  largeUrl: string;
  xlargeUrl: string;
}

/**
 * The image row values of a book's designed cover. Always the API's /media/ address, even with MEDIA_PUBLIC_URL:
 * a cover is drawn by the media route on its first request (then stored), which a CDN or bucket cannot do.
 */
export function coverImageUrls(_storage: MediaStorage, bookId: number): BookImageUrls {
  const u = (v: ImageVariant) => `${MEDIA_PATH_PREFIX}${coverKey(bookId, v)}`;
  return { url: u('xlarge'), thumbUrl: u('thumb'), mediumUrl: u('medium'), largeUrl: u('large'), xlargeUrl: u('xlarge') };
}

/** Ordered rules from a category slug to a cover theme; the first match on the leaf, then its parent, wins. */
const THEME_RULES: [RegExp, CoverTheme][] = [
  [/(^|-)tho($|-)/, 'poetry'],
  [/manga|comic|truyen-tranh|light-novel/, 'comics'],
  [/thieu-nhi|co-tich|ngu-ngon|cho-be/, 'children'],
  [/nuoc-ngoai|trinh-tham|kinh-di|gia-tuong|phieu-luu/, 'foreign'],
  [/kinh-te|quan-tri|lanh-dao|marketing|ban-hang|tai-chinh|dau-tu|khoi-nghiep/, 'business'],
  [/tam-ly|triet-hoc/, 'psychology'],
  [/ky-nang|giao-tiep|ung-xu|phat-trien-ban-than/, 'selfhelp'],
  [/khoa-hoc|cong-nghe|y-hoc|tin-hoc/, 'science'],
  [/lich-su|dia-ly|du-ky|van-hoa/, 'history'],
  [/ngoai-ngu|tieng-|tu-dien/, 'language'],
  [/nau-an|am-thuc|nuoi-day|dinh-duong|doi-song|suc-khoe/, 'cooking'],
  [/giao-khoa|tham-khao|luyen-thi/, 'textbook'],
  [/nghe-thuat|hoi-hoa|am-nhac|nhiep-anh/, 'art'],
  [/van-hoc|tieu-thuyet|truyen-ngan|tan-van|hoi-ky|tu-truyen/, 'literature'],
];

/** Cover theme of a book from its category slugs (leaf first); literature when nothing matches. */
export function themeForCategories(slugs: readonly (string | null | undefined)[]): CoverTheme {
  for (const slug of slugs) {
    if (!slug) continue;
    for (const [pattern, theme] of THEME_RULES) if (pattern.test(slug)) return theme;
  }
  return 'literature';
}

/** What a designed cover shows of its book. */
export interface CoverBook {
  title: string;
  authors: string[];
  /** The book's first category, with its parent's slug (the theme). */
  category: { name: string; slug: string; parentSlug: string | null } | null;
}

/**
 * The book whose image row shows `url`, or null (so nobody can make the server draw arbitrary keys). The
 * catalogue answers it; the composition root (modules/index.ts) hands it in.
 */
export type CoverBookSource = (bookId: number, url: string) => Promise<CoverBook | null>;

/**
 * The generator of designed covers for the media service: draws the requested variant of a book's cover, or
 * returns null when the key is not a cover key of this design version or the book does not use that URL.
 */
export function bookCoverGenerator(source: CoverBookSource): (key: string) => Promise<Buffer | null> {
  return async (key) => {
    const match = COVER_KEY.exec(key);
    if (!match || match[2] !== COVER_DESIGN_VERSION) return null;
    const bookId = Number(match[1]);
    const variant = match[3] as ImageVariant;
    if (!IMAGE_VARIANTS.includes(variant) || !Number.isSafeInteger(bookId)) return null;
    const book = await source(bookId, `${MEDIA_PATH_PREFIX}${key}`);
    if (!book) return null;
    return renderCoverVariant(
      {
        title: book.title,
        authors: book.authors,
        theme: themeForCategories([book.category?.slug, book.category?.parentSlug]),
        label: book.category?.name,
      },
      variant,
    );
  };
}

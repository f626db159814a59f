/**
 * Book images: every image is stored as four WebP variants of a portrait 2:3 frame. The web app uses the
 * widths for srcset/sizes; the server makes the files (apps/server/src/modules/media).
 */
export const IMAGE_VARIANTS = ['thumb', 'medium', 'large', 'xlarge'] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

/** Width in px of each variant; the height is 1.5 times the width. */
export const IMAGE_VARIANT_WIDTHS: Readonly<Record<ImageVariant, number>> = { thumb: 120, medium: 300, large: 600, xlarge: 900 };
export const imageVariantHeight = (variant: ImageVariant): number => Math.round(IMAGE_VARIANT_WIDTHS[variant] * 1.5);

/** Media files are served by the API server under this path (same origin as the web app). */
export const MEDIA_PATH_PREFIX = '/media/';

/**
 * `sizes` of a list cover (book cards): two columns on a phone, about 200 px wide from tablets up, so a phone gets
 * the medium file and a retina desktop the large one. The server preloads a list's first cover with the same value.
 */
export const COVER_CARD_SIZES = '(min-width: 1024px) 200px, 40vw';

/**
 * srcset of a list cover from its medium variant's URL: every stored image has its four variants side by side
 * (`…-thumb.webp`, `…-medium.webp`, `…-large.webp`, `…-xlarge.webp`), on the same base (relative `/media/` or the
 * API's absolute address); any other URL gets none.
 */
export function coverSrcSet(mediumUrl: string | null | undefined): string | undefined {
  const suffix = '-medium.webp';
  // A stored path, or the same path on the API's address (the API answers every image absolute). Written short: this
  // runs in the storefront's first load, which is at its budget.
  if (!mediumUrl?.endsWith(suffix) || !mediumUrl.includes(MEDIA_PATH_PREFIX)) return undefined;
  const base = mediumUrl.slice(0, -suffix.length);
  const w = IMAGE_VARIANT_WIDTHS;
  return `${base}-thumb.webp ${w.thumb}w, ${mediumUrl} ${w.medium}w, ${base}-large.webp ${w.large}w`;
}

/** Shown wherever a book has no image, or an image fails to load. */
export const NO_IMAGE_URL = '/media/no-image.svg';

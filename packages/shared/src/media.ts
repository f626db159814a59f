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

/** Shown wherever a book has no image, or an image fails to load. */
export const NO_IMAGE_URL = '/media/no-image.svg';

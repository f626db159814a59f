/**
 * Media: storage of image files (local disk or S3), their WebP variants, designed covers drawn on first request,
 * and the /media route. It reads no table: the book a cover shows comes from a source the composition root hands
 * in (bookCoverGenerator).
 */
export { mediaRoutes } from './routes.ts';
export { createMediaService, mediaStorageOf, type MediaGenerator, type MediaService } from './service.ts';
export { LocalDiskStorage, contentTypeOf, isValidMediaKey, type MediaStorage, type StoredFile } from './storage.ts';
export { makeImageVariants, renderCoverVariant, renderCoverVariants, INVALID_IMAGE_MESSAGE, type ImageVariants } from './variants.ts';
export { deleteBookImageFiles } from './book-images.ts';
export { publicMediaUrls } from './public-urls.ts';
export {
  bookCoverGenerator,
  COVER_DESIGN_VERSION,
  coverImageUrls,
  coverKey,
  themeForCategories,
  type BookImageUrls,
  type CoverBook,
  type CoverBookSource,
} from './book-covers.ts';
export { coverSvg, placeholderSvg, COVER_THEMES, type CoverSpec, type CoverTheme } from './cover.ts';

// The media module: storage of image files, their variants, designed covers and the /media route.
export { mediaRoutes, type MediaGenerator, type MediaService } from './routes.ts';
export { LocalDiskStorage, contentTypeOf, isValidMediaKey, type MediaStorage, type StoredFile } from './storage.ts';
export { makeImageVariants, renderCoverVariant, renderCoverVariants, INVALID_IMAGE_MESSAGE, type ImageVariants } from './variants.ts';
export { deleteBookImageFiles } from './book-images.ts';
export {
  COVER_DESIGN_VERSION,
  coverImageUrls,
  coverKey,
  generateBookCover,
  themeForCategories,
  type BookImageUrls,
} from './book-covers.ts';
export { coverSvg, placeholderSvg, COVER_THEMES, type CoverSpec, type CoverTheme } from './cover.ts';

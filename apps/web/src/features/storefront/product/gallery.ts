import type { BookDto } from '@nhasach/shared';

/** The main picture's sizes: the route's head preloads the same srcset with them (app/routes/product.ts). */
export const GALLERY_SIZES = '(min-width: 1024px) 340px, 80vw';

interface Shot {
  key: string;
  thumb: string;
  main: string;
  srcSet?: string;
}

export function shotsOf(book: BookDto): Shot[] {
  const images = [...book.images].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  if (images.length) {
    return images.map((img) => ({
      key: String(img.id),
      thumb: img.variants.thumb,
      main: img.variants.large,
      srcSet: `${img.variants.medium} 300w, ${img.variants.large} 600w, ${img.variants.xlarge} 900w`,
    }));
  }
  return book.thumbnail ? [{ key: 'cover', thumb: book.thumbnail, main: book.thumbnail }] : [];
}


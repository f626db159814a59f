import type { BookImageUrls } from './book-covers.ts';
import type { MediaStorage } from './storage.ts';

/** Deletes the files of an image row that live in this storage (external URLs are left alone). */
export async function deleteBookImageFiles(storage: MediaStorage, image: Partial<Record<keyof BookImageUrls, string | null>>): Promise<void> {
  const keys = new Set<string>();
  for (const field of ['url', 'thumbUrl', 'mediumUrl', 'largeUrl', 'xlargeUrl'] as const) {
    const url = image[field];
    const key = typeof url === 'string' ? storage.keyFromUrl(url) : null;
    if (key) keys.add(key);
  }
  await Promise.all([...keys].map((k) => storage.delete(k)));
}

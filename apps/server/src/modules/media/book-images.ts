import { createHash } from 'node:crypto';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { IMAGE_VARIANTS, type ImageVariant } from '@nhasach/shared';
import type { Db, Tx } from '../../db/client.ts';
import { bookImages } from '../../db/schema/index.ts';
import type { BookImageUrls } from './book-covers.ts';
import type { MediaStorage } from './storage.ts';
import { makeImageVariants } from './variants.ts';

export type BookImageRow = typeof bookImages.$inferSelect;

/**
 * Stores the four WebP variants of an uploaded image of a book and returns their URLs. File names carry a
 * hash of the upload, so they never change content (served as immutable) and the same upload twice is
 * stored once.
 */
export async function storeBookImage(storage: MediaStorage, bookId: number, input: Buffer): Promise<BookImageUrls> {
  const variants = await makeImageVariants(input);
  const hash = createHash('sha256').update(input).digest('hex').slice(0, 16);
  const key = (v: ImageVariant) => `books/${bookId}/${hash}-${v}.webp`;
  await Promise.all(IMAGE_VARIANTS.map((v) => storage.put(key(v), variants[v], 'image/webp')));
  const u = (v: ImageVariant) => storage.url(key(v));
  return { url: u('xlarge'), thumbUrl: u('thumb'), mediumUrl: u('medium'), largeUrl: u('large'), xlargeUrl: u('xlarge') };
}

/** Stores an upload and appends it to the book's images (after the existing ones). */
export async function addBookImage(db: Db | Tx, storage: MediaStorage, bookId: number, input: Buffer): Promise<BookImageRow> {
  const urls = await storeBookImage(storage, bookId, input);
  const [row] = await db
    .insert(bookImages)
    .values({
      bookId,
      ...urls,
      sortOrder: sql`(select coalesce(max(${bookImages.sortOrder}) + 1, 0) from ${bookImages} where ${bookImages.bookId} = ${bookId})`,
    })
    .returning();
  if (!row) throw new Error('book image insert returned nothing');
  return row;
}

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

/** Removes an image row and its files (files another row still uses, e.g. the same upload twice, stay). */
export async function removeBookImage(db: Db | Tx, storage: MediaStorage, imageId: number): Promise<boolean> {
  const [row] = await db.delete(bookImages).where(eq(bookImages.id, imageId)).returning();
  if (!row) return false;
  const urls = [row.url, row.thumbUrl, row.mediumUrl, row.largeUrl, row.xlargeUrl].filter((u): u is string => !!u);
  const stillUsed = await db
    .select({ url: bookImages.url, thumbUrl: bookImages.thumbUrl, mediumUrl: bookImages.mediumUrl, largeUrl: bookImages.largeUrl, xlargeUrl: bookImages.xlargeUrl })
    .from(bookImages)
    .where(or(inArray(bookImages.url, urls), inArray(bookImages.thumbUrl, urls), inArray(bookImages.mediumUrl, urls), inArray(bookImages.largeUrl, urls), inArray(bookImages.xlargeUrl, urls)));
  const used = new Set(stillUsed.flatMap((r) => Object.values(r)));
  await deleteBookImageFiles(storage, {
    url: used.has(row.url) ? null : row.url,
    thumbUrl: row.thumbUrl && !used.has(row.thumbUrl) ? row.thumbUrl : null,
    mediumUrl: row.mediumUrl && !used.has(row.mediumUrl) ? row.mediumUrl : null,
    largeUrl: row.largeUrl && !used.has(row.largeUrl) ? row.largeUrl : null,
    xlargeUrl: row.xlargeUrl && !used.has(row.xlargeUrl) ? row.xlargeUrl : null,
  });
  return true;
}

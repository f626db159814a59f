import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { ERROR_CODES, IMAGE_VARIANTS, UPLOAD_MESSAGES, type BookImageDto, type ImageVariant } from '@nhasach/shared';
import { queryRows } from '../../../db/client.ts';
import { bookImages, books } from '../../../db/schema/catalog.ts';
import { AppError, badRequest, notFound } from '../../../lib/errors.ts';
import type { AuthUser } from '../../../lib/guards.ts';
import { deleteBookImageFiles, makeImageVariants, type ImageVariants, type MediaStorage } from '../../media/index.ts';
import { auditActor, recordAudit } from '../../audit/index.ts';
import { BOOK_NOT_FOUND, type AdminContext } from './context.ts';

export interface UploadedFile {
  /** The name the browser gave; only used in messages. */
  name: string;
  body: Buffer;
}

/** The formats accepted, by what the bytes are (the name and the declared type are not trusted). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

function sniff(body: Buffer): 'jpeg' | 'png' | 'webp' | undefined {
  if (body.length >= 3 && body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return 'jpeg';
  if (body.length >= 8 && body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (body.length >= 12 && body.toString('latin1', 0, 4) === 'RIFF' && body.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

const notImage = (name: string) => badRequest(UPLOAD_MESSAGES.notImage.replace('{name}', name.slice(0, 120) || 'không tên'));

/**
 * JPEG, PNG or WebP by their magic bytes, and decodable as that format by sharp (a renamed text file, an SVG,
 * a GIF or a truncated file is refused). Throws a 400 naming the first bad file.
 */
async function assertImage(file: UploadedFile): Promise<void> {
  const magic = sniff(file.body);
  if (!magic) throw notImage(file.name);
  let format: string | undefined;
  try {
    format = (await sharp(file.body, { limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    throw notImage(file.name);
  }
  if (!format || !ACCEPTED.has(format) || format !== magic) throw notImage(file.name);
}

const hashOf = (body: Buffer) => createHash('sha256').update(body).digest('hex').slice(0, 16);
/** Named by the content hash, so a URL never changes content (served as immutable). */
const keyOf = (bookId: number, hash: string, v: ImageVariant) => `books/${bookId}/${hash}-${v}.webp`;

function urlsOf(storage: MediaStorage, bookId: number, hash: string) {
  const u = (v: ImageVariant) => storage.url(keyOf(bookId, hash, v));
  return { url: u('xlarge'), thumbUrl: u('thumb'), mediumUrl: u('medium'), largeUrl: u('large'), xlargeUrl: u('xlarge') };
}

async function imagesOf(ctx: AdminContext, actor: AuthUser, bookId: number): Promise<BookImageDto[]> {
  return (await ctx.catalog.book({ id: bookId }, actor)).images;
}

async function assertBook(ctx: AdminContext, bookId: number): Promise<void> {
  const [row] = await ctx.db.select({ id: books.id }).from(books).where(eq(books.id, bookId));
  if (!row) throw notFound(BOOK_NOT_FOUND);
}

/**
 * POST /api/uploads/{bookId}/images: all or nothing. Every file is checked and turned into its four WebP
 * variants before anything is stored; the files are written, then the rows inserted in one transaction; a
 * failure removes what this request wrote. The same picture uploaded again for the same book is not added twice.
 */
export async function addBookImages(ctx: AdminContext, actor: AuthUser, bookId: number, files: UploadedFile[]): Promise<BookImageDto[]> {
  await assertBook(ctx, bookId);
  if (files.length === 0) throw badRequest(UPLOAD_MESSAGES.noFile, [{ field: 'file', message: UPLOAD_MESSAGES.noFile }]);
  for (const file of files) await assertImage(file);

  const existing = new Set(
    (await ctx.db.select({ url: bookImages.url }).from(bookImages).where(eq(bookImages.bookId, bookId))).map((r) => r.url),
  );
  const fresh: { hash: string; name: string; variants: ImageVariants }[] = [];
  const seen = new Set<string>();
  // One at a time: four resizes of a 10 MB photo already keep a core busy.
  for (const file of files) {
    const hash = hashOf(file.body);
    if (seen.has(hash) || existing.has(urlsOf(ctx.storage, bookId, hash).url)) continue;
    seen.add(hash);
    fresh.push({ hash, name: file.name, variants: await makeImageVariants(file.body) });
  }

  const written: string[] = [];
  const removeWritten = () => Promise.all(written.map((key) => ctx.storage.delete(key)));
  try {
    for (const image of fresh) {
      for (const v of IMAGE_VARIANTS) {
        const key = keyOf(bookId, image.hash, v);
        try {
          await ctx.storage.put(key, image.variants[v], 'image/webp');
        } catch (err) {
          // The store is down (or refused): nothing of this upload is kept, no row refers to it.
          const unavailable = new AppError(503, ERROR_CODES.storageUnavailable, UPLOAD_MESSAGES.storageDown);
          unavailable.cause = err;
          throw unavailable;
        }
        written.push(key);
      }
    }
    if (fresh.length) {
      await ctx.db.transaction(async (tx) => {
        // Locked so a concurrent delete of the book cannot leave rows (or files) behind.
        const [book] = await tx.select({ title: books.title }).from(books).where(eq(books.id, bookId)).for('update');
        if (!book) throw notFound(BOOK_NOT_FOUND);
        const [{ next } = { next: 0 }] = await queryRows<{ next: number }>(
          tx,
          sql`select coalesce(max(sort_order) + 1, 0)::int as next from book_images where book_id = ${bookId}`,
        );
        const rows = await tx
          .insert(bookImages)
          .values(fresh.map((image, i) => ({ bookId, sortOrder: next + i, ...urlsOf(ctx.storage, bookId, image.hash) })))
          .returning({ id: bookImages.id });
        await recordAudit(tx, {
          ...auditActor(actor),
          action: 'BOOK_IMAGE_UPLOAD',
          entityType: 'BOOK',
          entityId: bookId,
          summary: `Tải lên ${rows.length} ảnh cho sách "${book.title}"`,
          details: { imageIds: rows.map((r) => r.id), files: fresh.map((f) => f.name) },
        });
      });
    }
  } catch (err) {
    // Best effort: with the store down these deletes fail too; the objects left are named by content and no row
    // refers to them, so a retry of the same upload simply writes them again.
    await removeWritten().catch(() => undefined);
    throw err;
  }
  ctx.catalog.invalidate();
  return imagesOf(ctx, actor, bookId);
}

/** PUT /admin/books/{id}/images/order: `imageIds` must be exactly the book's images, in the new order. */
export async function reorderBookImages(ctx: AdminContext, actor: AuthUser, bookId: number, imageIds: number[]): Promise<BookImageDto[]> {
  await ctx.db.transaction(async (tx) => {
    const [book] = await tx.select({ title: books.title }).from(books).where(eq(books.id, bookId)).for('update');
    if (!book) throw notFound(BOOK_NOT_FOUND);
    const current = (await tx.select({ id: bookImages.id }).from(bookImages).where(eq(bookImages.bookId, bookId))).map((r) => r.id);
    const given = new Set(imageIds);
    if (given.size !== imageIds.length || given.size !== current.length || !current.every((id) => given.has(id))) {
      const message = 'Danh sách ảnh phải gồm đúng các ảnh của sách, mỗi ảnh một lần.';
      throw badRequest(message, [{ field: 'imageIds', message }]);
    }
    for (const [sortOrder, id] of imageIds.entries()) {
      await tx.update(bookImages).set({ sortOrder }).where(eq(bookImages.id, id));
    }
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'BOOK_IMAGE_REORDER',
      entityType: 'BOOK',
      entityId: bookId,
      summary: `Sắp xếp lại ảnh của sách "${book.title}"`,
      details: { imageIds },
    });
  });
  ctx.catalog.invalidate();
  return imagesOf(ctx, actor, bookId);
}

/** DELETE /admin/books/{id}/images/{imageId}: the row goes in the transaction, its files after the commit. */
export async function removeBookImage(ctx: AdminContext, actor: AuthUser, bookId: number, imageId: number): Promise<BookImageDto[]> {
  const removed = await ctx.db.transaction(async (tx) => {
    const [book] = await tx.select({ title: books.title }).from(books).where(eq(books.id, bookId)).for('update');
    if (!book) throw notFound(BOOK_NOT_FOUND);
    const [row] = await tx
      .delete(bookImages)
      .where(and(eq(bookImages.id, imageId), eq(bookImages.bookId, bookId)))
      .returning();
    if (!row) throw notFound('Không tìm thấy ảnh của sách.');
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'BOOK_IMAGE_DELETE',
      entityType: 'BOOK',
      entityId: bookId,
      summary: `Xoá một ảnh của sách "${book.title}"`,
      details: { imageId, url: row.url },
    });
    return row;
  });
  // Another row may show the same files (an image row copied by hand, a designed cover): those stay.
  const [shared] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from book_images where ${removed.url} in (url, thumb_url, medium_url, large_url, xlarge_url)`,
  );
  if (!shared?.n) await deleteBookImageFiles(ctx.storage, removed);
  ctx.catalog.invalidate();
  return imagesOf(ctx, actor, bookId);
}

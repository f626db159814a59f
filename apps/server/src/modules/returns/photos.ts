import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { ERROR_CODES, RETURN_MESSAGES, UPLOAD_MESSAGES } from '@nhasach/shared';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { MediaStorage } from '../media/index.ts';

export interface UploadedPhoto {
  /** The name the browser gave; only used in messages. */
  name: string;
  body: Buffer;
}

const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
/** Stored at most this wide or tall: enough to see a torn page, far less than a phone's photo. */
const MAX_SIDE = 1600;

function sniff(body: Buffer): string | undefined {
  if (body.length >= 3 && body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return 'jpeg';
  if (body.length >= 8 && body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (body.length >= 12 && body.toString('latin1', 0, 4) === 'RIFF' && body.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

const notImage = (name: string) => {
  const message = RETURN_MESSAGES.photoNotImage(name.slice(0, 120) || 'không tên');
  return badRequest(message, [{ field: 'photos', message }]);
};

/**
 * Checks every photo as the book images are checked (JPEG, PNG or WebP by their bytes, and decodable as that by
 * sharp: a renamed text file, an SVG, a GIF or a cut file is refused) and turns each into one WebP, metadata
 * stripped (a phone's photo carries its GPS position). Throws a 400 naming the first bad file; stores nothing.
 */
export async function preparePhotos(photos: readonly UploadedPhoto[]): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (const p of photos) {
    const magic = sniff(p.body);
    if (!magic) throw notImage(p.name);
    try {
      const meta = await sharp(p.body, { limitInputPixels: 50_000_000 }).metadata();
      if (!meta.format || !ACCEPTED.has(meta.format) || meta.format !== magic) throw notImage(p.name);
      out.push(
        await sharp(p.body, { limitInputPixels: 50_000_000 })
          .rotate()
          .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
      );
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw notImage(p.name);
    }
  }
  return out;
}

/**
 * Stores the photos under returns/{orderId}/ with random names (a shopper's photos are not guessable from the
 * order); all or none. Answers their keys and URLs.
 */
export async function storePhotos(storage: MediaStorage, orderId: number, bodies: readonly Buffer[]): Promise<{ key: string; url: string }[]> {
  const stored: { key: string; url: string }[] = [];
  try {
    for (const body of bodies) {
      const key = `returns/${orderId}/${randomUUID()}.webp`;
      await storage.put(key, body, 'image/webp');
      stored.push({ key, url: storage.url(key) });
    }
  } catch (err) {
    await removePhotos(storage, stored);
    const unavailable = new AppError(503, ERROR_CODES.storageUnavailable, UPLOAD_MESSAGES.storageDown);
    unavailable.cause = err;
    throw unavailable;
  }
  return stored;
}

export async function removePhotos(storage: MediaStorage, photos: readonly { key: string }[]): Promise<void> {
  await Promise.all(photos.map((p) => storage.delete(p.key).catch(() => undefined)));
}

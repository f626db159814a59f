import path from 'node:path';
import type { Config } from '../../config.ts';
import { S3Storage } from './s3-storage.ts';
import { contentTypeOf, LocalDiskStorage, type MediaStorage } from './storage.ts';

/** Draws a file that does not exist yet (a designed cover); null when the key is not one it can make. */
export type MediaGenerator = (key: string) => Promise<Buffer | null>;

export interface MediaService {
  storage: MediaStorage;
  /**
   * Draws and stores a missing file whose key starts with a generator's prefix, once however many requests ask for
   * it at the same time; null when no generator makes it.
   */
  generate(key: string): Promise<Buffer | null>;
  /** Releases the storage's connections (the object store's client). */
  close(): void;
}

/** At most this many files are drawn at once; the rest wait, so drawing never starves the API of CPU. */
const MAX_CONCURRENT_GENERATIONS = 2;

function limiter(max: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= max) await new Promise<void>((resolve) => queue.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}

/** The storage the configuration names: the S3 bucket, or the local disk under DATA_DIR/media. */
export function mediaStorageOf(c: Config): MediaStorage {
  return c.MEDIA_STORAGE === 's3'
    ? new S3Storage({
        endpoint: c.S3_ENDPOINT,
        bucket: c.S3_BUCKET!,
        region: c.S3_REGION,
        accessKeyId: c.S3_ACCESS_KEY_ID,
        secretAccessKey: c.S3_SECRET_ACCESS_KEY,
        forcePathStyle: c.S3_FORCE_PATH_STYLE,
        publicUrl: c.MEDIA_PUBLIC_URL,
      })
    : new LocalDiskStorage(path.join(c.DATA_DIR, 'media'));
}

/** The media service of one app: its storage and the generators of files drawn on their first request, by key prefix. */
export function createMediaService(storage: MediaStorage, generators: Readonly<Record<string, MediaGenerator>> = {}): MediaService {
  const limit = limiter(MAX_CONCURRENT_GENERATIONS);
  const inFlight = new Map<string, Promise<Buffer | null>>();
  return {
    storage,
    generate(key) {
      const generator = Object.entries(generators).find(([prefix]) => key.startsWith(prefix))?.[1];
      if (!generator) return Promise.resolve(null);
      let pending = inFlight.get(key);
      if (!pending) {
        pending = limit(async () => {
          const body = await generator(key);
          if (body) await storage.put(key, body, contentTypeOf(key) ?? 'application/octet-stream');
          return body;
        }).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
    close() {
      if (storage instanceof S3Storage) storage.close();
    },
  };
}

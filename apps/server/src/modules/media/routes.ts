import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import sharp from 'sharp';
import { generateBookCover } from './book-covers.ts';
import { placeholderSvg } from './cover.ts';
import { configureCoverFonts } from './fonts.ts';
import { S3Storage } from './s3-storage.ts';
import { contentTypeOf, isValidMediaKey, LocalDiskStorage, type MediaStorage } from './storage.ts';

/** Draws a file that does not exist yet (a designed cover); null when the key is not one it can make. */
export type MediaGenerator = (key: string) => Promise<Buffer | null>;

export interface MediaService {
  storage: MediaStorage;
  /** Files whose key starts with `prefix` are drawn by `generator` on their first request, then stored. */
  registerGenerator(prefix: string, generator: MediaGenerator): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaService;
  }
}

/** Names are unique per content (hashes, design versions), so a file never changes under its URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** At most this many files are drawn at once; the rest wait, so drawing never starves the API of CPU. */
const MAX_CONCURRENT_GENERATIONS = 2;

/** Served for missing images with status 404: an <img> shows it instead of a broken-image icon. */
const PLACEHOLDER_KEYS = new Set(['no-image.svg', 'no-image.webp']);

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

/**
 * GET /media/*: the files of the media storage (local disk under DATA_DIR/media, or the S3 bucket) with long cache
 * headers; also the address of every image when MEDIA_PUBLIC_URL is unset.
 * Not under /api, so never wrapped in the JSON envelope; registered before the SPA fallback, so a missing file
 * is a 404, never index.html. Registered with fastify-plugin so `app.media` is visible to every module.
 */
async function mediaPlugin(app: FastifyInstance): Promise<void> {
  const c = app.config;
  const storage: MediaStorage =
    c.MEDIA_STORAGE === 's3'
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
  if (storage instanceof S3Storage) app.addHook('onClose', async () => storage.close());
  const generators: [string, MediaGenerator][] = [];
  app.decorate('media', {
    storage,
    registerGenerator(prefix, generator) {
      generators.push([prefix, generator]);
    },
  } satisfies MediaService);
  app.media.registerGenerator('covers/', (key) => generateBookCover(app.db, storage, key));

  const limit = limiter(MAX_CONCURRENT_GENERATIONS);
  const inFlight = new Map<string, Promise<Buffer | null>>();
  /** Draws and stores a missing file once, however many requests ask for it at the same time. */
  function generate(key: string): Promise<Buffer | null> {
    const generator = generators.find(([prefix]) => key.startsWith(prefix))?.[1];
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
  }

  let placeholderWebp: Promise<Buffer> | undefined;
  const placeholder = async (key: string): Promise<{ body: Buffer; type: string }> => {
    if (key.endsWith('.webp')) {
      configureCoverFonts();
      placeholderWebp ??= sharp(Buffer.from(placeholderSvg())).webp({ quality: 80 }).toBuffer();
      return { body: await placeholderWebp, type: 'image/webp' };
    }
    return { body: Buffer.from(placeholderSvg()), type: 'image/svg+xml' };
  };

  const send = (reply: FastifyReply, status: number, type: string, body: Buffer, cache: string) => {
    reply.status(status).header('content-type', type).header('cache-control', cache).header('x-content-type-options', 'nosniff');
    // An SVG opened directly must not run anything.
    if (type === 'image/svg+xml') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    return reply.send(body);
  };

  const missing = async (reply: FastifyReply, key: string) => {
    if (contentTypeOf(key)?.startsWith('image/')) {
      const image = await placeholder(key.endsWith('.webp') ? 'no-image.webp' : 'no-image.svg');
      return send(reply, 404, image.type, image.body, 'no-cache');
    }
    return reply.status(404).header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-cache').send('Không tìm thấy tệp.');
  };

  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (PLACEHOLDER_KEYS.has(key)) {
      const image = await placeholder(key);
      return send(reply, 200, image.type, image.body, 'public, max-age=86400');
    }
    if (!isValidMediaKey(key)) return missing(reply, key);
    let file;
    let generated;
    try {
      file = await storage.get(key);
      if (!file) generated = await generate(key);
    } catch (err) {
      // The store is down: the page still draws the 'No Image' placeholder; nobody caches this answer.
      request.log.warn({ err, key }, 'media storage unavailable');
      const image = await placeholder(key.endsWith('.webp') ? 'no-image.webp' : 'no-image.svg');
      return send(reply, 503, image.type, image.body, 'no-store');
    }
    if (file) {
      reply.header('last-modified', file.modifiedAt.toUTCString());
      return send(reply, 200, file.contentType, file.body, IMMUTABLE);
    }
    if (generated) return send(reply, 200, contentTypeOf(key) ?? 'application/octet-stream', generated, IMMUTABLE);
    return missing(reply, key);
  });
}

export const mediaRoutes = fp(mediaPlugin, { name: 'media' });

import type { FastifyInstance, FastifyReply } from 'fastify';
import sharp from 'sharp';
import { placeholderSvg } from './cover.ts';
import { configureCoverFonts } from './fonts.ts';
import type { MediaService } from './service.ts';
import { contentTypeOf, isValidMediaKey } from './storage.ts';

/** Names are unique per content (hashes, design versions), so a file never changes under its URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Served for missing images with status 404: an <img> shows it instead of a broken-image icon. */
const PLACEHOLDER_KEYS = new Set(['no-image.svg', 'no-image.webp']);

/**
 * GET /media/*: the files of the media storage (local disk under DATA_DIR/media, or the S3 bucket) with long cache
 * headers; also the address of every image when MEDIA_PUBLIC_URL is unset.
 * Not under /api, so never wrapped in the JSON envelope; registered before the SPA fallback, so a missing file
 * is a 404, never index.html.
 */
export async function mediaRoutes(app: FastifyInstance, opts: { media: MediaService }): Promise<void> {
  const { storage } = opts.media;
  app.addHook('onClose', async () => opts.media.close());

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
    // Public pictures, linked by absolute URL from pages of other origins (front ends of CORS_ORIGINS, the shop
    // reached by another name): the API's same-origin resource policy must not block them.
    reply.header('cross-origin-resource-policy', 'cross-origin');
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
      if (!file) generated = await opts.media.generate(key);
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


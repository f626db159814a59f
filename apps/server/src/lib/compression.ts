import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { constants } from 'node:zlib';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers (and any other compressible answer built at run time) above a small size with brotli or
 * gzip, whichever the client prefers; @fastify/compress adds `Vary: accept-encoding` to what it compresses. The
 * built web app is not compressed here: its files are compressed at build time and @fastify/static sends the
 * .br/.gz file (`preCompressed`), which this plugin leaves alone since it already has a Content-Encoding.
 * Brotli runs at quality 4 on the fly (quality 11 is for the build): about gzip's CPU cost, smaller answers.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

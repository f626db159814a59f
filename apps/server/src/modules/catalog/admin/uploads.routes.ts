import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES, idParams, UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES, UPLOAD_MESSAGES } from '@nhasach/shared';
import { envelope } from '../../../lib/envelope.ts';
import { AppError, badRequest } from '../../../lib/errors.ts';
import { currentUser, requireRoles } from '../../../lib/guards.ts';
import { addBookImages, type UploadedFile } from './book-images.ts';
import type { CatalogAdminOptions } from './context.ts';

const params = idParams('bookId');

/** Field names taken as files: `file` (spec), and the usual plural spellings. Other parts are ignored. */
const FILE_FIELDS = new Set(['file', 'files', 'file[]', 'files[]']);

/** Multipart errors of @fastify/multipart (by code) as Vietnamese answers. */
function uploadError(err: unknown): unknown {
  switch ((err as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, ERROR_CODES.payloadTooLarge, UPLOAD_MESSAGES.tooLarge);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, ERROR_CODES.payloadTooLarge, UPLOAD_MESSAGES.tooMany);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest(UPLOAD_MESSAGES.notMultipart);
    default: {
      // Reading the parts only reads the request: whatever fails there (a body cut short, a broken boundary or
      // header) is the client's, never a 500.
      const status = (err as { statusCode?: unknown }).statusCode;
      if (err instanceof AppError || (typeof status === 'number' && status < 500)) return err;
      return badRequest(UPLOAD_MESSAGES.malformed);
    }
  }
}

/**
 * POST /api/uploads/{bookId}/images (spec section 7, Admin catalogue), ADMIN only. Multipart is registered
 * here only (this plugin is encapsulated): no other route accepts multipart bodies. Files are read into
 * memory up to the limits (10 MB each, 10 per request), then handed to the service, which stores all or none.
 */
export async function bookImageUploadRoutes(app: FastifyInstance, opts: CatalogAdminOptions): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_FILE_BYTES, files: UPLOAD_MAX_FILES, fields: 20, parts: UPLOAD_MAX_FILES + 20, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = { ...opts, db: app.db };
  app.addHook('onRequest', requireRoles('ADMIN'));

  r.post(
    '/uploads/:bookId/images',
    {
      schema: {
        tags: ['admin: books'],
        security: [{ bearerAuth: [] }],
        summary: 'Upload images of a book (multipart, field file, several files; JPEG, PNG or WebP, 10 MB each)',
        consumes: ['multipart/form-data'],
        params,
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw badRequest(UPLOAD_MESSAGES.notMultipart);
      const files: UploadedFile[] = [];
      try {
        for await (const part of req.parts()) {
          if (part.type !== 'file') continue;
          if (!FILE_FIELDS.has(part.fieldname)) {
            part.file.resume();
            continue;
          }
          files.push({ name: part.filename, body: await part.toBuffer() });
        }
      } catch (err) {
        throw uploadError(err);
      }
      const images = await addBookImages(ctx, currentUser(req), req.params.bookId, files);
      reply.status(201);
      return envelope(201, images, 'Tải ảnh lên thành công');
    },
  );
}

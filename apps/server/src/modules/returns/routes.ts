import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParams,
  RETURN_MAX_PHOTOS,
  RETURN_MESSAGES,
  RETURN_PHOTO_MAX_BYTES,
  returnListQuerySchema,
  returnRefundSchema,
  returnRefuseSchema,
  returnRequestSchema,
  text,
  type ReturnRequest,
} from '@nhasach/shared';
import { envelope } from '../../lib/envelope.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { authenticate, currentUser, requireRoles } from '../../lib/guards.ts';
import type { UploadedPhoto } from './photos.ts';
import {
  approveReturn,
  getReturn,
  listReturns,
  orderReturns,
  receiveReturn,
  refundReturn,
  refuseReturn,
  requestReturn,
  type ReturnsContext,
} from './service.ts';

export type ReturnsRoutesOptions = Omit<ReturnsContext, 'db' | 'log'>;

const codeParams = z.object({ code: text('Mã đơn hàng').trim().toUpperCase().max(32, 'Mã đơn hàng không hợp lệ.') });
const PHOTO_FIELDS = new Set(['photos', 'photos[]', 'file', 'files']);
/** The JSON part of the request: large enough for a hundred lines and the longest note. */
const DATA_MAX_BYTES = 16 * 1024;

/** Multipart errors of @fastify/multipart (by code) as Vietnamese 400s. */
function uploadError(err: unknown): unknown {
  switch ((err as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return badRequest(RETURN_MESSAGES.photoTooLarge, [{ field: 'photos', message: RETURN_MESSAGES.photoTooLarge }]);
    case 'FST_FILES_LIMIT':
      return badRequest(RETURN_MESSAGES.photoTooMany, [{ field: 'photos', message: RETURN_MESSAGES.photoTooMany }]);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest(RETURN_MESSAGES.dataInvalid);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest(RETURN_MESSAGES.notMultipart);
    default: {
      const status = (err as { statusCode?: unknown }).statusCode;
      if (err instanceof AppError || (typeof status === 'number' && status < 500)) return err;
      return badRequest(RETURN_MESSAGES.dataInvalid);
    }
  }
}

function parseData(raw: string | undefined): ReturnRequest {
  if (raw === undefined) throw badRequest(RETURN_MESSAGES.dataMissing, [{ field: 'data', message: RETURN_MESSAGES.dataMissing }]);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw badRequest(RETURN_MESSAGES.dataInvalid, [{ field: 'data', message: RETURN_MESSAGES.dataInvalid }]);
  }
  const parsed = returnRequestSchema.safeParse(json);
  if (!parsed.success) {
    // The schema's messages are whole sentences already.
    const fields = parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.') || 'data', message: i.message }));
    throw badRequest(fields[0]?.message ?? RETURN_MESSAGES.dataInvalid, fields);
  }
  return parsed.data;
}

/**
 * The shopper's side: GET and POST /orders/{code}/returns, signed in, own orders only (another's is a 404). The
 * request is multipart: `data` (the JSON of returnRequestSchema) and up to three `photos`. Multipart is registered
 * in this plugin only.
 */
export async function returnShopperRoutes(app: FastifyInstance, opts: ReturnsRoutesOptions): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: RETURN_PHOTO_MAX_BYTES, files: RETURN_MAX_PHOTOS, fields: 5, parts: RETURN_MAX_PHOTOS + 5, fieldSize: DATA_MAX_BYTES },
    throwFileSizeLimit: true,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx: ReturnsContext = { db: app.db, log: app.log, ...opts };
  const tags = ['returns'];
  const security = [{ bearerAuth: [] }];
  app.addHook('onRequest', authenticate);

  r.get('/orders/:code/returns', { schema: { tags, security, summary: 'My returns of this order, and what may still be returned', params: codeParams } }, (req) =>
    orderReturns(app.db, currentUser(req), req.params.code),
  );
  r.post(
    '/orders/:code/returns',
    {
      schema: {
        tags,
        security,
        summary: `Ask to return lines of a delivered order (multipart: data = JSON, photos = up to ${RETURN_MAX_PHOTOS} images)`,
        consumes: ['multipart/form-data'],
        params: codeParams,
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw badRequest(RETURN_MESSAGES.notMultipart);
      const photos: UploadedPhoto[] = [];
      let data: string | undefined;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (!PHOTO_FIELDS.has(part.fieldname)) {
              part.file.resume();
              continue;
            }
            photos.push({ name: part.filename, body: await part.toBuffer() });
          } else if (part.fieldname === 'data') {
            data = String(part.value);
          }
        }
      } catch (err) {
        throw uploadError(err);
      }
      const input = parseData(data);
      const created = await requestReturn(ctx, currentUser(req), req.params.code, input, photos);
      reply.status(201);
      return envelope(201, created, RETURN_MESSAGES.created);
    },
  );
}

const idParam = idParams('id');

/** Staff's side under /sales/returns, SALE and ADMIN (guest 401, customer 403, before the body is read). */
export async function returnStaffRoutes(app: FastifyInstance, opts: ReturnsRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx: ReturnsContext = { db: app.db, log: app.log, ...opts };
  const base = { tags: ['sales: returns'], security: [{ bearerAuth: [] }] };
  app.addHook('onRequest', requireRoles('SALE', 'ADMIN'));

  r.get('/sales/returns', { schema: { ...base, summary: 'Return requests, newest first (status, orderId)', querystring: returnListQuerySchema } }, (req) =>
    listReturns(app.db, req.query),
  );
  r.get('/sales/returns/:id', { schema: { ...base, summary: 'A return request with its lines, photos and steps', params: idParam } }, (req) =>
    getReturn(app.db, req.params.id),
  );
  r.post('/sales/returns/:id/approve', { schema: { ...base, summary: 'Approve a requested return', params: idParam } }, async (req) =>
    envelope(200, await approveReturn(ctx, currentUser(req), req.params.id), RETURN_MESSAGES.approved),
  );
  r.post('/sales/returns/:id/refuse', { schema: { ...base, summary: 'Refuse a requested return (reason)', params: idParam, body: returnRefuseSchema } }, async (req) =>
    envelope(200, await refuseReturn(ctx, currentUser(req), req.params.id, req.body.reason), RETURN_MESSAGES.refused),
  );
  r.post('/sales/returns/:id/receive', { schema: { ...base, summary: 'The copies came back: stock in once (RETURN movements)', params: idParam } }, async (req) =>
    envelope(200, await receiveReturn(ctx, currentUser(req), req.params.id), RETURN_MESSAGES.received),
  );
  r.post(
    '/sales/returns/:id/refund',
    { schema: { ...base, summary: 'Refund the returned lines (VNPAY refund, or a transfer to the account given), once', params: idParam, body: returnRefundSchema } },
    async (req) => envelope(200, await refundReturn(ctx, currentUser(req), req.params.id, req.body.note, req.ip), RETURN_MESSAGES.refunded),
  );
}

import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import {
  ERROR_CODES,
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  exportQuery,
  idParams,
  importStartSchema,
  importUploadQuery,
  type BookImportDto,
} from '@nhasach/shared';
import type { Db } from '../../../db/client.ts';
import { bookImports } from '../../../db/schema/stock.ts';
import { iso } from '../../../lib/db-values.ts';
import { envelope } from '../../../lib/envelope.ts';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { currentUser, requireRoles } from '../../../lib/guards.ts';
import { HEARTBEAT_STALE_MS, runImport } from './apply.ts';
import { parseImportFile } from './parse.ts';
import { validateRows } from './validate.ts';

const idP = idParams('id');
const tags = { tags: ['admin: imports'], security: [{ bearerAuth: [] }] };

type ImportRow = typeof bookImports.$inferSelect;

function toDto(r: ImportRow): BookImportDto {
  const stale = r.status === 'RUNNING' && (!r.heartbeatAt || Date.now() - new Date(r.heartbeatAt).getTime() > HEARTBEAT_STALE_MS);
  return {
    id: r.id,
    fileName: r.fileName,
    status: stale ? 'FAILED' : r.status,
    mode: r.mode,
    createMissing: r.createMissing,
    totalRows: r.totalRows,
    validRows: r.validRows,
    errorRows: r.errorRows,
    toCreate: r.toCreate,
    toUpdate: r.toUpdate,
    processed: stale ? 0 : r.processed,
    created: r.created,
    updated: r.updated,
    errors: r.errors,
    failure: stale ? IMPORT_MESSAGES.interrupted : r.failure,
    createdBy: r.createdBy,
    createdAt: iso(r.createdAt),
    startedAt: iso(r.startedAt),
    finishedAt: iso(r.finishedAt),
  };
}

async function getImport(db: Db, id: number): Promise<BookImportDto> {
  const [row] = await db.select().from(bookImports).where(eq(bookImports.id, id));
  if (!row) throw notFound(IMPORT_MESSAGES.notFound);
  return toDto(row);
}

function multipartError(err: unknown): unknown {
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, ERROR_CODES.payloadTooLarge, IMPORT_MESSAGES.tooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError(413, ERROR_CODES.payloadTooLarge, IMPORT_MESSAGES.tooLarge);
  if (err instanceof AppError) return err;
  const status = (err as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status < 500) return err;
  return badRequest(IMPORT_MESSAGES.unreadable);
}

/**
 * Bulk import and update of books (docs/decisions.md, Stock room: imports), ADMIN only (checked on request, before
 * the file is read): the template, the dry run (upload), the run in the background, its progress.
 */
export async function bookImportRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 }, throwFileSizeLimit: true });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  app.addHook('onRequest', requireRoles('ADMIN'));

  r.get('/admin/imports/books/template', { schema: { ...tags, summary: 'The import template (xlsx or csv)', querystring: exportQuery } }, async (req, reply) => {
    const { format } = req.query;
    const header = IMPORT_COLUMNS.map((c) => c.header);
    const example = IMPORT_COLUMNS.map((c) => c.example);
    reply.header('content-disposition', `attachment; filename="mau-nhap-sach.${format}"`);
    if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(stringify([header, example], { bom: true }));
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sách');
    ws.addRow(header).font = { bold: true };
    // Text cells: an ISBN typed into a number cell would lose nothing, but a leading zero or a long number might.
    ws.addRow(example);
    ws.columns.forEach((col, i) => {
      col.width = Math.max(14, IMPORT_COLUMNS[i]!.header.length + 4);
      col.numFmt = '@';
    });
    const help = wb.addWorksheet('Hướng dẫn');
    help.addRow(['Cột', 'Ý nghĩa']).font = { bold: true };
    for (const c of IMPORT_COLUMNS) help.addRow([c.header, c.note]);
    help.addRow([]);
    help.addRow(['', 'Một dòng là một sách, tìm theo ISBN: ISBN mới thì tạo sách, ISBN đã có thì cập nhật. Ô để trống: giữ nguyên.']);
    help.getColumn(1).width = 20;
    help.getColumn(2).width = 90;
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(Buffer.from(await wb.xlsx.writeBuffer()));
  });

  r.post(
    '/admin/imports/books',
    { schema: { ...tags, summary: 'Upload a file: the dry run checks every row (nothing is applied yet)', consumes: ['multipart/form-data'], querystring: importUploadQuery } },
    async (req, reply) => {
      if (!req.isMultipart()) throw badRequest(IMPORT_MESSAGES.noFile);
      let file: { name: string; body: Buffer } | undefined;
      try {
        for await (const part of req.parts()) {
          if (part.type !== 'file') continue;
          file = { name: part.filename, body: await part.toBuffer() };
        }
      } catch (err) {
        throw multipartError(err);
      }
      if (!file) throw badRequest(IMPORT_MESSAGES.noFile);
      const parsed = await parseImportFile(file.name, file.body);
      if (!parsed.rows.length && !parsed.errors.length) throw badRequest(IMPORT_MESSAGES.empty);
      const createMissing = req.query.createMissing === 'true';
      const v = await validateRows(db, parsed.rows, createMissing, parsed.errors);
      const user = currentUser(req);
      const [row] = await db
        .insert(bookImports)
        .values({
          fileName: file.name.slice(0, 255),
          createMissing,
          rows: parsed.rows,
          totalRows: parsed.rows.length + new Set(parsed.errors.map((e) => e.row).filter((n) => !parsed.rows.some((r) => r.row === n))).size,
          validRows: v.plans.length,
          errorRows: v.errorRows,
          toCreate: v.plans.filter((p) => p.action === 'CREATE').length,
          toUpdate: v.plans.filter((p) => p.action === 'UPDATE').length,
          errors: v.errors,
          createdById: user.id,
          createdBy: user.username,
        })
        .returning();
      reply.status(201);
      return envelope(201, toDto(row!), v.errorRows ? `Đã kiểm tra: ${v.errorRows} dòng lỗi` : 'Đã kiểm tra: mọi dòng đều hợp lệ');
    },
  );

  r.get('/admin/imports/books', { schema: { ...tags, summary: 'The latest imports' } }, async () =>
    envelope(200, (await db.select().from(bookImports).orderBy(desc(bookImports.id)).limit(20)).map((row) => ({ ...toDto(row), errors: [] }))),
  );
  r.get('/admin/imports/books/:id', { schema: { ...tags, summary: 'An import: report, status and progress', params: idP } }, async (req) => envelope(200, await getImport(db, req.params.id)));

  r.post('/admin/imports/books/:id/start', { schema: { ...tags, summary: 'Start the import in the background', params: idP, body: importStartSchema } }, async (req, reply) => {
    const current = await getImport(db, req.params.id);
    if (req.body.mode === 'ALL_OR_NOTHING' && current.errorRows > 0) throw conflict(IMPORT_MESSAGES.hasErrors(current.errorRows));
    // Claimed in one statement: a second start (another tab, another instance) finds it RUNNING.
    const claimed = await db
      .update(bookImports)
      .set({ status: 'RUNNING', mode: req.body.mode, startedAt: new Date(), heartbeatAt: new Date(), processed: 0, failure: null, finishedAt: null })
      .where(
        sql`${bookImports.id} = ${req.params.id} and (${bookImports.status} in ('VALIDATED', 'FAILED')
          or (${bookImports.status} = 'RUNNING' and ${bookImports.heartbeatAt} < ${new Date(Date.now() - HEARTBEAT_STALE_MS).toISOString()}))`,
      )
      .returning();
    if (!claimed.length) throw conflict(IMPORT_MESSAGES.notStartable);
    const user = currentUser(req);
    const live = app.database.kind === 'postgres';
    setImmediate(() => {
      runImport(db, req.params.id, user, live).catch((err: unknown) => app.log.error({ err }, 'book import failed'));
    });
    reply.status(202);
    return envelope(202, toDto(claimed[0]!), 'Đã bắt đầu nhập');
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportQuery } from '@nhasach/shared';
import { requireRoles } from '../../../lib/guards.ts';
import { BOOK_COLUMNS, MOVEMENT_COLUMNS, ORDER_COLUMNS, bookRows, movementRows, orderLineRows, periodOf } from './queries.ts';
import { CONTENT_TYPES, streamTable, type ExportFormat } from './writer.ts';

/** A file name with the export's date (Vietnam time): sach-2026-11-27.xlsx. */
function fileName(base: string, format: ExportFormat, from?: string, to?: string): string {
  const today = new Date(Date.now() + 7 * 3600 * 1000).toISOString().slice(0, 10);
  const period = from || to ? `${from ?? 'dau'}_${to ?? today}` : today;
  return `${base}-${period}.${format}`;
}

/**
 * GET /api/v1/admin/exports/{books|orders|stock-movements}?format=xlsx|csv&from=YYYY-MM-DD&to=YYYY-MM-DD: streamed
 * files for the back-office (ADMIN only, checked on request).
 */
export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireRoles('ADMIN'));
  const schema = { tags: ['admin: exports'], security: [{ bearerAuth: [] }], querystring: exportQuery };

  r.get('/admin/exports/books', { schema: { ...schema, summary: 'Books with stock, threshold and last unit cost' } }, (req, reply) => {
    const { format } = req.query;
    return reply
      .type(CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="${fileName('sach', format)}"`)
      .send(streamTable(format, 'Sách', BOOK_COLUMNS, bookRows(app.db)));
  });
  r.get('/admin/exports/orders', { schema: { ...schema, summary: 'Order lines of a period (Vietnam days, both ends included)' } }, (req, reply) => {
    const { format, from, to } = req.query;
    return reply
      .type(CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="${fileName('don-hang', format, from, to)}"`)
      .send(streamTable(format, 'Đơn hàng', ORDER_COLUMNS, orderLineRows(app.db, periodOf(from, to))));
  });
  r.get('/admin/exports/stock-movements', { schema: { ...schema, summary: 'Stock movements of a period' } }, (req, reply) => {
    const { format, from, to } = req.query;
    return reply
      .type(CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="${fileName('bien-dong-kho', format, from, to)}"`)
      .send(streamTable(format, 'Biến động kho', MOVEMENT_COLUMNS, movementRows(app.db, periodOf(from, to))));
  });
}

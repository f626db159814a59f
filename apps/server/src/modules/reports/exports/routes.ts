import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SALES_GROUP_LABELS, exportQuery, salesReportQuery, type SalesRowDto } from '@nhasach/shared';
import { requireRoles } from '../../../lib/guards.ts';
import { BOOK_COLUMNS, MOVEMENT_COLUMNS, ORDER_COLUMNS, bookRows, movementRows, orderLineRows, periodOf } from './queries.ts';
import { salesReport } from '../sales.ts';
import { CONTENT_TYPES, streamTable, type Column, type ExportFormat } from './writer.ts';
import { envelope } from '../../../lib/envelope.ts';

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

  // ---- sales report: the figures, and the same figures as a file
  r.get('/admin/reports/sales', { schema: { ...schema, querystring: salesReportQuery, summary: 'Revenue, orders, units and gross margin by day, category, publisher or supplier' } }, async (req) =>
    envelope(200, await salesReport(app.db, req.query)),
  );
  r.get('/admin/exports/sales', { schema: { ...schema, querystring: salesReportQuery, summary: 'The sales report as a file' } }, async (req, reply) => {
    const { format, from, to, groupBy } = req.query;
    const report = await salesReport(app.db, req.query);
    const columns: Column<SalesRowDto>[] = [
      { header: SALES_GROUP_LABELS[groupBy], type: 'text', width: 28, value: (x) => x.label },
      { header: 'Số đơn', type: 'int', width: 10, value: (x) => x.orders },
      { header: 'Số cuốn', type: 'int', width: 10, value: (x) => x.units },
      { header: 'Doanh thu hàng (₫)', type: 'vnd', width: 18, value: (x) => x.revenue },
      { header: 'Giá vốn (₫)', type: 'vnd', width: 18, value: (x) => x.cost },
      { header: 'Lãi gộp (₫)', type: 'vnd', width: 18, value: (x) => x.margin },
      { header: 'Số cuốn chưa có giá vốn', type: 'int', width: 14, value: (x) => x.unitsWithoutCost },
    ];
    const rows = [...report.rows, { key: null, label: 'Tổng cộng', ...report.totals }];
    async function* all() {
      yield* rows;
    }
    return reply
      .type(CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="${fileName(`bao-cao-ban-hang-${groupBy}`, format, from, to)}"`)
      .send(streamTable(format, 'Báo cáo bán hàng', columns, all()));
  });
}

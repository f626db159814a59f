import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STOCK_MESSAGES,
  countCreateSchema,
  countLinesSchema,
  countPostSchema,
  countScanSchema,
  idParams,
  manualMovementSchema,
  movementListQuery,
  receiptListQuery,
  receiptScanSchema,
  receiptSchema,
  reorderQuery,
  stockPageQuery,
  thresholdSchema,
  WAREHOUSE_MESSAGES,
  warehouseBatchListQuery,
  warehouseBatchSchema,
  warehouseStocksQuery,
} from '@nhasach/shared';
import { envelope } from '../../../lib/envelope.ts';
import { currentUser, requireRoles } from '../../../lib/guards.ts';
import { postWarehouseBatch, warehouseBatch, warehouseBatches, warehouseStocks } from './batches.ts';
import { bookStock, listMovements, recordManualMovement, reorderList, setThreshold } from './books.ts';
import { cancelCount, createCount, getCount, listCounts, postCount, scanIntoCount, setCountLines } from './counts.ts';
import { createReceipt, deleteReceipt, getReceipt, listReceipts, postReceipt, removeReceiptLine, scanIntoReceipt, updateReceipt } from './receipts.ts';

const idP = idParams('id');
const lineP = idParams('id', 'lineId');

/**
 * The stock room under /api/v1/admin/stock (docs/decisions.md, Stock room). ADMIN only: the role is checked on
 * request, before the body is read, for every route of this plugin.
 */
export async function stockAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const security = [{ bearerAuth: [] }];
  const tags = { tags: ['admin: stock'], security };
  app.addHook('onRequest', requireRoles('ADMIN'));

  // ---- books and the ledger
  r.get('/admin/stock/books/:id', { schema: { ...tags, summary: "A book's stock, threshold and last unit cost", params: idP } }, async (req) =>
    envelope(200, await bookStock(db, req.params.id)),
  );
  r.get('/admin/stock/movements', { schema: { ...tags, summary: 'Stock movements, newest first (bookId, reason)', querystring: movementListQuery } }, async (req) =>
    envelope(200, await listMovements(db, req.query)),
  );
  r.post(
    '/admin/stock/books/:id/movements',
    { schema: { ...tags, summary: 'Record damage or a customer return by hand', params: idP, body: manualMovementSchema } },
    async (req, reply) => {
      reply.status(201);
      return envelope(201, await recordManualMovement(db, currentUser(req), req.params.id, req.body), 'Đã ghi nhận biến động kho');
    },
  );
  r.put('/admin/stock/books/:id/threshold', { schema: { ...tags, summary: "Set a book's low-stock threshold (null: default)", params: idP, body: thresholdSchema } }, async (req) =>
    envelope(200, await setThreshold(db, currentUser(req), req.params.id, req.body.threshold), 'Đã lưu ngưỡng tồn tối thiểu'),
  );
  r.get('/admin/stock/reorder', { schema: { ...tags, summary: 'Books at or below their low-stock threshold', querystring: reorderQuery } }, async (req) =>
    envelope(200, await reorderList(db, req.query)),
  );

  // ---- receipts
  r.get('/admin/stock/receipts', { schema: { ...tags, summary: 'Receipts, newest first', querystring: receiptListQuery } }, async (req) =>
    envelope(200, await listReceipts(db, req.query)),
  );
  r.post('/admin/stock/receipts', { schema: { ...tags, summary: 'Create a draft receipt', body: receiptSchema } }, async (req, reply) => {
    reply.status(201);
    return envelope(201, await createReceipt(db, currentUser(req), req.body), 'Đã tạo phiếu nhập');
  });
  r.get('/admin/stock/receipts/:id', { schema: { ...tags, summary: 'A receipt with its lines', params: idP } }, async (req) => envelope(200, await getReceipt(db, req.params.id)));
  r.put('/admin/stock/receipts/:id', { schema: { ...tags, summary: 'Edit a draft (lines given replace the lines)', params: idP, body: receiptSchema } }, async (req) =>
    envelope(200, await updateReceipt(db, req.params.id, req.body), 'Đã lưu phiếu nhập'),
  );
  r.post('/admin/stock/receipts/:id/lines', { schema: { ...tags, summary: 'Add a scanned or typed ISBN (same book: +quantity)', params: idP, body: receiptScanSchema } }, async (req) =>
    envelope(200, await scanIntoReceipt(db, req.params.id, req.body)),
  );
  r.delete('/admin/stock/receipts/:id/lines/:lineId', { schema: { ...tags, summary: 'Remove a line of a draft', params: lineP } }, async (req) =>
    envelope(200, await removeReceiptLine(db, req.params.id, req.params.lineId)),
  );
  r.delete('/admin/stock/receipts/:id', { schema: { ...tags, summary: 'Delete a draft', params: idP } }, async (req) => {
    await deleteReceipt(db, req.params.id);
    return envelope(200, null, 'Đã xoá phiếu nhập');
  });
  r.post('/admin/stock/receipts/:id/post', { schema: { ...tags, summary: 'Post a draft: its lines become RECEIPT movements', params: idP } }, async (req) =>
    envelope(200, await postReceipt(db, currentUser(req), req.params.id), STOCK_MESSAGES.receiptPostedOk),
  );

  // ---- counts
  r.get('/admin/stock/counts', { schema: { ...tags, summary: 'Stock counts, newest first', querystring: stockPageQuery } }, async (req) =>
    envelope(200, await listCounts(db, req.query)),
  );
  r.post('/admin/stock/counts', { schema: { ...tags, summary: 'Start a count of a category or the whole shop (snapshot)', body: countCreateSchema } }, async (req, reply) => {
    reply.status(201);
    return envelope(201, await createCount(db, currentUser(req), req.body), 'Đã bắt đầu kiểm kê');
  });
  r.get('/admin/stock/counts/:id', { schema: { ...tags, summary: 'A count with its lines and differences', params: idP } }, async (req) =>
    envelope(200, await getCount(db, req.params.id)),
  );
  r.put('/admin/stock/counts/:id/lines', { schema: { ...tags, summary: 'Set counted quantities', params: idP, body: countLinesSchema } }, async (req) =>
    envelope(200, await setCountLines(db, req.params.id, req.body.lines), 'Đã lưu số đếm'),
  );
  r.post('/admin/stock/counts/:id/scan', { schema: { ...tags, summary: 'One scanned copy: counted + 1', params: idP, body: countScanSchema } }, async (req) =>
    envelope(200, await scanIntoCount(db, req.params.id, req.body.isbn13, req.body.quantity)),
  );
  r.post('/admin/stock/counts/:id/post', { schema: { ...tags, summary: 'Post the differences as COUNT_ADJUSTMENT movements', params: idP, body: countPostSchema } }, async (req) =>
    envelope(200, await postCount(db, currentUser(req), req.params.id, req.body?.uncountedAsZero ?? false), 'Đã cân bằng kho'),
  );
  r.post('/admin/stock/counts/:id/cancel', { schema: { ...tags, summary: 'Cancel an open count', params: idP } }, async (req) =>
    envelope(200, await cancelCount(db, currentUser(req), req.params.id), 'Đã huỷ phiếu kiểm kê'),
  );
}

/**
 * The warehouse calls other front ends make (/api/v1/warehouse/..., batches.ts): stock per book and batches posted
 * as ledger movements. ADMIN only, checked on request before the body is read.
 */
export async function warehouseRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = { tags: ['warehouse'], security: [{ bearerAuth: [] }] };
  app.addHook('onRequest', requireRoles('ADMIN'));

  r.get(
    '/warehouse/stocks',
    { schema: { ...tags, summary: 'Stock and copies sold per book (q, sort=stock|sold,asc|desc), a page', querystring: warehouseStocksQuery } },
    async (req) => envelope(200, await warehouseStocks(db, req.query)),
  );
  r.post(
    '/warehouse/batches',
    { schema: { ...tags, summary: 'Post a batch (INBOUND, OUTBOUND, ADJUSTMENT) as stock movements, in one transaction', body: warehouseBatchSchema } },
    async (req, reply) => {
      reply.status(201);
      return envelope(201, await postWarehouseBatch(db, currentUser(req), req.body), WAREHOUSE_MESSAGES.created);
    },
  );
  r.get(
    '/warehouse/batches',
    { schema: { ...tags, summary: 'Batches, newest first (type, code, q, dateFrom, dateTo, includeItems), a page', querystring: warehouseBatchListQuery } },
    async (req) => envelope(200, await warehouseBatches(db, req.query)),
  );
  r.get('/warehouse/batches/:id', { schema: { ...tags, summary: 'A batch with its lines and totals', params: idP } }, async (req) =>
    envelope(200, await warehouseBatch(db, req.params.id)),
  );
}

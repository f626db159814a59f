import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyVoucherSchema, cartAddSchema, cartClearSchema, cartSelectAllSchema, cartUpdateSchema, idParams } from '@nhasach/shared';
import { envelope } from '../../lib/envelope.ts';
import { authenticate, currentUser } from '../../lib/guards.ts';
import * as service from './service.ts';

const bookParams = idParams('bookId');

// No body at all means {onlyUnselected: false}.
const clearBody = z.preprocess((v) => v ?? {}, cartClearSchema);

/** Spec section 7, Cart (logged-in users). Every answer is the whole recomputed cart. Under /api/v1. */
export async function cartRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cart'];
  const security = [{ bearerAuth: [] }];
  r.addHook('onRequest', authenticate);

  r.get('/cart', { schema: { tags, security, summary: 'My cart with the summary of the selected lines' } }, (request) =>
    service.getCart(app.db, currentUser(request).id),
  );
  r.post('/cart/items', { schema: { tags, security, summary: 'Add a book (adds to the quantity in the cart)', body: cartAddSchema } }, async (request) =>
    envelope(200, await service.addItem(app.db, currentUser(request).id, request.body.bookId, request.body.qty), 'Đã thêm vào giỏ hàng'),
  );
  r.put(
    '/cart/items/:bookId',
    { schema: { tags, security, summary: 'Select/deselect a line or set its quantity (0 removes)', params: bookParams, body: cartUpdateSchema } },
    (request) => service.updateItem(app.db, currentUser(request).id, request.params.bookId, request.body),
  );
  r.delete('/cart/items/:bookId', { schema: { tags, security, summary: 'Remove a line', params: bookParams } }, (request) =>
    service.removeItem(app.db, currentUser(request).id, request.params.bookId),
  );
  r.post('/cart/clear', { schema: { tags, security, summary: 'Empty the cart, or remove the unselected lines', body: clearBody } }, (request) =>
    service.clearCart(app.db, currentUser(request).id, request.body.onlyUnselected),
  );
  r.put(
    '/cart/voucher',
    { schema: { tags, security, summary: 'Apply a voucher code to the cart (replaces the one applied); 400 on voucherCode says why not', body: applyVoucherSchema } },
    async (request) => envelope(200, await service.applyVoucher(app.db, currentUser(request).id, request.body.voucherCode), 'Đã áp dụng mã giảm giá'),
  );
  r.delete('/cart/voucher', { schema: { tags, security, summary: 'Remove the voucher code from the cart' } }, async (request) =>
    envelope(200, await service.removeVoucher(app.db, currentUser(request).id), 'Đã bỏ mã giảm giá'),
  );
  r.put('/cart/select-all', { schema: { tags, security, summary: 'Select or deselect every line', body: cartSelectAllSchema } }, (request) =>
    service.selectAll(app.db, currentUser(request).id, request.body.selected),
  );
}

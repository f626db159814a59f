import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminVoucherListQuerySchema, idParams as sharedIdParams, voucherActiveSchema, voucherInputSchema, type VoucherLine } from '@nhasach/shared';
import type { Db } from '../../db/client.ts';
import { envelope } from '../../lib/envelope.ts';
import { authenticate, currentUser, requireRoles } from '../../lib/guards.ts';
import { createVoucher, getVoucher, listVouchers, setVoucherActive, updateVoucher } from './admin.ts';
import { availableFor } from './shopper.ts';

const idParams = sharedIdParams('id');

/** What the checkout's list of codes needs of the cart; the composition root (modules/index.ts) hands it in. */
export interface VoucherShopperPorts {
  /** The caller's selected cart lines as the voucher rule reads them. */
  selectedLines(db: Db, userId: number, now: Date): Promise<VoucherLine[]>;
}

/** GET /api/v1/vouchers/available: the running codes with whether each fits the caller's selected cart lines. */
export async function voucherShopperRoutes(app: FastifyInstance, opts: { ports: VoucherShopperPorts }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', authenticate);
  r.get(
    '/vouchers/available',
    { schema: { tags: ['vouchers'], security: [{ bearerAuth: [] }], summary: 'Codes the caller may pick at checkout, with why not when one does not fit' } },
    async (request) => {
      const userId = currentUser(request).id;
      const now = new Date();
      return availableFor(app.db, userId, await opts.ports.selectedLines(app.db, userId, now), now);
    },
  );
}

/** /api/v1/admin/vouchers (ADMIN only; the role is checked on request, before the body is read). */
export async function voucherAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = { tags: ['admin: vouchers'], security: [{ bearerAuth: [] }] };
  app.addHook('onRequest', requireRoles('ADMIN'));

  r.get('/admin/vouchers', { schema: { ...base, summary: 'Vouchers, newest first; q on code and name; status filter', querystring: adminVoucherListQuerySchema } }, (req) =>
    listVouchers(app.db, req.query),
  );
  r.get('/admin/vouchers/:id', { schema: { ...base, summary: 'A voucher for the edit form', params: idParams } }, (req) => getVoucher(app.db, req.params.id));
  r.post('/admin/vouchers', { schema: { ...base, summary: 'Create a voucher (code normalised, unique)', body: voucherInputSchema } }, async (req, reply) => {
    reply.status(201);
    return envelope(201, await createVoucher(app.db, currentUser(req), req.body), 'Tạo mã giảm giá thành công');
  });
  r.put('/admin/vouchers/:id', { schema: { ...base, summary: 'Edit a voucher (every field)', params: idParams, body: voucherInputSchema } }, async (req) =>
    envelope(200, await updateVoucher(app.db, currentUser(req), req.params.id, req.body), 'Cập nhật mã giảm giá thành công'),
  );
  r.put('/admin/vouchers/:id/active', { schema: { ...base, summary: 'Switch a voucher on or off', params: idParams, body: voucherActiveSchema } }, async (req) =>
    envelope(
      200,
      await setVoucherActive(app.db, currentUser(req), req.params.id, req.body.active),
      req.body.active ? 'Đã bật mã giảm giá' : 'Đã tắt mã giảm giá',
    ),
  );
}

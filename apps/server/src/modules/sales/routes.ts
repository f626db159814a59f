import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SALES_MESSAGES,
  idParams as sharedIdParams,
  saleAssignSchema,
  saleCancelSchema,
  saleNoteSchema,
  saleOrderListQuerySchema,
  salePaymentChangeSchema,
  saleRefundSchema,
  saleShippingSchema,
  saleStatusChangeSchema,
} from '@nhasach/shared';
import { envelope } from '../../lib/envelope.ts';
import { currentUser, requireRoles } from '../../lib/guards.ts';
import { addNote, assignOrder, updateShipping } from './fulfilment.ts';
import { changePayment, refundOrder } from './payment.ts';
import { countOrders, getOrder, listOrders, listStaff, salesContextOf, type SalesRoutesOptions } from './service.ts';
import { cancelOrder, changeStatus } from './status.ts';

const idParams = sharedIdParams('id');

/**
 * Spec section 7, Sales, under /api/v1. SALE and ADMIN only: the role is checked on request, before the body is
 * read, so a guest gets 401 and a customer 403 whatever they sent. Every write answers with the whole order.
 */
export async function salesRoutes(app: FastifyInstance, opts: SalesRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = salesContextOf(app, opts);
  const base = { tags: ['sales'], security: [{ bearerAuth: [] }] };
  app.addHook('onRequest', requireRoles('SALE', 'ADMIN'));

  r.get(
    '/sales/orders',
    { schema: { ...base, summary: 'Orders: q (code, name, phone, e-mail), status, paymentStatus, from/to days; sort createdAt,desc', querystring: saleOrderListQuerySchema } },
    (req) => listOrders(app.db, req.query),
  );
  r.get(
    '/sales/orders/counts',
    { schema: { ...base, summary: 'Orders per status under the same filters (the tabs)', querystring: saleOrderListQuerySchema } },
    (req) => countOrders(app.db, req.query),
  );
  r.get('/sales/orders/:id', { schema: { ...base, summary: 'An order with items, shipping, notes, refunds, history and what may change', params: idParams } }, (req) =>
    getOrder(ctx, req.params.id),
  );
  r.get('/sales/staff', { schema: { ...base, summary: 'Enabled SALE and ADMIN accounts (assignees)' } }, () => listStaff(app.db));

  r.put(
    '/sales/orders/:id/status',
    { schema: { ...base, summary: 'Change the status (transition table and guards)', params: idParams, body: saleStatusChangeSchema } },
    async (req) => envelope(200, await changeStatus(ctx, currentUser(req), req.params.id, req.body), SALES_MESSAGES.statusUpdated),
  );
  r.put(
    '/sales/orders/:id/payment',
    { schema: { ...base, summary: 'Change the payment status (payment rules)', params: idParams, body: salePaymentChangeSchema } },
    async (req) => envelope(200, await changePayment(ctx, currentUser(req), req.params.id, req.body), SALES_MESSAGES.paymentUpdated),
  );
  r.put(
    '/sales/orders/:id/shipping',
    { schema: { ...base, summary: 'Record carrier, tracking code, carrier fee, hand-over time', params: idParams, body: saleShippingSchema } },
    async (req) => envelope(200, await updateShipping(ctx, currentUser(req), req.params.id, req.body), SALES_MESSAGES.shippingUpdated),
  );
  r.put(
    '/sales/orders/:id/assign',
    { schema: { ...base, summary: 'Assign to a SALE or ADMIN account', params: idParams, body: saleAssignSchema } },
    async (req) => envelope(200, await assignOrder(ctx, currentUser(req), req.params.id, req.body), SALES_MESSAGES.assigned),
  );
  r.post(
    '/sales/orders/:id/notes',
    { schema: { ...base, summary: 'Add an internal note', params: idParams, body: saleNoteSchema } },
    async (req, reply) => {
      reply.status(201);
      return envelope(201, await addNote(ctx, currentUser(req), req.params.id, req.body), SALES_MESSAGES.noteAdded);
    },
  );
  r.post(
    '/sales/orders/:id/cancel',
    { schema: { ...base, summary: 'Cancel before shipping (stock back once; paid -> REFUND_PENDING)', params: idParams, body: saleCancelSchema } },
    async (req) => envelope(200, await cancelOrder(ctx, currentUser(req), req.params.id, req.body), SALES_MESSAGES.canceled),
  );
  r.post(
    '/sales/orders/:id/refund-manual',
    { schema: { ...base, summary: 'Record a refund (CASH, BANK_TRANSFER) or refund through VNPAY (GATEWAY)', params: idParams, body: saleRefundSchema } },
    async (req, reply) => {
      reply.status(201);
      return envelope(201, await refundOrder(ctx, currentUser(req), req.params.id, req.body, req.ip), SALES_MESSAGES.refunded);
    },
  );
}

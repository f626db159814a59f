import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelOrderSchema,
  createOrderSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  isOrderStatus,
  MAX_PAGE_SIZE,
  MY_ORDERS_PAGE_SIZE,
  pageParam,
  queryScalar,
  sizeParam,
  text,
  type OrderStatus,
} from '@nhasach/shared';
import { envelope } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { authenticate, currentUser } from '../../lib/guards.ts';
import type { OrderPaymentMethods } from './payment-methods.ts';
import type { OrderProcess } from './process.ts';
import * as service from './service.ts';
import { FLAT_ORDER_SHIPPING, type OrderShipping } from './shipping-port.ts';

const codeParams = z.object({ code: text('Mã đơn hàng').trim().toUpperCase().max(32, 'Mã đơn hàng không hợp lệ.') });

/**
 * status: one status or a comma list; the canceled tab's 'CANCELED' also shows cancellation requests.
 * Unknown values are a 400 rather than an empty page.
 */
const statusFilter = z
  .preprocess(queryScalar, text('status').max(200).optional())
  .transform((v, ctx): OrderStatus[] | undefined => {
    if (!v) return undefined;
    const wanted = v.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean);
    const bad = wanted.find((s) => !isOrderStatus(s));
    if (bad) {
      ctx.addIssue({ code: 'custom', message: `Trạng thái đơn hàng không hợp lệ: ${bad}.` });
      return z.NEVER;
    }
    const set = new Set(wanted as OrderStatus[]);
    if (set.has('CANCELED')) set.add('CANCEL_REQUESTED');
    return [...set];
  })
  .meta({ type: 'string', description: 'PENDING, CONFIRMED, ... or a comma list' });

const myOrdersQuery = z.object({
  page: pageParam(),
  size: sizeParam(MY_ORDERS_PAGE_SIZE, MAX_PAGE_SIZE),
  status: statusFilter,
});

export interface OrderRoutesOptions {
  process: OrderProcess;
  paymentMethods: OrderPaymentMethods;
  /** The carrier's fee and the shipment (default: the flat tariff, no shipment). */
  shipping?: OrderShipping;
}

/** Spec section 7, Orders (the customer's side). Under /api/v1. */
export async function orderRoutes(app: FastifyInstance, opts: OrderRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const security = [{ bearerAuth: [] }];
  const ctx: service.OrdersContext = {
    db: app.db,
    log: app.log,
    process: opts.process,
    paymentMethods: opts.paymentMethods,
    shipping: opts.shipping ?? FLAT_ORDER_SHIPPING,
  };
  r.addHook('onRequest', authenticate);

  r.post(
    '/orders',
    {
      schema: {
        tags,
        security,
        summary: 'Place an order from the selected cart lines (optional Idempotency-Key header)',
        body: createOrderSchema,
      },
    },
    async (request, reply) => {
      const rawKey = request.headers[IDEMPOTENCY_KEY_HEADER];
      const key = typeof rawKey === 'string' && rawKey.trim() ? rawKey.trim() : undefined;
      if (key && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
        throw badRequest('Idempotency-Key không hợp lệ (8-64 ký tự chữ, số, . _ : -).');
      }
      const { returnUrl, ...body } = request.body;
      // The payment must be possible before the order exists: no gateway, a foreign return address or no bank
      // account is refused here, so no unpaid order is left behind by a payment that could not be made.
      opts.paymentMethods(body.paymentMethod).assertCanPlace({ returnUrl, reached: { protocol: request.protocol, host: request.host } });
      const { order, created } = await service.createOrder(ctx, currentUser(request), { ...body, idempotencyKey: key });
      const status = created ? 201 : 200;
      reply.status(status);
      return envelope(status, order, created ? 'Đặt hàng thành công' : 'Đơn hàng đã được tạo trước đó');
    },
  );
  r.get('/orders/me', { schema: { tags, security, summary: 'My orders, newest first', querystring: myOrdersQuery } }, (request) =>
    service.listMyOrders(app.db, currentUser(request).id, request.query.status, request.query.page, request.query.size),
  );
  r.get('/orders/:code', { schema: { tags, security, summary: 'One of my orders, with its timeline', params: codeParams } }, (request) =>
    service.getMyOrder(app.db, currentUser(request).id, request.params.code, ctx.shipping),
  );
  r.post(
    '/orders/:code/cancel',
    { schema: { tags, security, summary: 'Cancel my order (or ask to, when paid)', params: codeParams, body: cancelOrderSchema } },
    async (request) => {
      const { order, requested } = await service.cancelMyOrder(ctx, currentUser(request).id, request.params.code, request.body.reason);
      return envelope(200, order, requested ? 'Đã gửi yêu cầu huỷ đơn hàng' : 'Đã huỷ đơn hàng');
    },
  );
}

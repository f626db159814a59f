/**
 * HTTP face of the built-in sandbox carrier, outside /api: GHN's fee and create-order API (Token and ShopId headers),
 * and the tester's page whose buttons advance an order and post the signed webhook to the shop. Registered only when
 * the sandbox is the shop's carrier (modules/sandboxes.ts answers 404 on its paths otherwise).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { shippingWebhookPath } from '@nhasach/shared';
import { ownOrigin } from '../payments/index.ts';
import { CARRIER_SANDBOX_BASE, ESTIMATED_DAYS, ghnProtocol, type ShippingSettings } from '../shipping/index.ts';
import { CARRIER_SANDBOX_CSS_PATH, CARRIER_SANDBOX_STYLES, carrierPage, SANDBOX_ACTIONS, type SandboxAction } from './page.ts';
import * as repo from './repo.ts';
import { sandboxFee } from './tariff.ts';

type Answer = ghnProtocol.GhnAnswer<unknown>;
const fail = (reply: FastifyReply, code: number, message: string): Answer => {
  reply.status(code);
  return { code, message, data: null };
};

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const int = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) ? v : Number.NaN);

/** GHN order codes are 8 letters and digits; the sandbox's start with SB. */
const newOrderCode = () => `SB${randomBytes(6).toString('base64url').replace(/[^A-Za-z0-9]/g, '').toUpperCase().padEnd(6, 'X').slice(0, 6)}`;

export async function carrierSandboxRoutes(app: FastifyInstance, opts: { settings: ShippingSettings }): Promise<void> {
  const { settings } = opts;
  const routeOpts = { schema: { hide: true } };
  const authorised = (headers: Record<string, unknown>) => str(headers.token) === settings.token && str(headers.shopid) === settings.shopId;

  // The tester's form posts; parsed only in this plugin's scope.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });

  /** The tariff for a GHN-shaped body (fee and create take the same fields); the shop's province when none is sent. */
  const feeOf = (b: Record<string, unknown>, serviceType: number) =>
    sandboxFee({
      fromProvinceCode: str(b.from_province_code) || settings.origin.provinceCode,
      toProvinceCode: str(b.to_province_code) || null,
      toWardName: str(b.to_ward_name),
      weightGram: int(b.weight),
      express: serviceType === 1,
    });

  app.post(`${CARRIER_SANDBOX_BASE}${ghnProtocol.GHN_FEE_PATH}`, routeOpts, async (request, reply) => {
    if (!authorised(request.headers)) return fail(reply, 401, 'Token is not valid');
    const b = (request.body ?? {}) as Record<string, unknown>;
    const serviceType = int(b.service_type_id);
    if (serviceType !== 1 && serviceType !== 2) return fail(reply, 400, 'Dịch vụ không hợp lệ.');
    const outcome = feeOf(b, serviceType);
    if (!outcome.ok) return fail(reply, 400, outcome.message);
    const data: ghnProtocol.GhnFeeData = { total: outcome.fee, service_fee: outcome.fee, insurance_fee: 0, pick_station_fee: 0, coupon_value: 0, r2s_fee: 0 };
    return { code: 200, message: 'Success', data };
  });

  app.post(`${CARRIER_SANDBOX_BASE}${ghnProtocol.GHN_CREATE_PATH}`, routeOpts, async (request, reply) => {
    if (!authorised(request.headers)) return fail(reply, 401, 'Token is not valid');
    const b = (request.body ?? {}) as Record<string, unknown>;
    const clientCode = str(b.client_order_code).slice(0, 50);
    const serviceType = int(b.service_type_id);
    if (!clientCode || !str(b.to_name) || !str(b.to_phone) || !str(b.to_address)) return fail(reply, 400, 'Thiếu thông tin người nhận hoặc mã đơn hàng.');
    if (serviceType !== 1 && serviceType !== 2) return fail(reply, 400, 'Dịch vụ không hợp lệ.');
    const outcome = feeOf(b, serviceType);
    if (!outcome.ok) return fail(reply, 400, outcome.message);
    const codAmount = Math.max(0, int(b.cod_amount) || 0);
    // A repeated request with the same client order code gets the order already created (a retry after a timeout).
    const row = await repo.insertOnce(app.db, {
      orderCode: newOrderCode(),
      clientOrderCode: clientCode,
      shopId: settings.shopId,
      serviceTypeId: serviceType,
      toName: str(b.to_name).slice(0, 200),
      toPhone: str(b.to_phone).slice(0, 20),
      toAddress: str(b.to_address).slice(0, 1000),
      toProvince: str(b.to_province_name).slice(0, 200),
      weight: int(b.weight),
      codAmount,
      totalFee: outcome.fee,
      sortCode: `${outcome.zone[0]}-${str(b.to_province_code) || '00'}-${String(Math.floor(Math.random() * 90) + 10)}`,
    });
    const days = ESTIMATED_DAYS[outcome.zone][serviceType === 1 ? 'EXPRESS' : 'STANDARD'].max;
    const data: ghnProtocol.GhnCreateData = {
      order_code: row.orderCode,
      sort_code: row.sortCode,
      trans_type: 'truck',
      total_fee: row.totalFee,
      expected_delivery_time: new Date(row.createdAt.getTime() + days * 86_400_000).toISOString(),
    };
    return { code: 200, message: 'Success', data };
  });

  app.get(CARRIER_SANDBOX_CSS_PATH, routeOpts, async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(CARRIER_SANDBOX_STYLES));

  const page = async (reply: FastifyReply, status: number, notice?: { ok: boolean; text: string }) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(carrierPage(await repo.latest(app.db), notice));

  // After a button: the page again, saying what was done (post, redirect, get: a reload does not post twice).
  app.get<{ Querystring: { sent?: string; status?: string } }>(CARRIER_SANDBOX_BASE, routeOpts, async (request, reply) => {
    const action = SANDBOX_ACTIONS.find((a) => a.status === request.query.status);
    const sent = typeof request.query.sent === 'string' ? request.query.sent.slice(0, 32) : '';
    return page(reply, 200, action && sent ? { ok: true, text: `Đã chuyển vận đơn ${sent} sang "${action.label}" và báo cửa hàng.` } : undefined);
  });

  /** A tester's button: the order moves to that GHN status and the shop hears of it by a signed webhook. */
  app.post<{ Params: { code: string } }>(`${CARRIER_SANDBOX_BASE}/orders/:code`, routeOpts, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const action = SANDBOX_ACTIONS.find((a) => a.status === form.status)?.status as SandboxAction | undefined;
    const row = await repo.findByCode(app.db, request.params.code);
    if (!row || !action) return page(reply, 400, { ok: false, text: 'Không tìm thấy vận đơn hoặc thao tác.' });
    await repo.setStatus(app.db, row.id, action);
    const webhook: ghnProtocol.GhnWebhook = {
      OrderCode: row.orderCode,
      ClientOrderCode: row.clientOrderCode,
      Status: action,
      Type: 'switch_status',
      Time: new Date().toISOString(),
      Description: ghnProtocol.GHN_STATUSES[action]?.description,
      Warehouse: action === 'picked' ? 'Bưu cục lấy hàng (thử nghiệm)' : 'Bưu cục giao hàng (thử nghiệm)',
      ...(action === 'delivery_fail' ? { Reason: 'Không liên lạc được người nhận' } : {}),
      CODAmount: row.codAmount,
      TotalFee: row.totalFee,
      Weight: row.weight,
      ShopID: Number(row.shopId),
    };
    const body = JSON.stringify(webhook);
    try {
      const res = await fetch(`${ownOrigin(app)}${shippingWebhookPath(settings.carrier)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [ghnProtocol.SIGNATURE_HEADER]: ghnProtocol.signBody(body, settings.secret) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      request.log.info({ orderCode: row.orderCode, status: action, answer: res.status }, 'sandbox carrier webhook delivered');
      if (!res.ok) return page(reply, 502, { ok: false, text: `Cửa hàng trả lời ${res.status} cho thông báo ${row.orderCode}.` });
    } catch (err) {
      request.log.warn({ err, orderCode: row.orderCode }, 'sandbox carrier webhook failed');
      return page(reply, 502, { ok: false, text: 'Không gửi được thông báo về cửa hàng.' });
    }
    return reply.redirect(`${CARRIER_SANDBOX_BASE}?${new URLSearchParams({ sent: row.orderCode, status: action })}`, 303);
  });
}

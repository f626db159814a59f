/**
 * HTTP face of the built-in VNPAY sandbox, outside /api: GET shows the payment page, POST settles the tester's
 * choice (IPN to the merchant, then 303 to vnp_ReturnUrl), and the merchant web API answers querydr and refund.
 * Registered only when the sandbox is on (modules/sandboxes.ts answers 404 on its paths otherwise).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { cspDirectives, cspHeader } from '../../lib/security-headers.ts';
import { SANDBOX_API_PATH, SANDBOX_PATH, type VnpaySettings } from '../payments/index.ts';
import {
  checkIssuedPayment,
  checkPaymentRequest,
  GatewayError,
  handleTransactionApi,
  notifyMerchant,
  returnRedirectUrl,
  settlePayment,
  type RequestIdLedger,
} from './gateway.ts';
import { errorPage, paymentPage, SANDBOX_ASSETS, SANDBOX_BANKS, SANDBOX_CHOICES, SANDBOX_SCRIPT, SANDBOX_STYLES, type SandboxChoice } from './page.ts';

export async function sandboxRoutes(app: FastifyInstance, opts: { settings: VnpaySettings }): Promise<void> {
  const { settings } = opts;
  const requestIds: RequestIdLedger = new Map();
  const directives = cspDirectives(app.config);
  /**
   * The store's CSP; the payment page's form-action also names the origin of the (checked) return URL, because
   * browsers apply form-action to the 303 that follows the form too.
   */
  const html = (reply: FastifyReply, status: number, body: string, returnUrl?: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        cspHeader(returnUrl ? { ...directives, 'form-action': ["'self'", new URL(returnUrl).origin] } : directives),
      )
      .send(body);
  // The payment page posts an HTML form; parse it only in this plugin's scope.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const params: Record<string, string | string[]> = {};
    for (const [k, v] of new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))) {
      const prev = params[k];
      params[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    done(null, params);
  });

  const routeOpts = { schema: { hide: true } };

  const asset = (path: string, type: string, body: string) =>
    app.get(path, routeOpts, async (_request, reply) => {
      return reply.type(type).header('cache-control', 'no-cache').send(body);
    });
  asset(SANDBOX_ASSETS.css, 'text/css; charset=utf-8', SANDBOX_STYLES);
  asset(SANDBOX_ASSETS.js, 'text/javascript; charset=utf-8', SANDBOX_SCRIPT);

  app.get(SANDBOX_PATH, routeOpts, async (request, reply) => {
    try {
      const checked = checkPaymentRequest(request.query as Record<string, unknown>, settings);
      await checkIssuedPayment(app.db, checked);
      const page = paymentPage({ params: checked.params, amountVnd: checked.amountVnd, expiresAt: checked.expiresAt, actionUrl: SANDBOX_PATH });
      return html(reply, 200, page, checked.params.vnp_ReturnUrl);
    } catch (err) {
      if (err instanceof GatewayError) return html(reply, 400, errorPage(err.message, err.code));
      throw err;
    }
  });

  app.post(SANDBOX_PATH, routeOpts, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const choice = SANDBOX_CHOICES.find((c) => c.code === form.choice)?.code as SandboxChoice | undefined;
    const bankCode = SANDBOX_BANKS.find((b) => b.code === form.bankCode)?.code ?? 'NCB';
    try {
      if (!choice) throw new GatewayError('03', 'Dữ liệu gửi sang không đúng định dạng.');
      // The form carries the merchant's signed parameters back: they are checked again, as on first display.
      const checked = checkPaymentRequest(form, settings);
      await checkIssuedPayment(app.db, checked);
      const result = await settlePayment(app.db, settings, checked, choice, bankCode);
      try {
        const ipn = await notifyMerchant(app, result);
        request.log.info({ txnRef: result.vnp_TxnRef, responseCode: choice, ipn }, 'sandbox IPN delivered');
      } catch (err) {
        // A real gateway retries later; the browser still goes back to the shop, whose return page polls.
        request.log.warn({ err, txnRef: result.vnp_TxnRef }, 'sandbox IPN failed');
      }
      return reply.redirect(returnRedirectUrl(checked.params.vnp_ReturnUrl!, result), 303);
    } catch (err) {
      if (err instanceof GatewayError) return html(reply, 400, errorPage(err.message, err.code));
      throw err;
    }
  });

  app.post(SANDBOX_API_PATH, routeOpts, async (request, reply) => {
    return reply.send(await handleTransactionApi(app.db, settings, requestIds, request.body));
  });
}

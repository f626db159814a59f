/**
 * HTTP face of the built-in VNPAY sandbox, outside /api: GET shows the payment page, POST settles the tester's
 * choice (IPN to the merchant, then 303 to vnp_ReturnUrl), and the merchant web API answers querydr and refund.
 * With a real gateway configured (VNPAY_URL) every sandbox path answers 404, so the SPA never serves them either.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SANDBOX_API_PATH, SANDBOX_PATH, type VnpaySettings } from '../settings.ts';
import { checkPaymentRequest, GatewayError, handleTransactionApi, notifyMerchant, returnRedirectUrl, settlePayment } from './gateway.ts';
import { errorPage, paymentPage, SANDBOX_BANKS, SANDBOX_CHOICES, type SandboxChoice } from './page.ts';

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    // The page is self-contained: inline style and its countdown script, nothing from elsewhere; no framing. No
    // form-action: browsers apply it to the 303 after the form too, and the return URL may be another allowed origin.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; frame-ancestors 'none'")
    .send(body);

export async function sandboxRoutes(app: FastifyInstance, opts: { settings: VnpaySettings }): Promise<void> {
  const { settings } = opts;
  // The payment page posts an HTML form; parse it only in this plugin's scope.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const params: Record<string, string | string[]> = {};
    for (const [k, v] of new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))) {
      const prev = params[k];
      params[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    done(null, params);
  });

  const disabled = (reply: FastifyReply) => html(reply, 404, errorPage('Cổng thanh toán thử nghiệm đang tắt vì cửa hàng đã cấu hình VNPAY thật.', '404'));
  const routeOpts = { schema: { hide: true } };

  app.get(SANDBOX_PATH, routeOpts, async (request, reply) => {
    if (!settings.sandbox) return disabled(reply);
    try {
      const checked = checkPaymentRequest(request.query as Record<string, unknown>, settings);
      return html(reply, 200, paymentPage({ params: checked.params, amountVnd: checked.amountVnd, expiresAt: checked.expiresAt, actionUrl: SANDBOX_PATH }));
    } catch (err) {
      if (err instanceof GatewayError) return html(reply, 400, errorPage(err.message, err.code));
      throw err;
    }
  });

  app.post(SANDBOX_PATH, routeOpts, async (request, reply) => {
    if (!settings.sandbox) return disabled(reply);
    const form = (request.body ?? {}) as Record<string, unknown>;
    const choice = SANDBOX_CHOICES.find((c) => c.code === form.choice)?.code as SandboxChoice | undefined;
    const bankCode = SANDBOX_BANKS.find((b) => b.code === form.bankCode)?.code ?? 'NCB';
    try {
      if (!choice) throw new GatewayError('03', 'Dữ liệu gửi sang không đúng định dạng.');
      // The form carries the merchant's signed parameters back: they are checked again, as on first display.
      const checked = checkPaymentRequest(form, settings);
      const result = await settlePayment(app.db, settings, checked, choice, bankCode);
      try {
        const ipn = await notifyMerchant(app, settings.ipnUrl, result);
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
    if (!settings.sandbox) return disabled(reply);
    return reply.send(await handleTransactionApi(app.db, settings, request.body));
  });
}

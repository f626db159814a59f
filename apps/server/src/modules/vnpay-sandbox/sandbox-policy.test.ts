import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { orders } from '../../db/schema/index.ts';
import { SANDBOX_API_PATH, vnpayProtocol, vnpaySettings } from '../payments/index.ts';
import { checkout, gatewayResult, ipn, makeCustomer, orderRow, placeOrder, createListeningTestApp } from '../../../test/payments.ts';

const { buildPaymentUrl, withSignature } = vnpayProtocol;

/** The hash secret the sandbox used to ship in its source: anyone could read it. */
const OLD_SOURCE_SECRET = 'NHASACHSANDBOXSECRETKEY2025DEV01';

const sandboxForm = (app: TestApp['app'], params: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/sandbox/vnpay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...params, choice: '00', bankCode: 'NCB' }).toString(),
  });

describe('the sandbox in production', () => {
  it('is off without VNPAY_SANDBOX=true: its pages are 404 and an online checkout is refused, not sent to it', async () => {
    const t = await createTestApp({ NODE_ENV: 'production' });
    try {
      for (const url of ['/sandbox/vnpay', '/sandbox/vnpay/assets/sandbox.js', '/sandbox/vnpay/assets/sandbox.css']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).toContain('Cổng thanh toán thử nghiệm không bật');
      }
      expect((await t.app.inject({ method: 'POST', url: SANDBOX_API_PATH, payload: {} })).statusCode).toBe(404);
      expect(existsSync(path.join(t.config.DATA_DIR, 'vnpay-sandbox-secret'))).toBe(false);
      // The checkout offers only what the shop can take: cash on delivery.
      const methods = await t.app.inject({ method: 'GET', url: '/api/v1/payments/methods' });
      expect(methods.json().data).toEqual([{ method: 'COD', flow: 'ON_DELIVERY', sandbox: false }]);

      // A VNPAY order is refused before it is placed: no unpaid order is left behind, the stock stays.
      await expect(placeOrder(t.app)).rejects.toThrow(/^503 .*Cửa hàng chưa cấu hình cổng thanh toán VNPAY/);
      expect(await t.app.db.select().from(orders)).toEqual([]);
      // An order paid on delivery is placed; its online checkout is refused.
      const { who, order } = await placeOrder(t.app, { paymentMethod: 'COD' });
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/payments/${order.code}/checkout?provider=VNPAY`, headers: who.headers });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'PAYMENT_GATEWAY_ERROR', data: null });
      expect(res.json().message).toBe('Cửa hàng chưa cấu hình cổng thanh toán VNPAY. Vui lòng chọn thanh toán khi nhận hàng.');

      // No gateway, no key: an IPN signed with the old secret, or with an empty one, is refused.
      for (const secret of [OLD_SOURCE_SECRET, '']) {
        const forged = gatewayResult(t.app, { txnRef: `${order.code}01`, amountVnd: order.grandTotal }, { vnp_TmnCode: 'NHASACH1' }, secret);
        expect((await ipn(t.app, forged)).json()).toEqual({ RspCode: '97', Message: 'Invalid signature' });
      }
      expect((await orderRow(t.app, order.code)).paymentStatus).not.toBe('PAID');
    } finally {
      await t.close();
    }
  });

  it('uses the configured gateway when VNPAY_URL is set, and the sandbox stays off', async () => {
    const t = await createTestApp({
      NODE_ENV: 'production',
      VNPAY_URL: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html',
      VNPAY_TMN_CODE: 'DEMOV210',
      VNPAY_HASH_SECRET: 'REALSECRETREALSECRETREALSECRET12',
      VNPAY_SANDBOX: 'true',
    });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/sandbox/vnpay' })).statusCode).toBe(404);
      const customer = await makeCustomer(t.app);
      const { order } = await placeOrder(t.app, { who: customer });
      const { url } = await checkout(t.app, customer, order.code);
      expect(`${url.origin}${url.pathname}`).toBe('https://sandbox.vnpayment.vn/paymentv2/vpcpay.html');
    } finally {
      await t.close();
    }
  });

  it('is on with VNPAY_SANDBOX=true, with a hash secret generated for this installation and kept in DATA_DIR', async () => {
    const t = await createTestApp({ NODE_ENV: 'production', VNPAY_SANDBOX: 'true' });
    try {
      const file = path.join(t.config.DATA_DIR, 'vnpay-sandbox-secret');
      const secret = readFileSync(file, 'utf8').trim();
      expect(secret.length).toBeGreaterThanOrEqual(48);
      expect(secret).not.toBe(OLD_SOURCE_SECRET);
      expect(statSync(file).mode & 0o077).toBe(0);
      expect(vnpaySettings(t.config)).toMatchObject({ sandbox: true, enabled: true, hashSecret: secret });
      // The same secret on the next start.
      expect(loadConfig({ NODE_ENV: 'production', VNPAY_SANDBOX: 'true', DATA_DIR: t.config.DATA_DIR, JWT_SECRET: 'x'.repeat(32) }).VNPAY_SANDBOX_SECRET).toBe(secret);

      const customer = await makeCustomer(t.app);
      const { order } = await placeOrder(t.app, { who: customer });
      const { url } = await checkout(t.app, customer, order.code);
      const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Đây là cổng thanh toán THỬ NGHIỆM của Nhà Sách, không phải VNPAY thật');
    } finally {
      await t.close();
    }
  });

  it('two installations get two different secrets', () => {
    const dirs = [mkdtempSync(path.join(tmpdir(), 'nhasach-a-')), mkdtempSync(path.join(tmpdir(), 'nhasach-b-'))];
    try {
      const [a, b] = dirs.map((d) => loadConfig({ NODE_ENV: 'development', DATA_DIR: d, JWT_SECRET: 'x'.repeat(32) }).VNPAY_SANDBOX_SECRET);
      expect(a).toBeTruthy();
      expect(a).not.toBe(b);
    } finally {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  });
});

describe('the sandbox gateway (on, outside production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createListeningTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a paid IPN forged with the secret that used to be in the source', async () => {
    const { order } = await placeOrder(t.app);
    const forged = gatewayResult(t.app, { txnRef: `${order.code}01`, amountVnd: order.grandTotal }, {}, OLD_SOURCE_SECRET);
    expect((await ipn(t.app, forged)).json()).toEqual({ RspCode: '97', Message: 'Invalid signature' });
    expect((await orderRow(t.app, order.code)).paymentStatus).not.toBe('PAID');
  });

  it('sends the browser only to the return URL the checkout stored with the payment', async () => {
    const { who, order } = await placeOrder(t.app);
    const { params } = await checkout(t.app, who, order.code, 'http://localhost:3000/checkout');
    const settings = vnpaySettings(t.config);
    const { vnp_SecureHash: _hash, ...unsigned } = params;

    // The same attempt, signed with the gateway's own key, but to another site: refused on the page and on submit.
    const foreign = withSignature({ ...unsigned, vnp_ReturnUrl: 'https://ke-gian.example/lay-ket-qua' }, settings.hashSecret);
    const shown = await t.app.inject({ method: 'GET', url: `/sandbox/vnpay?${new URLSearchParams(foreign)}` });
    expect(shown.statusCode).toBe(400);
    expect(shown.body).toContain('Mã lỗi: 03');
    const submitted = await sandboxForm(t.app, foreign);
    expect(submitted.statusCode).toBe(400);
    expect(submitted.headers.location).toBeUndefined();

    // Signed with the old source secret: not even a valid request.
    const oldSigned = withSignature({ ...unsigned, vnp_ReturnUrl: 'https://ke-gian.example/lay-ket-qua' }, OLD_SOURCE_SECRET);
    const refused = await sandboxForm(t.app, oldSigned);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Mã lỗi: 70');

    // A well-formed payment URL for an attempt the store never created: refused too.
    const invented = new URL(
      buildPaymentUrl(
        settings.payUrl,
        {
          txnRef: 'NSKHONGCO01',
          amount: 10_000,
          orderInfo: 'Thu nghiem',
          returnUrl: 'https://ke-gian.example/',
          ipAddr: '127.0.0.1',
          createdAt: new Date(),
          expiresAt: new Date(Date.now() + 60_000),
        },
        settings,
      ),
    );
    const inventedPage = await t.app.inject({ method: 'GET', url: `${invented.pathname}${invented.search}` });
    expect(inventedPage.statusCode).toBe(400);
    expect(inventedPage.body).toContain('Mã lỗi: 01');

    // The genuine request still pays and goes back to the stored return URL.
    const ok = await sandboxForm(t.app, params);
    expect(ok.statusCode).toBe(303);
    expect(String(ok.headers.location)).toMatch(/^http:\/\/localhost:3000\/checkout\?/);
    expect((await orderRow(t.app, order.code)).paymentStatus).toBe('PAID');
  });

  it('serves its pages under the store CSP, with no inline script or style', async () => {
    const { who, order } = await placeOrder(t.app);
    const { url } = await checkout(t.app, who, order.code);
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.body).not.toMatch(/<script>|<style|style="/);
    const js = await t.app.inject({ method: 'GET', url: '/sandbox/vnpay/assets/sandbox.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');
  });
});

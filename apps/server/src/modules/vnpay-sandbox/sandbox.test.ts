import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { SANDBOX_API_PATH, SANDBOX_TMN_CODE, vnpayProtocol, vnpaySettings } from '../payments/index.ts';
import { attemptsOf, checkout, createListeningTestApp, makeCustomer, orderRow, placeOrder, queryVnpayTransaction, refundVnpayPayment } from '../../../test/payments.ts';

const { buildPaymentUrl, formatVnpDate, signRefund, toQueryString, verifyQuery, verifyTransactionResponse } = vnpayProtocol;
type VnpParams = vnpayProtocol.VnpParams;

let t: TestApp;

beforeAll(async () => {
  t = await createListeningTestApp();
});
afterAll(async () => {
  await t?.close();
});

const page = (app: FastifyInstance, url: URL) => app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
/** Submits the sandbox form: the hidden signed fields plus the tester's choice. */
const choose = (app: FastifyInstance, params: VnpParams, choice: string, bankCode = 'NCB') =>
  app.inject({
    method: 'POST',
    url: '/sandbox/vnpay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...params, choice, bankCode }).toString(),
  });

describe('sandbox payment page', () => {
  it('renders a Vietnamese gateway page for a valid signed URL', async () => {
    const { who, order } = await placeOrder(t.app, { price: 250_000 });
    const { url, params } = await checkout(t.app, who, order.code);
    const res = await page(t.app, url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<html lang="vi">');
    expect(res.body).toContain('280.000 ₫'); // 250.000 + 30.000 delivery
    expect(res.body).toContain(SANDBOX_TMN_CODE);
    expect(res.body).toContain(params.vnp_TxnRef);
    expect(res.body).toContain(`Thanh toan don hang ${order.code}`);
    for (const label of ['Thanh toán</button>', 'Huỷ giao dịch</button>', 'Giao dịch thất bại</button>', 'Ngân hàng NCB']) expect(res.body).toContain(label);
    // The signed fields travel back in the form, escaped.
    expect(res.body).toContain(`name="vnp_SecureHash" value="${params.vnp_SecureHash}"`);
  });

  it('refuses a tampered, foreign or expired request with an error page, like the real gateway', async () => {
    const { who, order } = await placeOrder(t.app);
    const { url } = await checkout(t.app, who, order.code);

    const tampered = new URL(url);
    tampered.searchParams.set('vnp_Amount', '100');
    const bad = await page(t.app, tampered);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('text/html');
    expect(bad.body).toContain('Sai chữ ký.');
    expect(bad.body).toContain('Mã lỗi: 70');

    const settings = vnpaySettings(t.config);
    const request = {
      txnRef: 'NSX01',
      amount: 10_000,
      orderInfo: 'Thu nghiem',
      returnUrl: 'http://localhost:3000/checkout',
      ipAddr: '127.0.0.1',
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 60_000),
    };
    const foreign = new URL(buildPaymentUrl(settings.payUrl, request, { tmnCode: 'OTHERTMN', hashSecret: settings.hashSecret }));
    expect((await page(t.app, foreign)).body).toContain('Mã lỗi: 02');
    const expired = new URL(buildPaymentUrl(settings.payUrl, { ...request, createdAt: new Date(Date.now() - 120_000), expiresAt: new Date(Date.now() - 60_000) }, settings));
    expect((await page(t.app, expired)).body).toContain('Mã lỗi: 11');
    const missing = new URL(url);
    missing.searchParams.delete('vnp_ExpireDate');
    expect((await page(t.app, missing)).body).toContain('Mã lỗi: 03');
  });
});

describe('sandbox payment flow', () => {
  it('pay: the IPN is applied, then the browser is sent to the return URL with a valid signature', async () => {
    const { who, order } = await placeOrder(t.app);
    const { params } = await checkout(t.app, who, order.code, 'http://localhost:3000/checkout?from=vnpay');
    const res = await choose(t.app, params, '00', 'VIETCOMBANK');
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/checkout');
    const back = Object.fromEntries(location.searchParams);
    expect(back).toMatchObject({
      from: 'vnpay',
      vnp_TxnRef: params.vnp_TxnRef,
      vnp_Amount: String(order.grandTotal * 100),
      vnp_ResponseCode: '00',
      vnp_TransactionStatus: '00',
      vnp_BankCode: 'VIETCOMBANK',
      vnp_TmnCode: SANDBOX_TMN_CODE,
    });
    expect(back.vnp_TransactionNo).toMatch(/^\d{8}$/);
    expect(back.vnp_PayDate).toMatch(/^\d{14}$/);
    expect(verifyQuery(back, vnpaySettings(t.app.config).hashSecret).valid).toBe(true);

    // The IPN went first, server to server: the order is already paid when the shopper lands.
    const row = await orderRow(t.app, order.code);
    expect(row).toMatchObject({ paymentStatus: 'PAID', paymentTransactionNo: back.vnp_TransactionNo });
    const ret = await t.app.inject({ method: 'GET', url: `/api/v1/payments/vnpay/return${location.search}` });
    expect(ret.json().data).toMatchObject({ valid: true, orderCode: order.code, paymentStatus: 'PAID', result: 'success' });

    // A second submit of the same payment is refused by the gateway.
    const twice = await choose(t.app, params, '00');
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain('Giao dịch đã tồn tại.');
  });

  it('cancel (24) and failure (51) come back unpaid; a tampered form is refused and records nothing', async () => {
    const { who, order } = await placeOrder(t.app);
    const first = await checkout(t.app, who, order.code);
    const cancelled = await choose(t.app, first.params, '24');
    expect(cancelled.statusCode).toBe(303);
    const back = new URL(cancelled.headers.location as string).searchParams;
    expect(back.get('vnp_ResponseCode')).toBe('24');
    expect(back.get('vnp_TransactionNo')).toBe('0');
    expect((await orderRow(t.app, order.code)).paymentStatus).toBe('UNPAID');
    const ret = await t.app.inject({ method: 'GET', url: `/api/v1/payments/vnpay/return?${back.toString()}` });
    expect(ret.json().data).toMatchObject({ valid: true, result: 'fail', responseCode: '24' });

    const second = await checkout(t.app, who, order.code);
    const tampered = await choose(t.app, { ...second.params, vnp_Amount: '1000' }, '00');
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toContain('Mã lỗi: 70');
    expect((await attemptsOf(t.app, order.id))[1]!.status).toBe('PENDING');

    const failed = await choose(t.app, second.params, '51');
    expect(new URL(failed.headers.location as string).searchParams.get('vnp_ResponseCode')).toBe('51');
    expect((await attemptsOf(t.app, order.id)).map((a) => [a.status, a.responseCode])).toEqual([
      ['FAILED', '24'],
      ['FAILED', '51'],
    ]);
    expect(await orderRow(t.app, order.code)).toMatchObject({ status: 'PENDING', paymentStatus: 'UNPAID' });
  });
});

describe('sandbox merchant API: querydr and refund', () => {
  it('answers querydr and refunds with signed responses', async () => {
    const { who, order } = await placeOrder(t.app, { price: 200_000 });
    const { params } = await checkout(t.app, who, order.code);
    await choose(t.app, params, '00');

    const query = await queryVnpayTransaction(t.app, params.vnp_TxnRef!);
    expect(query).toMatchObject({ ok: true, verified: true, responseCode: '00' });
    expect(query.response).toMatchObject({ vnp_Command: 'querydr', vnp_TxnRef: params.vnp_TxnRef, vnp_Amount: String(order.grandTotal * 100), vnp_TransactionStatus: '00' });

    const partial = await refundVnpayPayment(t.app, { orderId: order.id, amount: 50_000, createdBy: 'sale' });
    expect(partial).toMatchObject({ ok: true, verified: true, responseCode: '00' });
    expect(partial.response).toMatchObject({ vnp_Command: 'refund', vnp_TransactionType: '03', vnp_Amount: '5000000', vnp_TransactionStatus: '05' });
    // More than what is left (partial): 93; a full refund after a partial one: 94.
    const tooMuch = await refundVnpayPayment(t.app, { orderId: order.id, amount: order.grandTotal - 1_000, createdBy: 'sale' });
    expect(tooMuch).toMatchObject({ ok: false, verified: true, responseCode: '93' });
    const full = await refundVnpayPayment(t.app, { orderId: order.id, amount: order.grandTotal, createdBy: 'sale' });
    expect(full).toMatchObject({ ok: false, responseCode: '94' });
    const rest = await refundVnpayPayment(t.app, { orderId: order.id, amount: order.grandTotal - 50_000, createdBy: 'sale' });
    expect(rest.ok).toBe(true);
    const again = await refundVnpayPayment(t.app, { orderId: order.id, amount: 1_000, createdBy: 'sale' });
    expect(again.responseCode).toBe('94');
  });

  it('refuses a bad checksum (97), an unknown transaction (91), an unpaid one (95) and a repeated request id (94)', async () => {
    const settings = vnpaySettings(t.config);
    const post = (body: object) => t.app.inject({ method: 'POST', url: SANDBOX_API_PATH, payload: body });
    const { who, order } = await placeOrder(t.app);
    const { params } = await checkout(t.app, who, order.code);
    await choose(t.app, params, '24');
    const attempt = (await attemptsOf(t.app, order.id))[0]!;
    const refund = (over: object = {}) =>
      signRefund(
        {
          vnp_RequestId: `R${Date.now()}${Math.random().toString(36).slice(2, 8)}`,
          vnp_Version: '2.1.0',
          vnp_Command: 'refund',
          vnp_TmnCode: settings.tmnCode,
          vnp_TransactionType: '02',
          vnp_TxnRef: attempt.txnRef,
          vnp_Amount: String(order.grandTotal * 100),
          vnp_OrderInfo: 'Hoan tien',
          vnp_TransactionDate: attempt.createDate,
          vnp_CreateBy: 'sale',
          vnp_CreateDate: formatVnpDate(new Date()),
          vnp_IpAddr: '127.0.0.1',
          ...over,
        },
        settings.hashSecret,
      );
    const body = refund();
    const forged = (await post({ ...body, vnp_Amount: '100' })).json();
    expect(forged.vnp_ResponseCode).toBe('97');
    expect(verifyTransactionResponse(forged, settings.hashSecret)).toBe(true);
    expect((await post(refund({ vnp_TxnRef: 'NS000000NONE01' }))).json().vnp_ResponseCode).toBe('91');
    expect((await post(body)).json().vnp_ResponseCode).toBe('95');
    expect((await post(body)).json().vnp_ResponseCode).toBe('94');
    expect((await post({})).json().vnp_ResponseCode).toBe('03');
  });

  it('refund needs a successful payment of the order', async () => {
    const { order } = await placeOrder(t.app);
    await expect(refundVnpayPayment(t.app, { orderId: order.id, amount: 1000, createdBy: 'sale' })).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('with a real gateway configured', () => {
  it('the sandbox is off (404 HTML, not the SPA) and checkout points at VNPAY_URL', async () => {
    const real = await createTestApp({
      VNPAY_URL: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html',
      VNPAY_TMN_CODE: 'DEMOV210',
      VNPAY_HASH_SECRET: 'REALSECRETREALSECRETREALSECRET12',
    });
    try {
      const off = await real.app.inject({ method: 'GET', url: '/sandbox/vnpay?vnp_TxnRef=1' });
      expect(off.statusCode).toBe(404);
      expect(off.headers['content-type']).toContain('text/html');
      expect((await real.app.inject({ method: 'POST', url: SANDBOX_API_PATH, payload: {} })).statusCode).toBe(404);

      const customer = await makeCustomer(real.app);
      const { order } = await placeOrder(real.app, { who: customer });
      const { url, params } = await checkout(real.app, customer, order.code);
      expect(`${url.origin}${url.pathname}`).toBe('https://sandbox.vnpayment.vn/paymentv2/vpcpay.html');
      expect(params.vnp_TmnCode).toBe('DEMOV210');
      expect(verifyQuery(params, 'REALSECRETREALSECRETREALSECRET12').valid).toBe(true);
      expect(toQueryString(params)).toBe(url.search.slice(1));
    } finally {
      await real.close();
    }
  });

  it('refuses to start without the real credentials', () => {
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), VNPAY_URL: 'https://pay.vnpay.vn/vpcpay.html', DATA_DIR: '/tmp/nhasach-unused' });
    expect(() => vnpaySettings(config)).toThrow('VNPAY_TMN_CODE and VNPAY_HASH_SECRET');
  });
});

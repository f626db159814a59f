import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PaymentReturnDto, PaymentStatusDto } from '@nhasach/shared';
import { orders } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/harness.ts';
import { expireUnpaidOnlineOrders } from '../orders/index.ts';
import { bookState } from '../../../test/orders.ts';
import { SANDBOX_TMN_CODE, vnpaySettings } from './vnpay/settings.ts';
import { attemptsOf, checkout, gatewayResult, ipn, makeCustomer, orderRow, paymentHistoryOf, placeOrder, createListeningTestApp } from '../../../test/payments.ts';
import { formatVnpDate, toQueryString, verifyQuery } from './vnpay/protocol.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createListeningTestApp({ CORS_ORIGINS: 'https://shop.example' });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/payments/methods', () => {
  it('lists every method the shop takes now, in checkout order, with how it is paid; the sandboxes say so', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/payments/methods' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { method: 'COD', flow: 'ON_DELIVERY', sandbox: false },
      { method: 'VNPAY', flow: 'GATEWAY', sandbox: true },
      { method: 'BANK_TRANSFER', flow: 'TRANSFER', sandbox: true },
    ]);
  });
});

describe('POST /api/v1/payments/{orderCode}/checkout', () => {
  it('returns a signed VNPAY 2.1.0 URL for the sandbox with the order amount, deadline and return URL', async () => {
    const { who, order } = await placeOrder(t.app, { price: 95_000, qty: 2 });
    expect(order.grandTotal).toBe(220_000); // 190.000 of goods + 30.000 standard delivery
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/${order.code}/checkout?provider=VNPAY&returnUrl=${encodeURIComponent('http://localhost:3000/checkout?step=2')}`,
      headers: who.headers,
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ provider: 'VNPAY', orderCode: order.code, txnRef: `${order.code}01`, expiresAt: order.paymentExpiresAt });

    const url = new URL(data.checkoutUrl);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/sandbox/vnpay');
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      vnp_Version: '2.1.0',
      vnp_Command: 'pay',
      vnp_TmnCode: SANDBOX_TMN_CODE,
      vnp_Amount: '22000000',
      vnp_CurrCode: 'VND',
      vnp_TxnRef: `${order.code}01`,
      vnp_OrderInfo: `Thanh toan don hang ${order.code}`,
      vnp_OrderType: 'other',
      vnp_Locale: 'vn',
      vnp_ReturnUrl: 'http://localhost:3000/checkout?step=2',
      vnp_IpAddr: '127.0.0.1',
      vnp_ExpireDate: formatVnpDate(new Date(order.paymentExpiresAt!)),
    });
    expect(q.vnp_CreateDate).toMatch(/^\d{14}$/);
    expect(verifyQuery(q, vnpaySettings(t.app.config).hashSecret).valid).toBe(true);

    // The attempt is recorded and the order now waits for its payment.
    const row = await orderRow(t.app, order.code);
    expect(row.paymentStatus).toBe('PENDING');
    const attempts = await attemptsOf(t.app, row.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ txnRef: `${order.code}01`, amount: 220_000, status: 'PENDING', createDate: q.vnp_CreateDate });

    // A second start is a new attempt: VNPAY refuses a reference it has already seen.
    const again = await checkout(t.app, who, order.code);
    expect(again.params.vnp_TxnRef).toBe(`${order.code}02`);
  });

  it('only the owner may pay: someone else or an unknown code is a 404, no login a 401', async () => {
    const { order } = await placeOrder(t.app);
    const stranger = await makeCustomer(t.app);
    const other = await t.app.inject({ method: 'POST', url: `/api/v1/payments/${order.code}/checkout?provider=VNPAY`, headers: stranger.headers });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: 'NOT_FOUND', message: 'Không tìm thấy đơn hàng' });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/payments/NS000000AAAAAA/checkout?provider=VNPAY', headers: stranger.headers });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/v1/payments/${order.code}/checkout?provider=VNPAY` });
    expect(anonymous.statusCode).toBe(401);
    expect(await attemptsOf(t.app, order.id)).toHaveLength(0);
  });

  it('returnUrl must be one of our origins (no open redirect); relative paths resolve on PUBLIC_URL', async () => {
    const { who, order } = await placeOrder(t.app);
    const start = (returnUrl: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/payments/${order.code}/checkout?provider=VNPAY&returnUrl=${encodeURIComponent(returnUrl)}`, headers: who.headers });
    for (const bad of ['https://evil.example/checkout', '//evil.example/checkout', 'javascript:alert(1)', 'http://user:pw@localhost:3000/checkout', 'https://shop.example.evil.com/']) {
      const res = await start(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('Địa chỉ quay lại sau thanh toán không hợp lệ.');
    }
    expect(await attemptsOf(t.app, order.id)).toHaveLength(0);

    const returnOf = async (returnUrl: string) => {
      const res = await start(returnUrl);
      expect(res.statusCode, returnUrl).toBe(201);
      return new URL(res.json().data.checkoutUrl).searchParams.get('vnp_ReturnUrl');
    };
    expect(await returnOf('/checkout?paid=1')).toBe('http://localhost:3000/checkout?paid=1');
    // An origin of CORS_ORIGINS (the web app on another host).
    expect(await returnOf('https://shop.example/checkout')).toBe('https://shop.example/checkout');
    // Outside production the Vite dev server on a loopback origin.
    expect(await returnOf('http://localhost:5173/checkout')).toBe('http://localhost:5173/checkout');
    // The query of an earlier return is not sent again.
    expect(await returnOf('http://localhost:3000/checkout?vnp_ResponseCode=24&vnp_SecureHash=abc&x=1#top')).toBe('http://localhost:3000/checkout?x=1');
    // Without returnUrl: the checkout page of the store.
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/payments/${order.code}/checkout`, headers: who.headers });
    expect(new URL(res.json().data.checkoutUrl).searchParams.get('vnp_ReturnUrl')).toBe('http://localhost:3000/checkout');
  });

  it('409 with a clear message for a COD, paid, cancelled or expired order; an unknown provider is a 400', async () => {
    const cod = await placeOrder(t.app, { paymentMethod: 'COD' });
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/payments/${cod.order.code}/checkout?provider=VNPAY`, headers: cod.who.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'PAYMENT_NOT_ALLOWED', message: 'Đơn hàng này thanh toán khi nhận hàng, không thanh toán qua VNPAY.' });

    const momo = await t.app.inject({ method: 'POST', url: `/api/v1/payments/${cod.order.code}/checkout?provider=MOMO`, headers: cod.who.headers });
    expect(momo.statusCode).toBe(400);
    expect(momo.json().message).toContain('Nhà cung cấp thanh toán không được hỗ trợ.');

    const paid = await placeOrder(t.app);
    const { params } = await checkout(t.app, paid.who, paid.order.code);
    expect((await ipn(t.app, gatewayResult(t.app, { txnRef: params.vnp_TxnRef!, amountVnd: paid.order.grandTotal }))).json().RspCode).toBe('00');
    const afterPaid = await t.app.inject({ method: 'POST', url: `/api/v1/payments/${paid.order.code}/checkout`, headers: paid.who.headers });
    expect(afterPaid.statusCode).toBe(409);
    expect(afterPaid.json().message).toBe('Đơn hàng đã được thanh toán.');

    const cancelled = await placeOrder(t.app);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/v1/orders/${cancelled.order.code}/cancel`, headers: cancelled.who.headers, payload: { reason: 'Thay đổi nhu cầu' } });
    expect(cancel.statusCode).toBe(200);
    const afterCancel = await t.app.inject({ method: 'POST', url: `/api/v1/payments/${cancelled.order.code}/checkout`, headers: cancelled.who.headers });
    expect(afterCancel.statusCode).toBe(409);
    expect(afterCancel.json().message).toBe('Đơn hàng đã bị huỷ, không thể thanh toán.');

    const late = await placeOrder(t.app);
    await t.app.db.update(orders).set({ paymentExpiresAt: new Date(Date.now() - 1000) }).where(eq(orders.code, late.order.code));
    const afterDeadline = await t.app.inject({ method: 'POST', url: `/api/v1/payments/${late.order.code}/checkout`, headers: late.who.headers });
    expect(afterDeadline.statusCode).toBe(409);
    expect(afterDeadline.json().message).toBe('Đơn hàng đã hết thời hạn thanh toán. Vui lòng đặt lại đơn hàng.');
  });
});

describe('GET /api/v1/payments/vnpay/ipn', () => {
  it('a good notice marks the order paid once and answers exactly {RspCode, Message}', async () => {
    const { who, order } = await placeOrder(t.app, { price: 150_000 });
    const { params } = await checkout(t.app, who, order.code);
    const result = gatewayResult(t.app, { txnRef: params.vnp_TxnRef!, amountVnd: order.grandTotal }, { vnp_TransactionNo: '14600001', vnp_PayDate: '20250302101500' });
    const res = await ipn(t.app, result);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toStrictEqual({ RspCode: '00', Message: 'Confirm Success' });

    const row = await orderRow(t.app, order.code);
    expect(row).toMatchObject({ status: 'PENDING', paymentStatus: 'PAID', paymentTransactionNo: '14600001' });
    expect(row.paidAt?.toISOString()).toBe('2025-03-02T03:15:00.000Z');
    const [attempt] = await attemptsOf(t.app, order.id);
    expect(attempt).toMatchObject({ status: 'SUCCESS', responseCode: '00', transactionStatus: '00', transactionNo: '14600001', bankCode: 'NCB', cardType: 'ATM' });
    expect(attempt!.ipnParams).toMatchObject({ vnp_TxnRef: params.vnp_TxnRef, vnp_Amount: String(order.grandTotal * 100) });
    expect(await paymentHistoryOf(t.app, order.id)).toHaveLength(1);

    // VNPAY repeats a notice it has no answer for: the repeat changes nothing.
    expect((await ipn(t.app, result)).json()).toStrictEqual({ RspCode: '02', Message: 'Order already confirmed' });
    expect(await paymentHistoryOf(t.app, order.id)).toHaveLength(1);
  });

  it('the same notice 20 times at once marks the order paid exactly once; the others answer 02', async () => {
    const { who, order } = await placeOrder(t.app);
    const { params } = await checkout(t.app, who, order.code);
    const result = gatewayResult(t.app, { txnRef: params.vnp_TxnRef!, amountVnd: order.grandTotal });
    const answers = await Promise.all(Array.from({ length: 20 }, () => ipn(t.app, result)));
    const codes = answers.map((a) => a.json().RspCode);
    expect(codes.filter((c) => c === '00')).toHaveLength(1);
    expect(codes.filter((c) => c === '02')).toHaveLength(19);
    expect((await orderRow(t.app, order.code)).paymentStatus).toBe('PAID');
    const history = await paymentHistoryOf(t.app, order.id);
    expect(history).toHaveLength(1);
    expect(history[0]!.note).toContain('VNPAY: đã nhận');
    const attempts = await attemptsOf(t.app, order.id);
    expect(attempts.filter((a) => a.status === 'SUCCESS')).toHaveLength(1);
  });

  it('a bad signature is 97, a wrong amount 04, an unknown reference 01, and none of them changes anything', async () => {
    const { who, order } = await placeOrder(t.app);
    const { params } = await checkout(t.app, who, order.code);
    const good = gatewayResult(t.app, { txnRef: params.vnp_TxnRef!, amountVnd: order.grandTotal });
    const before = await orderRow(t.app, order.code);

    expect((await ipn(t.app, { ...good, vnp_SecureHash: good.vnp_SecureHash!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) })).json()).toStrictEqual({
      RspCode: '97',
      Message: 'Invalid signature',
    });
    // Changing a signed field breaks the signature too.
    expect((await ipn(t.app, { ...good, vnp_Amount: '100' })).json().RspCode).toBe('97');
    // Signed with someone else's secret.
    expect((await ipn(t.app, gatewayResult(t.app, { txnRef: params.vnp_TxnRef!, amountVnd: order.grandTotal }, {}, 'not-our-secret'))).json().RspCode).toBe('97');
    const noHash = Object.fromEntries(Object.entries(good).filter(([k]) => k !== 'vnp_SecureHash'));
    expect((await ipn(t.app, noHash)).json().RspCode).toBe('97');

    const wrongAmount = gatewayResult(t.app, { txnRef: params.vnp_TxnRef!, amountVnd: order.grandTotal - 1000 });
    expect((await ipn(t.app, wrongAmount)).json()).toStrictEqual({ RspCode: '04', Message: 'Invalid amount' });

    const unknown = gatewayResult(t.app, { txnRef: 'NS000000ZZZZZZ01', amountVnd: order.grandTotal });
    expect((await ipn(t.app, unknown)).json()).toStrictEqual({ RspCode: '01', Message: 'Order not found' });

    const after = await orderRow(t.app, order.code);
    expect(after).toMatchObject({ paymentStatus: before.paymentStatus, paidAt: null, version: before.version });
    expect((await attemptsOf(t.app, order.id))[0]).toMatchObject({ status: 'PENDING', responseCode: null });
    expect(await paymentHistoryOf(t.app, order.id)).toHaveLength(0);

  });

  it('a cancelled payment (24) leaves the order unpaid and payable again until its deadline; stock stays taken', async () => {
    const { who, order, book } = await placeOrder(t.app, { qty: 3, stock: 10 });
    const { params } = await checkout(t.app, who, order.code);
    const cancelled = gatewayResult(t.app, { txnRef: params.vnp_TxnRef!, amountVnd: order.grandTotal, responseCode: '24' }, { vnp_TransactionNo: '0' });
    expect((await ipn(t.app, cancelled)).json()).toStrictEqual({ RspCode: '00', Message: 'Confirm Success' });

    const row = await orderRow(t.app, order.code);
    expect(row).toMatchObject({ status: 'PENDING', paymentStatus: 'UNPAID', paidAt: null, stockReturned: false });
    expect((await bookState(t.app, book.id)).stock).toBe(7);
    expect((await attemptsOf(t.app, order.id))[0]).toMatchObject({ status: 'FAILED', responseCode: '24', transactionStatus: '02' });
    const [history] = await paymentHistoryOf(t.app, order.id);
    expect(history!.note).toContain('mã 24: Giao dịch không thành công do: Khách hàng hủy giao dịch.');
    // Repeated: already applied.
    expect((await ipn(t.app, cancelled)).json().RspCode).toBe('02');

    // The shopper tries again and pays with the second attempt.
    const retry = await checkout(t.app, who, order.code);
    expect(retry.params.vnp_TxnRef).toBe(`${order.code}02`);
    expect((await orderRow(t.app, order.code)).paymentStatus).toBe('PENDING');
    expect((await ipn(t.app, gatewayResult(t.app, { txnRef: retry.params.vnp_TxnRef!, amountVnd: order.grandTotal }))).json().RspCode).toBe('00');
    expect((await orderRow(t.app, order.code)).paymentStatus).toBe('PAID');
  });

  it('a second successful attempt for a paid order is kept for a refund and answered 02', async () => {
    const { who, order } = await placeOrder(t.app);
    const first = await checkout(t.app, who, order.code);
    const second = await checkout(t.app, who, order.code);
    expect((await ipn(t.app, gatewayResult(t.app, { txnRef: first.params.vnp_TxnRef!, amountVnd: order.grandTotal }))).json().RspCode).toBe('00');
    expect((await ipn(t.app, gatewayResult(t.app, { txnRef: second.params.vnp_TxnRef!, amountVnd: order.grandTotal }))).json().RspCode).toBe('02');
    const attempts = await attemptsOf(t.app, order.id);
    expect(attempts.map((a) => a.status)).toEqual(['SUCCESS', 'SUCCESS']);
    expect(attempts[1]!.note).toContain('cần hoàn tiền');
    expect((await orderRow(t.app, order.code)).paymentStatus).toBe('PAID');
  });
});

describe('GET /api/v1/payments/vnpay/return and /{orderCode}/status', () => {
  it('reports the gateway codes and the current status, and never marks anything paid', async () => {
    const { who, order } = await placeOrder(t.app);
    const { params } = await checkout(t.app, who, order.code);
    const query = toQueryString(gatewayResult(t.app, { txnRef: params.vnp_TxnRef!, amountVnd: order.grandTotal }));
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/payments/vnpay/return?${query}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Giao dịch thành công');
    expect(res.json().data).toStrictEqual({
      valid: true,
      orderCode: order.code,
      txnRef: params.vnp_TxnRef!,
      responseCode: '00',
      transactionStatus: '00',
      amount: order.grandTotal,
      message: 'Giao dịch thành công',
      paymentStatus: 'PENDING',
      result: 'pending',
    } satisfies PaymentReturnDto);
    expect((await orderRow(t.app, order.code)).paymentStatus).toBe('PENDING');
    expect((await attemptsOf(t.app, order.id))[0]!.status).toBe('PENDING');

    // Once the IPN is in, the same return reads success.
    await ipn(t.app, gatewayResult(t.app, { txnRef: params.vnp_TxnRef!, amountVnd: order.grandTotal }));
    const after = await t.app.inject({ method: 'GET', url: `/api/v1/payments/vnpay/return?${query}` });
    expect(after.json().data).toMatchObject({ paymentStatus: 'PAID', result: 'success' });

    // A tampered return is not read at all.
    const tampered = await t.app.inject({ method: 'GET', url: `/api/v1/payments/vnpay/return?${query.replace('vnp_ResponseCode=00', 'vnp_ResponseCode=24')}` });
    expect(tampered.json().data).toMatchObject({ valid: false, orderCode: null, paymentStatus: null, result: 'fail', message: 'Chữ ký không hợp lệ.' });
  });

  it('a failure code reads as fail with its Vietnamese text', async () => {
    const { who, order } = await placeOrder(t.app);
    const { params } = await checkout(t.app, who, order.code);
    const query = toQueryString(gatewayResult(t.app, { txnRef: params.vnp_TxnRef!, amountVnd: order.grandTotal, responseCode: '51' }));
    const data = (await t.app.inject({ method: 'GET', url: `/api/v1/payments/vnpay/return?${query}` })).json().data;
    expect(data).toMatchObject({ valid: true, responseCode: '51', result: 'fail', message: 'Giao dịch không thành công do: Tài khoản của quý khách không đủ số dư để thực hiện giao dịch.' });
  });

  it('status is for the owner only and shows the latest attempt', async () => {
    const { who, order } = await placeOrder(t.app);
    const fresh = await t.app.inject({ method: 'GET', url: `/api/v1/payments/${order.code.toLowerCase()}/status`, headers: who.headers });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data).toStrictEqual({
      orderCode: order.code,
      status: 'PENDING',
      paymentStatus: 'UNPAID',
      paymentMethod: 'VNPAY',
      paymentExpiresAt: order.paymentExpiresAt,
      canPay: true,
      lastAttempt: null,
    } satisfies PaymentStatusDto);
    const { params } = await checkout(t.app, who, order.code);
    await ipn(t.app, gatewayResult(t.app, { txnRef: params.vnp_TxnRef!, amountVnd: order.grandTotal, responseCode: '24' }));
    const data = (await t.app.inject({ method: 'GET', url: `/api/v1/payments/${order.code}/status`, headers: who.headers })).json().data;
    expect(data).toMatchObject({
      paymentStatus: 'UNPAID',
      canPay: true,
      lastAttempt: { txnRef: params.vnp_TxnRef, status: 'FAILED', responseCode: '24', message: 'Giao dịch không thành công do: Khách hàng hủy giao dịch.' },
    });
    const stranger = await makeCustomer(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/payments/${order.code}/status`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/payments/${order.code}/status` })).statusCode).toBe(401);
  });
});

describe('expiry', () => {
  it('an unpaid VNPAY order is cancelled after its deadline and its stock comes back once; a late payment becomes a refund', async () => {
    const { who, order, book } = await placeOrder(t.app, { qty: 2, stock: 5 });
    const { params } = await checkout(t.app, who, order.code);
    expect((await bookState(t.app, book.id)).stock).toBe(3);
    const deadline = new Date(order.paymentExpiresAt!);

    // Not yet due: nothing happens.
    await expireUnpaidOnlineOrders(t.app.orderProcess, t.app.db, new Date(deadline.getTime() - 1000));
    expect((await orderRow(t.app, order.code)).status).toBe('PENDING');

    await expireUnpaidOnlineOrders(t.app.orderProcess, t.app.db, new Date(deadline.getTime() + 1000));
    await expireUnpaidOnlineOrders(t.app.orderProcess, t.app.db, new Date(deadline.getTime() + 2000));
    const row = await orderRow(t.app, order.code);
    expect(row).toMatchObject({ status: 'CANCELED', stockReturned: true });
    expect((await bookState(t.app, book.id)).stock).toBe(5);

    // The gateway's success arrives after all: recorded, the order stays cancelled and owes a refund.
    expect((await ipn(t.app, gatewayResult(t.app, { txnRef: params.vnp_TxnRef!, amountVnd: order.grandTotal }))).json().RspCode).toBe('00');
    expect(await orderRow(t.app, order.code)).toMatchObject({ status: 'CANCELED', paymentStatus: 'REFUND_PENDING' });
    expect((await attemptsOf(t.app, order.id))[0]).toMatchObject({ status: 'SUCCESS', note: 'Thanh toán đến sau khi đơn đã huỷ: cần hoàn tiền.' });
    expect((await bookState(t.app, book.id)).stock).toBe(5);
  });
});

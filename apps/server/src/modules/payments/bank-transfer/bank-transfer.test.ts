import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BANK_TRANSFER_SIGNATURE_HEADER, type BankTransferPaymentDto, type BankTransferWebhookBody, type SaleOrderDto } from '@nhasach/shared';
import { bankTransfers, mailOutbox } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { expireUnpaidOnlineOrders } from '../../orders/index.ts';
import { bookState } from '../../../../test/orders.ts';
import { makeStaff, salesCall } from '../../../../test/sales.ts';
import { makeCustomer, orderRow, paymentHistoryOf, placeOrder, createListeningTestApp } from '../../../../test/payments.ts';
import { bankTransferSettings, DEMO_BANK_ACCOUNT } from './settings.ts';
import { signBody } from './signature.ts';
import { decodeVietQr } from './vietqr.ts';

let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await createListeningTestApp();
});
afterAll(async () => {
  await t?.close();
});

const secret = () => bankTransferSettings(t.config).webhookSecret;

/** A SePay-shaped notification of money received on the shop's account. */
function notification(over: Partial<BankTransferWebhookBody> = {}): BankTransferWebhookBody {
  seq += 1;
  return {
    id: 90_000_000 + seq + Math.floor(Math.random() * 1_000_000) * 100,
    gateway: 'Vietcombank',
    transactionDate: '2026-11-23 20:15:00',
    accountNumber: DEMO_BANK_ACCOUNT.accountNo,
    code: null,
    content: 'chuyen tien',
    transferType: 'in',
    transferAmount: 10_000,
    referenceCode: `FT2632700${seq}`,
    description: '',
    accumulated: 0,
    subAccount: null,
    ...over,
  };
}

/** POSTs the raw JSON to the webhook, signed with the installation's secret unless told otherwise. */
const webhook = (body: BankTransferWebhookBody | string, sign: string | null = secret()) => {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/bank-transfer/webhook',
    headers: { 'content-type': 'application/json', ...(sign !== null ? { [BANK_TRANSFER_SIGNATURE_HEADER]: `sha256=${signBody(raw, sign)}` } : {}) },
    payload: raw,
  });
};

const transferOrder = (opts: { price?: number; stock?: number; qty?: number } = {}) => placeOrder(t.app, { ...opts, paymentMethod: 'BANK_TRANSFER' });

const transfersOf = (orderId: number) => t.app.db.select().from(bankTransfers).where(eq(bankTransfers.orderId, orderId));
const paidMails = (code: string) =>
  t.app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.subject, `Đơn hàng ${code} đã được thanh toán - Nhà Sách`)));

describe('a bank transfer order', () => {
  it('is placed with a 24-hour payment window and its page gives the VietQR of the exact amount and the order code', async () => {
    const { who, order } = await transferOrder({ price: 95_000, qty: 2 });
    expect(order).toMatchObject({ paymentMethod: 'BANK_TRANSFER', paymentStatus: 'UNPAID', status: 'PENDING', grandTotal: 220_000, canPay: true });
    expect(new Date(order.paymentExpiresAt!).getTime() - new Date(order.createdAt).getTime()).toBe(24 * 3600_000);

    const res = await t.app.inject({ method: 'GET', url: `/api/v1/payments/${order.code}/bank-transfer`, headers: who.headers });
    expect(res.statusCode).toBe(200);
    const info = res.json().data as BankTransferPaymentDto;
    expect(info).toMatchObject({
      orderCode: order.code,
      amount: 220_000,
      bankBin: '970436',
      bankName: 'Vietcombank',
      accountNo: DEMO_BANK_ACCOUNT.accountNo,
      accountName: DEMO_BANK_ACCOUNT.accountName,
      transferNote: order.code,
      awaitingPayment: true,
      expiresAt: order.paymentExpiresAt,
    });
    expect(decodeVietQr(info.qrPayload)).toEqual({ valid: true, bankBin: '970436', accountNo: DEMO_BANK_ACCOUNT.accountNo, amount: 220_000, note: order.code });
    expect(info.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(info.qrImage.split(',')[1]!, 'base64').toString('utf8')).toContain('<svg');
    expect(info.sandboxBankUrl).toBe(`http://localhost:3000/sandbox/bank?qr=${encodeURIComponent(info.qrPayload)}`);

    // The confirmation mail says how to pay.
    const [mail] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.subject, `Xác nhận đơn hàng ${order.code} - Nhà Sách`));
    expect(mail!.text).toContain(`Vui lòng chuyển khoản đúng 220.000 ₫ với nội dung ${order.code}`);
    expect(mail!.text).toContain('Thanh toán: Chuyển khoản ngân hàng (VietQR).');
  });

  it('its page is the owner’s only, and only for transfer orders; VNPAY cannot be started for it', async () => {
    const { who, order } = await transferOrder();
    const stranger = await makeCustomer(t.app);
    const other = await t.app.inject({ method: 'GET', url: `/api/v1/payments/${order.code}/bank-transfer`, headers: stranger.headers });
    expect(other.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/payments/${order.code}/bank-transfer` })).statusCode).toBe(401);
    const vnpay = await t.app.inject({ method: 'POST', url: `/api/v1/payments/${order.code}/checkout?provider=VNPAY`, headers: who.headers });
    expect(vnpay.statusCode).toBe(409);
    expect(vnpay.json().message).toBe('Đơn hàng này thanh toán bằng chuyển khoản ngân hàng, không thanh toán qua VNPAY.');

    const cod = await placeOrder(t.app, { paymentMethod: 'COD' });
    const codPage = await t.app.inject({ method: 'GET', url: `/api/v1/payments/${cod.order.code}/bank-transfer`, headers: cod.who.headers });
    expect(codPage.statusCode).toBe(409);
    expect(codPage.json()).toMatchObject({ error: 'PAYMENT_NOT_ALLOWED', message: 'Đơn hàng này không thanh toán bằng chuyển khoản ngân hàng.' });
  });
});

describe('POST /api/v1/payments/bank-transfer/webhook', () => {
  it('a transfer with the order code in its note and the exact amount pays the order: status, record, history, mail', async () => {
    const { who, order } = await transferOrder({ price: 150_000 });
    const body = notification({ content: `MBVCB.1234.${order.code}.CT tu 0123 NGUYEN VAN A`, transferAmount: order.grandTotal, referenceCode: 'FT26327001234' });
    const res = await webhook(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'PAID', orderCode: order.code });

    const row = await orderRow(t.app, order.code);
    expect(row).toMatchObject({ paymentStatus: 'PAID', status: 'PENDING', paymentTransactionNo: 'FT26327001234' });
    expect(row.paidAt!.toISOString()).toBe('2026-11-23T13:15:00.000Z'); // 20:15 Vietnam time
    const [transfer] = await transfersOf(order.id);
    expect(transfer).toMatchObject({ providerTxnId: String(body.id), outcome: 'PAID', amount: order.grandTotal, orderCode: order.code, note: null });
    const history = await paymentHistoryOf(t.app, order.id);
    expect(history.map((h) => h.note)).toEqual([`Chuyển khoản: đã nhận ${order.grandTotal.toLocaleString('vi-VN')} ₫, mã giao dịch FT26327001234`]);
    expect(await paidMails(order.code)).toHaveLength(1);

    // The shopper's polling sees it.
    const status = await t.app.inject({ method: 'GET', url: `/api/v1/payments/${order.code}/status`, headers: who.headers });
    expect(status.json().data).toMatchObject({ paymentStatus: 'PAID', paymentMethod: 'BANK_TRANSFER', canPay: false });
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/payments/${order.code}/bank-transfer`, headers: who.headers });
    expect(page.json().data).toMatchObject({ paymentStatus: 'PAID', awaitingPayment: false });
  });

  it('the same notification replayed 100 times at once gives one payment, one record, one mail', async () => {
    const { order } = await transferOrder();
    const body = notification({ content: order.code, transferAmount: order.grandTotal });
    const answers = await Promise.all(Array.from({ length: 100 }, () => webhook(body)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const messages = answers.map((a) => a.json().message as string);
    expect(messages.filter((m) => m === 'PAID')).toHaveLength(1);
    expect(messages.filter((m) => m === 'DUPLICATE')).toHaveLength(99);

    expect(await transfersOf(order.id)).toHaveLength(1);
    expect((await orderRow(t.app, order.code)).paymentStatus).toBe('PAID');
    expect(await paymentHistoryOf(t.app, order.id)).toHaveLength(1);
    expect(await paidMails(order.code)).toHaveLength(1);

    // Later replays too.
    const again = await webhook(body);
    expect(again.json()).toEqual({ success: true, message: 'DUPLICATE', orderCode: order.code });
    expect(await transfersOf(order.id)).toHaveLength(1);
  });

  it('a wrong amount is recorded and shown to sales, never accepted; the right amount later still pays', async () => {
    const { who, order } = await transferOrder({ price: 200_000 });
    const short = notification({ content: `${order.code} thanh toan`, transferAmount: order.grandTotal - 30_000 });
    expect((await webhook(short)).json()).toEqual({ success: true, message: 'AMOUNT_MISMATCH', orderCode: order.code });
    expect(await orderRow(t.app, order.code)).toMatchObject({ paymentStatus: 'UNPAID', paidAt: null, status: 'PENDING' });
    expect(await paidMails(order.code)).toHaveLength(0);
    // The shopper's page is told too.
    const status = await t.app.inject({ method: 'GET', url: `/api/v1/payments/${order.code}/status`, headers: who.headers });
    expect(status.json().data).toMatchObject({ paymentStatus: 'UNPAID', canPay: true, transferMismatch: { amount: order.grandTotal - 30_000 } });

    const sale = await makeStaff(t.app, 'SALE');
    const detail = (await salesCall(t.app, sale, 'GET', `/orders/${order.id}`)).json().data as SaleOrderDto;
    expect(detail.bankTransfers).toHaveLength(1);
    expect(detail.bankTransfers[0]).toMatchObject({
      providerTxnId: String(short.id),
      amount: order.grandTotal - 30_000,
      outcome: 'AMOUNT_MISMATCH',
      content: `${order.code} thanh toan`,
    });
    expect(detail.bankTransfers[0]!.note).toContain('chưa ghi nhận thanh toán, cần xử lý thủ công');
    expect(detail.history.some((h) => h.type === 'PAYMENT' && h.note?.includes('cần xử lý thủ công'))).toBe(true);

    // A second transfer of the exact amount pays it; a third one after that is a refund case.
    expect((await webhook(notification({ content: order.code, transferAmount: order.grandTotal }))).json().message).toBe('PAID');
    const extra = await webhook(notification({ content: order.code, transferAmount: order.grandTotal }));
    expect(extra.json()).toEqual({ success: true, message: 'ALREADY_PAID', orderCode: order.code });
    const after = (await salesCall(t.app, sale, 'GET', `/orders/${order.id}`)).json().data as SaleOrderDto;
    expect(after.bankTransfers.map((b) => b.outcome)).toEqual(['ALREADY_PAID', 'PAID', 'AMOUNT_MISMATCH']);
    expect(after.paymentStatus).toBe('PAID');
    expect(await paidMails(order.code)).toHaveLength(1);
  });

  it('a bad or missing signature changes nothing and answers 401', async () => {
    const { order } = await transferOrder();
    const body = notification({ content: order.code, transferAmount: order.grandTotal });
    for (const sign of [null, 'not-the-secret-not-the-secret', '']) {
      const res = await webhook(body, sign);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'INVALID_SIGNATURE' });
    }
    // Signed, then changed on the way: the signature covers the raw bytes.
    const raw = JSON.stringify(body);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/bank-transfer/webhook',
      headers: { 'content-type': 'application/json', [BANK_TRANSFER_SIGNATURE_HEADER]: signBody(raw, secret()) },
      payload: raw.replace(`"transferAmount":${order.grandTotal}`, `"transferAmount":${order.grandTotal} `),
    });
    expect(tampered.statusCode).toBe(401);
    expect(await transfersOf(order.id)).toHaveLength(0);
    expect((await orderRow(t.app, order.code)).paymentStatus).toBe('UNPAID');
    // The real one still pays (nothing was recorded under its id).
    expect((await webhook(body)).json().message).toBe('PAID');
  });

  it('a signed but unreadable body is a 400; unknown orders, other accounts and money sent out are recorded and acknowledged', async () => {
    expect((await webhook('{not json')).statusCode).toBe(400);
    const missing = await webhook(JSON.stringify({ id: 1, transferType: 'in' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ success: false, message: 'INVALID_BODY' });
    expect((await webhook(notification({ transferAmount: -5 }))).statusCode).toBe(400);
    expect((await webhook(notification({ transferAmount: '10000' as unknown as number }))).statusCode).toBe(400);

    const unknown = notification({ content: 'NS991231ZZZZZZ thanh toan' });
    expect((await webhook(unknown)).json()).toEqual({ success: true, message: 'UNMATCHED', orderCode: null });
    expect((await webhook(notification({ content: 'tien an trua' }))).json().message).toBe('UNMATCHED');

    const { order } = await transferOrder();
    const otherAccount = notification({ content: order.code, transferAmount: order.grandTotal, accountNumber: '999999999' });
    expect((await webhook(otherAccount)).json().message).toBe('IGNORED');
    const out = notification({ content: order.code, transferAmount: order.grandTotal, transferType: 'out' });
    expect((await webhook(out)).json().message).toBe('IGNORED');
    expect((await orderRow(t.app, order.code)).paymentStatus).toBe('UNPAID');

    const [row] = await t.app.db.select().from(bankTransfers).where(eq(bankTransfers.providerTxnId, String(unknown.id)));
    expect(row).toMatchObject({ outcome: 'UNMATCHED', orderId: null, content: 'NS991231ZZZZZZ thanh toan' });

    // A transfer naming a cash-on-delivery order is not taken as its payment.
    const cod = await placeOrder(t.app, { paymentMethod: 'COD' });
    expect((await webhook(notification({ content: cod.order.code, transferAmount: cod.order.grandTotal }))).json()).toEqual({
      success: true,
      message: 'UNMATCHED',
      orderCode: cod.order.code,
    });
    expect((await orderRow(t.app, cod.order.code)).paymentStatus).toBe('UNPAID');
  });
});

describe('expiry of unpaid transfer orders', () => {
  it('cancels the order and returns the stock once its window closes; a transfer after that is a refund case', async () => {
    const { order, book } = await transferOrder({ stock: 5, qty: 2 });
    expect((await bookState(t.app, book.id)).stock).toBe(3);
    const deadline = new Date(order.paymentExpiresAt!);
    await expireUnpaidOnlineOrders(t.app.orderProcess, t.app.db, new Date(deadline.getTime() - 60_000));
    expect((await orderRow(t.app, order.code)).status).toBe('PENDING');

    await expireUnpaidOnlineOrders(t.app.orderProcess, t.app.db, new Date(deadline.getTime() + 1000));
    expect(await orderRow(t.app, order.code)).toMatchObject({ status: 'CANCELED', stockReturned: true, cancelReason: 'Hết thời hạn thanh toán trực tuyến' });
    expect((await bookState(t.app, book.id)).stock).toBe(5);

    const late = await webhook(notification({ content: order.code, transferAmount: order.grandTotal }));
    expect(late.json()).toEqual({ success: true, message: 'LATE_PAYMENT', orderCode: order.code });
    expect(await orderRow(t.app, order.code)).toMatchObject({ status: 'CANCELED', paymentStatus: 'REFUND_PENDING' });
    expect((await bookState(t.app, book.id)).stock).toBe(5);
  });

  it('BANK_TRANSFER_EXPIRY_MINUTES sets the window', async () => {
    const short = await createTestApp({ BANK_TRANSFER_EXPIRY_MINUTES: '90' }, { sameDatabaseAs: t });
    try {
      const { order } = await placeOrder(short.app, { paymentMethod: 'BANK_TRANSFER' });
      expect(new Date(order.paymentExpiresAt!).getTime() - new Date(order.createdAt).getTime()).toBe(90 * 60_000);
      // VNPAY keeps its 15 minutes.
      const vnpay = await placeOrder(short.app, { paymentMethod: 'VNPAY' });
      expect(new Date(vnpay.order.paymentExpiresAt!).getTime() - new Date(vnpay.order.createdAt).getTime()).toBe(15 * 60_000);
    } finally {
      await short.close();
    }
  });
});

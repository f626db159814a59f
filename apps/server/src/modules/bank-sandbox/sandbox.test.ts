import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_TRANSFER_SIGNATURE_HEADER, type BankTransferPaymentDto } from '@nhasach/shared';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeCustomer, orderRow, placeOrder, createListeningTestApp } from '../../../test/payments.ts';
import { bankTransferSettings, DEMO_BANK_ACCOUNT, signBankNotification as signBody } from '../payments/index.ts';

const form = (app: TestApp['app'], url: string, fields: Record<string, string>) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

const signedWebhook = (app: TestApp['app'], body: object, secret: string) => {
  const raw = JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: '/api/v1/payments/bank-transfer/webhook',
    headers: { 'content-type': 'application/json', [BANK_TRANSFER_SIGNATURE_HEADER]: signBody(raw, secret) },
    payload: raw,
  });
};

describe('the test bank in production', () => {
  it('is off without a sandbox flag: its pages are 404, transfer orders are refused, no notification verifies', async () => {
    const t = await createTestApp({ NODE_ENV: 'production' });
    try {
      for (const url of ['/sandbox/bank', '/sandbox/bank/assets/bank.css']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).toContain('Ngân hàng thử nghiệm không bật');
      }
      expect((await form(t.app, '/sandbox/bank', { accountNo: '1234567890', amount: '1000', content: 'x' })).statusCode).toBe(404);
      expect(existsSync(path.join(t.config.DATA_DIR, 'bank-transfer-webhook-secret'))).toBe(false);
      expect(bankTransferSettings(t.config)).toMatchObject({ enabled: false, sandbox: false, webhookSecret: '' });

      const who = await makeCustomer(t.app);
      await expect(placeOrder(t.app, { who, paymentMethod: 'BANK_TRANSFER' })).rejects.toThrow(/Cửa hàng chưa nhận chuyển khoản ngân hàng/);
      const body = { id: 1, accountNumber: DEMO_BANK_ACCOUNT.accountNo, transferType: 'in', transferAmount: 1000, content: 'x' };
      expect((await signedWebhook(t.app, body, '')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('is on where the VNPAY sandbox is (npm start sets VNPAY_SANDBOX=true), with a secret made for this installation', async () => {
    const t = await createTestApp({ NODE_ENV: 'production', VNPAY_SANDBOX: 'true' });
    try {
      const file = path.join(t.config.DATA_DIR, 'bank-transfer-webhook-secret');
      const secret = readFileSync(file, 'utf8').trim();
      expect(secret.length).toBeGreaterThanOrEqual(48);
      expect(statSync(file).mode & 0o077).toBe(0);
      expect(bankTransferSettings(t.config)).toMatchObject({ enabled: true, sandbox: true, webhookSecret: secret, accountNo: DEMO_BANK_ACCOUNT.accountNo });
      expect(loadConfig({ NODE_ENV: 'production', VNPAY_SANDBOX: 'true', DATA_DIR: t.config.DATA_DIR, JWT_SECRET: 'x'.repeat(32) }).BANK_TRANSFER_SANDBOX_SECRET).toBe(secret);
      expect((await t.app.inject({ method: 'GET', url: '/sandbox/bank' })).statusCode).toBe(200);
      // Its own flag turns it off again.
      const off = loadConfig({ NODE_ENV: 'production', VNPAY_SANDBOX: 'true', BANK_TRANSFER_SANDBOX: 'false', DATA_DIR: t.config.DATA_DIR, JWT_SECRET: 'x'.repeat(32) });
      expect(off.BANK_TRANSFER_SANDBOX).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('stays off with a real account, whose settings must be complete; notifications then verify with its secret only', async () => {
    const real = {
      NODE_ENV: 'production',
      BANK_TRANSFER_SANDBOX: 'true',
      BANK_TRANSFER_BIN: '970422',
      BANK_TRANSFER_ACCOUNT_NO: '0301000123456',
      BANK_TRANSFER_ACCOUNT_NAME: 'Cong ty TNHH Nha Sach',
      BANK_TRANSFER_WEBHOOK_SECRET: 'real-webhook-secret-real-webhook',
    };
    const t = await createTestApp(real);
    try {
      const halfConfigured = loadConfig({ ...real, BANK_TRANSFER_WEBHOOK_SECRET: '', DATA_DIR: t.config.DATA_DIR, JWT_SECRET: 'x'.repeat(32) });
      expect(() => bankTransferSettings(halfConfigured)).toThrow(/BANK_TRANSFER_WEBHOOK_SECRET must be set/);
      expect((await t.app.inject({ method: 'GET', url: '/sandbox/bank' })).statusCode).toBe(404);
      expect(bankTransferSettings(t.config)).toMatchObject({ sandbox: false, bankName: 'MB Bank', accountName: 'CONG TY TNHH NHA SACH', sandboxUrl: null });
      const { who, order } = await placeOrder(t.app, { paymentMethod: 'BANK_TRANSFER' });
      const page = (await t.app.inject({ method: 'GET', url: `/api/v1/payments/${order.code}/bank-transfer`, headers: who.headers })).json().data as BankTransferPaymentDto;
      expect(page).toMatchObject({ bankBin: '970422', accountNo: '0301000123456', sandboxBankUrl: null });
      const body = { id: 'sepay-1', accountNumber: '0301000123456', transferType: 'in', transferAmount: order.grandTotal, content: order.code };
      expect((await signedWebhook(t.app, body, 'some-other-secret-some-other')).statusCode).toBe(401);
      expect((await signedWebhook(t.app, body, real.BANK_TRANSFER_WEBHOOK_SECRET)).json()).toMatchObject({ success: true, message: 'PAID' });
    } finally {
      await t.close();
    }
  });
});

describe('the test bank (on, outside production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createListeningTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads the shop’s VietQR, makes the transfer and notifies the shop, which marks the order paid; a replay changes nothing', async () => {
    const { who, order } = await placeOrder(t.app, { paymentMethod: 'BANK_TRANSFER' });
    const info = (await t.app.inject({ method: 'GET', url: `/api/v1/payments/${order.code}/bank-transfer`, headers: who.headers })).json().data as BankTransferPaymentDto;
    const bankUrl = new URL(info.sandboxBankUrl!);
    const page = await t.app.inject({ method: 'GET', url: `${bankUrl.pathname}${bankUrl.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(order.code);
    expect(page.body).toContain(DEMO_BANK_ACCOUNT.accountNo);
    expect(page.body).toContain(`value="${order.grandTotal}"`);

    const receipt = await form(t.app, '/sandbox/bank', { qr: info.qrPayload, accountNo: info.accountNo, amount: String(order.grandTotal), content: info.transferNote });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('HTTP 200 · PAID');
    expect(receipt.body).toContain(`http://localhost:3000/orders/${order.code}/chuyen-khoan`);
    expect((await orderRow(t.app, order.code)).paymentStatus).toBe('PAID');

    const fields = Object.fromEntries([...receipt.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]));
    const replay = await form(t.app, '/sandbox/bank/notify-again', fields);
    expect(replay.body).toContain('HTTP 200 · DUPLICATE');
  });

  it('a wrong amount typed at the bank is reported back as AMOUNT_MISMATCH and the order stays unpaid', async () => {
    const { order } = await placeOrder(t.app, { paymentMethod: 'BANK_TRANSFER' });
    const receipt = await form(t.app, '/sandbox/bank', { accountNo: DEMO_BANK_ACCOUNT.accountNo, amount: String(order.grandTotal - 1000), content: order.code });
    expect(receipt.body).toContain('HTTP 200 · AMOUNT_MISMATCH');
    expect((await orderRow(t.app, order.code)).paymentStatus).toBe('UNPAID');
  });

  it('refuses a QR whose CRC is wrong, and serves its pages under the store CSP with no inline script or style', async () => {
    const bad = await t.app.inject({ method: 'GET', url: `/sandbox/bank?qr=${encodeURIComponent('00020101021238540010A0000007270124000697043601101234567890')}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Mã lỗi: QR');
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/bank' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.body).not.toMatch(/<script|<style|style="/);
    const css = await t.app.inject({ method: 'GET', url: '/sandbox/bank/assets/bank.css' });
    expect(css.headers['content-type']).toContain('text/css');
  });
});

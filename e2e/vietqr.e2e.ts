import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { type ApiInit, logIn, MOBILE, newPage, screenshot, storeApi, storeForFile, TEST_ADDRESS } from './harness.ts';

/** Desktop screenshots at 1280x800. */
const DESKTOP = { width: 1280, height: 800 } as const;

// VietQR bank transfer end to end with nothing else running: the shopper orders with 'Chuyển khoản ngân hàng
// (VietQR)', lands on the QR page, pays at the built-in test bank (which sends the shop a signed notification),
// and the QR page turns paid by itself. A wrong amount first is recorded and shown to sales, never accepted.

const shop = storeForFile();

const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout, interval: 100 });
const digits = (text: string) => Number(text.replace(/\D/g, ''));
const SHOTS = process.env.VIETQR_SHOTS_DIR;

const api = <T>(path: string, init?: ApiInit) => storeApi<T>(shop.store.baseUrl, path, init);

/** A page whose CSP violations and script errors are collected. */
async function watched(context: BrowserContext, page: Page): Promise<string[]> {
  const problems: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP-VIOLATION ${e.violatedDirective} ${e.blockedURI}`));
  });
  const watch = (p: Page) => {
    p.on('console', (msg) => {
      const text = msg.text();
      if (text.startsWith('CSP-VIOLATION') || text.includes('Content Security Policy')) problems.push(`${p.url()}: ${text}`);
    });
    p.on('pageerror', (e) => problems.push(`${p.url()}: ${e.message}`));
  };
  watch(page);
  context.on('page', watch);
  return problems;
}

/** The demo customer with a saved address and one book selected in the cart. */
async function customerWithCart(): Promise<void> {
  const { accessToken: token } = await api<{ accessToken: string }>('/api/v1/auth/login', { method: 'POST', body: { username: 'khach', password: 'Khach@123' } });
  const addresses = await api<{ id: number }[]>('/api/v1/address', { token });
  if (!addresses.length) {
    await api('/api/v1/address', {
      method: 'POST',
      token,
      body: TEST_ADDRESS,
    });
  }
  const books = (await api<{ content: { id: number; stock: number }[] }>('/api/v1/books?page=0&size=40&status=ACTIVE&sort=createdAt&direction=DESC')).content;
  const book = books.find((b) => b.stock >= 5)!;
  await api('/api/v1/cart/items', { method: 'POST', token, body: { bookId: book.id, qty: 1 } });
}

async function shoot(page: Page, name: string) {
  await screenshot(page, name);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }
}

describe('VietQR bank transfer', () => {
  it('a VietQR order paid at the test bank: a wrong amount is left to sales, the right one turns the page paid by itself', { timeout: 240_000 }, async () => {
    await customerWithCart();
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl, { viewport: DESKTOP });
    const problems = await watched(context, page);
    await logIn(page, 'khach', 'Khach@123', '/');

    // ---- Checkout with the third payment method.
    await page.goto('/checkout');
    const vietqr = page.getByRole('radio', { name: /Chuyển khoản ngân hàng \(VietQR\)/ });
    await vietqr.check();
    await page.waitForLoadState('networkidle');
    await shoot(page, 'checkout-vietqr-desktop');
    const total = digits(await page.getByTestId('checkout-total').innerText());
    await page.getByRole('button', { name: 'Đặt hàng', exact: true }).click();
    await page.waitForURL((url) => /^\/orders\/NS\w+\/chuyen-khoan$/.test(url.pathname));
    const code = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);

    // ---- The QR page: code, account, exact amount, note, countdown, waiting.
    await poll(() => page.getByTestId('vietqr-image').isVisible()).toBe(true);
    expect(await page.getByTestId('vietqr-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.getByTestId('transfer-note').innerText()).toBe(code);
    expect(digits(await page.getByTestId('transfer-amount').innerText())).toBe(total);
    expect(await page.getByTestId('transfer-account').innerText()).toBe('1234567890');
    await poll(() => page.getByTestId('bank-transfer-waiting').isVisible()).toBe(true);
    const firstTick = await page.getByTestId('transfer-countdown').innerText();
    expect(firstTick).toMatch(/^(23|24):\d\d:\d\d$/);
    await poll(() => page.getByTestId('transfer-countdown').innerText(), 5000).not.toBe(firstTick);
    await page.getByRole('button', { name: 'Sao chép nội dung' }).focus();
    await shoot(page, 'vietqr-page-desktop');

    // ---- The test bank, opened from the page (a new tab, as a bank app would be).
    const [bank] = await Promise.all([context.waitForEvent('page'), page.getByTestId('sandbox-bank-link').click()]);
    await bank.waitForLoadState();
    expect(new URL(bank.url()).pathname).toBe('/sandbox/bank');
    expect(await bank.getByTestId('bank-note').innerText()).toBe(code);
    expect(digits(await bank.getByTestId('bank-amount').innerText())).toBe(total);
    await shoot(bank, 'sandbox-bank-desktop');

    // A transfer 10.000 ₫ short: recorded for sales, the order keeps waiting.
    await bank.getByLabel('Số tiền (VND)').fill(String(total - 10_000));
    await bank.getByRole('button', { name: 'Xác nhận chuyển khoản' }).click();
    await poll(() => bank.getByTestId('bank-shop-answer').innerText()).toContain('AMOUNT_MISMATCH');
    await shoot(bank, 'sandbox-bank-receipt-mismatch');
    await poll(() => page.getByTestId('transfer-mismatch').isVisible()).toBe(true);
    expect(await page.getByTestId('transfer-mismatch').innerText()).toContain(`Cửa hàng đã nhận ${(total - 10_000).toLocaleString('vi-VN')}`);
    expect(await page.getByTestId('bank-transfer-waiting').isVisible()).toBe(true);
    await shoot(page, 'vietqr-page-mismatch-desktop');
    // The order page meanwhile says it waits for the transfer and links to the QR page.
    const detail = await context.newPage();
    await detail.goto(`/orders/${code}`);
    await poll(() => detail.getByRole('link', { name: 'Thanh toán chuyển khoản' }).isVisible()).toBe(true);
    // The banner's box loads when it shows.
    await poll(() => detail.getByText('Đơn hàng đang chờ chuyển khoản').isVisible()).toBe(true);
    await shoot(detail, 'order-detail-awaiting-transfer');
    await detail.close();

    // The exact amount: the shop marks the order paid and the QR page turns paid without a reload.
    await bank.getByRole('link', { name: 'Chuyển khoản khác' }).click();
    await bank.getByRole('button', { name: 'Xác nhận chuyển khoản' }).click();
    await poll(() => bank.getByTestId('bank-shop-answer').innerText()).toContain('HTTP 200 · PAID');
    await shoot(bank, 'sandbox-bank-receipt-paid');
    // Sending the same notification again changes nothing.
    await bank.getByRole('button', { name: 'Gửi lại thông báo' }).click();
    await poll(() => bank.getByTestId('bank-shop-answer').innerText()).toContain('DUPLICATE');

    await poll(() => page.getByTestId('bank-transfer-paid').isVisible()).toBe(true);
    expect(await page.getByTestId('bank-transfer-paid').innerText()).toContain('Thanh toán thành công');
    await shoot(page, 'vietqr-paid-desktop');
    await page.getByRole('link', { name: 'Xem đơn hàng' }).click();
    await page.waitForURL((url) => url.pathname === `/orders/${code}`);
    await poll(() => page.getByText('Đã thanh toán').first().isVisible()).toBe(true);
    expect(await page.getByText('Chuyển khoản ngân hàng (VietQR)').first().isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();

    // ---- Sales see both transfers: the short one waits for a person.
    const staff = await newPage(shop.browser, shop.store.baseUrl, { viewport: DESKTOP });
    await logIn(staff.page, 'sale', 'Sale@123', '/sale/orders');
    await staff.page.getByRole('link', { name: code }).first().click();
    await staff.page.waitForURL((url) => /^\/sale\/orders\/\d+$/.test(url.pathname));
    const card = staff.page.getByTestId('bank-transfers');
    await poll(() => card.getByTestId('bank-transfer').count()).toBe(2);
    expect(await card.locator('[data-outcome="AMOUNT_MISMATCH"]').innerText()).toContain('Sai số tiền: cần xử lý thủ công');
    expect(await card.locator('[data-outcome="PAID"]').count()).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await shoot(staff.page, 'sale-order-bank-transfers');
    await staff.context.close();
  });

  it('the QR page and the test bank on a phone', { timeout: 120_000 }, async () => {
    await customerWithCart();
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl, { viewport: MOBILE });
    const problems = await watched(context, page);
    await logIn(page, 'khach', 'Khach@123', '/');
    await page.goto('/checkout');
    await page.getByRole('radio', { name: /Chuyển khoản ngân hàng \(VietQR\)/ }).check();
    await page.getByRole('button', { name: 'Đặt hàng', exact: true }).last().click();
    await page.waitForURL((url) => url.pathname.endsWith('/chuyen-khoan'));
    await poll(() => page.getByTestId('vietqr-image').isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    await shoot(page, 'vietqr-page-mobile');
    const [bank] = await Promise.all([context.waitForEvent('page'), page.getByTestId('sandbox-bank-link').click()]);
    await bank.waitForLoadState();
    await shoot(bank, 'sandbox-bank-mobile');
    await bank.getByRole('button', { name: 'Xác nhận chuyển khoản' }).click();
    await poll(() => bank.getByTestId('bank-shop-answer').innerText()).toContain('PAID');
    await shoot(bank, 'sandbox-bank-receipt-mobile');
    await poll(() => page.getByTestId('bank-transfer-paid').isVisible()).toBe(true);
    await shoot(page, 'vietqr-paid-mobile');
    expect(problems).toEqual([]);
    await context.close();
  });
});

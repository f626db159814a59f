import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { logIn, MOBILE, newPage, screenshot, storeApi, storeForFile, TEST_ADDRESS } from './harness.ts';

const shop = storeForFile();

const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout, interval: 150 });
const api = <T>(path: string, token?: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') =>
  storeApi<T>(shop.store.baseUrl, path, { method, token, body });
const token = async (username: string, password: string) => (await api<{ accessToken: string }>('/api/v1/auth/login', undefined, { username, password })).accessToken;

/** A COD order of the demo customer, taken to DELIVERED by the demo sales clerk through the API. */
async function deliveredOrder(customer: string, sale: string): Promise<{ id: number; code: string }> {
  const books = await api<{ content: { id: number; stock: number }[] }>('/api/v1/books?page=0&size=20&status=ACTIVE');
  const book = books.content.find((b) => b.stock > 5)!;
  await api('/api/v1/cart/items', customer, { bookId: book.id, qty: 2 });
  const address = await api<{ id: number }>('/api/v1/address', customer, TEST_ADDRESS);
  const order = await api<{ id: number; code: string }>('/api/v1/orders', customer, { addressId: address.id, paymentMethod: 'COD', deliveryMethod: 'STANDARD' });
  const put = (path: string, body: object) => api(`/api/v1/sales/orders/${order.id}${path}`, sale, body, 'PUT');
  await put('/status', { status: 'CONFIRMED' });
  await put('/status', { status: 'PROCESSING' });
  await put('/shipping', { shippingCarrier: 'Viettel Post', trackingCode: 'VTP-E2E-1' });
  await put('/status', { status: 'SHIPPED' });
  await put('/status', { status: 'DELIVERED' });
  return order;
}

async function withToast(page: Page, text: string, action: () => Promise<unknown>) {
  const seen = page.getByRole('status').getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout: 20_000 });
  await action();
  await seen;
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
  await screenshot(page, name);
}

describe('returns and refunds', () => {
  it('the shopper asks to return a book of a delivered order; staff approve, receive and refund it; both pages show every step', async () => {
    const customer = await token('khach', 'Khach@123');
    const sale = await token('sale', 'Sale@123');
    const order = await deliveredOrder(customer, sale);
    const errors: string[] = [];

    // ---- The shopper (on a phone): the action on the order page, the form, the request.
    const shopper = await newPage(shop.browser, shop.store.baseUrl, { viewport: MOBILE });
    shopper.page.on('pageerror', (e) => errors.push(e.message));
    await logIn(shopper.page, 'khach', 'Khach@123', '/');
    await shopper.page.goto(`/orders/${order.code}`);
    const card = shopper.page.getByTestId('order-returns');
    await poll(() => card.getByRole('button', { name: 'Trả hàng / hoàn tiền' }).isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Trả hàng / hoàn tiền' }).click();
    const form = shopper.page.getByTestId('return-form');
    await form.getByRole('spinbutton').first().fill('1');
    await form.getByLabel('Lý do').selectOption('DAMAGED');
    await form.getByLabel(/Mô tả/).fill('Bìa sách bị rách một góc khi nhận.');
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 190, g: 70, b: 50 } } }).png().toBuffer();
    await form.getByLabel(/^Ảnh/).setInputFiles([{ name: 'bia-rach.png', mimeType: 'image/png', buffer: png }]);
    await form.getByLabel('Ngân hàng').fill('Vietcombank');
    await form.getByLabel('Số tài khoản').fill('0123456789');
    await form.getByLabel('Chủ tài khoản').fill('NGUYEN VAN KHACH');
    await screenshot(shopper.page, 'returns-1-shopper-form');
    await withToast(shopper.page, 'Đã gửi yêu cầu trả hàng', () => form.getByRole('button', { name: 'Gửi yêu cầu' }).click());
    const item = card.getByTestId('return-item');
    await poll(() => item.getByTestId('return-status').innerText()).toBe('Chờ duyệt');
    await poll(() => item.getByRole('img').count()).toBe(1);
    await shot(shopper.page, 'returns-2-shopper-requested');

    // ---- Staff: the list, the detail, approve, received, refund.
    const staff = await newPage(shop.browser, shop.store.baseUrl);
    staff.page.on('pageerror', (e) => errors.push(e.message));
    await logIn(staff.page, 'sale', 'Sale@123', '/sale/orders');
    await staff.page.getByRole('link', { name: 'Trả hàng' }).first().click();
    await staff.page.waitForURL((u) => u.pathname === '/sale/returns');
    const row = staff.page.getByTestId('sale-return-row').filter({ hasText: order.code });
    await poll(() => row.isVisible()).toBe(true);
    await shot(staff.page, 'returns-3-staff-list');
    await row.getByRole('link', { name: /^#\d+$/ }).click();
    const detail = staff.page.getByTestId('sale-return-detail');
    await poll(() => detail.getByTestId('return-bank').innerText()).toContain('Vietcombank · 0123456789 · NGUYEN VAN KHACH');
    await withToast(staff.page, 'Đã duyệt yêu cầu trả hàng', () => detail.getByRole('button', { name: 'Duyệt yêu cầu' }).click());
    await poll(() => detail.getByTestId('return-status').innerText()).toBe('Đã duyệt, chờ nhận hàng');
    await withToast(staff.page, 'Đã ghi nhận hàng trả về kho', () => detail.getByRole('button', { name: 'Đã nhận hàng' }).click());
    await poll(() => detail.getByTestId('return-status').innerText()).toBe('Đã nhận hàng trả');
    await detail.getByLabel('Ghi chú (không bắt buộc)').fill('UNC 000123');
    await withToast(staff.page, 'Đã hoàn tiền cho yêu cầu trả hàng', () =>
      detail.getByRole('button', { name: 'Ghi nhận đã chuyển khoản hoàn tiền' }).click(),
    );
    await poll(() => detail.getByTestId('return-status').innerText()).toBe('Đã hoàn tiền');
    for (const step of ['REQUESTED', 'APPROVED', 'RECEIVED', 'REFUNDED']) expect(await detail.getByTestId(`return-step-${step}`).getAttribute('data-done')).toBe('true');
    await shot(staff.page, 'returns-4-staff-refunded');

    // The staff order page lists the return with its steps; the refund is on the order.
    await detail.getByRole('link', { name: `Đơn hàng ${order.code}` }).click();
    const onOrder = staff.page.getByTestId('sale-order-returns');
    await poll(() => onOrder.getByTestId('return-status').innerText()).toBe('Đã hoàn tiền');
    await shot(staff.page, 'returns-5-staff-order');

    // ---- The shopper sees every step with its time.
    await shopper.page.reload();
    await poll(() => shopper.page.getByTestId('return-item').getByTestId('return-status').innerText()).toBe('Đã hoàn tiền');
    for (const step of ['REQUESTED', 'APPROVED', 'RECEIVED', 'REFUNDED']) {
      expect(await shopper.page.getByTestId(`return-step-${step}`).getAttribute('data-done')).toBe('true');
    }
    await shot(shopper.page, 'returns-6-shopper-refunded');

    // Mails followed each step.
    const email = (await api<{ email: string }>('/api/v1/users/me', customer)).email;
    for (const subject of ['Đã nhận yêu cầu trả hàng', 'đã được duyệt', 'đã nhận sách trả', 'đã được hoàn tiền']) {
      await shop.store.mail.waitFor(email, (m) => m.subject.includes(subject), 20_000);
    }
    expect(errors).toEqual([]);
    await shopper.context.close();
    await staff.context.close();
  });
});

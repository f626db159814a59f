import { copyFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatDateTimeVN } from '../packages/shared/src/datetime.ts';
import { formatVnd } from '../packages/shared/src/price.ts';
import { artifactsDir, DESKTOP, logIn, MOBILE, newPage, screenshot, storeForFile, TEST_ADDRESS } from './harness.ts';

const shop = storeForFile();

const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout, interval: 100 });
const digits = (text: string) => Number(text.replace(/\D/g, ''));

/** A full-page screenshot from the top; also copied to SHOTS_DIR when set (for people reviewing the screens). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const file = await screenshot(page, name);
  const dir = process.env.SHOTS_DIR;
  if (dir && existsSync(dir)) copyFileSync(file, path.join(dir, `${name}.png`));
}

/** What the viewport shows now (no scrolling to the top). */
async function viewShot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`) });
  if (dir && existsSync(dir)) copyFileSync(path.join(artifactsDir, `${name}.png`), path.join(dir, `${name}.png`));
}

/** Calls the API with the page's own session. */
const apiCall = (page: Page, method: string, url: string, body?: unknown) =>
  page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('accessToken')}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as { data: unknown } };
    },
    { method, url, body },
  );

interface Book {
  id: number;
  slug: string;
  title: string;
  stock: number;
  effectivePrice: number;
}

describe('vouchers', () => {
  it('admin creates a code; the shopper applies it at checkout; the discount shows on checkout, the order and the sales order', { timeout: 300_000 }, async () => {
    const errors: string[] = [];

    // ---- Admin: /admin/vouchers from the menu, create a 10% code (max 50.000 ₫) that started yesterday.
    const admin = await newPage(shop.browser, shop.store.baseUrl);
    admin.page.on('pageerror', (e) => errors.push(e.message));
    await logIn(admin.page, 'admin', 'Admin@123', '/admin');
    await admin.page.getByRole('link', { name: 'Mã giảm giá' }).first().click();
    await admin.page.waitForURL((url) => url.pathname === '/admin/vouchers');
    await poll(() => admin.page.getByText('Chưa có mã giảm giá nào.').isVisible()).toBe(true);

    await admin.page.getByRole('button', { name: 'Tạo mã giảm giá' }).first().click();
    const dialog = admin.page.getByRole('dialog', { name: 'Tạo mã giảm giá' });
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Mã giảm giá').fill('sach 10');
    await dialog.getByLabel('Tên chương trình').fill('Tuần lễ sách');
    await dialog.getByLabel('Phần trăm giảm (%)').fill('10');
    await dialog.getByLabel('Giảm tối đa (₫)').fill('50.000');
    // Dates are typed as digits into a masked field, in Vietnam time; an impossible date is refused by its field.
    const start = dialog.getByLabel('Bắt đầu');
    await start.fill('');
    await start.pressSequentially('310220261000');
    expect(await start.inputValue()).toBe('31/02/2026 10:00');
    await dialog.getByRole('button', { name: 'Tạo mã' }).click();
    await poll(() => dialog.getByText('Thời gian bắt đầu phải có dạng dd/mm/yyyy HH:mm (giờ Việt Nam).').isVisible()).toBe(true);
    const yesterday = formatDateTimeVN(Date.now() - 24 * 60 * 60 * 1000);
    await start.fill('');
    await start.pressSequentially(yesterday.replace(/\D/g, ''));
    expect(await start.inputValue()).toBe(yesterday);
    await shot(admin.page, 'vouchers-admin-form-desktop');
    await dialog.getByRole('button', { name: 'Tạo mã' }).click();
    await poll(() => dialog.isVisible()).toBe(false);
    const row = admin.page.getByTestId('voucher-row').filter({ hasText: 'SACH10' }).last();
    await poll(() => row.isVisible()).toBe(true);
    expect(await row.innerText()).toContain('Giảm 10% (tối đa 50.000 ₫)');
    expect(await row.innerText()).toContain('Đang chạy');
    await shot(admin.page, 'vouchers-admin-desktop');
    await admin.page.setViewportSize(MOBILE);
    await shot(admin.page, 'vouchers-admin-mobile');
    // The edit dialog on a phone, filled with the code's values.
    await admin.page.getByRole('button', { name: 'Sửa mã SACH10' }).first().click();
    const edit = admin.page.getByRole('dialog', { name: 'Sửa mã SACH10' });
    await poll(() => edit.getByLabel('Bắt đầu').inputValue()).toBe(yesterday);
    expect(await edit.getByLabel('Giảm tối đa (₫)').inputValue()).toBe('50.000');
    await viewShot(admin.page, 'vouchers-admin-edit-mobile');
    await edit.getByRole('button', { name: 'Huỷ' }).click();
    await admin.context.close();

    // ---- Shopper: a book in the cart, an address, then /checkout with the code.
    const shopper = await newPage(shop.browser, shop.store.baseUrl);
    const { page } = shopper;
    page.on('pageerror', (e) => errors.push(e.message));
    await logIn(page, 'khach', 'Khach@123', '/');
    const res = await fetch(`${shop.store.baseUrl}/api/v1/books?page=0&size=40&status=ACTIVE&sort=createdAt&direction=DESC`);
    const books = ((await res.json()) as { data: { content: Book[] } }).data.content.filter((b) => b.stock >= 5 && b.effectivePrice >= 50_000);
    const book = books[0]!;
    await apiCall(page, 'POST', '/api/v1/cart/clear', {});
    expect((await apiCall(page, 'POST', '/api/v1/cart/items', { bookId: book.id, qty: 2 })).status).toBe(200);
    const address = await apiCall(page, 'POST', '/api/v1/address', { ...TEST_ADDRESS, fullName: 'Nguyễn Văn Khách' });
    expect(address.status).toBe(201);

    await page.goto('/checkout');
    await poll(() => page.getByTestId('checkout-line').count()).toBe(1);
    const goods = book.effectivePrice * 2;
    const total = async () => digits(await page.getByTestId('checkout-total').innerText());
    // The carrier's quote first: until it answers the total leaves delivery out.
    await page.getByTestId('checkout-shipping-fee').waitFor();
    const before = await total();
    const field = page.getByTestId('voucher-field');
    // An unknown code says so under the field.
    await field.getByLabel('Mã giảm giá').fill('khong co');
    await field.getByRole('button', { name: 'Áp dụng' }).click();
    await poll(() => field.getByText('Mã giảm giá không tồn tại.').isVisible()).toBe(true);
    // The list of codes shows SACH10 as applicable; picking it applies it.
    await field.getByRole('button', { name: 'Chọn mã giảm giá của bạn' }).click();
    const picker = page.getByRole('dialog', { name: 'Mã giảm giá' });
    await poll(() => picker.getByTestId('voucher-option').filter({ hasText: 'SACH10' }).isVisible()).toBe(true);
    await viewShot(page, 'vouchers-checkout-picker-desktop');
    await picker.getByRole('button', { name: 'Áp dụng mã SACH10' }).click();
    await poll(() => picker.isVisible()).toBe(false);
    const off = Math.min(50_000, Math.round(goods / 10));
    await poll(() => field.getByTestId('voucher-applied').innerText()).toContain(`Đã áp dụng: giảm`);
    await poll(total).toBe(before - off);
    expect(digits(await page.getByTestId('checkout-discount').innerText())).toBeGreaterThanOrEqual(off);
    expect(await page.getByText(/Gồm mã SACH10/).first().isVisible()).toBe(true);
    await shot(page, 'vouchers-checkout-desktop');
    // The cart keeps the code: its summary counts it in the discount.
    await page.goto('/gio-hang');
    await poll(() => page.getByText(/Gồm mã SACH10/).first().isVisible()).toBe(true);
    await shot(page, 'vouchers-cart-desktop');
    await page.goto('/checkout');
    await poll(() => page.getByTestId('voucher-applied').isVisible()).toBe(true);
    await page.setViewportSize(MOBILE);
    await shot(page, 'vouchers-checkout-mobile');
    await field.scrollIntoViewIfNeeded();
    await viewShot(page, 'vouchers-checkout-mobile-field');
    await page.setViewportSize(DESKTOP);

    // ---- Order: the code and the discount on the order page.
    await page.getByRole('button', { name: 'Đặt hàng', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/orders/'));
    const code = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await poll(() => page.getByText(/Gồm mã SACH10/).isVisible()).toBe(true);
    expect(digits(await page.getByTestId('order-discount').innerText())).toBeGreaterThanOrEqual(off);
    await shot(page, 'vouchers-order-desktop');
    const order = (await apiCall(page, 'GET', `/api/v1/orders/${code}`)).body.data as { id: number; voucherCode: string; voucherDiscount: number; grandTotal: number };
    expect(order).toMatchObject({ voucherCode: 'SACH10', voucherDiscount: off });
    await shopper.context.close();

    // ---- Sales: the order's totals name the code.
    const sale = await newPage(shop.browser, shop.store.baseUrl);
    sale.page.on('pageerror', (e) => errors.push(e.message));
    await logIn(sale.page, 'sale', 'Sale@123', '/sale/orders');
    await sale.page.goto(`/sale/orders/${order.id}`);
    await poll(() => sale.page.getByText('Mã giảm giá SACH10', { exact: true }).isVisible()).toBe(true);
    expect(await sale.page.getByText(`-${formatVnd(off)} (trong giảm giá)`).isVisible()).toBe(true);
    await shot(sale.page, 'vouchers-sale-order-desktop');
    await sale.context.close();

    expect(errors).toEqual([]);
  });
});

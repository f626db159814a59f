import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatVnd, SHIPPING_MESSAGES, type OrderDto, type SaleOrderDto, type ShippingQuoteDto } from '@nhasach/shared';
import { DESKTOP, HANOI_ADDRESS, logIn, MOBILE, newPage, screenshot, storeApi, storeForFile, TEST_ADDRESS } from './harness.ts';

/**
 * Shipping by carrier in the browser, with the built-in sandbox carrier (what `npm start` runs): the checkout quotes
 * the chosen address (another province costs more) and the order charges the fee shown; confirming the order creates
 * the shipment, whose tracking code and label the sales page shows; the carrier's page moves the parcel to delivered
 * and the shopper's order page shows the timeline.
 */

const shop = storeForFile();

const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout, interval: 150 });
const api = <T>(path: string, token?: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') =>
  storeApi<T>(shop.store.baseUrl, path, { method, token, body });
const token = async (username: string, password: string) => (await api<{ accessToken: string }>('/api/v1/auth/login', undefined, { username, password })).accessToken;

/** Hà Nội: another region than the shop's warehouse in Hồ Chí Minh City. */
const HANOI = HANOI_ADDRESS;

async function shot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: width === MOBILE.width ? MOBILE.height : DESKTOP.height });
  await page.waitForLoadState('networkidle');
  await screenshot(page, `${name}-${width}`);
}

const standardFee = (page: Page) => page.getByTestId('shipping-option').and(page.locator('[data-method="STANDARD"]')).getAttribute('data-fee');

describe('shipping by carrier', () => {
  it('quotes the chosen address, charges the fee shown, creates the shipment with a label on confirmation and shows the delivered timeline', { timeout: 300_000 }, async () => {
    const customer = await token('khach', 'Khach@123');
    const sale = await token('sale', 'Sale@123');
    const admin = await token('admin', 'Admin@123');
    // A book under the free-shipping threshold, so that the standard fee is the carrier's.
    const books = await api<{ content: { id: number; stock: number; effectivePrice: number }[] }>('/api/v1/books?page=0&size=40&status=ACTIVE');
    const book = books.content.find((b) => b.stock > 3 && b.effectivePrice < 300_000)!;
    await api('/api/v1/cart/items', customer, { bookId: book.id, qty: 1 });
    const hcm = await api<{ id: number }>('/api/v1/address', customer, { ...TEST_ADDRESS, makeDefault: true });
    const hanoi = await api<{ id: number }>('/api/v1/address', customer, HANOI);
    const items = [{ bookId: book.id, quantity: 1 }];
    const [hcmQuote, hanoiQuote] = [
      await api<ShippingQuoteDto>('/api/v1/shipping/quote', customer, { addressId: hcm.id, items }),
      await api<ShippingQuoteDto>('/api/v1/shipping/quote', customer, { addressId: hanoi.id, items }),
    ];
    const hcmFee = hcmQuote.options.find((o) => o.deliveryMethod === 'STANDARD')!.fee;
    const hanoiFee = hanoiQuote.options.find((o) => o.deliveryMethod === 'STANDARD')!.fee;
    expect(hanoiFee).toBeGreaterThan(hcmFee);
    const errors: string[] = [];

    // ---- The shopper (on a phone): the default address's quote, then Hà Nội's.
    const shopper = await newPage(shop.browser, shop.store.baseUrl, { viewport: MOBILE });
    shopper.page.on('pageerror', (e) => errors.push(e.message));
    await logIn(shopper.page, 'khach', 'Khach@123', '/');
    await shopper.page.goto('/checkout');
    const options = shopper.page.getByTestId('shipping-options');
    await options.waitFor();
    await poll(() => standardFee(shopper.page)).toBe(String(hcmFee));
    expect(await shopper.page.getByTestId('shipping-carrier').innerText()).toBe(hcmQuote.carrierName);
    await options.getByText(/Dự kiến nhận hàng trong/).first().waitFor();
    expect(await shopper.page.getByTestId('checkout-shipping-fee').innerText()).toBe(formatVnd(hcmFee));
    await shot(shopper.page, 'shipping-checkout', MOBILE.width);
    await shot(shopper.page, 'shipping-checkout', DESKTOP.width);
    await shopper.page.setViewportSize(MOBILE);

    await shopper.page.getByRole('radio', { name: /8 Tràng Tiền/ }).check();
    await poll(() => standardFee(shopper.page)).toBe(String(hanoiFee));
    await poll(() => shopper.page.getByTestId('checkout-shipping-fee').innerText()).toBe(formatVnd(hanoiFee));
    await shopper.page.getByRole('radio', { name: /Thanh toán bằng tiền mặt/ }).check();
    await shopper.page.getByLabel('Ghi chú cho đơn hàng').fill('Gọi trước khi giao');

    // The book turns out heavier while the shopper looks: the order is refused with the fee shown, the quote is
    // asked again, and nothing typed is lost.
    await api(`/api/v1/admin/books/${book.id}`, admin, { weightGram: 3_000 }, 'PUT');
    const heavier = await api<ShippingQuoteDto>('/api/v1/shipping/quote', customer, { addressId: hanoi.id, items });
    const heavierFee = heavier.options.find((o) => o.deliveryMethod === 'STANDARD')!.fee;
    expect(heavierFee).toBeGreaterThan(hanoiFee);
    await shopper.page.getByRole('button', { name: 'Đặt hàng', exact: true }).click();
    // Said beside the delivery options (where the page scrolls to) and with the order's errors.
    await poll(() => shopper.page.getByTestId('shipping-options').getByRole('alert').innerText()).toBe(SHIPPING_MESSAGES.feeChanged);
    await poll(() => shopper.page.getByText(SHIPPING_MESSAGES.feeChanged).count()).toBe(2);
    await poll(() => standardFee(shopper.page)).toBe(String(heavierFee));
    await poll(() => shopper.page.getByTestId('checkout-shipping-fee').innerText()).toBe(formatVnd(heavierFee));
    expect(new URL(shopper.page.url()).pathname).toBe('/checkout');
    expect(await shopper.page.getByLabel('Ghi chú cho đơn hàng').inputValue()).toBe('Gọi trước khi giao');
    expect(await shopper.page.getByRole('radio', { name: /8 Tràng Tiền/ }).isChecked()).toBe(true);
    await shot(shopper.page, 'shipping-checkout-fee-changed', MOBILE.width);
    await shopper.page.setViewportSize(MOBILE);

    await shopper.page.getByRole('button', { name: 'Đặt hàng', exact: true }).click();
    await shopper.page.waitForURL(/\/orders\/[A-Z0-9]+$/);
    const code = decodeURIComponent(new URL(shopper.page.url()).pathname.split('/').pop()!);
    const placed = await api<OrderDto>(`/api/v1/orders/${code}`, customer);
    expect(placed.shippingFee).toBe(heavierFee);
    expect(placed.note).toBe('Gọi trước khi giao');
    expect(placed.shipment).toBeNull();
    // No shipment yet: the order page shows no parcel.
    await shopper.page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await shopper.page.getByTestId('shipment-timeline').count()).toBe(0);

    // ---- Staff confirm: the shipment with its tracking code shows on the sales page, the label opens as a PDF.
    await api(`/api/v1/sales/orders/${placed.id}/status`, sale, { status: 'CONFIRMED' }, 'PUT');
    const staff = await newPage(shop.browser, shop.store.baseUrl);
    staff.page.on('pageerror', (e) => errors.push(e.message));
    await logIn(staff.page, 'sale', 'Sale@123', '/sale/orders');
    await staff.page.goto(`/sale/orders/${placed.id}`);
    const panel = staff.page.getByTestId('sale-shipment');
    await panel.waitFor();
    // The carrier is asked after the confirmation commits: reload until the shipment is there.
    await poll(async () => {
      if (await panel.getByTestId('sale-shipment-tracking-code').isVisible()) return true;
      await staff.page.getByRole('button', { name: 'Tải lại đơn hàng' }).click();
      return false;
    }, 30_000).toBe(true);
    const trackingCode = (await panel.getByTestId('sale-shipment-tracking-code').innerText()).trim();
    expect(trackingCode).toMatch(/^[A-Z0-9]{6,}$/);
    expect(await panel.getByTestId('shipment-status').innerText()).toBe('Đã tạo vận đơn');
    expect((await api<SaleOrderDto>(`/api/v1/sales/orders/${placed.id}`, sale)).shipment?.trackingCode).toBe(trackingCode);

    const label = staff.page.waitForResponse((r) => r.url().endsWith(`/sales/orders/${placed.id}/shipment/label.pdf`));
    const [tab] = await Promise.all([staff.page.context().waitForEvent('page'), panel.getByRole('button', { name: 'In nhãn' }).click()]);
    const pdf = await label;
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await poll(() => tab.url()).toMatch(/^blob:/);
    await tab.close();
    await panel.scrollIntoViewIfNeeded();
    await shot(staff.page, 'shipping-sale-panel', DESKTOP.width);
    await shot(staff.page, 'shipping-sale-panel', MOBILE.width);

    // ---- The carrier's sandbox page: picked up, in delivery, delivered (each a signed webhook to the shop).
    const carrier = await newPage(shop.browser, shop.store.baseUrl);
    await carrier.page.goto('/sandbox/carrier');
    const parcel = carrier.page.locator('section.order').filter({ hasText: trackingCode });
    for (const step of ['Đã lấy hàng', 'Đang giao', 'Đã giao']) {
      await parcel.getByRole('button', { name: step, exact: true }).click();
      await carrier.page.getByRole('status').filter({ hasText: trackingCode }).waitFor();
    }
    await poll(async () => (await api<OrderDto>(`/api/v1/orders/${code}`, customer)).status).toBe('DELIVERED');

    // ---- The shopper's order page: the parcel's timeline, delivered, newest event first.
    await shopper.page.reload();
    const timeline = shopper.page.getByTestId('shipment-timeline');
    await timeline.waitFor();
    expect(await timeline.getByTestId('shipment-carrier').innerText()).toBe(hanoiQuote.carrierName);
    expect(await timeline.getByTestId('shipment-tracking-code').innerText()).toBe(trackingCode);
    expect(await timeline.getByTestId('shipment-status').innerText()).toBe('Đã giao');
    const events = timeline.getByTestId('shipment-event');
    await poll(() => events.count()).toBeGreaterThanOrEqual(3);
    expect(await events.first().getAttribute('aria-current')).toBe('step');
    expect(await events.first().innerText()).toContain('Đã giao');
    expect(await events.last().innerText()).not.toContain('Đã giao');
    await shopper.page.getByRole('heading', { level: 1 }).getByText('Đã giao').waitFor();
    await timeline.scrollIntoViewIfNeeded();
    await shot(shopper.page, 'shipping-order-page', MOBILE.width);
    await shot(shopper.page, 'shipping-order-page', DESKTOP.width);

    // The sales panel shows the carrier's events too.
    await staff.page.getByRole('button', { name: 'Tải lại đơn hàng' }).click();
    await poll(() => panel.getByTestId('shipment-status').innerText()).toBe('Đã giao');
    expect(errors).toEqual([]);
  });
});

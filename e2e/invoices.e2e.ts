import { describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES, invoiceNumberText, type OrderInvoiceDto } from '@nhasach/shared';
import { logIn, MOBILE, newPage, screenshot, storeApi, storeForFile } from './harness.ts';

/**
 * A company invoice in the browser (docs/decisions.md, VAT invoices): asked at checkout (a wrong tax code is
 * refused under its field, nothing is placed), shown waiting on the order page, issued when the order is paid and
 * downloaded as a PDF by the shopper; the sales page shows it too.
 */

const shop = storeForFile();

const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout, interval: 100 });
const token = async (username: string, password: string) =>
  (await storeApi<{ accessToken: string }>(shop.store.baseUrl, '/api/v1/auth/login', { method: 'POST', body: { username, password } })).accessToken;

describe('VAT invoices', () => {
  it('asks for a company invoice at checkout, shows it waiting, then issued with its PDF after payment', { timeout: 240_000 }, async () => {
    const shopper = await token('khach', 'Khach@123');
    const books = await storeApi<{ content: { id: number; stock: number }[] }>(shop.store.baseUrl, '/api/v1/books?size=20&status=ACTIVE');
    const book = books.content.find((b) => b.stock > 3)!;
    await storeApi(shop.store.baseUrl, '/api/v1/cart/items', { method: 'POST', body: { bookId: book.id, qty: 1 }, token: shopper });
    const addresses = await storeApi<unknown[]>(shop.store.baseUrl, '/api/v1/address', { token: shopper });
    if (addresses.length === 0) {
      const address = { fullName: 'Nguyễn Văn Khách', phone: '0901234567', line1: '12 Lê Lợi', ward: 'Phường Bến Nghé', district: 'Quận 1', province: 'Thành phố Hồ Chí Minh', makeDefault: true };
      await storeApi(shop.store.baseUrl, '/api/v1/address', { method: 'POST', body: address, token: shopper });
    }

    const { page } = await newPage(shop.browser, shop.store.baseUrl, { viewport: MOBILE });
    await logIn(page, 'khach', 'Khach@123', '/');
    await page.goto('/checkout');
    await page.getByRole('checkbox', { name: /Xuất hoá đơn công ty/ }).check();
    await page.getByLabel('Tên công ty').fill('Công ty TNHH Sách Ánh Dương');
    await page.getByLabel('Mã số thuế').fill('0100233487');
    await page.getByLabel('Email nhận hoá đơn').fill('ketoan@anhduong.vn');
    await page.getByLabel('Địa chỉ công ty').fill('25 Lý Thường Kiệt, Phường Cửa Nam, Hà Nội');
    await page.getByRole('radio', { name: /Thanh toán bằng tiền mặt/ }).check();
    await page.getByRole('button', { name: 'Đặt hàng', exact: true }).click();
    await page.getByText(INVOICE_MESSAGES.taxCodeCheck).waitFor();
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await screenshot(page, 'checkout-invoice-error-mobile');

    await page.getByLabel('Mã số thuế').fill('0100233488');
    await page.getByRole('button', { name: 'Đặt hàng', exact: true }).click();
    await page.waitForURL(/\/orders\/[A-Z0-9]+$/);
    const code = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const panel = page.getByRole('region', { name: 'Hoá đơn GTGT' });
    // The panel loads as it comes near the screen.
    const toPanel = () => page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await poll(async () => {
      await toPanel();
      return panel.getByText('Công ty TNHH Sách Ánh Dương').isVisible();
    }).toBe(true);
    await panel.getByText('Hoá đơn sẽ được xuất và gửi tới email trên khi đơn hàng được thanh toán.').waitFor();

    // The clerk records the payment: the invoice is issued at once.
    const sale = await token('sale', 'Sale@123');
    const order = await storeApi<{ id: number }>(shop.store.baseUrl, `/api/v1/orders/${code}`, { token: shopper });
    await storeApi(shop.store.baseUrl, `/api/v1/sales/orders/${order.id}/payment`, { method: 'PUT', body: { paymentStatus: 'PAID' }, token: sale });
    const issued = await storeApi<OrderInvoiceDto>(shop.store.baseUrl, `/api/v1/orders/${code}/invoice`, { token: shopper });
    const number = invoiceNumberText(issued.invoices[0]!.number);

    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await poll(async () => {
      await toPanel();
      return panel.getByText(`Hoá đơn GTGT số ${number}`).isVisible();
    }).toBe(true);
    await poll(() => panel.getByRole('button', { name: 'Sửa thông tin xuất hoá đơn' }).count()).toBe(0);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'order-invoice-mobile');
    const [pdf] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Tải hoá đơn (PDF)' }).click()]);
    expect(pdf.suggestedFilename()).toBe(`hoa-don-${issued.invoices[0]!.series}-${number}.pdf`);

    // The sales page shows the company and the invoice.
    const staff = await newPage(shop.browser, shop.store.baseUrl);
    await logIn(staff.page, 'sale', 'Sale@123', '/sale/orders');
    await staff.page.goto(`/sale/orders/${order.id}`);
    const card = staff.page.getByTestId('sale-invoice');
    await card.getByText('0100233488').waitFor();
    await card.getByText(`Hoá đơn GTGT số ${number}`).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(staff.page, 'sale-order-invoice');
  });
});

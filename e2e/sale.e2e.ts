import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MOBILE, launchBrowser, newPage, screenshot, startStore, type Store } from './harness.ts';

let store: Store;
let browser: Browser;
beforeAll(async () => {
  // A shop without a carrier (the flat tariff): the clerk types the carrier and tracking code before shipping. The
  // carrier's own flow (shipment on confirmation, label, tracking) is e2e/shipping.e2e.ts.
  store = await startStore({ SHIPPING_CARRIER: 'flat' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

/** Polls until the matcher passes; generous because the machine running the suite may be busy. */
const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout, interval: 100 });

/** One API call as a client would make it; returns the envelope's data, throws with the server's message. */
async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${store.baseUrl}${path}`, {
    method,
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { message?: string; data: T };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message}`);
  return json.data;
}

const login = async (username: string, password: string) => (await call<{ accessToken: string }>('POST', '/api/v1/auth/login', undefined, { username, password })).accessToken;

/** The demo customer orders one book, cash on delivery, to a saved address (spec section 7, Orders). */
async function placeCodOrder(token: string, bookId: number): Promise<{ id: number; code: string }> {
  await call('POST', '/api/v1/cart/items', token, { bookId, qty: 1 });
  let addresses = await call<{ id: number }[]>('GET', '/api/v1/address', token);
  if (addresses.length === 0) {
    await call('POST', '/api/v1/address', token, {
      fullName: 'Nguyễn Văn Khách',
      phone: '0901234567',
      line1: '12 Lê Lợi',
      ward: 'Phường Bến Nghé',
      district: 'Quận 1',
      province: 'Thành phố Hồ Chí Minh',
      makeDefault: true,
    });
    addresses = await call<{ id: number }[]>('GET', '/api/v1/address', token);
  }
  return call<{ id: number; code: string }>('POST', '/api/v1/orders', token, { addressId: addresses[0]!.id, paymentMethod: 'COD', deliveryMethod: 'STANDARD' });
}

async function logInAsSale(page: Page) {
  await page.goto('/dang-nhap');
  await page.getByLabel('Tên đăng nhập hoặc email').fill('sale');
  await page.getByLabel('Mật khẩu', { exact: true }).fill('Sale@123');
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/sale/orders');
}

/** A full-page screenshot from the top (sticky bars would otherwise be drawn where the page was scrolled to). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
  await screenshot(page, name);
}

/**
 * Runs `action` and checks that the toast `text` showed meanwhile. The wait starts before the action: a toast lasts
 * 1.4 s, which a busy machine could spend on the page that follows.
 */
async function withToast(page: Page, text: string, action: () => Promise<unknown>) {
  const seen = page.getByRole('status').getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout: 20_000 });
  await action();
  await seen;
}

const detail = (page: Page) => page.getByTestId('sale-order-detail');
const statusForm = (page: Page) => page.getByTestId('status-form');
const rowOf = (page: Page, code: string) => page.locator(`[data-testid="sale-order-row"][data-code="${code}"]`);
const activeTab = (page: Page) => page.getByRole('navigation', { name: 'Trạng thái đơn hàng' }).locator('a[aria-current="page"]').getAttribute('data-tab');

/** The options the status select offers (enabled ones only). */
const offeredStatuses = (page: Page) =>
  statusForm(page)
    .getByLabel('Trạng thái mới')
    .evaluate((el) => Array.from((el as HTMLSelectElement).options).filter((o) => !o.disabled).map((o) => o.value));

/** Opens the order from the list row, changes its status, and checks the list opens on the new status's tab. */
async function changeStatus(page: Page, code: string, to: string, label: string, note?: string) {
  await rowOf(page, code).getByRole('link', { name: code, exact: true }).click();
  await poll(() => detail(page).isVisible()).toBe(true);
  await poll(() => offeredStatuses(page)).toContain(to);
  await statusForm(page).getByLabel('Trạng thái mới').selectOption(to);
  if (note) await statusForm(page).getByLabel('Ghi chú').fill(note);
  await withToast(page, 'Cập nhật trạng thái đơn hàng thành công', async () => {
    await statusForm(page).getByRole('button', { name: 'Cập nhật trạng thái' }).click();
    await page.waitForURL((url) => url.pathname === '/sale/orders' && url.searchParams.get('status') === to);
  });
  await poll(() => activeTab(page)).toBe(to);
  const row = rowOf(page, code);
  await poll(() => row.isVisible()).toBe(true);
  await poll(() => row.getByTestId('order-status').innerText()).toBe(label);
  return row;
}

describe('sales back-office', () => {
  it('takes a COD order from PENDING to COMPLETED, notes it, and cancels another', async () => {
    // ---- Two COD orders from the demo customer, through the API.
    const customer = await login('khach', 'Khach@123');
    const books = await call<{ content: { id: number; stock: number }[] }>('GET', '/api/v1/books?page=0&size=20&status=ACTIVE');
    const book = books.content.find((b) => b.stock > 5);
    expect(book).toBeDefined();
    const first = await placeCodOrder(customer, book!.id);
    const second = await placeCodOrder(customer, book!.id);

    const { context, page } = await newPage(browser, store.baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await logInAsSale(page);

    // ---- The list: newest first, both orders waiting in 'Tất cả' and 'Chờ xác nhận', with counts.
    await poll(() => rowOf(page, second.code).isVisible()).toBe(true);
    expect(await page.getByTestId('sale-order-row').first().getAttribute('data-code')).toBe(second.code);
    await poll(() => activeTab(page)).toBe('ALL');
    const pendingTab = page.getByRole('navigation', { name: 'Trạng thái đơn hàng' }).locator('a[data-tab="PENDING"]');
    await poll(async () => Number(await pendingTab.getByTestId('tab-count').innerText())).toBeGreaterThanOrEqual(2);
    await pendingTab.click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'PENDING');
    await poll(() => rowOf(page, first.code).getByTestId('payment-status').innerText()).toBe('Chưa thanh toán');

    // Search by code keeps the state in the URL; sorting by code too.
    await page.getByRole('searchbox').fill(first.code);
    await page.getByRole('button', { name: 'Tìm', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === first.code && url.searchParams.get('status') === 'PENDING');
    await poll(() => page.getByTestId('sale-order-row').count()).toBe(1);
    await page.getByRole('button', { name: 'Xoá bộ lọc' }).first().click();
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await page.getByRole('button', { name: 'Mã đơn' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'code,asc');
    await poll(() => page.getByRole('columnheader', { name: 'Mã đơn' }).getAttribute('aria-sort')).toBe('ascending');
    await page.goto('/sale/orders?status=PENDING');
    await poll(() => rowOf(page, first.code).isVisible()).toBe(true);
    await shot(page, 'sale-orders-desktop');

    // ---- Detail of the first order: address, items, totals; the select offers only allowed changes.
    await rowOf(page, first.code).getByRole('link', { name: first.code, exact: true }).click();
    await poll(() => detail(page).isVisible()).toBe(true);
    await poll(() => page.getByRole('heading', { level: 1 }).innerText()).toContain(first.code);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.innerText()).toMatch(/Bán hàng\s*Đơn hàng\s*Chi tiết đơn hàng/);
    expect(await page.getByTestId('shipping-info').innerText()).toContain('0901234567');
    expect(await page.getByTestId('order-item').count()).toBe(1);
    expect(await page.getByTestId('order-items').innerText()).toContain('Tổng cộng');
    expect((await offeredStatuses(page)).sort()).toEqual(['CANCELED', 'CANCEL_REQUESTED', 'CONFIRMED']);
    // A note (spec section 5: non-blank).
    const notes = page.getByTestId('order-notes');
    await notes.getByRole('button', { name: 'Thêm ghi chú' }).click();
    await poll(() => notes.getByText('Vui lòng nhập nội dung ghi chú.').isVisible()).toBe(true);
    await notes.getByLabel('Ghi chú mới').fill('Khách hẹn giao sau 17h');
    await withToast(page, 'Đã thêm ghi chú', () => notes.getByRole('button', { name: 'Thêm ghi chú' }).click());
    await poll(() => notes.getByTestId('order-note').first().innerText()).toContain('Khách hẹn giao sau 17h');
    await shot(page, 'sale-order-detail-desktop');

    // Someone else changes the order meanwhile (assigns it to the admin): this page's next save is refused with a reload button.
    const sale = await login('sale', 'Sale@123');
    const staff = await call<{ id: number; username: string }[]>('GET', '/api/v1/sales/staff', sale);
    const admin = staff.find((s) => s.username === 'admin');
    expect(admin).toBeDefined();
    const assign = page.getByTestId('assign-form');
    await poll(() => assign.getByRole('button', { name: 'Nhận xử lý' }).isVisible()).toBe(true);
    await call('PUT', `/api/v1/sales/orders/${first.id}/assign`, sale, { assigneeId: admin!.id });
    await assign.getByRole('button', { name: 'Nhận xử lý' }).click();
    await poll(() => assign.getByText('Đơn hàng vừa được người khác cập nhật. Vui lòng tải lại.').isVisible()).toBe(true);
    await assign.getByRole('button', { name: 'Tải lại đơn hàng' }).click();
    await poll(() => page.getByTestId('assign-form').innerText()).toMatch(/Hiện tại: .*(admin|Quản trị)/i);
    await withToast(page, 'Đã giao đơn hàng cho nhân viên', () => page.getByTestId('assign-form').getByRole('button', { name: 'Nhận xử lý' }).click());
    await poll(() => page.getByTestId('assign-form').getByRole('button', { name: 'Nhận xử lý' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Danh sách đơn hàng' }).click();
    await page.waitForURL((url) => url.pathname === '/sale/orders' && url.searchParams.get('status') === 'PENDING');

    // ---- PENDING -> CONFIRMED -> PROCESSING.
    await changeStatus(page, first.code, 'CONFIRMED', 'Đã xác nhận', 'Đã gọi xác nhận với khách');
    await changeStatus(page, first.code, 'PROCESSING', 'Đang xử lý');

    // SHIPPED needs carrier and tracking code: not offered before, offered after the shipping form is saved.
    await rowOf(page, first.code).getByRole('link', { name: first.code, exact: true }).click();
    await poll(() => detail(page).isVisible()).toBe(true);
    await poll(() => offeredStatuses(page)).toEqual(['CANCELED']);
    const shipping = page.getByTestId('shipping-form');
    await shipping.getByRole('button', { name: 'Lưu thông tin vận chuyển' }).click();
    await poll(() => shipping.getByText('Vui lòng nhập đơn vị vận chuyển.').isVisible()).toBe(true);
    await poll(() => shipping.getByText('Vui lòng nhập mã vận đơn.').isVisible()).toBe(true);
    await shipping.getByLabel('Đơn vị vận chuyển').fill('Giao Hàng Nhanh (GHN)');
    await shipping.getByLabel('Mã vận đơn').fill('GHN123456789');
    await shipping.getByLabel('Phí nhà vận chuyển (₫)').fill('25000');
    await withToast(page, 'Cập nhật vận chuyển thành công', () => shipping.getByRole('button', { name: 'Lưu thông tin vận chuyển' }).click());
    await poll(() => page.getByTestId('shipping-info').innerText()).toContain('GHN123456789');
    await poll(() => offeredStatuses(page)).toContain('SHIPPED');
    await page.getByRole('link', { name: 'Danh sách đơn hàng' }).click();
    await page.waitForURL((url) => url.pathname === '/sale/orders');

    // ---- SHIPPED -> DELIVERED (a COD order is paid on delivery) -> COMPLETED.
    await changeStatus(page, first.code, 'SHIPPED', 'Đang giao');
    const delivered = await changeStatus(page, first.code, 'DELIVERED', 'Đã giao');
    await poll(() => delivered.getByTestId('payment-status').innerText()).toBe('Đã thanh toán');
    const completed = await changeStatus(page, first.code, 'COMPLETED', 'Hoàn thành');
    await poll(() => completed.getByTestId('payment-status').innerText()).toBe('Đã thanh toán');

    // The completed order: final, no status option; its history shows who moved it from what to what.
    await completed.getByRole('link', { name: first.code, exact: true }).click();
    await poll(() => detail(page).isVisible()).toBe(true);
    await poll(() => statusForm(page).innerText()).toContain('trạng thái cuối');
    expect(await statusForm(page).getByLabel('Trạng thái mới').count()).toBe(0);
    const history = page.getByTestId('order-history');
    await poll(() => history.getByTestId('history-entry').count()).toBeGreaterThanOrEqual(6);
    const historyText = await history.innerText();
    expect(historyText).toContain('Đã giao');
    expect(historyText).toContain('Hoàn thành');
    expect(historyText).toContain('Đã gọi xác nhận với khách');
    expect(historyText).toMatch(/sale|Nhân viên bán hàng/);
    await page.waitForLoadState('networkidle');
    await shot(page, 'sale-order-detail-completed-desktop');

    // ---- Cancel the second order with a reason (non-blank, confirmed): it shows in the 'Đã huỷ' tab.
    await page.goto(`/sale/orders/${second.id}`);
    await poll(() => detail(page).isVisible()).toBe(true);
    const cancel = page.getByTestId('cancel-form');
    await cancel.getByRole('button', { name: 'Huỷ đơn hàng' }).click();
    await poll(() => cancel.getByText('Vui lòng nhập lý do huỷ đơn.').isVisible()).toBe(true);
    await cancel.getByLabel('Lý do huỷ').fill('Khách gọi điện đổi ý');
    await cancel.getByRole('button', { name: 'Huỷ đơn hàng' }).click();
    const dialog = page.getByRole('dialog', { name: `Huỷ đơn hàng ${second.code}?` });
    await poll(() => dialog.isVisible()).toBe(true);
    await withToast(page, 'Đã huỷ đơn hàng', async () => {
      await dialog.getByRole('button', { name: 'Xác nhận huỷ' }).click();
      await page.waitForURL((url) => url.pathname === '/sale/orders' && url.searchParams.get('status') === 'CANCELED');
    });
    await poll(() => activeTab(page)).toBe('CANCELED');
    await poll(() => rowOf(page, second.code).getByTestId('order-status').innerText()).toBe('Đã huỷ');

    // ---- Filters: payment status and a day range (Vietnam days), all in the URL.
    await page.goto('/sale/orders');
    await page.getByLabel('Thanh toán', { exact: true }).selectOption('PAID');
    await page.waitForURL((url) => url.searchParams.get('paymentStatus') === 'PAID');
    await poll(() => rowOf(page, second.code).count()).toBe(0);
    await poll(() => rowOf(page, first.code).isVisible()).toBe(true);
    const day = (offsetDays: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date(Date.now() + offsetDays * 86_400_000));
    // The day fields are typed dd/mm/yyyy whatever the browser's language; the URL keeps yyyy-mm-dd.
    const typed = (iso: string) => iso.split('-').reverse().join('/');
    await page.getByLabel('Từ ngày').fill(typed(day(0)));
    await page.waitForURL((url) => url.searchParams.get('from') === day(0));
    await poll(() => rowOf(page, first.code).isVisible()).toBe(true);
    // Both changes in one go, before the list re-renders: the second must not bring back the day the first cleared.
    await page.evaluate(
      (to) => {
        const type = (label: string, value: string) => {
          const field = Array.from(document.querySelectorAll('label')).find((l) => l.textContent?.trim() === label)?.control as HTMLInputElement;
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
          field.dispatchEvent(new Event('input', { bubbles: true }));
        };
        type('Từ ngày', '');
        type('Đến ngày', to);
      },
      // Before the demo's months of orders: nothing matches.
      typed(day(-400)),
    );
    await page.waitForURL((url) => url.searchParams.get('to') === day(-400) && !url.searchParams.has('from'));
    await poll(() => page.getByText('Không có đơn hàng phù hợp.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Xoá bộ lọc' }).last().click();
    await page.waitForURL((url) => url.search === '');
    await poll(() => rowOf(page, second.code).isVisible()).toBe(true);

    // The top bar's menu: closes on an outside click; logs out to /dang-nhap.
    const userMenu = page.getByRole('banner').getByRole('button', { name: 'sale' });
    await userMenu.click();
    await poll(() => page.getByRole('menuitem', { name: 'Đăng xuất' }).isVisible()).toBe(true);
    await page.getByRole('heading', { name: 'Quản lý đơn hàng' }).click();
    await poll(() => page.getByRole('menuitem', { name: 'Đăng xuất' }).count()).toBe(0);
    await userMenu.click();
    await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    await page.waitForURL((url) => url.pathname === '/dang-nhap');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 390 px phone: order cards, stacked detail', async () => {
    const { context, page } = await newPage(browser, store.baseUrl, { viewport: MOBILE });
    await logInAsSale(page);
    const card = page.getByTestId('sale-order-card').first();
    await poll(() => card.isVisible()).toBe(true);
    expect(await page.getByTestId('sale-order-row').first().isVisible()).toBe(false);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shot(page, 'sale-orders-mobile');

    await card.click();
    await poll(() => detail(page).isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await overflow()).toBeLessThanOrEqual(0);
    // Stacked: the items come before the forms, the forms before the history.
    const top = (id: string) => page.getByTestId(id).evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(await top('order-items')).toBeLessThan(await top('status-form'));
    expect(await top('status-form')).toBeLessThan(await top('order-history'));
    await shot(page, 'sale-order-detail-mobile');
    await context.close();
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { withIsbn13Checksum } from '../packages/shared/src/isbn.ts';
import { formatVnd } from '../packages/shared/src/price.ts';
import type { AdminBookRowDto, DashboardDto } from '../packages/shared/src/admin.ts';
import type { PageResult } from '../packages/shared/src/envelope.ts';
import { isoDateVN } from '../packages/shared/src/datetime.ts';
import type { SalesReportDto } from '../packages/shared/src/stock.ts';
import { MOBILE, artifactsDir, launchBrowser, newPage, screenshot, startStore, type Store } from './harness.ts';

let store: Store;
let browser: Browser;
let imageDir: string;
beforeAll(async () => {
  store = await startStore();
  browser = await launchBrowser();
  imageDir = mkdtempSync(path.join(tmpdir(), 'nhasach-admin-img-'));
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
  if (imageDir) rmSync(imageDir, { recursive: true, force: true });
});

/** Polls until the matcher passes; generous because the machine running the suite may be busy. */
const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout, interval: 100 });

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

const apiLogin = async (username: string, password: string) =>
  (await call<{ accessToken: string }>('POST', '/api/v1/auth/login', undefined, { username, password })).accessToken;

async function logInThroughUi(page: Page, username: string, password: string) {
  await page.goto('/dang-nhap');
  await page.getByLabel('Tên đăng nhập hoặc email').fill(username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
}

/** Picks the first option of a combobox whose label text contains `text` (or the first one at all). */
async function pick(page: Page, combobox: string, text?: string) {
  const input = page.getByRole('combobox', { name: combobox, exact: true });
  await input.click();
  if (text) await input.fill(text);
  const list = page.getByRole('listbox', { name: combobox, exact: true });
  const option = text ? list.getByRole('option', { name: text, exact: true }) : list.getByRole('option');
  await poll(() => option.count()).toBeGreaterThan(0);
  await option.first().click();
  // A multiple select stays open for more picks: Escape closes the list (not the dialog).
  if (await list.isVisible()) await page.keyboard.press('Escape');
  await poll(() => list.isVisible()).toBe(false);
}

/** Waits until the images on screen have loaded (covers are made on first request), for a screenshot. */
async function settleImages(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, { timeout: 15_000 })
    .catch(() => undefined);
}

/** True when the page is no wider than the window (nothing sticks out sideways on a phone). */
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Two real images: a PNG and a JPEG cover, made with sharp. */
async function makeImages(): Promise<string[]> {
  const png = path.join(imageDir, 'bia-truoc.png');
  const jpg = path.join(imageDir, 'bia-sau.jpg');
  const svg = (bg: string, text: string) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900"><rect width="600" height="900" fill="${bg}"/><text x="300" y="450" font-size="64" text-anchor="middle" fill="#fff" font-family="sans-serif">${text}</text></svg>`,
    );
  await sharp(svg('#b91c1c', 'Mặt trước')).png().toFile(png);
  await sharp(svg('#1e3a8a', 'Mặt sau')).jpeg({ quality: 85 }).toFile(jpg);
  return [png, jpg];
}

describe('admin back-office journey', () => {
  const suffix = Date.now().toString(36);
  const categoryName = `Sách thử nghiệm ${suffix}`;
  const authorName = `Tác giả Kiểm Thử ${suffix}`;
  const bookTitle = `Hành trình kiểm thử ${suffix}`;
  const isbn = withIsbn13Checksum(`978604${String(Date.now()).slice(-6)}`);

  it('creates a category, an author and a book with two images; the book shows in the storefront', async () => {
    const { context, page } = await newPage(browser, store.baseUrl);
    await logInThroughUi(page, 'admin', 'Admin@123');
    await page.waitForURL((url) => url.pathname === '/admin');
    await poll(() => page.getByRole('heading', { level: 1, name: 'Dashboard' }).isVisible()).toBe(true);
    // Top bar: the stored user's username, and breadcrumbs.
    await poll(() => page.locator('header').getByRole('button', { name: 'admin' }).isVisible()).toBe(true);

    // Category: the required message first, then a real one.
    await page.getByRole('link', { name: 'Danh mục', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/categories');
    await poll(() => page.getByRole('list', { name: 'Cây danh mục' }).getByRole('listitem').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Tạo danh mục' }).click();
    await poll(() => page.getByText('Vui lòng nhập tên danh mục').isVisible()).toBe(true);
    await page.getByLabel('Tên danh mục').fill(categoryName);
    await page.getByRole('button', { name: 'Tạo danh mục' }).click();
    await poll(() => page.getByRole('listitem', { name: categoryName }).isVisible()).toBe(true);
    // Deleting a category that has books is refused with the server's reason.
    await page.getByRole('listitem', { name: 'Văn học', exact: true }).getByRole('button', { name: 'Xoá Văn học', exact: true }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xoá danh mục' }).click();
    await poll(() => page.getByRole('alert').filter({ hasText: 'không thể xoá' }).isVisible()).toBe(true);
    await screenshot(page, 'admin-categories-desktop');

    // Author in the master data.
    await page.getByRole('link', { name: 'Master Data', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/masters');
    await poll(() => page.getByRole('tab', { name: 'Tác giả' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: 'Thêm', exact: true }).click();
    await poll(() => page.getByText('Vui lòng nhập tên.').isVisible()).toBe(true);
    await page.getByLabel('Tên tác giả').fill(authorName);
    await page.getByRole('button', { name: 'Thêm', exact: true }).click();
    await poll(() => page.getByRole('cell', { name: authorName, exact: true }).isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Nhà xuất bản' }).click();
    await poll(() => page.getByRole('tabpanel').getByRole('row').count()).toBeGreaterThan(1);
    await page.getByRole('tab', { name: 'Tác giả' }).click();
    await poll(() => page.getByRole('cell', { name: authorName, exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'admin-masters-desktop');

    // Book: validation first, then the whole form with two images.
    await page.getByRole('link', { name: 'Sách', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/books');
    await poll(() => page.getByRole('table').getByRole('row').count()).toBe(11);
    await settleImages(page);
    await screenshot(page, 'admin-books-desktop');
    await page.getByRole('button', { name: 'Thêm sách' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thêm sách mới' });
    await poll(() => dialog.isVisible()).toBe(true);
    // Spec section 9 defaults.
    expect(await dialog.getByLabel('Số trang').inputValue()).toBe('100');
    expect(await dialog.getByLabel('Khối lượng (g)').inputValue()).toBe('200');
    expect(await dialog.getByLabel('Dày (cm)').inputValue()).toBe('1.5');
    expect(await dialog.getByLabel('Giá bán (₫)').inputValue()).toBe('1');
    expect(await dialog.getByLabel('Loại bìa').inputValue()).toBe('PAPERBACK');
    await page.getByRole('button', { name: 'Tạo sách' }).click();
    await poll(() => dialog.getByText('Điền đủ trường bắt buộc.').isVisible()).toBe(true);
    expect(await dialog.getByText('ISBN-13 là bắt buộc').isVisible()).toBe(true);
    await typeIsbn(dialog, `${isbn.slice(0, 12)}${(Number(isbn[12]) + 1) % 10}`, 'ISBN-13 không hợp lệ (sai checksum)');
    await typeIsbn(dialog, '97860410', 'ISBN-13 phải gồm đúng 13 chữ số');

    await dialog.getByLabel('Tên sách').fill(bookTitle);
    await dialog.getByLabel('ISBN-13').fill(isbn);
    await pick(page, 'Nhà xuất bản');
    await pick(page, 'Nhà cung cấp');
    await pick(page, 'Tác giả', authorName);
    await pick(page, 'Danh mục', categoryName);
    await dialog.getByLabel('Giá bán (₫)').fill('125000');
    await dialog.getByLabel('Giá khuyến mãi (₫)').fill('99000');
    await dialog.getByLabel('Tồn kho').fill('20');
    await dialog.getByLabel('Năm xuất bản').fill('2024');
    await dialog.getByLabel('In đậm').click();
    expect(await dialog.locator('textarea').inputValue()).toBe('<strong>nội dung</strong>');
    await dialog.locator('textarea').fill('<p>Một cuốn sách <strong>viết cho kiểm thử</strong>.</p><script>alert(1)</script>');
    await poll(() => dialog.getByLabel('Xem trước mô tả').innerHTML()).toContain('<strong>viết cho kiểm thử</strong>');
    expect(await dialog.getByLabel('Xem trước mô tả').innerHTML()).not.toContain('script');

    await dialog.getByLabel('Chọn ảnh sách').setInputFiles(await makeImages());
    await poll(() => dialog.getByRole('list', { name: 'Ảnh của sách' }).getByRole('listitem').count()).toBe(2);
    // The JPEG becomes the cover.
    await dialog.getByRole('button', { name: 'Đưa bia-sau.jpg lên trước' }).click();
    await poll(() => dialog.getByRole('img', { name: 'Ảnh chờ tải lên: bia-sau.jpg' }).evaluate((el) => el.closest('li')?.textContent ?? '')).toContain('Ảnh bìa');
    // The dialog as seen on screen (a full-page shot would cut its backdrop), top and bottom of its body.
    const body = dialog.locator('form').locator('xpath=..');
    await body.evaluate((el) => el.scrollTo(0, 0));
    await page.screenshot({ path: path.join(artifactsDir, 'admin-books-modal-desktop.png') });
    await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.screenshot({ path: path.join(artifactsDir, 'admin-books-modal-desktop-bottom.png') });

    await page.getByRole('button', { name: 'Tạo sách' }).click();
    // Saved, images uploaded (the progress bar shows meanwhile), then the dialog closes.
    await poll(() => page.getByRole('dialog').count(), 60_000).toBe(0);
    await poll(() => page.getByRole('button', { name: bookTitle, exact: true }).isVisible()).toBe(true);

    const adminToken = await apiLogin('admin', 'Admin@123');
    const found = await call<PageResult<AdminBookRowDto>>('GET', `/api/v1/admin/books?q=${encodeURIComponent(bookTitle)}`, adminToken);
    expect(found.content).toHaveLength(1);
    const created = found.content[0]!;
    expect(created.imageCount).toBe(2);
    expect(created.isbn13).toBe(isbn);
    expect(created.authors.map((a) => a.name)).toEqual([authorName]);
    expect(created.categories.map((c) => c.name)).toEqual([categoryName]);
    expect(created.price).toBe(125000);
    expect(created.stock).toBe(20);

    // ?edit={id} opens the book in the dialog; the images are in the order chosen.
    await page.goto(`/admin/books?edit=${created.id}`);
    const edit = page.getByRole('dialog', { name: `Sửa sách: ${bookTitle}` });
    await poll(() => edit.getByLabel('Tên sách').inputValue()).toBe(bookTitle);
    await poll(() => edit.getByRole('list', { name: 'Ảnh của sách' }).getByRole('listitem').count()).toBe(2);
    await settleImages(page);
    await page.screenshot({ path: path.join(artifactsDir, 'admin-books-edit-desktop.png') });
    // Stored images: reordered on the server at once.
    const before = await call<{ images: { id: number }[] }>('GET', `/api/v1/admin/books/${created.id}`, adminToken);
    await edit.getByRole('button', { name: 'Đưa Ảnh 2 lên trước' }).click();
    await poll(async () => (await call<{ images: { id: number }[] }>('GET', `/api/v1/admin/books/${created.id}`, adminToken)).images.map((i) => i.id)).toEqual(
      before.images.map((i) => i.id).reverse(),
    );
    // A file that is not an image is refused by the server; one over 10 MB already by the browser.
    await edit.getByLabel('Chọn ảnh sách').setInputFiles({ name: 'gia-mao.png', mimeType: 'image/png', buffer: Buffer.from('không phải ảnh') });
    await poll(() => edit.getByRole('alert').filter({ hasText: 'Upload ảnh thất bại. Vui lòng thử lại.' }).isVisible()).toBe(true);
    await edit.getByRole('button', { name: 'Xoá gia-mao.png' }).click();
    await edit.getByLabel('Chọn ảnh sách').setInputFiles({ name: 'qua-lon.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0xff) });
    await poll(() => edit.getByRole('alert').filter({ hasText: 'Ảnh vượt quá 10 MB' }).isVisible()).toBe(true);
    expect(await edit.getByRole('list', { name: 'Ảnh của sách' }).getByRole('listitem').count()).toBe(2);
    // Stock is shown, not edited: it moves through the stock room, one link away.
    await edit.getByRole('link', { name: 'Xem kho' }).waitFor();
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await poll(() => edit.isVisible()).toBe(false);
    expect(new URL(page.url()).searchParams.get('edit')).toBeNull();

    // A missing book: the load error.
    await page.goto('/admin/books?edit=99999999');
    await poll(() => page.getByRole('dialog').getByText('Không tải được thông tin sách.').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await poll(() => page.getByRole('dialog').count()).toBe(0);

    // The storefront shows it, with an image served from /media.
    const shop = await newPage(browser, store.baseUrl);
    await shop.page.goto(`/books/${created.slug}`);
    await poll(() => shop.page.getByRole('heading', { level: 1, name: bookTitle }).isVisible()).toBe(true);
    const mediaImage = shop.page.locator('main img[src*="/media/books/"]').first();
    await poll(() => mediaImage.isVisible()).toBe(true);
    await poll(() => mediaImage.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    // The description comes with the page's HTML, cleaned by the server.
    await poll(() => shop.page.getByText('viết cho kiểm thử').isVisible()).toBe(true);
    await settleImages(shop.page);
    await screenshot(shop.page, 'admin-created-book-storefront');
    await shop.context.close();

    // The category is renamed and moved under 'Văn học'; the author is renamed inline.
    await page.goto('/admin/categories');
    const renamed = `${categoryName} (đổi tên)`;
    await page.getByRole('button', { name: `Đổi tên ${categoryName}`, exact: true }).click();
    await page.getByLabel(`Tên mới của ${categoryName}`).fill(renamed);
    await page.keyboard.press('Enter');
    await poll(() => page.getByRole('listitem', { name: renamed }).isVisible()).toBe(true);
    await page.getByRole('button', { name: `Chuyển ${renamed}`, exact: true }).click();
    await page.getByRole('dialog').getByLabel('Danh mục cha mới').selectOption({ label: 'Văn học' });
    await page.getByRole('dialog').getByRole('button', { name: 'Chuyển', exact: true }).click();
    await poll(() => page.getByRole('listitem', { name: 'Văn học', exact: true }).getByRole('listitem', { name: renamed }).isVisible()).toBe(true);
    const cats = await call<{ name: string; parentId: number | null; depth: number }[]>('GET', '/api/v1/admin/categories', adminToken);
    expect(cats.find((c) => c.name === renamed)?.depth).toBe(1);

    await page.goto('/admin/masters?tab=authors');
    await page.getByRole('searchbox', { name: 'Tìm tác giả' }).fill(authorName);
    await page.getByRole('button', { name: `Sửa ${authorName}`, exact: true }).click();
    await page.getByRole('textbox', { name: 'Tên', exact: true }).fill(`${authorName} II`);
    await page.keyboard.press('Enter');
    await poll(() => page.getByRole('cell', { name: `${authorName} II`, exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  it('disables a customer, who then cannot log in; a hard delete of a customer with orders is refused', async () => {
    // The demo customer has an order, so the hard delete below is refused.
    const khachToken = await apiLogin('khach', 'Khach@123');
    await placeOrder(khachToken);

    const { context, page } = await newPage(browser, store.baseUrl);
    await logInThroughUi(page, 'admin', 'Admin@123');
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.goto('/admin/users');
    await poll(() => page.getByRole('table').getByRole('row').count()).toBeGreaterThan(1);
    await page.getByRole('searchbox', { name: 'Tìm người dùng' }).fill('lan.nguyen');
    await poll(() => page.getByRole('table').getByRole('row').count()).toBe(2);
    await page.getByRole('button', { name: 'Vô hiệu hoá lan.nguyen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Vô hiệu hoá' }).click();
    await poll(() => page.getByRole('row').filter({ hasText: 'lan.nguyen' }).getByText('Đã vô hiệu hoá').isVisible()).toBe(true);
    await poll(() => page.getByRole('button', { name: 'Kích hoạt lại lan.nguyen' }).isVisible()).toBe(true);

    await page.getByRole('searchbox', { name: 'Tìm người dùng' }).fill('khach');
    await poll(() => page.getByRole('button', { name: 'Xoá vĩnh viễn khach' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Xoá vĩnh viễn khach' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xoá vĩnh viễn' }).click();
    await poll(() => page.getByRole('alert').filter({ hasText: 'không thể xoá vĩnh viễn' }).isVisible()).toBe(true);

    // A new staff account.
    await page.getByRole('button', { name: 'Tạo nhân viên' }).click();
    const staff = page.getByRole('dialog', { name: 'Tạo nhân viên' });
    await staff.getByLabel('Tên đăng nhập').fill(`nv.${suffix}`);
    await staff.getByLabel('Email').fill(`nv.${suffix}@nhasach.vn`);
    await staff.getByLabel('Mật khẩu', { exact: true }).fill('NhanVien@1');
    await staff.getByLabel('Họ và tên').fill('Nhân Viên Mới');
    await staff.getByRole('button', { name: 'Tạo tài khoản' }).click();
    await poll(() => staff.isVisible()).toBe(false);
    await page.getByRole('searchbox', { name: 'Tìm người dùng' }).fill('');
    await poll(() => page.getByRole('row').filter({ hasText: `nv.${suffix}` }).getByText('Nhân viên bán hàng').isVisible()).toBe(true);
    await screenshot(page, 'admin-users-desktop');

    // The disabled reader cannot log in.
    const reader = await newPage(browser, store.baseUrl);
    await logInThroughUi(reader.page, 'lan.nguyen', 'Docgia@123');
    await poll(() => reader.page.getByText('Tài khoản đã bị vô hiệu hoá.').isVisible()).toBe(true);
    expect(new URL(reader.page.url()).pathname).toBe('/dang-nhap');
    await reader.context.close();
    await context.close();
  });

  it('shows the figures of the dashboard API, including a new order', async () => {
    const adminToken = await apiLogin('admin', 'Admin@123');
    const before = await call<DashboardDto>('GET', '/api/v1/admin/dashboard', adminToken);
    const khachToken = await apiLogin('khach', 'Khach@123');
    const order = await placeOrder(khachToken);
    // Counted as revenue once paid (REVENUE_RULE).
    await call('PUT', `/api/v1/sales/orders/${order.id}/payment`, adminToken, { paymentStatus: 'PAID' });
    const after = await call<DashboardDto>('GET', '/api/v1/admin/dashboard', adminToken);
    expect(after.today.placed).toBe(before.today.placed + 1);
    expect(after.today.revenue).toBe(before.today.revenue + order.grandTotal);

    const { context, page } = await newPage(browser, store.baseUrl);
    await logInThroughUi(page, 'admin', 'Admin@123');
    await page.waitForURL((url) => url.pathname === '/admin');
    await poll(() => page.getByTestId('placed-Hôm nay').innerText()).toBe(String(after.today.placed));
    expect((await page.getByTestId('revenue-Hôm nay').innerText()).replace(/\s/g, ' ')).toBe(formatVnd(after.today.revenue).replace(/\s/g, ' '));
    expect(await page.getByRole('region', { name: 'Sách bán chạy' }).getByRole('listitem').count()).toBeGreaterThan(0);
    // The audit log lists this run's writes (the category, author and book of the first test).
    const activity = page.getByRole('region', { name: 'Hoạt động gần đây' });
    await poll(() => activity.getByRole('listitem').count()).toBeGreaterThan(0);
    await activity.getByLabel('Lọc theo đối tượng').selectOption('AUTHOR');
    await poll(() => activity.getByText(authorName).first().isVisible()).toBe(true);
    await activity.getByLabel('Lọc theo đối tượng').selectOption('');
    // The outbox shows the order confirmation mailed to the customer, with its text.
    const outbox = page.getByRole('region', { name: 'Hộp thư đi' });
    await outbox.getByLabel('Lọc theo email người nhận').fill('khach@nhasach.local');
    const confirmation = outbox.getByRole('button', { name: new RegExp(`Xác nhận đơn hàng ${order.code}`) });
    await poll(() => confirmation.isVisible()).toBe(true);
    await confirmation.click();
    await poll(() => outbox.locator('pre').first().innerText()).toContain(order.code);
    // The sales report (by category, 30 days) holds the paid order's lines, with the report API's figures.
    const to = isoDateVN(Date.now());
    const from = isoDateVN(Date.now() - 29 * 24 * 3600 * 1000);
    const report = await call<SalesReportDto>('GET', `/api/v1/admin/reports/sales?groupBy=category&from=${from}&to=${to}`, adminToken);
    expect(report.totals.orders).toBeGreaterThan(0);
    const sales = page.getByRole('region', { name: 'Báo cáo bán hàng' });
    await sales.getByText(formatVnd(report.totals.revenue)).first().waitFor();
    for (const row of report.rows.slice(0, 10)) await sales.getByTitle(row.label).waitFor();
    await sales.getByRole('link', { name: 'Xem chi tiết' }).click();
    await page.waitForURL(`**/admin/stock/reports?groupBy=category&from=${from}&to=${to}`);
    // The address changes before the report page has replaced the dashboard: read it once its table is there.
    await page.getByRole('cell', { name: 'Tổng cộng' }).waitFor();
    expect(await page.getByLabel('Theo').and(page.locator('select')).inputValue()).toBe('category');
    expect(await page.getByRole('row', { name: /Tổng cộng/ }).textContent()).toContain(formatVnd(report.totals.revenue));
    await page.goBack();
    await sales.getByTestId('sales-report').waitFor();
    await outbox.getByLabel('Lọc theo email người nhận').fill('');
    await settleImages(page);
    await screenshot(page, 'admin-dashboard-desktop');

    // Mobile: the sidebar folds into the menu of the top bar.
    const mobile = await newPage(browser, store.baseUrl, { viewport: MOBILE });
    await logInThroughUi(mobile.page, 'admin', 'Admin@123');
    await mobile.page.waitForURL((url) => url.pathname === '/admin');
    await poll(() => mobile.page.getByTestId('placed-Hôm nay').isVisible()).toBe(true);
    await settleImages(mobile.page);
    await screenshot(mobile.page, 'admin-dashboard-mobile');
    expect(await noHorizontalScroll(mobile.page)).toBe(true);
    await mobile.page.getByRole('button', { name: 'admin' }).click();
    await mobile.page.getByRole('menuitem', { name: 'Sách', exact: true }).click();
    await mobile.page.waitForURL((url) => url.pathname === '/admin/books');
    await poll(() => mobile.page.getByRole('list', { name: 'Danh sách sách' }).getByRole('listitem').count()).toBe(10);
    await settleImages(mobile.page);
    await screenshot(mobile.page, 'admin-books-mobile');
    expect(await noHorizontalScroll(mobile.page)).toBe(true);
    await mobile.page.getByRole('button', { name: 'Thêm sách' }).click();
    await poll(() => mobile.page.getByRole('dialog', { name: 'Thêm sách mới' }).isVisible()).toBe(true);
    await mobile.page.screenshot({ path: path.join(artifactsDir, 'admin-books-modal-mobile.png') });
    await mobile.page.keyboard.press('Escape');
    await mobile.page.goto('/admin/users');
    await poll(() => mobile.page.getByRole('list', { name: 'Danh sách người dùng' }).getByRole('listitem').count()).toBe(10);
    await screenshot(mobile.page, 'admin-users-mobile');
    expect(await noHorizontalScroll(mobile.page)).toBe(true);
    await mobile.context.close();
    await context.close();
  });
});

/** The customer orders one in-stock book, cash on delivery, to a saved address (spec section 7, Orders). */
/**
 * Types an ISBN and waits for its message. Right after a refused submit the form re-renders and moves focus to
 * the first wrong field, which on a busy machine can swallow the first fill; the value is checked and typed again.
 */
async function typeIsbn(dialog: Locator, value: string, message: string): Promise<void> {
  const field = dialog.getByLabel('ISBN-13');
  await poll(async () => {
    if ((await field.inputValue()) !== value) await field.fill(value);
    await field.blur();
    return dialog.getByText(message).isVisible();
  }).toBe(true);
}

async function placeOrder(token: string): Promise<{ id: number; code: string; grandTotal: number }> {
  const books = await call<{ content: { id: number; stock: number }[] }>('GET', '/api/v1/books?size=20&status=ACTIVE', token);
  const book = books.content.find((b) => b.stock > 2);
  if (!book) throw new Error('no book in stock');
  await call('POST', '/api/v1/cart/items', token, { bookId: book.id, qty: 1 });
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
  return call('POST', '/api/v1/orders', token, { addressId: addresses[0]!.id, paymentMethod: 'COD', deliveryMethod: 'STANDARD' });
}

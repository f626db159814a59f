import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseUnit, MOBILE, newPage, screenshot, storeForFile, TEST_ADDRESS } from './harness.ts';

const shop = storeForFile();

/** Polls until the matcher passes; generous because the machine running the suite may be busy. */
const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout, interval: 100 });
const digits = (text: string) => Number(text.replace(/\D/g, ''));

interface Book {
  id: number;
  slug: string;
  title: string;
  stock: number;
  effectivePrice: number;
}

/** Active books with enough stock for the journey, from the public catalogue API. */
async function booksInStock(count: number): Promise<Book[]> {
  const res = await fetch(`${shop.store.baseUrl}/api/v1/books?page=0&size=40&status=ACTIVE&sort=createdAt&direction=DESC`);
  const body = (await res.json()) as { data: { content: Book[] } };
  const books = body.data.content.filter((b) => b.stock >= 10);
  expect(books.length).toBeGreaterThanOrEqual(count);
  return books.slice(0, count);
}

async function logIn(page: Page) {
  await page.goto('/dang-nhap');
  await page.getByLabel('Tên đăng nhập hoặc email').fill('khach');
  await page.getByLabel('Mật khẩu', { exact: true }).fill('Khach@123');
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

const badge = (page: Page) => page.evaluate(() => localStorage.getItem('CART_BADGE_COUNT'));

async function addFromProductPage(page: Page, book: Book) {
  await page.goto(`/books/${book.slug}`);
  await poll(() => page.getByRole('heading', { level: 1, name: book.title }).isVisible()).toBe(true);
  const before = Number((await badge(page)) ?? '0');
  await page.getByRole('button', { name: 'Thêm vào giỏ hàng' }).click();
  await poll(async () => Number((await badge(page)) ?? '0')).toBe(before + 1);
}

/** Empties the cart through the page (the demo customer may already have something in it). */
async function emptyCart(page: Page) {
  await page.goto('/gio-hang');
  const empty = page.getByText('Giỏ hàng trống');
  const lines = page.getByTestId('cart-line');
  await poll(async () => (await empty.isVisible()) || (await lines.count()) > 0).toBe(true);
  if (await empty.isVisible()) return;
  await page.getByRole('button', { name: 'Xoá tất cả' }).click();
  await page.getByRole('dialog', { name: 'Xoá tất cả sản phẩm?' }).getByRole('button', { name: 'Xoá' }).click();
  await poll(() => empty.isVisible()).toBe(true);
  expect(await badge(page)).toBe('0');
}

const line = (page: Page, title: string) => page.getByTestId('cart-line').filter({ hasText: title });
const grandTotal = async (page: Page) => digits(await page.getByTestId('cart-grand-total').innerText());

async function settle(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

/** Places the order on /checkout with the chosen payment method and returns nothing; the caller waits for where it lands. */
async function placeOrder(page: Page, payment: 'COD' | 'VNPAY') {
  await page.getByRole('radio', { name: payment === 'COD' ? /Thanh toán bằng tiền mặt/ : /Thanh toán qua VNPAY/ }).check();
  await page.getByRole('button', { name: 'Đặt hàng', exact: true }).click();
}

const orderCodeOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

describe('cart, checkout, orders and VNPAY', () => {
  it('cart, new address at checkout, COD order, cancel; buy now with VNPAY paid and cancelled at the gateway', { timeout: 360_000 }, async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const [a, b, c] = await booksInStock(3);
    if (!a || !b || !c) throw new Error('not enough books in stock');

    // ---- A guest's cart page shows the guest's own (empty) cart.
    await page.goto('/gio-hang');
    await poll(() => page.getByText('Giỏ hàng trống').isVisible()).toBe(true);

    await logIn(page);
    await emptyCart(page);

    // ---- Three books from their product pages; the badge counts distinct lines.
    await addFromProductPage(page, a);
    await addFromProductPage(page, b);
    await addFromProductPage(page, c);
    expect(await badge(page)).toBe('3');
    await poll(() => page.getByRole('link', { name: 'Giỏ hàng, 3 sản phẩm' }).first().isVisible()).toBe(true);

    // ---- Cart: quantities, selection, delete the unselected line.
    await page.goto('/gio-hang');
    await poll(() => page.getByTestId('cart-line').count()).toBe(3);
    const total1 = await grandTotal(page);
    await line(page, a.title).getByRole('button', { name: /^Tăng số lượng/ }).click();
    await poll(() => line(page, a.title).getByRole('textbox').inputValue()).toBe('2');
    await poll(() => grandTotal(page)).not.toBe(total1);
    // Typing a quantity is sent when the field is left.
    await line(page, b.title).getByRole('textbox').fill('3');
    await line(page, b.title).getByRole('textbox').press('Enter');
    await poll(() => page.getByTestId('cart-selected-count').innerText()).toMatch(/3 sản phẩm · 6 cuốn/);
    // Minus at 1 asks before removing; 'Huỷ' keeps the line.
    await line(page, c.title).getByRole('button', { name: /^Giảm số lượng/ }).click();
    const removeDialog = page.getByRole('dialog', { name: 'Xoá sản phẩm khỏi giỏ hàng?' });
    await poll(() => removeDialog.isVisible()).toBe(true);
    await removeDialog.getByRole('button', { name: 'Huỷ' }).click();
    expect(await page.getByTestId('cart-line').count()).toBe(3);

    // Untick C: the summary counts the selected lines only; 'Chọn tất cả' is then half-ticked.
    const selected = () => page.getByTestId('cart-selected-count').innerText();
    const selectAll = page.getByRole('checkbox', { name: /Chọn tất cả/ });
    await line(page, c.title).getByRole('checkbox').uncheck();
    await poll(selected).toMatch(/2 sản phẩm · 5 cuốn/);
    expect(await selectAll.evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);
    // Select all ticks everything; again, nothing is selected and checkout is disabled.
    await selectAll.click();
    await poll(selected).toMatch(/3 sản phẩm · 6 cuốn/);
    await selectAll.click();
    await poll(selected).toMatch(/0 sản phẩm/);
    expect(await page.getByRole('button', { name: /^Mua hàng/ }).first().isDisabled()).toBe(true);
    await selectAll.click();
    await poll(selected).toMatch(/3 sản phẩm/);
    // Then untick C and delete the unselected lines.
    await line(page, c.title).getByRole('checkbox').uncheck();
    await poll(selected).toMatch(/2 sản phẩm · 5 cuốn/);
    await page.getByRole('button', { name: 'Xoá sản phẩm chưa chọn' }).click();
    await page.getByRole('dialog', { name: 'Xoá sản phẩm chưa chọn?' }).getByRole('button', { name: 'Xoá' }).click();
    await poll(() => page.getByTestId('cart-line').count()).toBe(2);
    await poll(() => badge(page)).toBe('2');
    const expectedGoods = a.effectivePrice * 2 + b.effectivePrice * 3;
    await settle(page);
    await screenshot(page, 'cart-desktop');

    // ---- Checkout: no saved address yet, so the form asks for one (province, then ward: the 2025 units).
    await page.getByRole('button', { name: /^Mua hàng/ }).first().click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await poll(() => page.getByTestId('checkout-line').count()).toBe(2);
    const form = page.getByRole('form', { name: 'Thêm địa chỉ mới' });
    await poll(() => form.isVisible()).toBe(true);
    // Empty save: the required messages.
    await form.getByRole('button', { name: 'Lưu địa chỉ' }).click();
    await poll(() => form.getByText('Vui lòng chọn tỉnh/thành phố.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Đặt hàng', exact: true }).isDisabled()).toBe(true);
    await form.getByLabel('Họ và tên người nhận').fill('Nguyễn Văn Khách');
    await form.getByLabel('Số điện thoại').fill('0901 234 567');
    await chooseUnit(page, form.getByLabel('Tỉnh/Thành phố'), 'ha noi', 'Thành phố Hà Nội');
    // Ward once a province is chosen.
    await form.getByRole('button', { name: 'Lưu địa chỉ' }).click();
    await poll(() => form.getByText('Vui lòng chọn phường/xã.').isVisible()).toBe(true);
    const wardName = await chooseUnit(page, form.getByLabel('Phường/Xã'), 'hoan kiem');
    await form.getByLabel('Địa chỉ cụ thể').fill('12 Tràng Tiền');
    await form.getByRole('button', { name: 'Lưu địa chỉ' }).click();
    await poll(() => page.getByText('Thêm địa chỉ thành công').isVisible()).toBe(true);
    const chosen = page.getByTestId('checkout-address').first();
    await poll(() => chosen.isVisible()).toBe(true);
    expect(await chosen.innerText()).toContain(wardName);
    expect(await chosen.getByRole('radio').isChecked()).toBe(true);

    // Delivery: EXPRESS costs the carrier's quote for this address on top of the goods.
    await page.getByRole('radio', { name: /Hỏa tốc/ }).check();
    const express = page.getByTestId('shipping-option').and(page.locator('[data-method="EXPRESS"]'));
    await poll(async () => Number(await express.getAttribute('data-fee'))).toBeGreaterThan(0);
    const expressFee = Number(await express.getAttribute('data-fee'));
    await poll(async () => digits(await page.getByTestId('checkout-total').innerText())).toBe(expectedGoods + expressFee);
    await page.getByLabel('Ghi chú cho đơn hàng').fill('   Giao giờ hành chính   ');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'checkout-desktop');

    // ---- COD order: lands on its page, the cart keeps nothing of it.
    await placeOrder(page, 'COD');
    await page.waitForURL((url) => url.pathname.startsWith('/orders/'));
    const codOrder = orderCodeOf(page);
    expect(codOrder).toMatch(/^NS\d{6}[0-9A-Z]{6}$/);
    await poll(() => page.getByText('Đặt hàng thành công!').isVisible()).toBe(true);
    expect(await page.getByTestId('order-status').first().innerText()).toBe('Chờ xác nhận');
    expect(await page.getByTestId('order-item').count()).toBe(2);
    expect(await page.getByText('Giao giờ hành chính').isVisible()).toBe(true);
    expect(await page.getByText('Thanh toán bằng tiền mặt', { exact: true }).isVisible()).toBe(true);
    await poll(() => badge(page)).toBe('0');
    await settle(page);
    await screenshot(page, 'order-detail-desktop');

    // ---- My orders: pending tab (the default) lists it.
    await page.goto('/don-hang');
    const rows = page.getByTestId('order-row');
    await poll(() => rows.filter({ hasText: codOrder }).count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Trạng thái đơn hàng' }).getByRole('link', { name: 'Chờ xác nhận' }).getAttribute('aria-current')).toBe('page');
    expect(await rows.filter({ hasText: codOrder }).innerText()).toContain('+ 1 sp khác');
    await settle(page);
    await screenshot(page, 'orders-desktop');

    // ---- Cancel with a reason: nothing ticked is refused, then a preset plus text.
    await rows.filter({ hasText: codOrder }).getByRole('link', { name: 'Xem chi tiết' }).click();
    await page.waitForURL((url) => url.pathname === `/orders/${codOrder}`);
    await page.getByRole('button', { name: 'Huỷ đơn hàng' }).click();
    const cancel = page.getByRole('dialog', { name: `Huỷ đơn hàng ${codOrder}` });
    await cancel.getByRole('button', { name: 'Xác nhận huỷ' }).click();
    await poll(() => cancel.getByText('Vui lòng chọn ít nhất 1 lý do hoặc nhập nội dung.').isVisible()).toBe(true);
    await cancel.getByRole('checkbox', { name: 'Thay đổi nhu cầu' }).check();
    await cancel.getByLabel('Lý do khác').fill('Đã mua ở nhà sách gần nhà');
    await screenshot(page, 'order-cancel-dialog-desktop');
    await cancel.getByRole('button', { name: 'Xác nhận huỷ' }).click();
    await poll(() => page.getByTestId('order-status').first().innerText()).toBe('Đã huỷ');
    expect(await page.getByTestId('cancel-reason').innerText()).toBe('Thay đổi nhu cầu; Đã mua ở nhà sách gần nhà');
    expect(await page.getByRole('button', { name: 'Huỷ đơn hàng' }).count()).toBe(0);

    await page.goto('/don-hang');
    await page.getByRole('navigation', { name: 'Trạng thái đơn hàng' }).getByRole('link', { name: 'Đã huỷ' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'CANCELED');
    await poll(() => rows.filter({ hasText: codOrder }).count()).toBe(1);
    await page.getByRole('navigation', { name: 'Trạng thái đơn hàng' }).getByRole('link', { name: 'Chờ xác nhận' }).click();
    await poll(() => page.getByText('Chưa có đơn hàng nào', { exact: true }).isVisible()).toBe(true);

    // ---- Buy now: B waits in the cart, A is bought alone through VNPAY and paid at the gateway.
    await addFromProductPage(page, b);
    await page.goto(`/books/${a.slug}`);
    await poll(() => page.getByRole('heading', { level: 1, name: a.title }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Mua ngay' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await poll(() => page.getByTestId('checkout-line').count()).toBe(1);
    expect(await page.getByTestId('checkout-line').innerText()).toContain(a.title);
    await placeOrder(page, 'VNPAY');
    await page.waitForURL((url) => url.pathname === '/sandbox/vnpay');
    await poll(() => page.getByRole('button', { name: 'Thanh toán', exact: true }).isVisible()).toBe(true);
    // The store set the one-time flag that keeps the welcome overlay away on the way back.
    expect(await page.evaluate(() => localStorage.getItem('intro-skip-once'))).toBe('1');
    await page.getByRole('button', { name: 'Thanh toán', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/checkout' && url.searchParams.has('vnp_ResponseCode'));
    const result = page.getByTestId('payment-result');
    await poll(() => result.getAttribute('data-result'), 20_000).toBe('success');
    expect(await result.innerText()).toContain('Thanh toán thành công');
    // Back on the store the flag was used up, and no overlay covers the banner.
    expect(await page.evaluate(() => localStorage.getItem('intro-skip-once'))).toBeNull();
    expect(await page.getByRole('button', { name: 'Khám phá ngay' }).count()).toBe(0);
    await screenshot(page, 'payment-success-desktop');
    await result.getByRole('link', { name: 'Xem đơn hàng' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/orders/'));
    await poll(() => page.getByTestId('payment-status').first().innerText()).toBe('Đã thanh toán');
    expect(await page.getByRole('button', { name: 'Thanh toán' }).count()).toBe(0);

    // ---- Another VNPAY order (B), cancelled at the gateway: the failure banner and a way to pay again.
    await page.goto('/gio-hang');
    await poll(() => page.getByTestId('cart-line').count()).toBe(1);
    await line(page, b.title).getByRole('checkbox').check();
    await poll(() => page.getByTestId('cart-selected-count').innerText()).toMatch(/1 sản phẩm/);
    await page.getByRole('button', { name: /^Mua hàng/ }).first().click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await poll(() => page.getByTestId('checkout-line').count()).toBe(1);
    await placeOrder(page, 'VNPAY');
    await page.waitForURL((url) => url.pathname === '/sandbox/vnpay');
    await page.getByRole('button', { name: 'Huỷ giao dịch' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout' && url.searchParams.get('vnp_ResponseCode') === '24');
    await poll(() => result.getAttribute('data-result')).toBe('fail');
    expect(await result.innerText()).toContain('Thanh toán VNPAY không thành công.');
    await poll(() => result.getByRole('button', { name: 'Thanh toán lại' }).isVisible()).toBe(true);
    await screenshot(page, 'payment-fail-desktop');
    await result.getByRole('link', { name: 'Xem đơn hàng' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/orders/'));
    await poll(() => page.getByTestId('payment-status').first().innerText()).toBe('Chưa thanh toán');
    expect(await page.getByRole('button', { name: 'Thanh toán' }).isVisible()).toBe(true);
    await settle(page);
    await screenshot(page, 'order-detail-vnpay-unpaid-desktop');

    expect(errors).toEqual([]);
    await context.close();
  });

  it("a reload of checkout or of an order arrives rendered with the shopper's data and hydrates as it is; after logout, the shell", { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await logIn(page);
    const [book] = await booksInStock(1);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const call = async <T,>(method: string, url: string, body?: unknown) => {
      const res = await page.request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data: body });
      expect(res.ok(), `${method} ${url}`).toBe(true);
      return ((await res.json()) as { data: T }).data;
    };
    const line1 = `Số ${Date.now() % 1000} Đường Trang Dựng Sẵn`;
    const address = await call<{ id: number }>('POST', '/api/v1/address', { ...TEST_ADDRESS, line1, makeDefault: true });
    await call('POST', '/api/v1/cart/items', { bookId: book!.id, qty: 1 });
    const order = await call<{ code: string }>('POST', '/api/v1/orders', { addressId: address.id, paymentMethod: 'COD', deliveryMethod: 'STANDARD' });
    await call('POST', '/api/v1/cart/items', { bookId: book!.id, qty: 1 });

    // The HTML itself, before any script: the browser's cookies went with the request (the page cookie of the login form).
    const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</body>'));
    const checkoutHtml = await (await page.request.get('/checkout')).text();
    expect(rootOf(checkoutHtml)).toContain(line1);
    expect(rootOf(checkoutHtml)).toContain(book!.title);
    const orderHtml = await (await page.request.get(`/orders/${order.code}`)).text();
    expect(rootOf(orderHtml)).toContain(order.code);
    expect(rootOf(orderHtml)).toContain(line1);

    // Loaded as a shopper loads them: the app takes the HTML over without rebuilding it, and the page works.
    await page.goto('/checkout');
    await poll(() => page.getByText(line1).first().isVisible()).toBe(true);
    await poll(() => page.getByRole('button', { name: 'Đặt hàng' }).first().isEnabled()).toBe(true);
    await page.goto(`/orders/${order.code}`);
    await poll(() => page.getByRole('button', { name: 'Huỷ đơn hàng' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);

    await page.getByRole('button', { name: /^Tài khoản của / }).click();
    await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    await page.waitForURL((url) => url.pathname === '/dang-nhap');
    const after = await (await page.request.get('/checkout')).text();
    expect(after).toContain('<div id="root"></div>');
    expect(after).not.toContain(line1);
    await context.close();
  });

  it('addresses page: add, edit, set default, delete', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    await logIn(page);
    await page.goto('/tai-khoan/dia-chi');
    const cards = page.getByTestId('address-card');
    const addButton = page.getByRole('button', { name: 'Thêm địa chỉ mới' });
    const newForm = page.getByRole('form', { name: 'Thêm địa chỉ mới' });
    await poll(async () => (await addButton.isVisible()) || (await newForm.isVisible())).toBe(true);
    const before = await cards.count();

    const add = async (name: string, phone: string, province: string, street: string) => {
      if (!(await newForm.isVisible())) await addButton.click();
      await newForm.getByLabel('Họ và tên người nhận').fill(name);
      await newForm.getByLabel('Số điện thoại').fill(phone);
      await chooseUnit(page, newForm.getByLabel('Tỉnh/Thành phố'), province, province);
      await chooseUnit(page, newForm.getByLabel('Phường/Xã'), 'phuong');
      await newForm.getByLabel('Địa chỉ cụ thể').fill(street);
      await newForm.getByRole('button', { name: 'Lưu địa chỉ' }).click();
    };

    // A wrong phone is refused by the form.
    await add('Lê Thị Nhận', 'abc', 'Thành phố Hồ Chí Minh', '45 Lê Lợi');
    await poll(() => newForm.getByText('Số điện thoại phải gồm 8-15 ký tự số, +, - hoặc khoảng trắng.').isVisible()).toBe(true);
    await newForm.getByLabel('Số điện thoại').fill('+84 912-345-678');
    await newForm.getByRole('button', { name: 'Lưu địa chỉ' }).click();
    await poll(() => page.getByText('Thêm địa chỉ thành công').first().isVisible()).toBe(true);
    await poll(() => cards.count()).toBe(before + 1);
    await add('Phạm Văn Phụ', '0987654321', 'Thành phố Hà Nội', '8 Hàng Bài');
    await poll(() => cards.count()).toBe(before + 2);

    // Edit one.
    const mine = cards.filter({ hasText: 'Lê Thị Nhận' });
    await mine.getByRole('button', { name: /^Sửa/ }).click();
    const edit = page.getByRole('form', { name: 'Sửa địa chỉ' });
    await poll(() => edit.getByLabel('Phường/Xã').inputValue()).not.toBe('');
    await edit.getByLabel('Địa chỉ cụ thể').fill('47 Lê Lợi');
    await edit.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await poll(() => page.getByText('Cập nhật địa chỉ thành công').isVisible()).toBe(true);
    await poll(() => mine.innerText()).toContain('47 Lê Lợi');

    // Make the other one the default: it moves first with the badge.
    const other = cards.filter({ hasText: 'Phạm Văn Phụ' });
    if (await other.getByRole('button', { name: 'Đặt làm mặc định' }).count()) {
      await other.getByRole('button', { name: 'Đặt làm mặc định' }).click();
    }
    await poll(() => cards.first().innerText()).toContain('Phạm Văn Phụ');
    expect(await cards.first().getByText('Mặc định').isVisible()).toBe(true);
    await screenshot(page, 'addresses-desktop');

    // Delete the first one added.
    await mine.getByRole('button', { name: /^Xoá/ }).click();
    await page.getByRole('dialog', { name: 'Xoá địa chỉ này?' }).getByRole('button', { name: 'Xoá' }).click();
    await poll(() => cards.count()).toBe(before + 1);
    expect(await mine.count()).toBe(0);
    await context.close();
  });

  it('mobile: cart, checkout, orders and order detail', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl, { viewport: MOBILE });
    const [, , , d] = await booksInStock(4);
    if (!d) throw new Error('not enough books in stock');
    await logIn(page);
    // The badge follows the server cart right after login.
    await poll(async () => (await badge(page)) !== null).toBe(true);
    await emptyCart(page);
    await addFromProductPage(page, d);
    await page.goto('/gio-hang');
    await poll(() => page.getByTestId('cart-line').count()).toBe(1);
    await settle(page);
    await screenshot(page, 'cart-mobile');
    // The total and the button stay at the bottom of the screen.
    const bar = page.getByRole('button', { name: 'Mua hàng', exact: true });
    expect(await bar.isVisible()).toBe(true);
    await bar.click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await poll(() => page.getByTestId('checkout-line').count()).toBe(1);
    await poll(() => page.getByTestId('checkout-address').count()).toBeGreaterThan(0);
    await screenshot(page, 'checkout-mobile');
    await page.getByRole('button', { name: 'Đặt hàng', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/orders/'));
    const code = orderCodeOf(page);
    await poll(() => page.getByTestId('order-item').count()).toBe(1);
    await settle(page);
    await screenshot(page, 'order-detail-mobile');
    await page.goto('/don-hang');
    await poll(() => page.getByTestId('order-row').filter({ hasText: code }).count()).toBe(1);
    await settle(page);
    await screenshot(page, 'orders-mobile');
    await context.close();
  });
});

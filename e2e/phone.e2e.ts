import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, MOBILE, newPage, startStore, storeApi, type ApiInit, type Store } from './harness.ts';

// A phone shopper buys without friction: the buy bar works before the app's scripts, a guest keeps a cart on the
// server that joins the account at login, "Mua ngay" survives login, sold-out books take a "tell me" request that
// is mailed once, a server that stopped answering is said so in Vietnamese, and nothing covers a deep link.

const SHOTS = '/tmp/shots-phone';
let store: Store;
let browser: Browser;
let stopped = false;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  store = await startStore();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (!stopped) await store?.stop();
});

const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout, interval: 100 });
const api = <T>(p: string, init?: ApiInit) => storeApi<T>(store.baseUrl, p, init);
const phone = (opts: { showIntro?: boolean; scripts?: false } = {}) => newPage(browser, store.baseUrl, { viewport: MOBILE, ...opts });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

interface Book {
  id: number;
  slug: string;
  title: string;
  stock: number;
  status: string;
}

/** Visible books of the demo catalogue with the given status, most stock first. */
async function books(status: 'ACTIVE' | 'OUT_OF_STOCK'): Promise<Book[]> {
  const list = (await api<{ content: Book[] }>(`/api/v1/books?page=0&size=60&status=${status}&sort=createdAt&direction=DESC`)).content;
  return list.sort((a, b) => b.stock - a.stock);
}

const token = async (username: string, password: string) => (await api<{ accessToken: string }>('/api/v1/auth/login', { method: 'POST', body: { username, password } })).accessToken;

/** Signs in through the login form the page is on. */
async function fillLogin(page: Page, username: string, password: string) {
  await page.getByLabel('Tên đăng nhập hoặc email').fill(username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
}


describe('phone shopper', () => {
  it('the buy bar is in the server HTML, and a tap before any script adds the book to a guest cart', { timeout: 90_000 }, async () => {
    const book = (await books('ACTIVE'))[0]!;
    const html = await (await fetch(`${store.baseUrl}/books/${book.slug}`)).text();
    expect(html).toContain('data-testid="mobile-buy-bar"');
    expect(html).toMatch(/<form[^>]*action="\/gio-hang\/them"/);

    // No script runs: the page stays the server's HTML.
    const { context, page } = await phone({ scripts: false });
    await page.goto(`/books/${book.slug}`);
    const bar = page.getByTestId('mobile-buy-bar');
    expect(await bar.isVisible()).toBe(true);
    await shot(page, 'product-before-scripts');
    await bar.getByRole('button', { name: 'Thêm vào giỏ hàng' }).click();
    await page.waitForURL((url) => url.pathname === '/gio-hang');
    const cookie = (await context.cookies()).find((c) => c.name === 'nhasach_guest_cart');
    expect(cookie?.httpOnly).toBe(true);
    const cart = await (await fetch(`${store.baseUrl}/api/v1/cart`, { headers: { cookie: `nhasach_guest_cart=${cookie!.value}` } })).json();
    expect(cart.data.items.map((i: { bookId: number }) => i.bookId)).toEqual([book.id]);
    await context.close();
  });

  it('a guest fills a cart, logs in, and finds it in the account', { timeout: 90_000 }, async () => {
    const [a, b] = (await books('ACTIVE')).slice(1, 3);
    const { context, page } = await phone();
    for (const book of [a!, b!]) {
      await page.goto(`/books/${book.slug}`);
      const bar = page.getByTestId('mobile-buy-bar');
      await poll(() => bar.isVisible()).toBe(true);
      await page.waitForTimeout(300);
      await bar.getByRole('button', { name: 'Thêm vào giỏ hàng' }).click();
      // Added either way: by the app once it runs (its toast), or before it starts by the bar's form, which posts and
      // opens the cart.
      await poll(async () => new URL(page.url()).pathname === '/gio-hang' || (await page.getByText('Đã thêm vào giỏ hàng').first().isVisible())).toBe(true);
    }
    await page.goto('/gio-hang');
    await poll(() => page.getByText(a!.title).first().isVisible()).toBe(true);
    expect(await page.getByText(b!.title).first().isVisible()).toBe(true);
    await shot(page, 'cart-guest');

    await page.goto('/dang-nhap?next=%2Fgio-hang');
    await fillLogin(page, 'lan.nguyen', 'Docgia@123');
    await page.waitForURL((url) => url.pathname === '/gio-hang');
    await poll(() => page.getByText(a!.title).first().isVisible()).toBe(true);
    expect(await page.getByText(b!.title).first().isVisible()).toBe(true);
    // The guest cart is gone: the account's cart has them.
    const mine = await api<{ items: { bookId: number }[] }>('/api/v1/cart', { token: await token('lan.nguyen', 'Docgia@123') });
    expect(mine.items.map((i) => i.bookId)).toEqual(expect.arrayContaining([a!.id, b!.id]));
    expect((await context.cookies()).find((c) => c.name === 'nhasach_guest_cart')).toBeUndefined();
    await shot(page, 'cart-after-login');
    await context.close();
  });

  it("a guest's 'Mua ngay' ends on checkout with that book after login", { timeout: 90_000 }, async () => {
    const book = (await books('ACTIVE'))[3]!;
    const t = await token('minh.tran', 'Docgia@123');
    const addresses = await api<unknown[]>('/api/v1/address', { token: t });
    if (addresses.length === 0) {
      await api('/api/v1/address', {
        method: 'POST',
        token: t,
        body: { fullName: 'Trần Quang Minh', phone: '0901234567', line1: '12 Lê Lợi', provinceCode: '79', districtCode: '760', wardCode: '26740', province: 'Hồ Chí Minh', district: 'Quận 1', ward: 'Bến Nghé' },
      });
    }
    const { context, page } = await phone();
    await page.goto(`/books/${book.slug}`);
    const bar = page.getByTestId('mobile-buy-bar');
    await poll(() => bar.isVisible()).toBe(true);
    await page.waitForTimeout(300);
    await bar.getByRole('button', { name: 'Mua ngay' }).click();
    await page.waitForURL((url) => url.pathname === '/dang-nhap');
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('next') ?? '')).toBe(`/checkout?buyNow=${book.id}&qty=1`);
    await fillLogin(page, 'minh.tran', 'Docgia@123');
    await page.waitForURL((url) => url.pathname === '/checkout' && !url.searchParams.has('buyNow'));
    await poll(() => page.getByText(book.title).first().isVisible()).toBe(true);
    await poll(() => page.getByRole('button', { name: 'Đặt hàng' }).isVisible()).toBe(true);
    await shot(page, 'checkout-after-buy-now');
    await context.close();
  });

  it('a sold-out book says so, takes a request, and mails it once when an admin raises the stock', { timeout: 90_000 }, async () => {
    const book = (await books('OUT_OF_STOCK'))[0]!;
    const { context, page } = await phone();
    await page.goto('/dang-nhap');
    await fillLogin(page, 'khach', 'Khach@123');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`/books/${book.slug}`);
    const soldOut = page.getByRole('button', { name: 'Tạm hết hàng' }).first();
    await poll(() => soldOut.isVisible()).toBe(true);
    expect(await soldOut.isDisabled()).toBe(true);
    await shot(page, 'product-sold-out');
    const alert = page.getByTestId('stock-alert');
    await alert.getByRole('button', { name: 'Báo tôi khi có hàng' }).click();
    await poll(() => alert.getByText('Chúng tôi sẽ gửi email cho bạn khi sách có hàng trở lại.').isVisible()).toBe(true);

    const admin = await token('admin', 'Admin@123');
    const waiting = await api<{ alertsWaiting: number }>(`/api/v1/admin/stock/books/${book.id}`, { token: admin });
    expect(waiting.alertsWaiting).toBe(1);
    await api(`/api/v1/admin/stock/books/${book.id}/movements`, { method: 'POST', token: admin, body: { reason: 'RETURN', quantity: 3 } });
    const mail = await store.mail.waitFor('khach@nhasach.local', (m) => m.subject.includes('có hàng trở lại'), 20_000);
    expect(mail.text).toContain(`/books/${book.slug}`);
    await api(`/api/v1/admin/stock/books/${book.id}/movements`, { method: 'POST', token: admin, body: { reason: 'RETURN', quantity: 2 } });
    await new Promise((r) => setTimeout(r, 2000));
    expect(store.mail.mails.filter((m) => m.to.includes('khach@nhasach.local') && m.subject.includes('có hàng trở lại'))).toHaveLength(1);
    await context.close();
  });

  it('the intro overlay never covers a deep link; it shows on the home page', { timeout: 60_000 }, async () => {
    const book = (await books('ACTIVE'))[4]!;
    const { context, page } = await phone({ showIntro: true });
    const intro = page.getByRole('dialog', { name: /Tri thức trong tầm tay/ });
    for (const url of [`/books/${book.slug}`, '/gio-hang', '/dang-nhap', '/checkout']) {
      await page.goto(url);
      await page.waitForTimeout(1200);
      expect(await intro.count(), url).toBe(0);
    }
    await page.goto('/');
    await poll(() => intro.isVisible()).toBe(true);
    await context.close();
  });

  it('home, product and cart on a 390 px phone: the logo on one line', { timeout: 60_000 }, async () => {
    const { context, page } = await phone();
    await page.goto('/');
    await poll(() => page.locator('#flash-sale').isVisible()).toBe(true);
    const logo = page.getByRole('link', { name: 'Nhà Sách - Trang chủ' }).filter({ visible: true }).first();
    const box = await logo.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(40);
    expect(await page.getByText('Bán chạy tuần này').first().count()).toBe(1);
    await shot(page, 'home');
    await page.setViewportSize({ width: 360, height: 740 });
    expect((await logo.boundingBox())!.height).toBeLessThanOrEqual(40);
    await page.setViewportSize(MOBILE);
    const book = (await books('ACTIVE'))[5]!;
    await page.goto(`/books/${book.slug}`);
    await poll(() => page.getByTestId('mobile-buy-bar').isVisible()).toBe(true);
    await shot(page, 'product-in-stock');
    await context.close();
  });

  // Last: it stops the store.
  it('with the server stopped, pages say so in Vietnamese and keep the header', { timeout: 90_000 }, async () => {
    const { context, page } = await phone();
    await page.goto('/');
    await poll(() => page.locator('#flash-sale').isVisible()).toBe(true);
    // Let the app take over the page before the server goes away.
    await page.waitForTimeout(2500);
    stopped = true;
    await store.stop();
    // A category: its data (and maybe its page's file) cannot be fetched.
    await page.locator('a[href^="/danh-muc/"]').filter({ visible: true }).first().click();
    await poll(() => page.getByText('Không kết nối được máy chủ', { exact: false }).first().isVisible(), 20_000).toBe(true);
    expect(await page.getByRole('link', { name: 'Nhà Sách - Trang chủ' }).filter({ visible: true }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Failed to fetch').count()).toBe(0);
    await shot(page, 'server-down');
    await context.close();
  });
});

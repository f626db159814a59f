import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseUnit, freePort, launchBrowser, newPage, screenshot, startStore, type Store } from './harness.ts';
import type { Browser } from 'playwright-core';

/**
 * The web app served from one origin (a CDN, another host) calling the API on another: two ports of 127.0.0.1
 * are two origins. The app is built for it into a folder of its own (VITE_API_BASE_URL), so the build the other
 * browser tests use is left as it is.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
/** Short access tokens, so the walk sees them expire and the client refresh them. */
const ACCESS_TTL_SECONDS = 8;

let store: Store;
let browser: Browser;
let apiUrl: string;
let webUrl: string;
let strangerUrl: string;
let outDir: string;
const servers: FastifyInstance[] = [];

function buildWebApp(dir: string, apiBase: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: path.join(root, 'apps/web'),
      // A production build, as shoppers get it (the runner's NODE_ENV=test would make it React's development build).
      env: { ...process.env, NODE_ENV: 'production', VITE_API_BASE_URL: apiBase },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`web build exited with ${code}`))));
  });
}

/** A plain static host for the built app (what a CDN does): files, and index.html for the app's routes. */
async function serveWebApp(dir: string, port: number): Promise<string> {
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root: dir, wildcard: false });
  app.setNotFoundHandler((_req, reply) => reply.sendFile('index.html'));
  await app.listen({ port, host: '127.0.0.1' });
  servers.push(app);
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  const [apiPort, webPort, strangerPort] = [await freePort(), await freePort(), await freePort()];
  apiUrl = `http://127.0.0.1:${apiPort}`;
  outDir = mkdtempSync(path.join(tmpdir(), 'nhasach-web-cross-origin-'));
  await buildWebApp(outDir, apiUrl);
  webUrl = await serveWebApp(outDir, webPort);
  // The same app from an origin the API does not list.
  strangerUrl = await serveWebApp(outDir, strangerPort);
  store = await startStore({ CORS_ORIGINS: webUrl, ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TTL_SECONDS) }, { port: apiPort });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const s of servers) await s.close();
  await store?.stop();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout, interval: 100 });

/**
 * Everything that goes wrong on a page: failed requests (a refused preflight is net::ERR_FAILED), error answers,
 * console errors and page errors. A 401 of an expired access token is the one expected answer, provided the
 * client then refreshed and the retried call (X-Retried: 1) succeeded.
 */
function watch(page: Page) {
  const problems: string[] = [];
  const expired: string[] = [];
  const retriedOk: string[] = [];
  const refreshes: number[] = [];
  const consoleErrors: string[] = [];
  page.on('requestfailed', (req) => {
    // Navigations and cancelled queries abort their requests: not a failure of the API.
    if (req.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${req.method()} ${req.url()} ${req.failure()?.errorText}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('response', async (res) => {
    const req = res.request();
    const key = `${req.method()} ${req.url()}`;
    if (req.url() === `${apiUrl}/api/v1/auth/refresh`) refreshes.push(res.status());
    const retried = (await req.headerValue('x-retried')) === '1';
    if (retried && res.ok()) retriedOk.push(key);
    if (res.status() === 401 && !retried && req.url().startsWith(`${apiUrl}/api/`) && !req.url().includes('/api/v1/auth/')) {
      expired.push(key);
    } else if (res.status() >= 400) {
      problems.push(`${res.status()} ${key}`);
    }
  });
  return {
    problems,
    expired,
    retriedOk,
    refreshes,
    /** Nothing failed: each expired-token 401 was refreshed and retried successfully, no other error anywhere. */
    assertClean() {
      expect(problems).toEqual([]);
      for (const key of expired) expect(retriedOk, `retried after refresh: ${key}`).toContain(key);
      // Chromium logs every 401 as 'Failed to load resource'; those are the expired tokens above, nothing else is allowed.
      const unexpected = consoleErrors.filter((t) => !(expired.length > 0 && /status of 401/.test(t)));
      expect(unexpected).toEqual([]);
      expect(refreshes.every((s) => s === 200)).toBe(true);
    },
  };
}

async function logIn(page: Page, username: string, password: string, landing: string) {
  await page.goto('/dang-nhap');
  await page.getByLabel('Tên đăng nhập hoặc email').fill(username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await page.waitForURL((url) => url.pathname === landing);
}

interface Book {
  id: number;
  slug: string;
  title: string;
  stock: number;
}

async function booksInStock(count: number): Promise<Book[]> {
  const res = await fetch(`${apiUrl}/api/v1/books?page=0&size=40&status=ACTIVE&sort=createdAt&direction=DESC`);
  const body = (await res.json()) as { data: { content: Book[] } };
  return body.data.content.filter((b) => b.stock >= 10).slice(0, count);
}

const badge = (page: Page) => page.evaluate(() => Number(localStorage.getItem('CART_BADGE_COUNT') ?? '0'));
const line = (page: Page, title: string) => page.getByTestId('cart-line').filter({ hasText: title });

describe('the web app on another origin than the API', () => {
  it('walks a shopper and a sales clerk through every kind of call with no failed request', { timeout: 300_000 }, async () => {
    const [a, b] = await booksInStock(2);
    if (!a || !b) throw new Error('not enough books in stock');
    const { context, page } = await newPage(browser, webUrl);
    const seen = watch(page);

    // ---- Login (POST with the refresh cookie set by the API's origin).
    await logIn(page, 'khach', 'Khach@123', '/');

    // ---- Product page: images come from the API host; add two books to the cart.
    for (const book of [a, b]) {
      await page.goto(`/books/${book.slug}`);
      await poll(() => page.getByRole('heading', { level: 1, name: book.title }).isVisible()).toBe(true);
      const before = await badge(page);
      await page.getByRole('button', { name: 'Thêm vào giỏ hàng' }).click();
      await poll(() => badge(page)).toBe(before + 1);
    }
    const cover = page.locator(`main img[src^="${apiUrl}/media/"]`).first();
    await poll(() => cover.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    // 'Sách liên quan' under the tabs: cards of other books, never this one.
    // It loads when the shopper scrolls near it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const related = page.getByTestId('related-books');
    await related.scrollIntoViewIfNeeded();
    await poll(() => related.getByRole('heading', { name: 'Sách liên quan' }).isVisible()).toBe(true);
    await poll(() => related.getByTestId('book-card').count()).toBeGreaterThan(0);
    expect(await related.getByTestId('book-card').filter({ hasText: b.title }).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'product-related-books');

    // ---- Like a comment (POST the comment, PUT the like).
    const text = `Bình luận từ cửa hàng khác ${Date.now()}`;
    await page.getByRole('tablist', { name: 'Đánh giá và bình luận' }).getByRole('tab', { name: 'Bình luận' }).click();
    const commentForm = page.getByRole('form', { name: 'Viết bình luận' });
    await commentForm.getByLabel('Viết bình luận').fill(text);
    await commentForm.getByRole('button', { name: 'Gửi bình luận' }).click();
    const mine = page.getByTestId('comment-list').getByTestId('comment-item').filter({ hasText: text }).first();
    await poll(() => mine.isVisible()).toBe(true);
    await mine.getByRole('button', { name: /^Thích bình luận/ }).click();
    await poll(() => mine.getByRole('button', { name: /^Bỏ thích bình luận/ }).getAttribute('aria-pressed')).toBe('true');

    // ---- Cart: change a quantity, deselect and select again, remove a line (PUT, PUT, DELETE).
    await page.goto('/gio-hang');
    await poll(() => page.getByTestId('cart-line').count()).toBe(2);
    await line(page, a.title).getByRole('button', { name: /^Tăng số lượng/ }).click();
    await poll(() => line(page, a.title).getByRole('textbox').inputValue()).toBe('2');
    const selected = () => page.getByTestId('cart-selected-count').innerText();
    await line(page, b.title).getByRole('checkbox').uncheck();
    await poll(selected).toMatch(/1 sản phẩm · 2 cuốn/);
    await line(page, b.title).getByRole('checkbox').check();
    await poll(selected).toMatch(/2 sản phẩm · 3 cuốn/);
    await line(page, b.title).getByRole('button', { name: `Xoá “${b.title}” khỏi giỏ hàng` }).click();
    await page.getByRole('dialog', { name: 'Xoá sản phẩm khỏi giỏ hàng?' }).getByRole('button', { name: 'Xoá' }).click();
    await poll(() => page.getByTestId('cart-line').count()).toBe(1);
    await poll(() => badge(page)).toBe(1);

    // ---- Addresses: add one, then edit it (POST, PUT).
    await page.goto('/tai-khoan/dia-chi');
    const newForm = page.getByRole('form', { name: 'Thêm địa chỉ mới' });
    const addButton = page.getByRole('button', { name: 'Thêm địa chỉ mới' });
    await poll(async () => (await addButton.isVisible()) || (await newForm.isVisible())).toBe(true);
    if (!(await newForm.isVisible())) await addButton.click();
    await newForm.getByLabel('Họ và tên người nhận').fill('Khách Ở Xa');
    await newForm.getByLabel('Số điện thoại').fill('0901234567');
    await chooseUnit(page, newForm.getByLabel('Tỉnh/Thành phố'), 'ha noi', 'Thành phố Hà Nội');
    await chooseUnit(page, newForm.getByLabel('Phường/Xã'), 'hoan kiem');
    await newForm.getByLabel('Địa chỉ cụ thể').fill('1 Tràng Tiền');
    await newForm.getByRole('button', { name: 'Lưu địa chỉ' }).click();
    const card = page.getByTestId('address-card').filter({ hasText: 'Khách Ở Xa' });
    await poll(() => card.isVisible()).toBe(true);
    await card.getByRole('button', { name: /^Sửa/ }).click();
    const edit = page.getByRole('form', { name: 'Sửa địa chỉ' });
    await poll(() => edit.getByLabel('Phường/Xã').inputValue()).not.toBe('');
    await edit.getByLabel('Địa chỉ cụ thể').fill('3 Tràng Tiền');
    await edit.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await poll(() => card.innerText()).toContain('3 Tràng Tiền');

    // ---- The access token expires while the shopper idles; the next calls refresh it once and retry.
    const expiredBefore = seen.expired.length;
    await page.waitForTimeout((ACCESS_TTL_SECONDS + 2) * 1000);

    // ---- Checkout: place a COD order (POST with Idempotency-Key, retried after the refresh).
    await page.goto('/gio-hang');
    await poll(() => page.getByTestId('cart-line').count()).toBe(1);
    await page.getByRole('button', { name: /^Mua hàng/ }).first().click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await poll(() => page.getByTestId('checkout-address').first().isVisible()).toBe(true);
    await page.getByRole('radio', { name: /Thanh toán bằng tiền mặt/ }).check();
    await page.getByRole('button', { name: 'Đặt hàng', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/orders/'));
    await poll(() => page.getByText('Đặt hàng thành công!').isVisible()).toBe(true);
    const code = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    expect(seen.expired.length).toBeGreaterThan(expiredBefore);
    expect(seen.refreshes.length).toBeGreaterThan(0);
    expect(seen.retriedOk.length).toBeGreaterThan(0);
    await screenshot(page, 'cross-origin-order-placed');
    seen.assertClean();

    // ---- A sales clerk on the same front end moves the order on (PUT status).
    const clerk = await newPage(browser, webUrl);
    const clerkSeen = watch(clerk.page);
    await logIn(clerk.page, 'sale', 'Sale@123', '/sale/orders');
    const row = clerk.page.locator(`[data-testid="sale-order-row"][data-code="${code}"]`);
    await poll(() => row.isVisible()).toBe(true);
    await row.getByRole('link', { name: code, exact: true }).click();
    const form = clerk.page.getByTestId('status-form');
    await poll(() => form.getByLabel('Trạng thái mới').locator('option:not([disabled])[value="CONFIRMED"]').count()).toBe(1);
    await form.getByLabel('Trạng thái mới').selectOption('CONFIRMED');
    await form.getByRole('button', { name: 'Cập nhật trạng thái' }).click();
    await clerk.page.waitForURL((url) => url.pathname === '/sale/orders' && url.searchParams.get('status') === 'CONFIRMED');
    await poll(() => row.getByTestId('order-status').innerText()).toBe('Đã xác nhận');
    clerkSeen.assertClean();

    // The shopper sees the new status.
    await page.reload();
    await poll(() => page.getByText('Đã xác nhận').first().isVisible()).toBe(true);
    seen.assertClean();
    await clerk.context.close();
    await context.close();
  });

  it('shows the images the API answers with: absolute media URLs that load on other origins', { timeout: 120_000 }, async () => {
    // The API answers every image on its own address, so a front end that uses them as given (the origin front end)
    // loads them from the API host, not from its own.
    const rows = ((await (await fetch(`${apiUrl}/api/v1/books/top-selling?limit=5`)).json()) as { data: { imageUrl: string | null }[] }).data;
    const urls = rows.flatMap((r) => (r.imageUrl ? [r.imageUrl] : [])).slice(0, 6);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url.startsWith(`${apiUrl}/media/`), url).toBe(true);
    const media = await fetch(urls[0]!);
    expect(media.status).toBe(200);
    expect(media.headers.get('cross-origin-resource-policy')).toBe('cross-origin');

    // Our own app on another origin: the cards' covers and their srcset variants come from the API host and load.
    const { context, page } = await newPage(browser, webUrl);
    const seen = watch(page);
    await page.goto('/');
    const covers = page.locator('main [data-testid="book-card"] img');
    await poll(() => covers.count()).toBeGreaterThan(3);
    for (let i = 0; i < 4; i++) {
      const img = covers.nth(i);
      await img.scrollIntoViewIfNeeded();
      await poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0)).toBe(true);
      expect(await img.evaluate((el) => (el as HTMLImageElement).currentSrc)).toMatch(new RegExp(`^${apiUrl}/media/`));
    }

    // A front end of another origin putting the URLs in <img> exactly as given, as the origin front end does.
    const widths = (where: Page) =>
      where.evaluate(
        (list) =>
          Promise.all(
            list.map(
              (src) =>
                new Promise<number>((resolve) => {
                  const img = new Image();
                  img.onload = () => resolve(img.naturalWidth);
                  img.onerror = () => resolve(0);
                  img.src = src;
                }),
            ),
          ),
        urls,
      );
    for (const width of await widths(page)) expect(width).toBeGreaterThan(0);
    seen.assertClean();
    await context.close();
    // Pictures are public: even an origin the API does not list for its calls shows them.
    const stranger = await newPage(browser, strangerUrl);
    await stranger.page.goto('/');
    for (const width of await widths(stranger.page)) expect(width).toBeGreaterThan(0);
    await stranger.context.close();
  });

  it('refuses an origin the API does not list', async () => {
    const { context, page } = await newPage(browser, strangerUrl);
    const refused: string[] = [];
    page.on('requestfailed', (req) => {
      const error = req.failure()?.errorText ?? '';
      if (req.url().startsWith(apiUrl) && error !== 'net::ERR_ABORTED') refused.push(error);
    });
    await page.goto('/');
    // The app loads from its host, but none of its API calls gets through: the menu shows its empty state.
    await poll(() => refused.length).toBeGreaterThan(0);
    expect(refused.every((e) => e === 'net::ERR_FAILED')).toBe(true);
    const attempt = (method: string) =>
      page.evaluate(
        async ({ url, method }) => {
          try {
            const res = await fetch(url, { method, credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
            return `answered ${res.status}`;
          } catch {
            return 'refused';
          }
        },
        { url: `${apiUrl}/api/v1/cart/items/1`, method },
      );
    expect(await attempt('PUT')).toBe('refused');
    expect(await attempt('GET')).toBe('refused');
    await context.close();

    // The listed origin gets its calls answered (401: nobody is signed in).
    const allowed = await newPage(browser, webUrl);
    await allowed.page.goto('/');
    const answered = await allowed.page.evaluate(async (url) => {
      const res = await fetch(url, { method: 'PUT', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: '{"fullName":"Khách"}' });
      return res.status;
    }, `${apiUrl}/api/v1/users/me`);
    // A guest has a cart of their own now: the profile is the call that still needs a signed-in user.
    expect(answered).toBe(401);
    await allowed.context.close();
  });
});

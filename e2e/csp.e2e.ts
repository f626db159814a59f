import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { type ApiInit, logIn, newPage, screenshot, storeApi, storeForFile, TEST_ADDRESS } from './harness.ts';

// Every page of the store, loaded in Chromium with the store's Content-Security-Policy in force: none may
// trip it (an inline script or style, an eval, a resource from elsewhere would show up as a violation).

const shop = storeForFile();

const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout, interval: 100 });

interface Violation {
  page: string;
  text: string;
}

/** A page whose CSP violations (the DOM event and Chromium's console report) are collected. */
async function watchedPage(): Promise<{ context: BrowserContext; page: Page; violations: Violation[] }> {
  const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
  const violations: Violation[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP-VIOLATION ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (msg) => {
    const text = msg.text();
    if (text.startsWith('CSP-VIOLATION') || text.includes('Content Security Policy') || text.includes('Refused to')) {
      violations.push({ page: page.url(), text });
    }
  });
  return { context, page, violations };
}

/** Opens a path, waits until the page has settled (data loaded, lazy images asked for). */
async function visit(page: Page, path: string): Promise<void> {
  const res = await page.goto(path);
  expect(res?.status(), path).toBeLessThan(500);
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 700) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 40));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

const api = <T>(path: string, init?: ApiInit) => storeApi<T>(shop.store.baseUrl, path, init);

interface Book {
  id: number;
  slug: string;
  stock: number;
  categorySlug?: string | null;
}

describe('Content-Security-Policy in the browser', () => {
  it('the policy is sent with the web app and would report an inline script', async () => {
    const { context, page, violations } = await watchedPage();
    const res = await page.goto('/');
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
    // The detector works: an injected inline script is refused and reported.
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.body.appendChild(s);
    });
    await poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
    await context.close();
  });

  it('no page of the storefront, the account, the sandbox, sale or admin breaks the policy', async () => {
    const books = (await api<{ content: Book[] }>('/api/v1/books?page=0&size=40&status=ACTIVE&sort=createdAt&direction=DESC')).content.filter(
      (b) => b.stock >= 5,
    );
    const book = books[0]!;
    const categories = await api<{ slug: string }[]>('/api/v1/categories/flat');
    const all: Violation[] = [];

    // ---- Guest pages.
    {
      const { context, page, violations } = await watchedPage();
      const paths = [
        '/',
        `/books/${book.slug}`,
        `/danh-muc/${categories[0]!.slug}`,
        '/search?q=nha%20gia%20kim',
        '/lien-he',
        '/trang/huong-dan-dat-hang',
        '/trang/thanh-toan',
        '/trang/cau-hoi-thuong-gap',
        '/trang/van-chuyen',
        '/trang/doi-tra',
        '/trang/bao-mat',
        '/trang/dieu-khoan',
        '/dang-ky',
        '/dang-nhap',
        '/quen-mat-khau',
        '/verify-email',
        '/dat-lai-mat-khau',
        '/gio-hang',
        '/trang-khong-co',
      ];
      for (const path of paths) await visit(page, path);
      all.push(...violations);
      await context.close();
    }

    // ---- Customer: cart, checkout, orders, account pages, and a payment through the sandbox.
    {
      const login = await api<{ accessToken: string }>('/api/v1/auth/login', { method: 'POST', body: { username: 'khach', password: 'Khach@123' } });
      const token = login.accessToken;
      let addresses = await api<{ id: number }[]>('/api/v1/address', { token });
      if (!addresses.length) {
        await api('/api/v1/address', {
          method: 'POST',
          token,
          body: TEST_ADDRESS,
        });
        addresses = await api<{ id: number }[]>('/api/v1/address', { token });
      }
      await api('/api/v1/cart/items', { method: 'POST', token, body: { bookId: book.id, qty: 1 } });
      const order = await api<{ code: string }>('/api/v1/orders', {
        method: 'POST',
        token,
        body: { addressId: addresses[0]!.id, paymentMethod: 'VNPAY', deliveryMethod: 'STANDARD' },
      });
      await api('/api/v1/cart/items', { method: 'POST', token, body: { bookId: books[2]!.id, qty: 1 } });
      const transfer = await api<{ code: string }>('/api/v1/orders', {
        method: 'POST',
        token,
        body: { addressId: addresses[0]!.id, paymentMethod: 'BANK_TRANSFER', deliveryMethod: 'STANDARD' },
      });
      await api('/api/v1/cart/items', { method: 'POST', token, body: { bookId: books[1]!.id, qty: 1 } });

      const { context, page, violations } = await watchedPage();
      await logIn(page, 'khach', 'Khach@123', '/');
      const paths = [
        '/gio-hang',
        '/checkout',
        '/don-hang',
        `/orders/${order.code}`,
        `/orders/${transfer.code}`,
        `/orders/${transfer.code}/chuyen-khoan`,
        '/yeu-thich',
        '/tai-khoan/ho-so-cua-toi',
        '/tai-khoan/dia-chi',
        '/tai-khoan/doi-mat-khau',
        '/doi-mat-khau',
      ];
      for (const path of paths) await visit(page, path);

      // The VietQR page (QR image as a data: URL) and the test bank's pages, paid through to the receipt.
      await visit(page, `/orders/${transfer.code}/chuyen-khoan`);
      await poll(() => page.getByTestId('vietqr-image').isVisible()).toBe(true);
      const bankUrl = await page.getByTestId('sandbox-bank-link').getAttribute('href');
      await visit(page, new URL(bankUrl!).pathname + new URL(bankUrl!).search);
      await page.getByRole('button', { name: 'Xác nhận chuyển khoản' }).click();
      await poll(() => page.getByTestId('bank-shop-answer').innerText()).toContain('PAID');
      await page.getByRole('link', { name: 'Quay lại cửa hàng' }).click();
      await poll(() => page.getByTestId('bank-transfer-paid').isVisible()).toBe(true);

      // Pay the order at the sandbox gateway and land on the return page.
      await visit(page, `/orders/${order.code}`);
      await page.getByRole('button', { name: 'Thanh toán' }).first().click();
      await page.waitForURL((url) => url.pathname === '/sandbox/vnpay');
      await poll(() => page.getByRole('button', { name: 'Thanh toán', exact: true }).isVisible()).toBe(true);
      // The countdown is the sandbox's own script file: it runs under the policy.
      await poll(() => page.locator('#timer').innerText()).toMatch(/^\d\d:\d\d$/);
      await screenshot(page, 'csp-sandbox-page');
      await page.getByRole('button', { name: 'Thanh toán', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/checkout' && url.searchParams.has('vnp_ResponseCode'));
      await poll(() => page.getByTestId('payment-result').getAttribute('data-result'), 20_000).toBe('success');
      await page.waitForLoadState('networkidle');
      all.push(...violations);
      await context.close();
    }

    // ---- Sale back-office.
    {
      const { context, page, violations } = await watchedPage();
      await logIn(page, 'sale', 'Sale@123', '/sale/orders');
      await visit(page, '/sale/orders');
      const first = page.getByRole('link', { name: /^NS/ }).first();
      if (await first.count()) {
        await first.click();
        await page.waitForURL((url) => /^\/sale\/orders\/\d+$/.test(url.pathname));
        await page.waitForLoadState('networkidle');
      }
      all.push(...violations);
      await context.close();
    }

    // ---- Admin back-office, including the book editor with its description preview.
    {
      const { context, page, violations } = await watchedPage();
      await logIn(page, 'admin', 'Admin@123', '/admin');
      for (const path of ['/admin', '/admin/books', '/admin/users', '/admin/categories', '/admin/masters', '/admin/vouchers', '/admin/pages', '/admin/contact']) await visit(page, path);
      const edit = page.getByRole('button', { name: /^Sửa/ }).first();
      if (await edit.count()) {
        await edit.click();
        await page.waitForLoadState('networkidle');
      }
      all.push(...violations);
      await context.close();
    }

    expect(all).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, startStore, type Store } from './harness.ts';

/** Verified reviews in a store that takes reviews from buyers only (REVIEWS_BUYERS_ONLY=true). */
let store: Store;
let browser: Browser;
beforeAll(async () => {
  store = await startStore({ REVIEWS_BUYERS_ONLY: 'true' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

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

async function logIn(page: Page, username: string, password: string) {
  await page.goto('/dang-nhap');
  await page.getByLabel('Tên đăng nhập hoặc email').fill(username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

async function openReviews(page: Page, slug: string) {
  await page.goto(`/books/${slug}`);
  await page.getByRole('tablist', { name: 'Đánh giá và bình luận' }).getByRole('tab', { name: /Đánh giá/ }).click();
}

describe('verified reviews', () => {
  it("takes a review from the buyer once delivered, with the 'Đã mua hàng' badge, and explains the rule to others", { timeout: 180_000 }, async () => {
    // ---- The demo customer orders a book, cash on delivery; the sales clerk takes it to DELIVERED.
    const customer = await login('khach', 'Khach@123');
    const list = await call<{ content: { id: number; slug: string; title: string; stock: number }[] }>('GET', '/api/v1/books?page=0&size=30&status=ACTIVE&sort=createdAt&direction=DESC');
    const book = list.content.find((b) => b.stock > 5)!;
    await call('POST', '/api/v1/cart/items', customer, { bookId: book.id, qty: 1 });
    const address = await call<{ id: number }>('POST', '/api/v1/address', customer, {
      fullName: 'Nguyễn Văn Khách',
      phone: '0901234567',
      line1: '12 Lê Lợi',
      ward: 'Phường Bến Nghé',
      district: 'Quận 1',
      province: 'Thành phố Hồ Chí Minh',
      makeDefault: true,
    });
    const order = await call<{ id: number }>('POST', '/api/v1/orders', customer, { addressId: address.id, paymentMethod: 'COD', deliveryMethod: 'STANDARD' });
    const sale = await login('sale', 'Sale@123');
    for (const status of ['CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED']) {
      if (status === 'SHIPPED') {
        await call('PUT', `/api/v1/sales/orders/${order.id}/shipping`, sale, { shippingCarrier: 'Giao Hàng Nhanh (GHN)', trackingCode: 'GHN123456789', fee: 22_000 });
      }
      await call('PUT', `/api/v1/sales/orders/${order.id}/status`, sale, { status });
    }

    // ---- A reader who has not bought it is told why there is no form.
    const reader = await newPage(browser, store.baseUrl);
    await logIn(reader.page, 'lan.nguyen', 'Docgia@123');
    await openReviews(reader.page, book.slug);
    await poll(() => reader.page.getByTestId('buyers-only-note').innerText()).toBe('Chỉ khách hàng đã mua sách này mới có thể đánh giá.');
    expect(await reader.page.getByRole('form', { name: 'Viết đánh giá' }).count()).toBe(0);
    await reader.context.close();

    // ---- The buyer writes a review: it shows with the badge.
    const { context, page } = await newPage(browser, store.baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await logIn(page, 'khach', 'Khach@123');
    await openReviews(page, book.slug);
    const form = page.getByRole('form', { name: 'Viết đánh giá' });
    await poll(() => form.isVisible()).toBe(true);
    await form.getByRole('radio', { name: /^5 sao/ }).click();
    const text = 'Sách giao nhanh, giấy đẹp, đọc rất cuốn.';
    await form.getByLabel('Nội dung đánh giá').fill(text);
    await form.getByRole('button', { name: 'Gửi đánh giá' }).click();
    const mine = page.getByTestId('review-list').getByTestId('review-item').filter({ hasText: text });
    await poll(() => mine.isVisible()).toBe(true);
    await poll(() => mine.getByTestId('verified-purchase').innerText()).toBe('Đã mua hàng');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'reviews-verified-purchase');
    expect(errors).toEqual([]);
    await context.close();
  });
});

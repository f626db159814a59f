import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, startStore, type Store } from './harness.ts';

let store: Store;
let browser: Browser;
beforeAll(async () => {
  store = await startStore();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

describe('store shell', () => {
  it('answers an unknown path with the app\'s not-found page and HTTP 404', async () => {
    const { context, page } = await newPage(browser, store.baseUrl);
    const res = await page.goto('/some/deep/link');
    expect(res?.status()).toBe(404);
    expect(await page.title()).toContain('Nhà Sách');
    await page.getByRole('heading', { level: 1, name: 'Không tìm thấy trang' }).waitFor();
    await context.close();
  });
});

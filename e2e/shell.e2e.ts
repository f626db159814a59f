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
  it('serves the web app for any non-API path', async () => {
    const { context, page } = await newPage(browser, store.baseUrl);
    const res = await page.goto('/some/deep/link');
    expect(res?.status()).toBe(200);
    expect(await page.title()).toContain('Nhà Sách');
    await context.close();
  });
});

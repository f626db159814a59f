import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, newPage, startStore, type Store } from './harness.ts';

// The first-load JavaScript target of the storefront (docs/performance.md): what a shopper's phone downloads
// and runs before the page answers taps. The desktop product page sits just under it, so code added to the
// app's first chunk shows up here, not only in the next Lighthouse run.
const BUDGET_GZIP = 150 * 1024;

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

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/danh-muc/van-hoc' },
  { name: 'search', path: '/search?q=nguyen%20nhat%20anh' },
  { name: 'product', path: '/books/dac-nhan-tam' },
];

describe('first-load JavaScript of the storefront', () => {
  it('stays within 150 KB gzip on a phone and a desktop, and carries no back-office code', { timeout: 180_000 }, async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      for (const target of PAGES) {
        const { context, page } = await newPage(browser, store.baseUrl, { viewport });
        const scripts = new Map<string, number>();
        page.on('response', (res) => {
          if (res.request().resourceType() !== 'script') return;
          void res.body().then(
            (body) => scripts.set(new URL(res.url()).pathname, gzipSync(body, { level: 9 }).length),
            () => undefined,
          );
        });
        const res = await page.goto(target.path);
        expect(res?.status(), target.path).toBe(200);
        // The app's scripts come after the load event; what the page then builds on screen loads its own chunks.
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1_000);
        await page.waitForLoadState('networkidle');
        const label = `${target.name} at ${viewport.width} px: ${[...scripts.keys()].join(', ')}`;

        expect([...scripts.keys()].some((p) => /\/index-[\w-]+\.js$/.test(p)), label).toBe(true);
        expect([...scripts.keys()].filter((p) => /\/(Admin|Sale)\w*Page-[\w-]+\.js$/.test(p)), label).toEqual([]);
        const total = [...scripts.values()].reduce((a, b) => a + b, 0);
        expect(total, label).toBeLessThanOrEqual(BUDGET_GZIP);
        await context.close();
      }
    }
  });
});

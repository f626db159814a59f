import { describe, expect, it } from 'vitest';
import { newPage, storeForFile } from './harness.ts';

const shop = storeForFile();

describe('store shell', () => {
  it('answers an unknown path with the app\'s not-found page and HTTP 404', async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    const res = await page.goto('/some/deep/link');
    expect(res?.status()).toBe(404);
    expect(await page.title()).toContain('Nhà Sách');
    await page.getByRole('heading', { level: 1, name: 'Không tìm thấy trang' }).waitFor();
    await context.close();
  });
});

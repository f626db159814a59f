import { describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { artifactsDir, MOBILE, newPage, storeForFile } from './harness.ts';

const shop = storeForFile();

/** Polls until the matcher passes; generous because the machine running the suite may be busy. */
const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout, interval: 100 });
const BOX = 'Tìm kiếm sách, tác giả, nhà xuất bản';

/** The visible part of the page (the dropdown is lost in a full-page picture of a long page). */
const viewportShot = (page: Page, name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`) });

describe('header search suggestions', () => {
  it('a partial title typed without diacritics, chosen with the keyboard, opens the book page', async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    const box = page.getByRole('combobox', { name: BOX });
    await box.click();
    // One character: no dropdown yet.
    await box.pressSequentially('n');
    await page.waitForTimeout(400);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.pressSequentially('ha gia k', { delay: 40 });
    const list = page.getByRole('listbox', { name: 'Gợi ý tìm kiếm' });
    const option = list.getByRole('option', { name: /Nhà Giả Kim/ });
    await poll(() => option.isVisible()).toBe(true);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    // The typed part is highlighted, diacritics and all.
    expect(await option.locator('mark').innerText()).toBe('Nhà Giả K');

    // Arrows move the highlighted option (aria-activedescendant); the book is the first one.
    await box.press('ArrowDown');
    const activeId = await box.getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    expect(await page.locator(`[id="${activeId}"]`).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator(`[id="${activeId}"]`).innerText()).toContain('Nhà Giả Kim');
    await viewportShot(page, 'search-suggestions-desktop');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/books/nha-gia-kim');
    await poll(() => page.getByRole('heading', { level: 1, name: 'Nhà Giả Kim' }).isVisible()).toBe(true);

    // Escape closes the list; Enter without a choice searches as the spec says.
    await box.fill('');
    await box.pressSequentially('mat bie', { delay: 40 });
    await poll(() => list.getByRole('option').first().isVisible()).toBe(true);
    await box.press('Escape');
    await poll(() => list.isVisible()).toBe(false);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'mat bie');
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'mat bie', page: '0', size: '20', sort: 'relevance', direction: 'DESC' });
    await poll(() => page.getByRole('list', { name: 'Kết quả tìm kiếm' }).getByRole('heading', { name: 'Mắt Biếc' }).isVisible()).toBe(true);

    // Authors and categories are offered too.
    await box.fill('');
    await box.pressSequentially('nguyen nhat', { delay: 40 });
    await poll(() => list.getByRole('group', { name: 'Tác giả' }).getByRole('option', { name: 'Nguyễn Nhật Ánh' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the text, caret and focus typed into the plain box while the combobox code loads', async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    // The combobox's code is held back until the shopper has typed: what they type goes into the plain box.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/SearchSuggestions-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const box = page.getByRole('combobox', { name: BOX });
    await box.focus();
    await page.keyboard.type('nha gia', { delay: 30 });
    await page.keyboard.press('ArrowLeft');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    release();
    const list = page.getByRole('listbox', { name: 'Gợi ý tìm kiếm' });
    await poll(() => list.getByRole('option').first().isVisible()).toBe(true);
    const focused = () =>
      page.evaluate(() => {
        const input = document.activeElement as HTMLInputElement;
        return [input.getAttribute('role'), input.value, input.selectionStart];
      });
    expect(await focused()).toEqual(['combobox', 'nha gia', 6]);
    // The next key lands at the caret, in the combobox.
    await page.keyboard.type('k');
    expect(await focused()).toEqual(['combobox', 'nha gika', 7]);
    await context.close();
  });

  it('on a phone the dropdown spans the search box', async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl, { viewport: MOBILE });
    await page.goto('/');
    const box = page.getByRole('combobox', { name: BOX });
    await box.click();
    await box.pressSequentially('harry p', { delay: 40 });
    const option = page.getByRole('listbox', { name: 'Gợi ý tìm kiếm' }).getByRole('option', { name: /Harry Potter/ }).first();
    await poll(() => option.isVisible()).toBe(true);
    const boxRect = (await box.boundingBox())!;
    const listRect = (await page.getByRole('listbox', { name: 'Gợi ý tìm kiếm' }).boundingBox())!;
    expect(listRect.y).toBeGreaterThan(boxRect.y);
    expect(listRect.x + listRect.width).toBeLessThanOrEqual(MOBILE.width);
    await viewportShot(page, 'search-suggestions-mobile');
    // A tap chooses like Enter.
    await option.click();
    await page.waitForURL((url) => url.pathname.startsWith('/books/harry-potter'));
    await context.close();
  });

  it('no result: best sellers instead of an empty page, and the corrected term when there is one', async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    await page.goto('/search?q=zzqxvw&page=0&size=20&sort=createdAt&direction=DESC');
    await poll(() => page.getByText('Không tìm thấy sản phẩm phù hợp.').isVisible()).toBe(true);
    await poll(() => page.getByRole('list', { name: 'Sách bán chạy' }).getByTestId('book-card').count()).toBeGreaterThan(0);
    await viewportShot(page, 'search-no-result-desktop');
    // Misspelt words: the near words are searched and the corrected term is offered.
    await page.goto('/search?q=nhaa giaa kimm&page=0&size=20&sort=relevance&direction=DESC');
    const hint = page.getByText('Có phải bạn muốn tìm');
    await poll(() => hint.isVisible()).toBe(true);
    await poll(() => page.getByRole('list', { name: 'Kết quả tìm kiếm' }).getByRole('heading', { name: 'Nhà Giả Kim' }).isVisible()).toBe(true);
    await viewportShot(page, 'search-did-you-mean-desktop');
    await hint.getByRole('link').click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'nha gia kim');
    await context.close();
  });
});

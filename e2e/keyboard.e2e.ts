import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { MOBILE, launchBrowser, newPage, startStore, type Store, logIn, storeApi, type ApiInit } from './harness.ts';

// The store with the keyboard alone: the skip link, the search box and its suggestions, the category menu, a book
// card, adding to the cart, the checkout, and the sales status change. Every element the Tab key stops on along the
// way must show that it has focus: an outline or a ring (box-shadow) of its own or of its ::before/::after, which
// differs from how it looks once the focus has moved on.

const SHOTS = process.env.A11Y_SHOTS_DIR ?? '/tmp/shots-a11y';

let store: Store;
let browser: Browser;
beforeAll(async () => {
  store = await startStore();
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout, interval: 100 });

const api = <T>(path: string, init?: ApiInit) => storeApi<T>(store.baseUrl, path, init);

/** How the focused element draws its focus: outline and rings of the element and its pseudo-elements. */
interface FocusLook {
  desc: string;
  /** Whether an outline or a ring is drawn at all. */
  drawn: boolean;
  /** The outline and box-shadow values, to compare with the element unfocused. */
  sig: string;
}

/** Marks the focused element with `data-kbd-stop` = `id` and reads its focus look. */
async function focusedLook(page: Page, id: string): Promise<FocusLook | null> {
  return page.evaluate((stopId) => {
    let el = document.activeElement as HTMLElement | null;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement as HTMLElement;
    if (!el || el === document.body) return null;
    el.setAttribute('data-kbd-stop', stopId);
    // A date input's calendar button is a stop of its own inside the browser's shadow tree, where the page's styles
    // do not reach: the input is the active element without matching :focus, and the browser draws the ring.
    if (el instanceof HTMLInputElement && el.type === 'date' && !el.matches(':focus')) {
      return { desc: `input#${el.id} (calendar button)`, drawn: true, sig: 'browser' };
    }
    // Computed colours come as rgb(), rgba() or, from Tailwind's colour mixes, oklab()/oklch() with an alpha.
    const COLOR = /(?:rgba?|oklab|oklch|lab|lch|color)\([^)]*\)/;
    const transparent = (c: string) => c === 'transparent' || /(?:,\s*|\/\s*)0\)$/.test(c);
    const drawnBy = (s: CSSStyleDeclaration) => {
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 && !transparent(s.outlineColor);
      // A ring: a box-shadow layer with a spread and a colour that shows (Tailwind's ring utilities).
      const ring = (s.boxShadow || 'none')
        .split(/,(?![^(]*\))/)
        .some((layer) => {
          const color = layer.match(COLOR)?.[0] ?? '';
          const lengths = layer.replace(COLOR, '').match(/-?[\d.]+px/g) ?? [];
          return lengths.length >= 4 && parseFloat(lengths[3]!) > 0 && color !== '' && !transparent(color);
        });
      return outline || ring;
    };
    const styles = [getComputedStyle(el), getComputedStyle(el, '::before'), getComputedStyle(el, '::after')];
    const sig = styles.map((s) => `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} | ${s.boxShadow}`).join(' || ');
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? (el as HTMLInputElement).value ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
    return { desc: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${name}"`, drawn: styles.some(drawnBy), sig };
  }, id);
}

/** The look of a marked element now (after the focus left it); null once it is gone. */
async function lookOf(page: Page, id: string): Promise<string | null> {
  return page.evaluate((stopId) => {
    const el = document.querySelector(`[data-kbd-stop="${stopId}"]`);
    if (!el) return null;
    const styles = [getComputedStyle(el), getComputedStyle(el, '::before'), getComputedStyle(el, '::after')];
    return styles.map((s) => `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} | ${s.boxShadow}`).join(' || ');
  }, id);
}

/** Focus stops that showed no focus, as 'page: element (why)'. */
const unseen: string[] = [];
let stopCounter = 0;

/** Checks the focused element has a focus look of its own, and keeps it to compare once the focus moves on. */
async function checkFocus(page: Page): Promise<FocusLook & { id: string }> {
  const id = String(++stopCounter);
  const look = await focusedLook(page, id);
  if (!look) throw new Error(`${new URL(page.url()).pathname}: nothing has the focus`);
  if (!look.drawn) unseen.push(`${new URL(page.url()).pathname}: ${look.desc} (no outline or ring: ${look.sig})`);
  return { ...look, id };
}

async function compareAfterLeaving(page: Page, stop: FocusLook & { id: string }): Promise<void> {
  if (!stop.drawn || stop.sig === 'browser') return;
  const after = await lookOf(page, stop.id);
  if (after !== null && after === stop.sig) unseen.push(`${new URL(page.url()).pathname}: ${stop.desc} (looks the same unfocused)`);
}

const isFocused = (target: Locator) => target.evaluateAll((els) => els.some((el) => el === document.activeElement));

/**
 * Presses Tab (or Shift+Tab) until one of the elements of `target` has the focus, checking every stop on the way.
 */
async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}): Promise<void> {
  let previous: (FocusLook & { id: string }) | undefined;
  const trail: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    // The focus may pass through the browser's own UI (past the document's end, or from a starting point that a
    // navigation removed): the next Tab comes back into the page.
    const onBody = () => page.evaluate(() => document.activeElement === document.body || !document.activeElement);
    if ((await onBody()) && i < max - 1) continue;
    const stop = await checkFocus(page);
    trail.push(stop.desc);
    if (previous) await compareAfterLeaving(page, previous);
    previous = stop;
    // An element may be handing its focus to the one replacing it (the header's search box when its suggestions'
    // code arrives): the focus is on the body for that moment, then on the new element.
    for (let wait = 0; wait < 10 && (await onBody()); wait++) await page.waitForTimeout(50);
    if (await isFocused(target)) return;
    // Where the focus is once the stop settled, when it moved on from the element that took it.
    const settled = await page.evaluate((id) => {
      const el = document.activeElement;
      return el?.getAttribute('data-kbd-stop') === id ? '' : `${el?.tagName.toLowerCase() ?? 'none'}${el?.id ? `#${el.id}` : ''}`;
    }, stop.id);
    if (settled) {
      trail.push(`(then ${settled})`);
      // The element that took over the focus (the search box replaced by its combobox) may be the target.
      if (await isFocused(target)) return;
    }
  }
  throw new Error(`${page.url()}: ${max} Tab presses did not reach ${target.toString()}; the stops: ${trail.join(', ')}`);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** Starts a keyboard walk on a page: the focus at the top of the document, as after a fresh load. */
async function open(page: Page, p: string): Promise<void> {
  await page.goto(p);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

const desktopHeader = (page: Page) => page.locator('header .lg\\:flex').first();

describe('keyboard only, with a visible focus', () => {
  it('skip link, search with suggestions, category menu and a book card (guest)', async () => {
    const { context, page } = await newPage(browser, store.baseUrl);

    // The first Tab shows the skip link; Enter moves the focus to the page's main content.
    await open(page, '/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Bỏ qua đến nội dung chính' });
    expect(await isFocused(skip)).toBe(true);
    await checkFocus(page);
    expect(await skip.isVisible()).toBe(true);
    await shot(page, 'desktop-skip-link');
    await page.keyboard.press('Enter');
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    // Search: type, walk into the suggestions with the arrow keys, Enter opens the highlighted one.
    await open(page, '/');
    const search = desktopHeader(page).getByRole('combobox', { name: 'Tìm kiếm sách, tác giả, nhà xuất bản' });
    await tabTo(page, search);
    await page.keyboard.type('nha gia kim');
    const list = page.getByRole('listbox');
    await poll(() => list.getByRole('option').count()).toBeGreaterThan(0);
    await page.keyboard.press('ArrowDown');
    const activeId = await search.getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    const active = page.locator(`[id="${activeId}"]`);
    expect(await active.getAttribute('aria-selected')).toBe('true');
    await checkFocus(page);
    await shot(page, 'desktop-search-suggestion');
    const href = await active.evaluate((el) => el.querySelector('a')?.getAttribute('href') ?? el.getAttribute('data-href'));
    await page.keyboard.press('Enter');
    await poll(() => new URL(page.url()).pathname).not.toBe('/');
    if (href) expect(new URL(page.url()).pathname).toBe(href.split('?')[0]);

    // Search: type and Enter goes to the results.
    await open(page, '/');
    await tabTo(page, search);
    await page.keyboard.type('tuổi trẻ');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'tuổi trẻ');

    // Category menu: Enter opens it, Tab walks its links, Escape closes it and gives the focus back to the toggle.
    await open(page, '/');
    const toggle = desktopHeader(page).getByRole('button', { name: 'Mở danh mục' });
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    const panelId = await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'));
    const panel = page.locator(`[id="${panelId}"]`);
    await poll(() => panel.getByRole('link').count()).toBeGreaterThan(0);
    await tabTo(page, panel.getByRole('link'), { max: 3 });
    const firstLink = await page.evaluate(() => document.activeElement?.textContent);
    await tabTo(page, panel.getByRole('link'), { max: 1 });
    expect(await page.evaluate(() => document.activeElement?.textContent)).not.toBe(firstLink);
    await shot(page, 'desktop-category-menu');
    await page.keyboard.press('Escape');
    await poll(() => panel.isHidden()).toBe(true);
    expect(await isFocused(desktopHeader(page).getByRole('button', { name: 'Mở danh mục' }))).toBe(true);

    // A book card: its title link draws the ring around the whole card.
    await open(page, '/');
    const card = page.getByTestId('book-card').first().getByRole('heading').getByRole('link');
    await tabTo(page, card, { max: 120 });
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'desktop-book-card-focus');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/books/') || url.pathname.startsWith('/danh-muc/'));

    // Mobile: the menu button and the search box show their focus too.
    await page.setViewportSize(MOBILE);
    await open(page, '/');
    await tabTo(page, page.getByRole('button', { name: 'Mở menu' }));
    await shot(page, 'mobile-menu-button-focus');
    await context.close();
    expect(unseen).toEqual([]);
  }, 240_000);

  it('adds to the cart, checks out, and the sale changes the status (customer, then sale)', async () => {
    const customer = (await api<{ accessToken: string }>('/api/v1/auth/login', { method: 'POST', body: { username: 'khach', password: 'Khach@123' } }))
      .accessToken;
    if ((await api<unknown[]>('/api/v1/address', { token: customer })).length === 0) {
      await api('/api/v1/address', {
        method: 'POST',
        token: customer,
        body: { fullName: 'Nguyễn Văn Khách', phone: '0901234567', line1: '12 Lê Lợi', province: 'Thành phố Hồ Chí Minh', ward: 'Phường Bến Thành', makeDefault: true },
      });
    }
    const book = (await api<{ content: { slug: string; stock: number; title: string }[] }>('/api/v1/books?page=0&size=20&status=ACTIVE')).content.find(
      (b) => b.stock >= 5,
    )!;

    const { context, page } = await newPage(browser, store.baseUrl);
    await logIn(page, 'khach', 'Khach@123', '/');

    // Add to cart from the product page.
    await open(page, `/books/${book.slug}`);
    const add = page.getByRole('button', { name: 'Thêm vào giỏ hàng' });
    await tabTo(page, add);
    await shot(page, 'desktop-add-to-cart-focus');
    await page.keyboard.press('Enter');
    await poll(() => desktopHeader(page).getByRole('link', { name: /^Giỏ hàng, \d+ sản phẩm$/ }).count()).toBe(1);

    // Cart: the checkout button.
    await open(page, '/gio-hang');
    const buy = page.getByRole('button', { name: /^Mua hàng/ });
    await poll(() => buy.isEnabled()).toBe(true);
    await tabTo(page, buy, { max: 120 });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/checkout');

    // Checkout: cash on delivery chosen with the arrow keys in its radio group, then 'Đặt hàng'.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const payment = page.locator('input[type="radio"][name="payment"]');
    await tabTo(page, payment, { max: 120 });
    const cod = page.getByRole('radio', { name: /Thanh toán bằng tiền mặt/ });
    if (!(await cod.isChecked())) {
      await page.keyboard.press('ArrowUp');
      await poll(() => cod.isChecked()).toBe(true);
    }
    await checkFocus(page);
    await shot(page, 'desktop-checkout-radio-focus');
    const place = page.getByRole('button', { name: 'Đặt hàng', exact: true });
    await tabTo(page, place, { max: 40 });
    await shot(page, 'desktop-place-order-focus');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/orders/'));
    const code = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await context.close();

    // The sale opens the order from the list and confirms it, with the keyboard.
    const staff = await newPage(browser, store.baseUrl);
    await logIn(staff.page, 'sale', 'Sale@123', '/sale/orders');
    await open(staff.page, '/sale/orders');
    const row = staff.page.locator(`[data-testid="sale-order-row"][data-code="${code}"]`);
    await poll(() => row.count()).toBeGreaterThan(0);
    await tabTo(staff.page, row.getByRole('link', { name: code, exact: true }), { max: 150 });
    await staff.page.keyboard.press('Enter');
    await staff.page.waitForURL((url) => /^\/sale\/orders\/\d+$/.test(url.pathname));
    await staff.page.waitForLoadState('networkidle');
    await staff.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const form = staff.page.getByTestId('status-form');
    const select = form.getByLabel('Trạng thái mới');
    // The walk starts once the order has shown (its form comes with the order's answer).
    await poll(() => select.isVisible()).toBe(true);
    await tabTo(staff.page, select, { max: 60 });
    for (let i = 0; i < 6 && (await select.inputValue()) !== 'CONFIRMED'; i++) await staff.page.keyboard.press('ArrowDown');
    expect(await select.inputValue()).toBe('CONFIRMED');
    await shot(staff.page, 'desktop-sale-status-focus');
    await tabTo(staff.page, form.getByRole('button', { name: 'Cập nhật trạng thái' }), { max: 5 });
    await staff.page.keyboard.press('Enter');
    await staff.page.waitForURL((url) => url.pathname === '/sale/orders' && url.searchParams.get('status') === 'CONFIRMED');
    await staff.context.close();
    expect(unseen).toEqual([]);
  }, 240_000);
});

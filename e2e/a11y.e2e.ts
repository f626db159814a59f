import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type ApiInit, artifactsDir, DESKTOP, logIn, MOBILE, newPage, storeApi, storeForFile } from './harness.ts';

// WCAG 2.2 AA with axe-core: every route of the spec (spec section 2) for every role (guest, customer, SALE, ADMIN),
// at desktop and mobile width, plus the states a person opens on them (category menu, search suggestions, account
// menu, mobile menu, book editor). Any violation of impact serious or critical fails, and any skipped heading level;
// each is listed as page, rule, target and axe's reason.
//
// axe's source is evaluated in the page through the DevTools protocol: the store's Content-Security-Policy forbids
// inline scripts, and an evaluation from the protocol is not one.

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const shop = storeForFile();

const api = <T>(path: string, init?: ApiInit) => storeApi<T>(shop.store.baseUrl, path, init);

const token = async (username: string, password: string) =>
  (await api<{ accessToken: string }>('/api/v1/auth/login', { method: 'POST', body: { username, password } })).accessToken;

interface Book {
  id: number;
  slug: string;
  stock: number;
}

/** What the pages need: a book, a category, an order of the customer (with its id for the sales pages), a filled cart. */
interface Fixture {
  book: Book;
  categorySlug: string;
  orderCode: string;
  orderId: number;
  transferCode: string;
  transferId: number;
}

async function prepare(): Promise<Fixture> {
  const books = (await api<{ content: Book[] }>('/api/v1/books?page=0&size=40&status=ACTIVE&sort=createdAt&direction=DESC')).content.filter(
    (b) => b.stock >= 5,
  );
  const categories = await api<{ slug: string }[]>('/api/v1/categories/flat');
  const customer = await token('khach', 'Khach@123');
  let addresses = await api<{ id: number }[]>('/api/v1/address', { token: customer });
  if (!addresses.length) {
    await api('/api/v1/address', {
      method: 'POST',
      token: customer,
      body: { fullName: 'Nguyễn Văn Khách', phone: '0901234567', line1: '12 Lê Lợi', province: 'Thành phố Hồ Chí Minh', ward: 'Phường Bến Thành', makeDefault: true },
    });
    addresses = await api<{ id: number }[]>('/api/v1/address', { token: customer });
  }
  await api('/api/v1/cart/items', { method: 'POST', token: customer, body: { bookId: books[0]!.id, qty: 1 } });
  const order = await api<{ id: number; code: string }>('/api/v1/orders', {
    method: 'POST',
    token: customer,
    body: { addressId: addresses[0]!.id, paymentMethod: 'COD', deliveryMethod: 'STANDARD' },
  });
  // A bank transfer order: its VietQR page, and the transfers card of the sales page.
  await api('/api/v1/cart/items', { method: 'POST', token: customer, body: { bookId: books[3]!.id, qty: 1 } });
  const transfer = await api<{ id: number; code: string }>('/api/v1/orders', {
    method: 'POST',
    token: customer,
    body: { addressId: addresses[0]!.id, paymentMethod: 'BANK_TRANSFER', deliveryMethod: 'STANDARD' },
  });
  // The cart and checkout pages show lines.
  await api('/api/v1/cart/items', { method: 'POST', token: customer, body: { bookId: books[1]!.id, qty: 2 } });
  await api('/api/v1/cart/items', { method: 'POST', token: customer, body: { bookId: books[2]!.id, qty: 1 } });
  return {
    book: books[0]!,
    categorySlug: categories[0]!.slug,
    orderCode: order.code,
    orderId: order.id,
    transferCode: transfer.code,
    transferId: transfer.id,
  };
}

interface Finding {
  page: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/** Runs axe on what the page shows now; returns the serious and critical violations, one per element. */
async function audit(page: Page, label: string): Promise<Finding[]> {
  // Let lazy pages, data and entry animations settle.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(250);
  const hasAxe = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    interface AxeNode {
      target: unknown[];
      impact?: string | null;
      failureSummary?: string;
    }
    interface AxeResult {
      violations: { id: string; impact?: string | null; nodes: AxeNode[] }[];
    }
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<AxeResult> } }).axe;
    // Headless UI's focus guards (hidden buttons around an open popover panel that hand the focus on to the panel or
    // back to its button, marked data-headlessui-focus-guard) are the library's keyboard plumbing, not content: the
    // keyboard tests walk the menus with Tab.
    const result = await axe.run({ exclude: [['[data-headlessui-focus-guard]']] }, {
      runOnly: { type: 'tag', values: tags },
      // Tagged experimental in axe, so off by default: a name that does not contain the visible label (WCAG 2.5.3).
      // A best practice outside the WCAG tags, of moderate impact, checked too: no heading level skipped.
      rules: { 'label-content-name-mismatch': { enabled: true }, 'heading-order': { enabled: true } },
      resultTypes: ['violations'],
    });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => ({
        rule: v.id,
        impact: n.impact ?? v.impact ?? '',
        target: n.target.map(String).join(' > '),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
      })),
    );
  }, WCAG_TAGS);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.rule === 'heading-order')
    .map((v) => ({ page: label, ...v }));
}

type Step = { path: string; state?: string; open?: (page: Page) => Promise<void>; before?: (page: Page) => Promise<void> };

const visible = (page: Page, selector: string) => page.locator(selector).locator('visible=true').first();

/** The header's states, opened by clicking as a person would. */
const openCategoryMenu = async (page: Page) => {
  await visible(page, 'button[aria-controls][aria-label="Mở danh mục"]').click();
  await page.getByRole('link', { name: 'Xem tất cả' }).first().waitFor();
};
const openSuggestions = async (page: Page) => {
  const box = visible(page, 'input[type="search"]');
  await box.fill('nha gia');
  await page.getByRole('listbox').first().waitFor();
};
const openAccountMenu = async (page: Page) => {
  await visible(page, 'button[aria-label^="Tài khoản"]').click();
  await page.getByRole('menuitem', { name: 'Đăng xuất' }).first().waitFor();
};
/** The back office's user menu: the button in the top bar naming the user. */
const openStaffMenu = async (page: Page) => {
  await page.locator('header button[aria-expanded]').first().click();
  await page.getByRole('menuitem', { name: 'Đăng xuất' }).first().waitFor();
};
const openMobileMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Mở menu' }).click();
  await page.getByRole('button', { name: 'Đóng menu' }).waitFor();
};

/** Every step at desktop width, then again at mobile width, in one context; returns the findings of all. */
async function walk(page: Page, steps: Step[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const step of steps) {
      if (step.state === 'mobile menu' && size === 'desktop') continue;
      if (step.before) await step.before(page);
      const res = await page.goto(step.path);
      expect(res?.status(), step.path).toBeLessThan(500);
      const label = `${size} ${step.path}${step.state ? ` [${step.state}]` : ''}`;
      if (step.open) {
        await page.waitForLoadState('networkidle');
        await step.open(page);
      }
      findings.push(...(await audit(page, label)));
    }
  }
  return findings;
}

/** The findings as readable lines (page, rule (impact), target, why), also kept under e2e/.artifacts. */
function lines(name: string, findings: Finding[]): string[] {
  const out = findings.map((f) => `${f.page} | ${f.rule} (${f.impact}) | ${f.target} | ${f.summary}`);
  mkdirSync(artifactsDir, { recursive: true });
  writeFileSync(path.join(artifactsDir, `a11y-${name}.txt`), out.join('\n'));
  return out;
}

let fx: Fixture;

describe('WCAG 2.2 AA (axe-core), every route, every role, desktop and mobile', () => {
  beforeAll(async () => {
    fx = await prepare();
  });

  it('guest pages', async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const steps: Step[] = [
      { path: '/' },
      { path: '/', state: 'category menu', open: openCategoryMenu },
      { path: '/', state: 'search suggestions', open: openSuggestions },
      { path: '/', state: 'mobile menu', open: openMobileMenu },
      { path: '/lien-he' },
      { path: '/trang/huong-dan-dat-hang' },
      { path: '/trang/doi-tra' },
      { path: `/books/${fx.book.slug}` },
      { path: `/danh-muc/${fx.categorySlug}` },
      { path: `/danh-muc/${fx.categorySlug}/${fx.book.slug}` },
      { path: '/search?q=nha%20gia%20kim' },
      { path: '/search?q=zzzzqqq' },
      { path: '/gio-hang' },
      { path: '/dang-ky' },
      { path: '/dang-nhap' },
      { path: '/quen-mat-khau' },
      {
        path: '/verify-email',
        before: async (p) => {
          await p.goto('/dang-ky');
          await p.evaluate(() =>
            sessionStorage.setItem('auth.register', JSON.stringify({ email: 'moi@example.com', password: 'Moi@12345', username: 'moi', resendAvailableAt: Date.now() + 60_000 })),
          );
        },
      },
      {
        path: '/dat-lai-mat-khau',
        before: async (p) => {
          await p.goto('/quen-mat-khau');
          await p.evaluate(() => sessionStorage.setItem('auth.reset', JSON.stringify({ email: 'khach@nhasach.local', otp: '123456' })));
        },
      },
      { path: '/trang-khong-co' },
    ];
    const findings = await walk(page, steps);
    await context.close();
    expect(lines('guest', findings)).toEqual([]);
  }, 600_000);

  it('customer pages', async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await logIn(page, 'khach', 'Khach@123', '/');
    const steps: Step[] = [
      { path: '/' },
      { path: '/', state: 'account menu', open: openAccountMenu },
      { path: `/books/${fx.book.slug}` },
      { path: '/gio-hang' },
      { path: '/checkout' },
      { path: '/don-hang' },
      { path: `/orders/${fx.orderCode}` },
      { path: `/orders/${fx.transferCode}` },
      { path: `/orders/${fx.transferCode}/chuyen-khoan` },
      { path: '/yeu-thich' },
      { path: '/tai-khoan/ho-so-cua-toi' },
      { path: '/tai-khoan/dia-chi' },
      { path: '/tai-khoan/doi-mat-khau' },
      { path: '/doi-mat-khau' },
    ];
    const findings = await walk(page, steps);
    await context.close();
    expect(lines('customer', findings)).toEqual([]);
  }, 600_000);

  it('sales pages', async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await logIn(page, 'sale', 'Sale@123', '/sale/orders');
    const steps: Step[] = [
      { path: '/sale/orders' },
      { path: '/sale/orders?status=COMPLETED' },
      { path: `/sale/orders/${fx.orderId}` },
      { path: `/sale/orders/${fx.transferId}` },
      { path: '/sale/orders', state: 'user menu', open: openStaffMenu },
      { path: '/' },
    ];
    const findings = await walk(page, steps);
    await context.close();
    expect(lines('sale', findings)).toEqual([]);
  }, 600_000);

  it('admin pages', async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await logIn(page, 'admin', 'Admin@123', '/admin');
    const steps: Step[] = [
      { path: '/admin' },
      { path: '/admin/books' },
      {
        path: `/admin/books?edit=${fx.book.id}`,
        state: 'book editor',
        open: async (p) => {
          await p.getByRole('dialog').waitFor();
        },
      },
      { path: '/admin/users' },
      { path: '/admin/categories' },
      { path: '/admin/masters' },
      { path: '/admin/vouchers' },
      { path: '/admin/pages' },
      { path: '/admin/contact' },
      { path: '/admin', state: 'user menu', open: openStaffMenu },
      { path: '/sale/orders' },
      { path: `/sale/orders/${fx.orderId}` },
    ];
    const findings = await walk(page, steps);
    await context.close();
    expect(lines('admin', findings)).toEqual([]);
  }, 600_000);
});

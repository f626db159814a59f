import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CONTENT_PAGE_SLUGS } from '@nhasach/shared';
import { queryRows } from '../../db/client.ts';
import { books } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed/catalog.ts';
import { VALID_ADDRESS } from '../../../test/address.ts';
import { bearer, createAccount } from '../../../test/auth.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { PAGE_SESSION_COOKIE } from '../auth/index.ts';
import { jsonForScript } from './escape.ts';
import { sitemapRoutes } from './plugin.ts';

// The public pages as a crawler sees them: plain HTTP, no JavaScript. The shell is shaped like Vite's build of
// apps/web/index.html (title and description in the head, the module script, the empty root element).
const SHELL = `<!doctype html>
<html lang="vi">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Nhà Sách - nhà sách trực tuyến: sách tiếng Việt và sách dịch, giao hàng toàn quốc." />
    <meta name="theme-color" content="#b91c1c" />
    <title>Nhà Sách</title>
    <script type="module" crossorigin src="/assets/index-test.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-test.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const ORIGIN = 'https://nhasach.example';

let t: TestApp;
let base: string;
let webRoot: string;

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'nhasach-web-'));
  const webDist = path.join(webRoot, 'dist');
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  // The server render beside the build, as `vite build --ssr` writes it: here the web app's source itself.
  mkdirSync(path.join(webRoot, 'dist-server'));
  const entry = fileURLToPath(new URL('../../../../web/src/entry-server.tsx', import.meta.url));
  writeFileSync(path.join(webRoot, 'dist-server', 'entry-server.js'), `export * from ${JSON.stringify(entry)};\n`);
  writeFileSync(path.join(webDist, 'index.html'), SHELL);
  writeFileSync(path.join(webDist, 'assets', 'index-test.js'), 'export {};\n');
  // Vite's manifest: the entry and the product page's chunk, which shares one module with the entry and has one of its own.
  mkdirSync(path.join(webDist, '.vite'));
  writeFileSync(
    path.join(webDist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-test.js', isEntry: true, imports: ['_shared-test.js'] },
      '_shared-test.js': { file: 'assets/shared-test.js' },
      '_gallery-test.js': { file: 'assets/gallery-test.js', imports: ['_shared-test.js'] },
      'src/features/storefront/ProductDetailPage.tsx': { file: 'assets/ProductDetailPage-test.js', isDynamicEntry: true, imports: ['_shared-test.js', '_gallery-test.js'] },
    }),
  );
  t = await createTestApp({ NODE_ENV: 'production', WEB_DIST: webDist, PUBLIC_URL: ORIGIN });
  await seedDemoCatalog(t.app);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const decode = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

interface Page {
  status: number;
  html: string;
  headers: Headers;
  title: string | undefined;
  meta(key: string): string | undefined;
  link(rel: string): string | undefined;
  jsonLd(): Record<string, unknown>[];
}

async function page(url: string): Promise<Page> {
  const res = await fetch(`${base}${url}`, { headers: { accept: 'text/html' } });
  const html = await res.text();
  const head = html.slice(0, html.indexOf('</head>'));
  return {
    status: res.status,
    html,
    headers: res.headers,
    title: /<title>([\s\S]*?)<\/title>/.exec(head)?.[1]?.replace(/[\s\S]*/, (s) => decode(s)),
    meta(key) {
      const m = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(head);
      return m ? decode(m[1]!) : undefined;
    },
    link(rel) {
      const m = new RegExp(`<link rel="${rel}" href="([^"]*)"`).exec(head);
      return m ? decode(m[1]!) : undefined;
    },
    jsonLd() {
      return [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    },
  };
}

interface DemoBookRow {
  id: number;
  slug: string;
  title: string;
  price: number;
  salePrice: number | null;
  categorySlug: string;
}

async function visibleBook(where = sql`true`): Promise<DemoBookRow> {
  const [row] = await queryRows<DemoBookRow>(
    t.app.db,
    sql`select b.id, b.slug, b.title, b.price, b.sale_price as "salePrice",
        (select c.slug from categories c join book_categories bc on bc.category_id = c.id where bc.book_id = b.id limit 1) as "categorySlug"
      from books b where b.status = 'ACTIVE' and b.stock > 0 and ${where} order by b.id limit 1`,
  );
  return row!;
}

describe('product page before JavaScript', () => {
  it('has the title, description, canonical URL, cover, price in VND and a Book with an Offer', async () => {
    const book = await visibleBook(sql`b.sale_price is null`);
    const p = await page(`/books/${book.slug}`);
    expect(p.status).toBe(200);
    expect(p.headers.get('content-type')).toMatch(/^text\/html/);
    expect(p.headers.get('cache-control')).toBe('no-cache');
    expect(p.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(p.title).toBe(`${book.title} | Nhà Sách`);
    expect(p.html.match(/<title>/g)).toHaveLength(1);
    expect(p.html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(p.meta('description')!.length).toBeGreaterThan(20);
    expect(p.meta('description')!.length).toBeLessThanOrEqual(160);
    expect(p.link('canonical')).toBe(`${ORIGIN}/books/${book.slug}`);
    expect(p.meta('og:url')).toBe(`${ORIGIN}/books/${book.slug}`);
    expect(p.meta('og:type')).toBe('product');
    expect(p.meta('og:title')).toBe(p.title);
    expect(p.meta('product:price:amount')).toBe(String(book.price));
    expect(p.meta('product:price:currency')).toBe('VND');
    const image = p.meta('og:image')!;
    expect(image).toMatch(new RegExp(`^${ORIGIN}/media/`));
    expect(p.meta('twitter:card')).toBe('summary_large_image');
    expect(p.meta('twitter:image')).toBe(image);
    // The cover the og:image names is served.
    const cover = await fetch(`${base}${new URL(image).pathname}`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toMatch(/^image\//);

    const [ld, crumbs] = p.jsonLd();
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Book',
      name: book.title,
      url: `${ORIGIN}/books/${book.slug}`,
      image: [image],
      offers: { '@type': 'Offer', price: book.price, priceCurrency: 'VND', availability: 'https://schema.org/InStock' },
    });
    expect(ld!.isbn).toMatch(/^\d{13}$/);
    expect((ld!.author as { name: string }[])[0]!.name.length).toBeGreaterThan(0);
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    const items = crumbs!.itemListElement as { position: number; name: string; item: string }[];
    expect(items.map((i) => i.position)).toEqual([1, 2, 3]);
    expect(items[0]!.item).toBe(`${ORIGIN}/`);
    expect(items[1]!.item).toBe(`${ORIGIN}/danh-muc/${book.categorySlug}`);
    expect(items[2]).toMatchObject({ name: book.title, item: `${ORIGIN}/books/${book.slug}` });

    // The page itself is in the HTML (the app's render), and the app still starts.
    expect(p.html).toContain('<script type="module" crossorigin src="/assets/index-test.js"></script>');
    expect(rootHtml(p.html)).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    // The cover is asked for at once, with the gallery's srcset.
    // The API answers every image on its public address (PUBLIC_URL): the preload names the same absolute URLs.
    expect(p.html).toMatch(new RegExp(`<link rel="preload" as="image" href="${ORIGIN}/media/[^"]+" imagesrcset="${ORIGIN}/media/[^"]+ 300w, [^"]+ 600w, [^"]+ 900w" imagesizes="[^"]+" fetchpriority="high" />`));
  });

  it('shows the sale price while a sale runs, and the category URL names the same canonical page', async () => {
    const book = await visibleBook(sql`b.sale_price is not null and b.sale_start_at is null and b.sale_end_at is null`);
    const p = await page(`/danh-muc/${book.categorySlug}/${book.slug}`);
    expect(p.status).toBe(200);
    expect(p.link('canonical')).toBe(`${ORIGIN}/books/${book.slug}`);
    expect(p.meta('product:price:amount')).toBe(String(book.salePrice));
    expect((p.jsonLd()[0]!.offers as { price: number }).price).toBe(book.salePrice);
  });

  it('answers 404 with the app shell for an unknown or hidden book', async () => {
    for (const url of ['/books/khong-co-cuon-nay', '/danh-muc/van-hoc/khong-co-cuon-nay', `/books/${'x'.repeat(201)}`]) {
      const p = await page(url);
      expect(p.status, url).toBe(404);
      expect(p.headers.get('content-type')).toMatch(/^text\/html/);
      expect(p.html).toContain('<div id="root"></div>');
      expect(p.html).toContain('src="/assets/index-test.js"');
      expect(p.meta('robots')).toBe('noindex');
      expect(p.link('canonical')).toBeUndefined();
      expect(p.jsonLd()).toEqual([]);
    }
    // A slug of the longest length allowed (200) names its book.
    const long = await visibleBook();
    const longSlug = `${long.slug}-${'a'.repeat(200)}`.slice(0, 200);
    await t.app.db.update(books).set({ slug: longSlug }).where(eq(books.id, long.id));
    try {
      const p = await page(`/books/${longSlug}`);
      expect(p.status).toBe(200);
      expect(p.title).toBe(`${long.title} | Nhà Sách`);
    } finally {
      await t.app.db.update(books).set({ slug: long.slug }).where(eq(books.id, long.id));
    }
    const hidden = await visibleBook();
    await t.app.db.update(books).set({ status: 'INACTIVE' }).where(eq(books.id, hidden.id));
    try {
      expect((await page(`/books/${hidden.slug}`)).status).toBe(404);
    } finally {
      await t.app.db.update(books).set({ status: 'ACTIVE' }).where(eq(books.id, hidden.id));
    }
  });

  it('escapes a hostile title and description everywhere', async () => {
    const book = await visibleBook();
    const title = `Sách "Lạ" & 'khó' </script><script>alert(1)</script><!-- \u2028`;
    const description = `<p>Mở đầu</p><script>alert(2)</script><p>"trích" &amp; </script> hết</p>`;
    const [old] = await t.app.db.select({ title: books.title, description: books.description }).from(books).where(eq(books.id, book.id));
    await t.app.db.update(books).set({ title, description }).where(eq(books.id, book.id));
    try {
      const p = await page(`/books/${book.slug}`);
      expect(p.status).toBe(200);
      expect(p.html).not.toContain('<script>alert');
      expect(p.html).not.toContain('"Lạ"');
      expect(p.html.slice(0, p.html.indexOf('</head>'))).not.toContain('<!--');
      expect(rootHtml(p.html)).not.toContain('<!-- \u2028');
      // Three data blocks at most end where they should: no early '</script>'.
      expect(p.html.match(/<\/script>/g)!.length).toBe(p.html.match(/<script\b/g)!.length);
      expect(p.title).toBe(`${title} | Nhà Sách`);
      expect(p.meta('og:title')).toBe(`${title} | Nhà Sách`);
      expect(p.meta('description')).not.toContain('<');
      const [ld, crumbs] = p.jsonLd();
      expect(ld!.name).toBe(title);
      expect((crumbs!.itemListElement as { name: string }[])[2]!.name).toBe(title);
      expect(rootHtml(p.html)).toContain('Sách &quot;Lạ&quot; &amp; &#x27;khó&#x27; &lt;/script&gt;');
    } finally {
      await t.app.db.update(books).set(old!).where(eq(books.id, book.id));
    }
  });

  it('JSON-LD text cannot close its element and still parses back', () => {
    const value = { a: '</script><script>x</script>', b: '<!-- & -->', c: '\u2028\u2029' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('category, search and home pages before JavaScript', () => {
  it('category: title, canonical, breadcrumb down the tree; unknown slug is 404', async () => {
    const [child] = await queryRows<{ slug: string; name: string; parentSlug: string; parentName: string }>(
      t.app.db,
      sql`select c.slug, c.name, p.slug as "parentSlug", p.name as "parentName" from categories c join categories p on p.id = c.parent_id order by c.id limit 1`,
    );
    const p = await page(`/danh-muc/${child!.slug}?page=2&sort=price`);
    expect(p.status).toBe(200);
    expect(p.title).toBe(`${child!.name} | Nhà Sách`);
    expect(p.link('canonical')).toBe(`${ORIGIN}/danh-muc/${child!.slug}?page=2`);
    expect(p.meta('description')).toContain(child!.name);
    const crumbs = p.jsonLd().find((d) => d['@type'] === 'BreadcrumbList')!;
    expect((crumbs.itemListElement as { name: string }[]).map((i) => i.name)).toEqual(['Trang chủ', child!.parentName, child!.name]);
    expect((await page('/danh-muc/khong-co-danh-muc-nay')).status).toBe(404);
    // A page past the last one does not exist either.
    expect((await page(`/danh-muc/${child!.slug}?page=999`)).status).toBe(404);
  });

  it('search: the term in the title (escaped), not indexed but followed', async () => {
    const p = await page(`/search?q=${encodeURIComponent('<b>"Nguyễn Nhật Ánh"</b>')}&page=0&size=20`);
    expect(p.status).toBe(200);
    expect(p.title).toBe('Tìm kiếm: <b>"Nguyễn Nhật Ánh"</b> | Nhà Sách');
    expect(p.html).not.toContain('<b>');
    expect(p.meta('robots')).toBe('noindex, follow');
    expect(p.link('canonical')).toBe(`${ORIGIN}/search?q=${encodeURIComponent('<b>"Nguyễn Nhật Ánh"</b>')}`);
    // A control character in a page's query string is dropped, not refused with an API error.
    expect((await page('/search?q=ab%01c')).title).toBe('Tìm kiếm: ab c | Nhà Sách');
  });

  it('home: the store, its search action and the top categories', async () => {
    const p = await page('/');
    expect(p.status).toBe(200);
    expect(p.title).toBe('Nhà Sách - Nhà sách trực tuyến');
    expect(p.link('canonical')).toBe(`${ORIGIN}/`);
    const site = p.jsonLd().find((d) => d['@type'] === 'WebSite')!;
    expect(site.potentialAction).toMatchObject({ '@type': 'SearchAction', target: { urlTemplate: `${ORIGIN}/search?q={search_term_string}` } });
    expect(rootHtml(p.html)).toMatch(/<a [^>]*href="\/danh-muc\/[a-z0-9-]+"/);
    // The category tree the app would fetch before painting its category chips comes with the page.
    const tree = queryData(p.html, ['categories', 'tree']) as { slug: string; children: unknown[] }[];
    expect(tree.length).toBeGreaterThan(5);
    expect(tree[0]!.children.length).toBeGreaterThan(0);
    // The share picture is a 1200×630 PNG the server serves, not the favicon.
    expect(p.meta('og:image')).toBe(`${ORIGIN}/og/home.png`);
    expect(p.meta('og:image:width')).toBe('1200');
    expect(p.meta('og:image:height')).toBe('630');
    // The picture ships with the web app (public/, copied into its build): a PNG of that size.
    const png = readFileSync(fileURLToPath(new URL('../../../../web/public/og/home.png', import.meta.url)));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});

describe('every other address', () => {
  it('contact and information pages arrive rendered, with their own title, description and canonical URL', async () => {
    const contact = await page('/lien-he');
    expect(contact.status).toBe(200);
    expect(contact.title).toBe('Liên hệ | Nhà Sách');
    expect(contact.meta('description')).toContain('Liên hệ');
    expect(contact.link('canonical')).toBe(`${ORIGIN}/lien-he`);
    expect(rootHtml(contact.html)).toContain('<form');
    const slug = CONTENT_PAGE_SLUGS[0]!;
    const info = await page(`/trang/${slug}`);
    const fromApi = await api<{ title: string }>(`/api/v1/pages/${slug}`);
    expect(info.status).toBe(200);
    expect(info.title).toBe(`${fromApi.title} | Nhà Sách`);
    expect(info.meta('description')!.length).toBeGreaterThan(20);
    expect(info.link('canonical')).toBe(`${ORIGIN}/trang/${slug}`);
    expect(rootHtml(info.html)).toContain(fromApi.title);
    expect((await page('/trang/khong-co-trang-nay')).status).toBe(404);
  });

  it('an unknown address is 404; the shopper\'s own pages are the shell, the cart its frame; none indexed', async () => {
    const missing = await page('/khong-ton-tai');
    expect(missing.status).toBe(404);
    expect(missing.title).toBe('Không tìm thấy trang | Nhà Sách');
    expect(missing.meta('robots')).toBe('noindex');
    for (const url of ['/don-hang', '/checkout', '/orders/NS26112800001']) {
      const p = await page(url);
      expect(p.status, url).toBe(200);
      expect(p.html).toContain('<div id="root"></div>');
      expect(p.title, url).toBe('Nhà Sách');
    }
    // The cart arrives as its frame (heading, the summary's labels; nothing of a shopper's: the server does not know
    // the session, and a guest's notice waits for the cart), with its own title, kept out of the index.
    const cart = await page('/gio-hang');
    expect(cart.status).toBe(200);
    expect(cart.title).toBe('Giỏ hàng | Nhà Sách');
    expect(cart.meta('robots')).toBe('noindex');
    expect(cart.link('canonical')).toBe(`${ORIGIN}/gio-hang`);
    expect(rootHtml(cart.html)).toContain('Tóm tắt đơn hàng');
    expect(rootHtml(cart.html)).toContain('Ước tính giao tiêu chuẩn; phí theo địa chỉ tính ở bước thanh toán');
    expect(rootHtml(cart.html)).not.toContain('Giỏ hàng được giữ trên máy này');
    // The sign-in and sign-up forms arrive rendered (nothing of a shopper's in them), kept out of the index, their
    // button off until the app runs.
    for (const [url, title] of [['/dang-nhap', 'Đăng nhập'], ['/dang-ky', 'Tạo tài khoản']] as const) {
      const p = await page(url);
      expect(p.status, url).toBe(200);
      expect(p.title).toBe(`${title} | Nhà Sách`);
      expect(p.meta('robots')).toBe('noindex');
      expect(p.link('canonical')).toBe(`${ORIGIN}${url}`);
      expect(rootHtml(p.html)).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    }
    // An unknown API path is still the API's own 404.
    const api404 = await fetch(`${base}/api/v1/khong-co`);
    expect(api404.status).toBe(404);
    expect(api404.headers.get('content-type')).toMatch(/json/);
  });
});

describe("a shopper's own pages with the page cookie", () => {
  async function shopper(line1: string) {
    const account = await createAccount(t.app.db);
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: account.username, password: account.password } });
    const token = (login.json() as { data: { accessToken: string } }).data.accessToken;
    const address = await t.app.inject({ method: 'POST', url: '/api/v1/address', headers: bearer(token), payload: { ...VALID_ADDRESS, line1, makeDefault: true } });
    expect(address.statusCode).toBe(201);
    return { account, login, token, addressId: (address.json() as { data: { id: number } }).data.id };
  }
  const withCookie = (url: string, cookie: string) => fetch(`${base}${url}`, { headers: { accept: 'text/html', cookie: `page_session=${cookie}` } });

  it('renders checkout and an order with the shopper\'s data for their cookie alone, private and not indexed', async () => {
    const a = await shopper('Số 7 Ngõ Riêng Của A');
    const b = await shopper('Số 9 Ngõ Riêng Của B');
    // The cookie: the access token again, only for the shopper's own pages, out of the scripts' reach.
    const cookies = a.login.cookies.filter((c) => c.name === PAGE_SESSION_COOKIE);
    expect(cookies.map((c) => c.path).sort()).toEqual(['/checkout', '/orders']);
    for (const c of cookies) {
      expect(c).toMatchObject({ value: a.token, httpOnly: true, sameSite: 'Lax', maxAge: 900 });
    }
    const book = await visibleBook();
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers: bearer(a.token), payload: { bookId: book.id, qty: 1 } })).statusCode).toBe(200);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: bearer(a.token),
      payload: { addressId: a.addressId, paymentMethod: 'COD', deliveryMethod: 'STANDARD' },
    });
    const code = (placed.json() as { data: { code: string } }).data.code;
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers: bearer(a.token), payload: { bookId: book.id, qty: 1 } })).statusCode).toBe(200);

    const checkout = await withCookie('/checkout', a.token);
    const checkoutHtml = await checkout.text();
    expect(checkout.status).toBe(200);
    expect(checkout.headers.get('cache-control')).toBe('private, no-store');
    expect(/<title>([^<]*)<\/title>/.exec(checkoutHtml)?.[1]).toBe('Thanh toán | Nhà Sách');
    expect(checkoutHtml).toContain('<meta name="robots" content="noindex" />');
    expect(rootHtml(checkoutHtml)).toContain('Số 7 Ngõ Riêng Của A');
    expect(rootHtml(checkoutHtml)).toContain(decode(book.title).slice(0, 10));
    expect((pageData(checkoutHtml) as { viewer?: string }).viewer).toBe(String(a.account.id));

    const order = await withCookie(`/orders/${code}`, a.token);
    const orderHtml = await order.text();
    expect(order.headers.get('cache-control')).toBe('private, no-store');
    expect(rootHtml(orderHtml)).toContain(code);
    expect(rootHtml(orderHtml)).toContain('Số 7 Ngõ Riêng Của A');

    // Another shopper's cookie, a forged one, none: the shell, with nothing of A's anywhere in the answer.
    for (const cookie of [b.token, `${a.token.slice(0, -4)}AAAA`, '']) {
      const other = await (cookie ? withCookie(`/orders/${code}`, cookie) : fetch(`${base}/orders/${code}`));
      const html = await other.text();
      expect(other.status).toBe(200);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('Số 7 Ngõ Riêng Của A');
      expect(other.headers.get('cache-control')).toBe('no-cache');
    }
    const bCheckout = await (await withCookie('/checkout', b.token)).text();
    expect(bCheckout).toContain('Số 9 Ngõ Riêng Của B');
    expect(bCheckout).not.toContain('Số 7 Ngõ Riêng Của A');
    // A public page is rendered as a guest sees it, cookie or not.
    const product = await withCookie(`/books/${book.slug}`, a.token);
    expect(product.headers.get('cache-control')).toBe('no-cache');
    expect((pageData(await product.text()) as { viewer?: string }).viewer).toBeUndefined();

    // Logging out drops the cookie on both paths.
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(a.token) });
    const dropped = out.cookies.filter((c) => c.name === PAGE_SESSION_COOKIE);
    expect(dropped.map((c) => c.path).sort()).toEqual(['/checkout', '/orders']);
    for (const c of dropped) expect(c.value).toBe('');
  });
});

/** The app's HTML inside the root element. */
function rootHtml(html: string): string {
  return html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</body>'));
}

/** The JSON data block the app starts from: the query cache of the server's render and the loaders' answers. */
function pageData(html: string): { queries?: { queries: { queryKey: unknown[]; state: { data: unknown } }[] }; loaderData?: Record<string, unknown> } {
  const data = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
  return data ? (JSON.parse(data[1]!) as ReturnType<typeof pageData>) : {};
}

/** The answer the page's cache holds under `key`, or undefined. */
function queryData(html: string, key: unknown[]): unknown {
  return pageData(html).queries?.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key))?.state.data;
}

async function api<T>(url: string): Promise<T> {
  const res = await fetch(`${base}${url}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

// The page's first API answers come inside its HTML (the app paints without a second round trip), equal to what
// the API answers a visitor who is not signed in, for the parameters the page itself asks for.
describe('first data of a page in its HTML', () => {
  it('product: the book as GET /books/slug answers it, and the page\'s own script files preloaded', async () => {
    const book = await visibleBook();
    const p = await page(`/books/${book.slug}`);
    expect(queryData(p.html, ['books', 'detail', book.slug, 'guest'])).toEqual(await api(`/api/v1/books/slug/${book.slug}`));
    const preloads = [...p.html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]*)" \/>/g)].map((m) => m[1]);
    expect(preloads).toEqual(['/assets/ProductDetailPage-test.js', '/assets/gallery-test.js']);
    // A page that does not exist preloads nothing and carries no book.
    const missing = await page('/books/khong-co-sach-nay');
    expect(missing.html).not.toContain('modulepreload');
    expect(pageData(missing.html).queries).toBeUndefined();
  });

  it('category: the listing of the URL\'s filters, sort and page', async () => {
    const [cat] = await queryRows<{ slug: string }>(t.app.db, sql`select slug from categories where parent_id is null order by id limit 1`);
    const p = await page(`/danh-muc/${cat!.slug}?sort=price_desc&size=24&priceMax=300000&junk=1`);
    const listing = pageData(p.html).queries!.queries.find((q) => q.queryKey[1] === 'catalog')!;
    expect(listing.queryKey[2]).toEqual({ category: cat!.slug, sort: 'PRICE_DESC', page: 0, size: 24, priceMax: 300000 });
    const fromApi = await api<{ content: { slug: string; thumbnail: string }[] }>(`/api/v1/books/catalog?category=${cat!.slug}&sort=PRICE_DESC&page=0&size=24&priceMax=300000`);
    expect(listing.state.data).toEqual(fromApi);
    expect(fromApi.content.length).toBeGreaterThan(0);
    // The first cover (a phone's largest paint) is fetched from the HTML, with the cards' own srcset and sizes.
    const first = fromApi.content[0]!.thumbnail;
    expect(p.html).toContain(`<link rel="preload" as="image" href="${first}" imagesrcset="${first.replace('-medium.webp', '-thumb.webp')} 120w, ${first} 300w`);
  });

  it('search: the first page of results; no term, no search', async () => {
    const p = await page('/search?q=nguyen%20nhat%20anh&page=0&size=20&sort=createdAt&direction=DESC');
    const params = { q: 'nguyen nhat anh', sort: 'createdAt', direction: 'DESC', page: 0, size: 20 };
    const result = queryData(p.html, ['books', 'search', params]) as { totalElements: number };
    expect(result).toEqual(await api('/api/v1/books/search?q=nguyen%20nhat%20anh&page=0&size=20&sort=createdAt&direction=DESC'));
    expect(result.totalElements).toBeGreaterThan(0);
    expect(pageData((await page('/search?q=%20%20')).html).queries!.queries.some((q) => q.queryKey[1] === 'search')).toBe(false);
  });

  it('home: the home data with the spec\'s parameters', async () => {
    const home = queryData((await page('/')).html, ['books', 'home']) as { newest: { content: unknown[] } };
    expect(home).toEqual(await api('/api/v1/books/home?status=ACTIVE&featuredSize=12&newSize=15&bestSize=12&perCategory=8'));
    expect(home.newest.content.length).toBeGreaterThan(0);
  });
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => decode(m[1]!));

describe('robots.txt and sitemaps', () => {
  it('robots.txt keeps crawlers out of the back-office and the shopper\'s own pages and names the sitemap', async () => {
    const res = await fetch(`${base}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    for (const p of ['/admin', '/sale', '/tai-khoan', '/gio-hang', '/checkout', '/don-hang', '/yeu-thich', '/api/']) {
      expect(text).toContain(`\nDisallow: ${p}\n`);
    }
    expect(text).not.toMatch(/Disallow: \/(books|danh-muc|search)/);
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('sitemap.xml lists the home page, every category and every visible book of the demo catalogue', async () => {
    const res = await fetch(`${base}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    const urls = locs(xml);
    const visible = await queryRows<{ slug: string }>(t.app.db, sql`select slug from books where status in ('ACTIVE', 'OUT_OF_STOCK')`);
    const hidden = await queryRows<{ slug: string }>(t.app.db, sql`select slug from books where status not in ('ACTIVE', 'OUT_OF_STOCK')`);
    const categories = await queryRows<{ slug: string }>(t.app.db, sql`select slug from categories`);
    expect(visible.length).toBeGreaterThan(300);
    expect(urls).toContain(`${ORIGIN}/`);
    expect(urls).toContain(`${ORIGIN}/lien-he`);
    for (const slug of CONTENT_PAGE_SLUGS) expect(urls).toContain(`${ORIGIN}/trang/${slug}`);
    for (const b of visible) expect(urls).toContain(`${ORIGIN}/books/${b.slug}`);
    for (const b of hidden) expect(urls).not.toContain(`${ORIGIN}/books/${b.slug}`);
    for (const c of categories) expect(urls).toContain(`${ORIGIN}/danh-muc/${c.slug}`);
    expect(new Set(urls).size).toBe(urls.length);
    expect(xml).toMatch(/<url><loc>[^<]+\/books\/[^<]+<\/loc><lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod><\/url>/);
  });

  it('past the per-file limit /sitemap.xml is an index of files that together list every page once', async () => {
    // The same routes with files of 40 URLs, on the same database.
    const small = Fastify();
    small.decorate('db', t.app.db);
    small.decorate('config', t.app.config);
    await small.register(sitemapRoutes, { maxUrls: 40 });
    try {
      const index = await small.inject('/sitemap.xml');
      expect(index.statusCode).toBe(200);
      expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const files = locs(index.body);
      expect(files.slice(0, 2)).toEqual([`${ORIGIN}/sitemaps/pages-0.xml`, `${ORIGIN}/sitemaps/pages-1.xml`]);
      expect(files.filter((f) => f.includes('/books-')).length).toBeGreaterThanOrEqual(8);
      const all: string[] = [];
      for (const file of files) {
        const res = await small.inject(new URL(file).pathname);
        expect(res.statusCode, file).toBe(200);
        const urls = locs(res.body);
        expect(urls.length, file).toBeLessThanOrEqual(40);
        all.push(...urls);
      }
      const whole = locs((await t.app.inject('/sitemap.xml')).body);
      expect(all.sort()).toEqual(whole.sort());
      expect((await small.inject('/sitemaps/nothing.xml')).statusCode).toBe(404);
    } finally {
      await small.close();
    }
  });
});

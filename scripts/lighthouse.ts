// `npm run lighthouse`: builds the store, starts it as `npm start` does (compiled, on a free port, its own PGlite
// database with the demo catalogue, or DATABASE_URL), and runs Lighthouse (performance only) in Debian's Chromium on
// the home, category, search, product, login and register pages, and a signed-in shopper's cart, checkout and
// order pages (Lighthouse drives a Chromium that holds the shopper's session), with the mobile and desktop presets. Prints, per page and preset:
// performance score, LCP, CLS, TBT, bytes transferred, the JavaScript of the first load (raw and gzip -9 of each
// file, whatever the server's own compression), and the load average before and after the run; then the time to a
// usable buy bar on the product page at the mobile settings (buyBarTime).
//
//   npm run lighthouse                      build, start, measure
//   npm run lighthouse -- --no-build        reuse the last build
//   npm run lighthouse -- --url http://…    measure a store that is already running (no build, no start)
//   npm run lighthouse -- --runs 5          median of more runs per page and preset (default 3: single runs of a
//                                           phone's page vary by several points)
//   npm run lighthouse -- --json out.json   also write the figures as JSON
//   npm run lighthouse -- --buy-bar-only    only the time to a usable buy bar (no Lighthouse rows)
//   npm run lighthouse -- --pages cart,login  only these pages
//   npm run lighthouse -- --mobile-only     only the mobile preset
//   npm run lighthouse -- --raw dir         also keep each run's whole Lighthouse report there (its request chain)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium as playwright, type BrowserContext } from 'playwright-core';
import { VALID_ADDRESS } from '../apps/server/test/address.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const runs = Math.max(1, Number(option('--runs') ?? 3));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface Store {
  baseUrl: string;
  stop(): Promise<void>;
}

async function startStore(): Promise<Store> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nhasach-lighthouse-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Many page loads from one address in a few minutes.
      RATE_LIMIT_SCALE: '20',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`store exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('store did not start in time');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function api<T>(baseUrl: string, url: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${baseUrl}${url}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

interface MeasuredPage {
  name: string;
  path: string;
  /** Measured as the demo shopper 'khach', signed in. */
  signedIn?: boolean;
}

const logIn = async (baseUrl: string) =>
  (await api<{ accessToken: string }>(baseUrl, '/api/v1/auth/login', { method: 'POST', body: { username: 'khach', password: 'Khach@123' } })).accessToken;

/** The demo shopper with a saved address, an order, and a line in the cart: what their pages show a real shopper. */
async function shopperOrder(baseUrl: string): Promise<string> {
  const token = await logIn(baseUrl);
  const books = (await api<{ content: { id: number; stock: number }[] }>(baseUrl, '/api/v1/books?page=0&size=40&status=ACTIVE')).content.filter((b) => b.stock >= 5);
  let addresses = await api<{ id: number }[]>(baseUrl, '/api/v1/address', { token });
  if (!addresses.length) {
    await api(baseUrl, '/api/v1/address', { method: 'POST', token, body: { ...VALID_ADDRESS, makeDefault: true } });
    addresses = await api<{ id: number }[]>(baseUrl, '/api/v1/address', { token });
  }
  await api(baseUrl, '/api/v1/cart/items', { method: 'POST', token, body: { bookId: books[0]!.id, qty: 1 } });
  const order = await api<{ code: string }>(baseUrl, '/api/v1/orders', { method: 'POST', token, body: { addressId: addresses[0]!.id, paymentMethod: 'COD', deliveryMethod: 'STANDARD' } });
  await api(baseUrl, '/api/v1/cart/items', { method: 'POST', token, body: { bookId: books[1]!.id, qty: 1 } });
  return order.code;
}

/** The storefront's pages: home, the category and the product of the best seller, a search, the forms, a shopper's own. */
async function pagesOf(baseUrl: string): Promise<MeasuredPage[]> {
  const catalog = await api<{ content: { slug: string }[] }>(baseUrl, '/api/v1/books/catalog?page=0&size=1&sort=sold&direction=DESC');
  const book = catalog.content[0];
  const tree = await api<{ slug: string }[]>(baseUrl, '/api/v1/categories/tree');
  if (!book || !tree[0]) throw new Error('the store has no books or categories to measure');
  return [
    { name: 'home', path: '/' },
    { name: 'category', path: `/danh-muc/${tree[0].slug}` },
    { name: 'search', path: '/search?q=nguyen%20nhat%20anh' },
    { name: 'product', path: `/books/${book.slug}` },
    { name: 'login', path: '/dang-nhap' },
    { name: 'register', path: '/dang-ky' },
    { name: 'cart', path: '/gio-hang', signedIn: true },
    { name: 'checkout', path: '/checkout', signedIn: true },
    { name: 'order', path: '/orders/', signedIn: true },
  ];
}

/**
 * A Chromium that Lighthouse drives through its debugging port, holding the signed-in shopper's session (the app
 * keeps its token in localStorage and its cookies, which Lighthouse is told not to clear; the HTTP cache is emptied before each run).
 * A fresh token before each run: runs outlast one.
 */
async function signedInBrowser(baseUrl: string): Promise<{ port: number; signIn: () => Promise<void>; close: () => Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'nhasach-lighthouse-profile-'));
  // Started as Lighthouse starts its own (a tab a driver such as Playwright opened never paints for Lighthouse).
  const browser = spawn(
    chromium,
    ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => browser.once('exit', () => resolve()));
  const connect = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await playwright.connectOverCDP(`http://127.0.0.1:${port}`);
      } catch (err) {
        if (attempt >= 40) throw err;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  };
  return {
    port,
    async signIn() {
      const driver = await connect();
      const context: BrowserContext = driver.contexts()[0]!;
      const page = await context.newPage();
      await page.goto(`${baseUrl}/lien-he`);
      // The app's scripts load after the page's load event: cleared before they are in, they would stay in the
      // cache for the measured run (which then read the first load from the cache).
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      await page.waitForLoadState('networkidle');
      // Signed in from the page, as the login form does: the browser keeps the session's cookies (the refresh cookie,
      // the page cookie of the shopper's own pages) and the app's stored token.
      await page.evaluate(async () => {
        const res = await fetch('/api/v1/auth/login', {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'khach', password: 'Khach@123' }),
        });
        const body = (await res.json()) as { data: { accessToken: string } };
        localStorage.setItem('accessToken', body.data.accessToken);
        localStorage.setItem('intro-seen-v2', '1');
      });
      // A first visit as Lighthouse's own reset makes it: nothing from the HTTP cache, only the session kept.
      await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
      await page.close();
      // Lets go of the browser without closing it.
      await driver.close();
    },
    async close() {
      browser.kill('SIGTERM');
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

interface LhAudit {
  numericValue?: number;
  details?: {
    items?: { url: string; resourceType?: string; transferSize?: number; resourceSize?: number; items?: { node?: { nodeLabel?: string; selector?: string } }[] }[];
  };
}
interface LhResult {
  categories: { performance: { score: number | null } };
  audits: Record<string, LhAudit | undefined>;
  runtimeError?: { message: string };
  environment?: { benchmarkIndex?: number };
  finalDisplayedUrl?: string;
}

interface Figures {
  page: string;
  preset: 'mobile' | 'desktop';
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  transferredKb: number;
  jsFiles: number;
  jsRawKb: number;
  jsGzipKb: number;
  /** Lighthouse's CPU benchmark of the machine during the runs: the mobile preset's 4x slowdown multiplies the host's speed. */
  cpuIndex: number;
  load: string;
  /** Each run's LCP and its element (Lighthouse's label of the node), to see what the page paints last. */
  lcpRuns: { ms: number; element: string }[];
}

/** The middle value; of an even count, the mean of the two middle ones (not the lower, which flatters LCP and TBT). */
const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = (s.length - 1) / 2;
  return (s[Math.floor(mid)]! + s[Math.ceil(mid)]!) / 2;
};
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');

/** gzip -9 of each script the page loaded: the first-load JavaScript as any compressing server would send it. */
const gzipCache = new Map<string, { raw: number; gzip: number }>();
async function scriptSizes(urls: string[]): Promise<{ raw: number; gzip: number }> {
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    let size = gzipCache.get(url);
    if (!size) {
      let body: Buffer | undefined;
      // A reused keep-alive connection the server has just closed fails once: ask again on a new one.
      for (let attempt = 1; !body; attempt++) {
        try {
          body = Buffer.from(await (await fetch(url)).arrayBuffer());
        } catch (err) {
          if (attempt >= 3) {
            const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : '';
            throw new Error(`could not read ${url}: ${err instanceof Error ? err.message : String(err)}${cause}`);
          }
          await new Promise((r) => setTimeout(r, 500));
        }
      }
      size = { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
      gzipCache.set(url, size);
    }
    raw += size.raw;
    gzip += size.gzip;
  }
  return { raw, gzip };
}

/** One Lighthouse run, tried up to three times: on a loaded machine Chromium's trace sometimes misses the navigation. */
function lighthouse(url: string, preset: 'mobile' | 'desktop', port?: number): LhResult {
  for (let attempt = 1; ; attempt++) {
    try {
      return lighthouseOnce(url, preset, port);
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

/** With `port`: in the Chromium listening there, its storage kept (signedInBrowser); else a fresh one. */
function lighthouseOnce(url: string, preset: 'mobile' | 'desktop', port?: number): LhResult {
  const cli = path.join(root, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const out = spawnSync(
    process.execPath,
    [
      cli,
      url,
      '--quiet',
      '--output=json',
      '--output-path=stdout',
      '--only-categories=performance',
      ...(port ? [`--port=${port}`, '--disable-storage-reset'] : ['--chrome-flags=--headless --no-sandbox --disable-gpu --disable-dev-shm-usage']),
      ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: chromium }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (out.status !== 0) throw new Error(`lighthouse failed on ${url} (${preset}): ${out.stderr.slice(-2000)}`);
  const result = JSON.parse(out.stdout) as LhResult;
  if (result.runtimeError) throw new Error(`lighthouse: ${result.runtimeError.message}`);
  return result;
}

async function measure(baseUrl: string, page: MeasuredPage, preset: 'mobile' | 'desktop', session?: Awaited<ReturnType<typeof signedInBrowser>>): Promise<Figures> {
  const before = load();
  const samples: Omit<Figures, 'load' | 'page' | 'preset' | 'lcpRuns'>[] = [];
  const lcpRuns: Figures['lcpRuns'] = [];
  for (let i = 0; i < runs; i++) {
    await session?.signIn();
    const r = lighthouse(`${baseUrl}${page.path}`, preset, session?.port);
    const raw = option('--raw');
    if (raw) writeFileSync(path.join(raw, `${page.name}-${preset}-${i + 1}.json`), JSON.stringify(r));
    // The page itself, not the login form a lost session sends a shopper's page to.
    const shown = r.finalDisplayedUrl ? new URL(r.finalDisplayedUrl).pathname : undefined;
    if (shown !== page.path.split('?')[0]) throw new Error(`${page.path} showed ${shown}`);
    const requests = r.audits['network-requests']?.details?.items ?? [];
    const scripts = requests.filter((q) => q.resourceType === 'Script' && q.url.startsWith(baseUrl)).map((q) => q.url);
    const js = await scriptSizes([...new Set(scripts)]);
    const lcpNode = r.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
    lcpRuns.push({ ms: Math.round(r.audits['largest-contentful-paint']?.numericValue ?? NaN), element: `${lcpNode?.selector ?? '?'} "${(lcpNode?.nodeLabel ?? '').slice(0, 60)}"` });
    samples.push({
      performance: Math.round((r.categories.performance.score ?? 0) * 100),
      lcpMs: Math.round(r.audits['largest-contentful-paint']?.numericValue ?? NaN),
      cls: Number((r.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
      tbtMs: Math.round(r.audits['total-blocking-time']?.numericValue ?? NaN),
      transferredKb: Math.round((r.audits['total-byte-weight']?.numericValue ?? NaN) / 1024),
      jsFiles: scripts.length,
      jsRawKb: Math.round(js.raw / 1024),
      jsGzipKb: Math.round(js.gzip / 1024),
      cpuIndex: r.environment?.benchmarkIndex ?? NaN,
    });
  }
  const pick = <K extends keyof (typeof samples)[number]>(k: K) => Math.round(median(samples.map((s) => s[k])));
  return {
    page: page.name,
    preset,
    performance: pick('performance'),
    lcpMs: pick('lcpMs'),
    cls: Number(median(samples.map((s) => s.cls)).toFixed(3)),
    tbtMs: pick('tbtMs'),
    transferredKb: pick('transferredKb'),
    jsFiles: pick('jsFiles'),
    jsRawKb: pick('jsRawKb'),
    jsGzipKb: pick('jsGzipKb'),
    cpuIndex: pick('cpuIndex'),
    load: `${before} -> ${load()}`,
    lcpRuns,
  };
}

/**
 * Time to a usable buy bar on a phone: from the start of the navigation to the product page until the sticky buy
 * bar's buttons are on screen. The bar is part of the server's HTML and works before the app's scripts run (a form
 * that posts), so that moment is when a tap buys. Measured in Chromium at Lighthouse's mobile settings: 390 px, a
 * CPU 4 times slower, 1.6 Mbps down, 750 Kbps up, 150 ms round trip; the median of the runs.
 */
async function buyBarTime(baseUrl: string, productPath: string): Promise<number> {
  const browser = await playwright.launch({ executablePath: chromium, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  try {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const start = Date.now();
      await page.goto(`${baseUrl}${productPath}?skipIntro=1`, { waitUntil: 'commit' });
      await page.locator('[data-testid="mobile-buy-bar"] button').first().waitFor({ state: 'visible', timeout: 60_000 });
      times.push(Date.now() - start);
      await context.close();
    }
    return Math.round(median(times));
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const given = option('--url');
  if (!given && !flag('--no-build')) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  const store: Store = given ? { baseUrl: given.replace(/\/$/, ''), stop: async () => {} } : await startStore();
  try {
    const only = option('--pages')?.split(',');
    const pages = (await pagesOf(store.baseUrl)).filter((p) => !only || only.includes(p.name));
    const order = pages.find((p) => p.name === 'order');
    if (order) order.path += await shopperOrder(store.baseUrl);
    const session = pages.some((p) => p.signedIn) ? await signedInBrowser(store.baseUrl) : undefined;
    // One unmeasured visit per page: the covers are drawn on first request, and the caches fill.
    for (const p of pages) await fetch(`${store.baseUrl}${p.path}`);
    console.log(`Lighthouse (lighthouse package, ${chromium}), ${runs} run(s) per row, ${cpus().length} CPUs, load average at start ${load()}`);
    const rows: Figures[] = [];
    for (const preset of flag('--buy-bar-only') ? [] : flag('--mobile-only') ? (['mobile'] as const) : (['mobile', 'desktop'] as const)) {
      for (const p of pages) {
        let f: Figures;
        try {
          f = await measure(store.baseUrl, p, preset, p.signedIn ? session : undefined);
        } catch (err) {
          // One failed page (a busy machine can time Lighthouse out) does not lose the other rows.
          console.log(`${preset.padEnd(7)} ${p.name.padEnd(8)} failed: ${err instanceof Error ? err.message : String(err)}`);
          continue;
        }
        rows.push(f);
        console.log(
          `${f.preset.padEnd(7)} ${f.page.padEnd(8)} perf ${String(f.performance).padStart(3)}  LCP ${String(f.lcpMs).padStart(5)} ms  CLS ${f.cls.toFixed(3)}  TBT ${String(f.tbtMs).padStart(4)} ms  transferred ${String(f.transferredKb).padStart(4)} KB  first-load JS ${f.jsFiles} files ${f.jsRawKb} KB, gzip ${f.jsGzipKb} KB  CPU index ${f.cpuIndex}  load ${f.load}`,
        );
        for (const run of f.lcpRuns) console.log(`          LCP ${String(run.ms).padStart(5)} ms  ${run.element}`);
      }
    }
    const product = pages.find((p) => p.name === 'product');
    let buyBarMs: number | undefined;
    if (product) {
      buyBarMs = await buyBarTime(store.baseUrl, product.path);
      console.log(`mobile  product  time to a usable buy bar ${buyBarMs} ms (target <= 2500 ms)  load ${load()}`);
    }
    await session?.close();
    const json = option('--json');
    if (json) writeFileSync(json, `${JSON.stringify({ date: new Date().toISOString(), runs, rows, buyBarMs }, null, 2)}\n`);
  } finally {
    await store.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});

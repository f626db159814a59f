import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { startMailCatcher, type MailCatcher } from '../apps/server/test/mail-catcher.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
export const artifactsDir = path.join(root, 'e2e', '.artifacts');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Store {
  baseUrl: string;
  mail: MailCatcher;
  stop(): Promise<void>;
}

/**
 * Starts the built store as `npm start` would (production mode, demo data), on its own port, data folder
 * and database (a fresh PostgreSQL database when TEST_DATABASE_URL is set, embedded PGlite otherwise),
 * sending mail to a real SMTP server in this process. `port` fixes the port when the caller needs the address
 * beforehand (a web app built for it).
 */
export async function startStore(env: Record<string, string> = {}, opts: { port?: number } = {}): Promise<Store> {
  const port = opts.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nhasach-e2e-'));
  const mail = await startMailCatcher();
  const adminUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (adminUrl) {
    dbName = `nhasach_e2e_${randomBytes(6).toString('hex')}`;
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`CREATE DATABASE ${dbName}`);
    await c.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
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
      SMTP_URL: mail.url,
      SEED_DEMO: 'true',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      RATE_LIMIT_SCALE: '20',
      // What `npm start` sets: the built-in VNPAY sandbox pays end to end.
      VNPAY_SANDBOX: 'true',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`store exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('store did not become ready in time');
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    baseUrl,
    mail,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await mail.close();
      if (adminUrl && dbName) {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await c.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * The store and the Chromium of one test file: started before its tests, stopped after them (vitest's beforeAll and
 * afterAll). Read them as `shop.store` and `shop.browser` inside the tests.
 */
export function storeForFile(env: Record<string, string> = {}): { readonly store: Store; readonly browser: Browser } {
  let store: Store | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    store = await startStore(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await store?.stop();
  });
  return {
    get store() {
      return store!;
    },
    get browser() {
      return browser!;
    },
  };
}

export const DESKTOP = { width: 1366, height: 900 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

/** Waits for the app's page (not a sandbox page or a file) to be hydrated, then hands back goto's answer. */
async function whenHydrated<T>(page: Page, response: T): Promise<T> {
  if ((await page.locator('#root').count()) > 0) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return response;
}

/**
 * A fresh browser context (own storage) on the store; the intro overlay is skipped unless asked for. Its goto and
 * reload come back once the page's scripts run (`waitForApp: false`: at once); `scripts: false` blocks them (the
 * server's HTML alone).
 */
export async function newPage(
  browser: Browser,
  baseUrl: string,
  opts: { viewport?: { width: number; height: number }; showIntro?: boolean; timezoneId?: string; scripts?: false; waitForApp?: false } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: opts.viewport ?? DESKTOP,
    locale: 'vi-VN',
    timezoneId: opts.timezoneId ?? 'Asia/Ho_Chi_Minh',
  });
  if (!opts.showIntro) {
    await context.addInitScript(() => {
      try {
        window.localStorage.setItem('intro-seen-v2', '1');
      } catch {
        // storage may be unavailable on about:blank
      }
    });
  }
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  if (opts.scripts === false) {
    await context.route('**/*.js', (route) => route.abort());
  } else if (opts.waitForApp !== false) {
    // A page of the app is used once its scripts have taken over the server's HTML (lazyPage.tsx marks it): a
    // click or a key on a busy machine otherwise lands on HTML that is about to be replaced.
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => whenHydrated(page, await goto(url, options));
    page.reload = async (options) => whenHydrated(page, await reload(options));
  }
  return { context, page };
}

/** Saves a full-page screenshot under e2e/.artifacts for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Chooses in an address unit picker (a searchable combobox): types `typed`, then clicks the option named `name`, or
 * the first one; returns the chosen name.
 */
export async function chooseUnit(page: Page, field: Locator, typed: string, name?: string): Promise<string> {
  await expect.poll(() => field.isEnabled(), { timeout: 15_000, interval: 100 }).toBe(true);
  await field.click();
  await field.fill(typed);
  const option = name ? page.getByRole('option', { name, exact: true }) : page.getByRole('option').first();
  await expect.poll(() => option.isVisible(), { timeout: 15_000, interval: 100 }).toBe(true);
  const chosen = (await option.innerText()).trim();
  await option.click();
  await expect.poll(() => field.inputValue(), { timeout: 15_000, interval: 100 }).toBe(chosen);
  return chosen;
}

/** Signs in through the login form and waits for the page the role lands on. */
export async function logIn(page: Page, username: string, password: string, landing: string): Promise<void> {
  await page.goto('/dang-nhap');
  await page.getByLabel('Tên đăng nhập hoặc email').fill(username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await page.waitForURL((url) => url.pathname === landing);
}

export interface ApiInit {
  method?: string;
  token?: string;
  body?: unknown;
}

/** Calls the store's API over HTTP and returns `data` of the envelope; a non-2xx answer throws with its body. */
export async function storeApi<T>(baseUrl: string, path: string, init: ApiInit = {}): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** A valid saved address (the server's tests use the same). */
export { HANOI_ADDRESS, VALID_ADDRESS as TEST_ADDRESS } from '../apps/server/test/address.ts';

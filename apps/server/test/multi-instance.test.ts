// Two real server processes (main.ts in production mode, under tsx) on one PostgreSQL database, one Redis (our
// own redis-server) and one S3-protocol server (s3rver), talking real HTTP: what a load balancer would see.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { hashSecret } from '../src/lib/password.ts';
import { bookBody, insertRefs, type Refs } from './admin.ts';
import { VALID_ADDRESS } from './orders.ts';
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const serverDir = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Instance {
  name: string;
  url: string;
  proc: ChildProcess;
  exited: Promise<number | null>;
  output: string[];
}

let databaseUrl: string;
let dbName: string;
let database: Database;
let redis: ChildProcess;
let redisUrl: string;
let s3: S3TestServer;
let catcher: MailCatcher;
const dataDirs: string[] = [];
const running = new Set<Instance>();

async function startInstance(name: string, env: Record<string, string> = {}): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `nhasach-${name}-`));
  dataDirs.push(dataDir);
  const proc = spawn(process.execPath, ['--conditions=@nhasach/source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      // Each instance has its own disk: nothing may be shared through it.
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      SMTP_URL: catcher.url,
      JWT_SECRET: 'multi-instance-secret-multi-instance-secret',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ORDER_EXPIRY_INTERVAL_SECONDS: '1',
      MAIL_LEASE_SECONDS: '3',
      WEB_DIST: path.join(dataDir, 'no-web'),
      // VNPAY orders need a gateway: the built-in sandbox, with one hash secret for both instances (each has its
      // own DATA_DIR, where it would otherwise generate its own).
      VNPAY_SANDBOX: 'true',
      VNPAY_HASH_SECRET: 'multi-instance-vnpay-secret-multi-instance',
      ...s3.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  proc.stdout!.on('data', (c: Buffer) => output.push(String(c)));
  proc.stderr!.on('data', (c: Buffer) => output.push(String(c)));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const instance: Instance = { name, url: `http://127.0.0.1:${port}`, proc, exited, output };
  running.add(instance);
  void exited.then(() => running.delete(instance));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${name} exited: ${output.join('')}`);
    try {
      const res = await fetch(`${instance.url}/api/health/ready`);
      if (res.status === 200) return instance;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} not ready: ${output.join('')}`);
    await sleep(200);
  }
}

async function call(base: Instance, method: string, url: string, opts: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: FormData } = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base.url}${url}`, { method, headers, body: opts.raw ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined) });
  const type = res.headers.get('content-type') ?? '';
  // The answers of many routes: each test reads the fields it checks.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const json: any = type.includes('json') ? await res.json() : undefined;
  return { status: res.status, json, headers: res.headers, res };
}

async function login(base: Instance, username: string, password: string): Promise<string> {
  const res = await call(base, 'POST', '/api/v1/auth/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`login ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.data.accessToken as string;
}

let a: Instance;
let b: Instance;
let refs: Refs;
let adminToken: string;
let customerToken: string;
let addressId: number;

beforeAll(async () => {
  if (!adminUrl) return;
  // One database for both instances (migrated here first, as a deploy's first start would).
  dbName = `nhasach_multi_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  databaseUrl = u.toString();
  database = await openDatabase({ url: databaseUrl });

  const redisPort = await freePort();
  redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  redisUrl = `redis://127.0.0.1:${redisPort}`;
  s3 = await startS3Server();
  catcher = await startMailCatcher();

  const passwordHash = await hashSecret('Matkhau@123');
  await database.db.insert(users).values([
    { username: 'quantri', email: 'quantri@example.com', passwordHash, role: 'ADMIN', fullName: 'Quản Trị' },
    { username: 'khachhang', email: 'khachhang@example.com', passwordHash, role: 'USER', fullName: 'Khách Hàng' },
    { username: 'nannhan', email: 'nannhan@example.com', passwordHash, role: 'USER', fullName: 'Nạn Nhân' },
  ]);
  refs = await insertRefs(database.db);

  [a, b] = await Promise.all([startInstance('a'), startInstance('b')]);
  adminToken = await login(a, 'quantri', 'Matkhau@123');
  customerToken = await login(b, 'khachhang', 'Matkhau@123');
  const address = await call(a, 'POST', '/api/v1/address', { token: customerToken, body: VALID_ADDRESS });
  expect(address.status).toBe(201);
  addressId = address.json.data.id;
}, 180_000);

afterAll(async () => {
  for (const i of running) i.proc.kill('SIGKILL');
  await Promise.all([...running].map((i) => i.exited));
  await database?.close();
  if (adminUrl && dbName) {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  }
  redis?.kill('SIGKILL');
  await s3?.close();
  await catcher?.close();
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
}, 60_000);

async function createBook(overrides: Record<string, unknown>): Promise<number> {
  const res = await call(a, 'POST', '/api/v1/admin/books', { token: adminToken, body: bookBody(refs, overrides) });
  if (res.status !== 201) throw new Error(`book ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.data.id as number;
}

async function placeVnpayOrder(base: Instance, bookId: number, qty: number): Promise<string> {
  const add = await call(base, 'POST', '/api/v1/cart/items', { token: customerToken, body: { bookId, qty } });
  expect(add.status).toBe(200);
  const res = await call(base, 'POST', '/api/v1/orders', { token: customerToken, body: { addressId, paymentMethod: 'VNPAY', deliveryMethod: 'STANDARD' } });
  expect(res.status).toBe(201);
  return res.json.data.code as string;
}

describe.skipIf(!adminUrl)('two instances on one PostgreSQL, one Redis and one object store', () => {
  it('serves through B an image uploaded through A', async () => {
    const bookId = await createBook({ price: 150_000, stock: 20 });
    const png = await sharp({ create: { width: 400, height: 600, channels: 3, background: { r: 30, g: 90, b: 160 } } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'bia.png');
    const up = await call(a, 'POST', `/api/uploads/${bookId}/images`, { token: adminToken, raw: form });
    expect(up.status).toBe(201);
    // An absolute address on A (its PUBLIC_URL): the same path is asked of B.
    const medium = new URL(up.json.data[0].variants.medium as string).pathname;
    expect(medium).toMatch(/^\/media\//);
    const served = await call(b, 'GET', medium);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await served.res.arrayBuffer())).metadata();
    expect(meta.width).toBe(300);
  });

  it("shows on B's catalogue, home pages and suggestions, within a second, a price changed through A", async () => {
    const bookId = await createBook({ title: 'Vườn Thú Capybara Lặng Im', price: 200_000, stock: 20 });
    const priceOnB = async () => {
      const [home, catalog, suggest] = await Promise.all([
        call(b, 'GET', '/api/v1/books/home?newSize=48'),
        call(b, 'GET', '/api/v1/books/catalog?size=48'),
        call(b, 'GET', `/api/v1/books/suggest?q=${encodeURIComponent('capybara lặng')}`),
      ]);
      const find = (cards: { id: number; price: number }[]) => cards.find((c) => c.id === bookId)?.price;
      return { home: find(home.json.data.newest.content), catalog: find(catalog.json.data.content), suggest: find(suggest.json.data.books) };
    };
    // B has the pages and the suggestion's row in memory now (its index finds the new words within a second).
    await expect.poll(priceOnB, { timeout: 1000, interval: 50 }).toEqual({ home: 200_000, catalog: 200_000, suggest: 200_000 });
    const edit = await call(a, 'PUT', `/api/v1/admin/books/${bookId}`, { token: adminToken, body: { price: 180_000 } });
    expect(edit.status).toBe(200);
    await expect.poll(priceOnB, { timeout: 1000, interval: 50 }).toEqual({ home: 180_000, catalog: 180_000, suggest: 180_000 });
    // Hidden through A: B no longer suggests it.
    const hide = await call(a, 'PUT', `/api/v1/admin/books/${bookId}`, { token: adminToken, body: { status: 'INACTIVE' } });
    expect(hide.status).toBe(200);
    await expect.poll(async () => (await priceOnB()).suggest, { timeout: 1000, interval: 50 }).toBeUndefined();
  });

  it("finds on B by its words, within a second, a book added, renamed, hidden and deleted through A (B's index in memory)", async () => {
    const foundOnB = async (q: string) => {
      const res = await call(b, 'GET', `/api/v1/books/search?q=${encodeURIComponent(q)}&page=0&size=20`);
      expect(res.status).toBe(200);
      return (res.json.data.content as { id: number }[]).map((c) => c.id);
    };
    // B answers from its index (built at start in production, in a worker thread), and was not ready before.
    const ready = await call(b, 'GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.json.data.searchIndex).toMatchObject({ worker: true });
    const bookId = await createBook({ title: 'Ngọn Hải Đăng Quokka', stock: 5 });
    await expect.poll(() => foundOnB('hải đăng quokka'), { timeout: 1000, interval: 50 }).toContain(bookId);
    // Renamed: the new words find it, the old ones no longer do (words, not only the card).
    const rename = await call(a, 'PUT', `/api/v1/admin/books/${bookId}`, { token: adminToken, body: { title: 'Đồi Gió Wombat Xanh' } });
    expect(rename.status).toBe(200);
    await expect.poll(() => foundOnB('đồi gió wombat'), { timeout: 1000, interval: 50 }).toContain(bookId);
    await expect.poll(() => foundOnB('quokka'), { timeout: 1000, interval: 50 }).not.toContain(bookId);
    // Hidden, then shown again.
    const hide = await call(a, 'PUT', `/api/v1/admin/books/${bookId}`, { token: adminToken, body: { status: 'INACTIVE' } });
    expect(hide.status).toBe(200);
    await expect.poll(() => foundOnB('wombat'), { timeout: 1000, interval: 50 }).not.toContain(bookId);
    const show = await call(a, 'PUT', `/api/v1/admin/books/${bookId}`, { token: adminToken, body: { status: 'ACTIVE' } });
    expect(show.status).toBe(200);
    await expect.poll(() => foundOnB('wombat'), { timeout: 1000, interval: 50 }).toContain(bookId);
    // Deleted (never ordered: the row goes).
    const del = await call(a, 'DELETE', `/api/v1/admin/books/${bookId}`, { token: adminToken });
    expect(del.status).toBeLessThan(300);
    await expect.poll(() => foundOnB('wombat'), { timeout: 1000, interval: 50 }).not.toContain(bookId);
  });

  it('counts failed logins of one account across both instances', async () => {
    const attempt = (i: Instance) => call(i, 'POST', '/api/v1/auth/login', { body: { username: 'nannhan', password: 'Sai@12345' } });
    const statuses = [];
    for (const i of [a, b, a, b, a]) statuses.push((await attempt(i)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // The sixth, on either instance, is refused: both count in the same Redis.
    expect((await attempt(b)).status).toBe(429);
    expect((await attempt(a)).status).toBe(429);
  });

  it('cancels each expired unpaid order and returns its stock exactly once with both jobs running', async () => {
    const bookId = await createBook({ price: 90_000, stock: 30 });
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) codes.push(await placeVnpayOrder(i % 2 ? a : b, bookId, 2));
    const stockOf = async () => (await queryRows<{ stock: number; sold: number }>(database.db, sql`select stock, sold from books where id = ${bookId}`))[0]!;
    expect(await stockOf()).toEqual({ stock: 18, sold: 12 });
    // Their payment windows closed an hour ago: both instances' jobs (every second) find them at once.
    await database.db.execute(sql`update orders set payment_expires_at = now() - interval '1 hour' where code in ${sql.raw(`(${codes.map((c) => `'${c}'`).join(',')})`)}`);
    const statusOf = async () =>
      queryRows<{ status: string }>(database.db, sql`select status from orders where code in ${sql.raw(`(${codes.map((c) => `'${c}'`).join(',')})`)}`);
    await expect.poll(async () => (await statusOf()).every((o) => o.status === 'CANCELED'), { timeout: 15_000, interval: 200 }).toBe(true);
    // Another round of both jobs changes nothing.
    await sleep(2500);
    expect(await stockOf()).toEqual({ stock: 30, sold: 0 });
    const history = await queryRows<{ code: string; n: number }>(
      database.db,
      sql`select o.code, count(h.id)::int as n from orders o join order_history h on h.order_id = o.id and h.to_status = 'CANCELED'
          where o.code in ${sql.raw(`(${codes.map((c) => `'${c}'`).join(',')})`)} group by o.code`,
    );
    expect(history.map((h) => h.n)).toEqual(codes.map(() => 1));
    for (const code of codes) {
      const mails = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from mail_outbox where subject = ${`Đơn hàng ${code} đã bị huỷ - Nhà Sách`}`);
      expect(mails[0]!.n).toBe(1);
    }
  });

  it('stops gracefully on SIGTERM', async () => {
    const started = Date.now();
    b.proc.kill('SIGTERM');
    a.proc.kill('SIGTERM');
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
    // Well within the 10 s budget (a loose bound: it only says the shutdown did not hang).
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('delivers an order mail exactly once to a real SMTP server when the instance that wrote it is killed before delivering', async () => {
    // A's mail server accepts the connection and never greets: A's delivery hangs holding its claim, as an
    // instance does when it dies mid-delivery.
    const stalled: Socket[] = [];
    const stallServer: Server = createServer((socket) => stalled.push(socket));
    await new Promise<void>((resolve) => stallServer.listen(0, '127.0.0.1', resolve));
    const stallUrl = `smtp://127.0.0.1:${(stallServer.address() as AddressInfo).port}`;
    try {
      const writer = await startInstance('writer', { SMTP_URL: stallUrl });
      const bookId = await createBookOn(writer);
      const code = await placeVnpayOrderOn(writer, bookId);
      const subject = `Xác nhận đơn hàng ${code} - Nhà Sách`;
      // The writer has claimed the mail (SENDING) and is stuck in the SMTP greeting.
      await expect
        .poll(async () => (await queryRows<{ status: string }>(database.db, sql`select status from mail_outbox where subject = ${subject}`))[0]?.status, { timeout: 10_000 })
        .toBe('SENDING');
      writer.proc.kill('SIGKILL');
      await writer.exited;
      expect(catcher.mails.filter((m) => m.subject === subject)).toHaveLength(0);

      // Another instance takes the mail over once the dead one's lease (3 s here) has run out.
      await startInstance('successor');
      await catcher.waitFor('khachhang@example.com', (m) => m.subject === subject, 20_000);
      await expect
        .poll(async () => (await queryRows<{ status: string; attempts: number }>(database.db, sql`select status, attempts from mail_outbox where subject = ${subject}`))[0], {
          timeout: 10_000,
        })
        .toEqual({ status: 'SENT', attempts: 2 });
      expect(catcher.mails.filter((m) => m.subject === subject)).toHaveLength(1);
    } finally {
      for (const s of stalled) s.destroy();
      await new Promise<void>((resolve) => stallServer.close(() => resolve()));
    }
  });
});

async function createBookOn(i: Instance): Promise<number> {
  const token = await login(i, 'quantri', 'Matkhau@123');
  const res = await call(i, 'POST', '/api/v1/admin/books', { token, body: bookBody(refs, { price: 120_000, stock: 10 }) });
  expect(res.status).toBe(201);
  return res.json.data.id as number;
}

async function placeVnpayOrderOn(i: Instance, bookId: number): Promise<string> {
  return placeVnpayOrder(i, bookId, 1);
}

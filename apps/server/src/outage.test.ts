import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createAccount, expectLimited, randomIp } from '../test/auth.ts';
import { isDatabaseUnavailable } from './lib/unavailable.ts';

const expectUnavailable = (res: LightMyRequestResponse) => {
  expect(res.statusCode).toBe(503);
  const body = res.json();
  expect(body).toMatchObject({ statusCode: 503, error: 'SERVICE_UNAVAILABLE', data: null });
  expect(body.message).toBe('Hệ thống đang tạm thời gián đoạn. Vui lòng thử lại sau giây lát.');
};

// An outage of a database of this test's own on the shared server: it stops accepting connections and every
// backend of it is terminated (what a restart or a failover does to the app), the server itself keeps running.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL outage', () => {
  let t: TestApp | undefined;
  let admin: pg.Client | undefined;
  afterAll(async () => {
    if (admin && t?.databaseName) await admin.query(`ALTER DATABASE ${t.databaseName} ALLOW_CONNECTIONS true`);
    await admin?.end();
    await t?.close();
  });

  it('answers 503 in the envelope while the database is gone and serves again as soon as it is back', async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
    const app = t.app;
    const name = t.databaseName!;
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const account = await createAccount(app.db);
    const health = () => app.inject({ method: 'GET', url: '/api/health' });
    const login = () =>
      app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: randomIp(), payload: { username: account.username, password: account.password } });

    // Several pooled connections, idle when the database goes away.
    const warm = await Promise.all(Array.from({ length: 8 }, health));
    expect(warm.every((r) => r.statusCode === 200)).toBe(true);

    // A transaction in the middle of its work holds a connection when the backend is terminated.
    let releaseTx!: () => void;
    const txHeld = new Promise<void>((resolve) => (releaseTx = resolve));
    let txStarted!: () => void;
    const txRunning = new Promise<void>((resolve) => (txStarted = resolve));
    const tx = app.db
      .transaction(async (trx) => {
        await trx.execute(sql`select 1`);
        txStarted();
        await txHeld;
        await trx.execute(sql`select 2`);
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    await txRunning;

    // Requests in flight while the database goes away.
    const inFlight = Promise.all(Array.from({ length: 12 }, (_, i) => sleep(i * 3).then(() => (i % 2 ? health() : login()))));
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    for (const res of await inFlight) expect([200, 503]).toContain(res.statusCode);

    // Let the terminations reach the idle and the checked-out connections (their 'error' events).
    await sleep(300);
    releaseTx();
    const txError = await tx;
    expect(isDatabaseUnavailable(txError)).toBe(true);

    // The process is still here and answers every request in the envelope.
    expectUnavailable(await health());
    expectUnavailable(await login());
    expectUnavailable(await app.inject({ method: 'GET', url: '/api/v1/books?size=5' }));

    // Back: the very next requests succeed, without a restart of the app.
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    expect((await health()).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/books?size=5' })).statusCode).toBe(200);
  }, 120_000);
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A Redis server of this test only (never the shared one), ready to answer. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'pipe' });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
  });
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe.skipIf(!process.env.TEST_REDIS_URL)('a Redis outage', () => {
  let t: TestApp | undefined;
  let redis: ChildProcess | undefined;
  afterAll(async () => {
    await t?.close();
    if (redis) await stopRedis(redis);
  });

  it('stays ready (degraded) while Redis is down, limits in process, logs the outage once, and shares the limits again once it is back', async () => {
    const port = await freePort();
    redis = await startRedis(port);
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_SCALE: '1' });
    const app = t.app;
    const warnings = vi.spyOn(app.log, 'warn');
    const wrongLogin = (ip: string) =>
      app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: ip, payload: { username: `khong-co-${randomIp()}`, password: 'Sai@12345' } });
    const tenThenLimited = async () => {
      const ip = randomIp();
      for (let i = 0; i < 10; i++) expect((await wrongLogin(ip)).statusCode).toBe(401);
      expectLimited(await wrongLogin(ip));
    };
    const ready = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
      return { statusCode: res.statusCode, data: res.json().data as { status: string; checks: { redis: { status: string } } } };
    };

    await tenThenLimited();
    expect(await ready()).toMatchObject({ statusCode: 200, data: { status: 'ok', checks: { redis: { status: 'ok' } } } });

    await stopRedis(redis);
    for (let i = 0; i < 100 && app.redis!.status === 'ready'; i++) await sleep(50);
    // Down: the instance stays in the load balancer, named degraded; the limits count in this process (not open).
    expect(await ready()).toMatchObject({ statusCode: 200, data: { status: 'degraded', checks: { redis: { status: 'degraded' } } } });
    await tenThenLimited();
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // Reconnect attempts go on in the background, each failing: still one warning for the whole outage.
    await sleep(1500);
    expect(await ready()).toMatchObject({ statusCode: 200, data: { status: 'degraded' } });
    const outageWarnings = () => warnings.mock.calls.filter((call) => String(call[1] ?? call[0]).includes('redis unavailable')).length;
    expect(outageWarnings()).toBe(1);

    // Back on the same port: the client reconnects by itself and the limits are shared again.
    redis = await startRedis(port);
    for (let i = 0; i < 100 && app.redis!.status !== 'ready'; i++) await sleep(50);
    expect(app.redis!.status).toBe('ready');
    expect(await ready()).toMatchObject({ statusCode: 200, data: { status: 'ok' } });
    await tenThenLimited();
  }, 120_000);
});

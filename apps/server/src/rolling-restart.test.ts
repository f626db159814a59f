// A rolling restart as a load balancer sees it: the real server process (main.ts under tsx), keep-alive connections
// open to it, SIGTERM, and an nginx-like client that retries on the other instance what nginx retries
// (deploy/nginx.conf). Nothing may surface as a reset, and the process must exit 0.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request on `agent` (keep-alive: it reuses the agent's open connections). */
function request(
  base: string,
  agent: http.Agent,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${opts.path}`, { method: opts.method ?? 'GET', agent, headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/**
 * What nginx does with `proxy_next_upstream error timeout http_503` (and `non_idempotent` for requests with an
 * Idempotency-Key): a connection error or a 503 from one upstream sends an idempotent or keyed request to the next.
 */
async function throughLoadBalancer(
  upstreams: Array<{ base: string; agent: http.Agent }>,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<Answer & { tries: number }> {
  const retriable = IDEMPOTENT.has(opts.method ?? 'GET') || !!opts.headers?.['idempotency-key'];
  let last: unknown;
  for (const [i, upstream] of upstreams.entries()) {
    try {
      const answer = await request(upstream.base, upstream.agent, opts);
      if (answer.status !== 503 || !retriable || i === upstreams.length - 1) return { ...answer, tries: i + 1 };
    } catch (err) {
      last = err;
      if (!retriable) throw err;
    }
  }
  throw last;
}

describe('SIGTERM during traffic', () => {
  let dataDir: string;
  let proc: ChildProcess;
  let exited: Promise<number | null>;
  const output: string[] = [];
  let base: string;
  let other: TestApp;
  let otherBase: string;

  beforeAll(async () => {
    const port = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'nhasach-restart-'));
    proc = spawn(process.execPath, ['--conditions=@nhasach/source', '--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        JWT_SECRET: 'rolling-restart-secret-rolling-restart-secret',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        WEB_DIST: path.join(dataDir, 'no-web'),
        // A long drain window: it ends as soon as the connections are gone, so the test does not wait it out.
        SHUTDOWN_TIMEOUT_SECONDS: '40',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.on('data', (c: Buffer) => output.push(String(c)));
    proc.stderr!.on('data', (c: Buffer) => output.push(String(c)));
    exited = new Promise((resolve) => proc.once('exit', (code) => resolve(code)));
    base = `http://127.0.0.1:${port}`;
    // The other instance, in this process.
    other = await createTestApp();
    otherBase = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
      const ok = await fetch(`${base}/api/health/ready`).then((r) => r.status === 200, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`server not ready: ${output.join('')}`);
      await sleep(200);
    }
  }, 120_000);

  afterAll(async () => {
    if (proc && proc.exitCode === null) proc.kill('SIGKILL');
    await other?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers requests in flight, answers requests on open keep-alive connections with 503 + Connection: close, loses nothing behind a retrying balancer, exits 0', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
    const otherAgent = new http.Agent({ keepAlive: true });
    // Six keep-alive connections, open and idle.
    const warm = await Promise.all(Array.from({ length: 6 }, () => request(base, agent, { path: '/api/health/live' })));
    expect(warm.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(6);

    // A request in flight at SIGTERM: its head is sent, its body not yet.
    const inFlightBody = '{}';
    const inFlight = new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        `${base}/api/v1/auth/logout`,
        { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': String(inFlightBody.length) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        },
      );
      req.on('error', reject);
      req.flushHeaders();
      void sleep(300).then(() => {
        proc.kill('SIGTERM');
        // The body arrives after the signal.
        const waitForSignal = async () => {
          while (!output.join('').includes('shutting down')) await sleep(20);
          req.end(inFlightBody);
        };
        void waitForSignal();
      });
    });
    const answered = await inFlight;
    expect(answered.status, answered.body).toBe(200);
    expect(JSON.parse(answered.body)).toMatchObject({ statusCode: 200, message: 'Đăng xuất thành công' });
    expect(answered.headers.connection).toBe('close');

    // New connections are refused now; requests on the six open ones are answered, not reset.
    const onOpen = await Promise.all(Array.from({ length: 6 }, () => request(base, agent, { path: '/api/v1/categories/tree' })));
    for (const answer of onOpen) {
      expect(answer.status).toBe(503);
      expect(answer.headers.connection).toBe('close');
      expect(answer.headers['retry-after']).toBe('1');
      expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 503, error: 'SERVICE_UNAVAILABLE', data: null });
    }

    // Behind the balancer: reads and a keyed order-like POST go to the other instance; nothing fails.
    const upstreams = [
      { base, agent },
      { base: otherBase, agent: otherAgent },
    ];
    const viaBalancer = await Promise.all([
      throughLoadBalancer(upstreams, { path: '/api/health/live' }),
      throughLoadBalancer(upstreams, { path: '/api/v1/categories/tree' }),
      throughLoadBalancer(upstreams, {
        method: 'POST',
        path: '/api/v1/auth/logout',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'khoa-thu-12345678' },
        body: '{}',
      }),
    ]);
    for (const answer of viaBalancer) {
      expect(answer.status).toBe(200);
      expect(answer.tries).toBe(2);
    }

    expect(await exited).toBe(0);
    const log = output.join('');
    expect(log).toContain('shut down');
    // At info the log holds events, not a line per request (lib/request-logging.ts), and no deprecated option.
    expect(log).not.toContain('request completed');
    expect(log).not.toContain('Deprecation');
    agent.destroy();
    otherAgent.destroy();
  }, 120_000);
});

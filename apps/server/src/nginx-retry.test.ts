// deploy/nginx.conf run by a real nginx (when one is installed: CI installs nginx-light), in front of two upstreams:
// the first answers as an instance shutting down does (503, Connection: close), the second serves. What is retried
// on the second is what the file promises.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const nginxBinary = (() => {
  for (const candidate of ['/usr/sbin/nginx', 'nginx']) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // not there
    }
  }
  return undefined;
})();

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Seen {
  method: string;
  url: string;
  key?: string;
}

/** An upstream recording what reaches it. */
async function upstream(answer: (res: http.ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, key: req.headers['idempotency-key'] as string | undefined });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { seen, port: (server.address() as AddressInfo).port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.skipIf(!nginxBinary)('deploy/nginx.conf in a real nginx', () => {
  let dir: string;
  let nginx: ChildProcess;
  let base: string;
  let closing: Awaited<ReturnType<typeof upstream>>;
  let serving: Awaited<ReturnType<typeof upstream>>;

  beforeAll(async () => {
    closing = await upstream((res) => {
      res.writeHead(503, { 'content-type': 'application/json', connection: 'close', 'retry-after': '1' });
      res.end('{"statusCode":503}');
    });
    serving = await upstream((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"statusCode":200}');
    });
    dir = mkdtempSync(path.join(tmpdir(), 'nhasach-nginx-'));
    const port = await freePort();
    // The shipped server block as it is; only the upstream addresses and the port are this test's (the closing
    // instance first, the serving one as the other instance).
    const site = readFileSync(new URL('../../../deploy/nginx.conf', import.meta.url), 'utf8')
      .replace(/server api1:3000[^;]*;/, `server 127.0.0.1:${closing.port} max_fails=0;`)
      .replace(/server api2:3000[^;]*;/, `server 127.0.0.1:${serving.port} backup;`)
      .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
    expect(site).toContain(`127.0.0.1:${serving.port}`);
    writeFileSync(path.join(dir, 'site.conf'), site);
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `daemon off;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents { worker_connections 64; }\n` +
        `http {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n  include ${dir}/site.conf;\n}\n`,
    );
    execFileSync(nginxBinary!, ['-t', '-q', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'pipe' });
    nginx = spawn(nginxBinary!, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
    base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if (await fetch(`${base}/`).then(() => true, () => false)) break;
      await sleep(50);
    }
  }, 60_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await closing?.close();
    await serving?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const send = (method: string, url: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: method === 'GET' ? undefined : '{}' });

  it('retries a GET on the other instance', async () => {
    const res = await send('GET', '/api/v1/books?page=0');
    expect(res.status).toBe(200);
    expect(serving.seen.at(-1)).toMatchObject({ method: 'GET', url: '/api/v1/books?page=0' });
  });

  it('retries a POST carrying an Idempotency-Key, URI and key unchanged', async () => {
    const res = await send('POST', '/api/v1/orders?x=%2Fa%20b', { 'idempotency-key': 'dat-hang-12345678' });
    expect(res.status).toBe(200);
    expect(closing.seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/v1/orders?x=%2Fa%20b', key: 'dat-hang-12345678' });
    expect(serving.seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/v1/orders?x=%2Fa%20b', key: 'dat-hang-12345678' });
  });

  it('does not retry a POST without one: the 503 reaches the client', async () => {
    const before = serving.seen.length;
    const res = await send('POST', '/api/v1/books/1/comments');
    expect(res.status).toBe(503);
    expect(closing.seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/v1/books/1/comments' });
    expect(serving.seen).toHaveLength(before);
  });
});

// deploy/nginx.conf run by a real nginx (when one is installed: CI installs nginx-light), in front of two upstreams:
// the first answers as an instance shutting down does (503, Connection: close), the second serves. What is retried
// on the second is what the file promises.
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxBinary, startNginx, type RunningNginx } from '../test/nginx.ts';

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
  let nginx: RunningNginx;
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
    // The shipped server block as it is; the closing instance first, the serving one as the other instance.
    nginx = await startNginx([`127.0.0.1:${closing.port} max_fails=0`, `127.0.0.1:${serving.port} backup`]);
    base = nginx.url;
  }, 60_000);

  afterAll(async () => {
    await nginx?.stop();
    await closing?.close();
    await serving?.close();
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

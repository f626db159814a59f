import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const WEB = 'https://shop.example';
const OTHER = 'https://evil.example';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: `${WEB}, https://m.shop.example` });
});
afterAll(async () => {
  await t.close();
});

const preflight = (origin: string, method: string, url: string, headers = 'authorization,content-type') =>
  t.app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });

const list = (v: unknown) =>
  String(v ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

describe('CORS for the front ends of CORS_ORIGINS', () => {
  it('answers the preflight of every method the API uses, with the headers clients send, cached', async () => {
    for (const [method, url] of [
      ['PUT', '/api/v1/cart/items/1'],
      ['PATCH', '/api/v1/sales/orders/1/status'],
      ['DELETE', '/api/v1/comment/1/like'],
      ['POST', '/api/v1/orders'],
      ['GET', '/api/v1/cart'],
    ] as const) {
      const res = await preflight(WEB, method, url, 'authorization,content-type,idempotency-key,x-retried');
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(WEB);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(list(res.headers['access-control-allow-methods'])).toEqual(
        expect.arrayContaining(['get', 'head', 'post', 'put', 'patch', 'delete', 'options']),
      );
      expect(list(res.headers['access-control-allow-headers'])).toEqual(
        expect.arrayContaining(['authorization', 'content-type', 'idempotency-key', 'x-retried']),
      );
      expect(res.headers['access-control-max-age']).toBe('7200');
    }
    // The second origin of the list is allowed as well, and gets its own origin back.
    const second = await preflight('https://m.shop.example', 'DELETE', '/api/v1/cart/items/1');
    expect(second.headers['access-control-allow-origin']).toBe('https://m.shop.example');
  });

  it('lets the other origin read the answer, the request id and Retry-After', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: WEB } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(WEB);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(list(res.headers['access-control-expose-headers'])).toEqual(expect.arrayContaining(['retry-after', 'x-request-id']));
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // A write refused for want of a token still carries the CORS headers, so the client can read the 401.
    const put = await t.app.inject({ method: 'PUT', url: '/api/v1/comment/1/like', headers: { origin: WEB } });
    expect(put.statusCode).toBe(401);
    expect(put.headers['access-control-allow-origin']).toBe(WEB);
  });

  it('keeps a request id given by a proxy and replaces one that does not look like an id', async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-1234.abc' } });
    expect(kept.headers['x-request-id']).toBe('lb-1234.abc');
    const replaced = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b<script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives an unknown origin no CORS header at all', async () => {
    const pre = await preflight(OTHER, 'PUT', '/api/v1/cart/items/1');
    expect(Object.keys(pre.headers).filter((h) => h.startsWith('access-control-allow-'))).toEqual([]);
    const get = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: OTHER } });
    expect(Object.keys(get.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    // A look-alike of an allowed origin is not allowed either.
    const lookAlike = await preflight('https://shop.example.evil.example', 'GET', '/api/v1/cart');
    expect(lookAlike.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS without CORS_ORIGINS', () => {
  it('answers no origin', async () => {
    const solo = await createTestApp();
    try {
      const pre = await solo.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/cart',
        headers: { origin: WEB, 'access-control-request-method': 'GET' },
      });
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      const get = await solo.app.inject({ method: 'GET', url: '/api/health', headers: { origin: WEB } });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await solo.close();
    }
  });
});

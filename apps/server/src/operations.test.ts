import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('health', () => {
  it('live answers while the process runs; ready checks the database and the media storage', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ statusCode: 200, error: null, data: { status: 'ok' } });

    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      statusCode: 200,
      error: null,
      message: 'Sẵn sàng phục vụ.',
      // No search nor listing yet: the indexes are built at the first one outside production, and are no condition.
      data: { status: 'ok', checks: { database: { status: 'ok' }, redis: { status: 'off' }, storage: { status: 'ok' } }, searchIndex: null, listingIndex: null },
    });
  });

  it('ready stays 200 with Redis unreachable, naming it degraded (Redis only helps)', async () => {
    const other = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        statusCode: 200,
        error: null,
        data: { status: 'degraded', checks: { database: { status: 'ok' }, redis: { status: 'degraded' }, storage: { status: 'ok' } } },
      });
    } finally {
      await other.close();
    }
  });
});

describe('request ids', () => {
  it('echoes a well-formed x-request-id, on errors too, with the envelope unchanged', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/khong-co', headers: { 'x-request-id': 'lb-1234.abc' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('lb-1234.abc');
    expect(Object.keys(res.json()).sort()).toEqual(['data', 'error', 'message', 'statusCode']);
  });

  it('makes a new id when none or a malformed one is given', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    const b = await t.app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': 'bad id\twith spaces' } });
    for (const res of [a, b]) expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

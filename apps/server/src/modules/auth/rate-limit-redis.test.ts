import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { expectLimited, randomIp, uniqueName } from '../../../test/auth.ts';

// Runs only when a Redis server is given: TEST_REDIS_URL=redis://127.0.0.1:6379
describe.skipIf(!process.env.TEST_REDIS_URL)('limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL!, RATE_LIMIT_SCALE: '1' };
    a = await createTestApp(env);
    b = await createTestApp(env);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('two instances share the per-account and per-address login counters', async () => {
    // Unique per run: Redis outlives the test databases.
    const username = uniqueName('redis');
    for (const app of [a, a, b, b, a]) {
      const res = await app.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: randomIp(), payload: { username, password: 'Sai@12345' } });
      expect(res.statusCode).toBe(401);
    }
    expectLimited(await b.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: randomIp(), payload: { username, password: 'Sai@12345' } }));

    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      const app = i % 2 ? a : b;
      const res = await app.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: ip, payload: { username: uniqueName('redis'), password: 'x' } });
      expect(res.statusCode).toBe(401);
    }
    expectLimited(await a.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: ip, payload: { username: uniqueName('redis'), password: 'x' } }));
  });

  it('guesses sent together to two instances: exactly 5 are checked', async () => {
    const username = uniqueName('redispar');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: randomIp(), payload: { username, password: 'Sai@12345' } }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(5);
  });

  it('keys in Redis name the limit and what it counts (nhasach-rl:<limit>:<key>)', async () => {
    const ip = randomIp();
    const username = uniqueName('rediskey');
    await a.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: ip, payload: { username, password: 'Sai@12345' } });
    const redis = a.app.redis!;
    expect(await redis.get(`nhasach-rl:login-ip:${ip}`)).toBe('1');
    expect(await redis.get(`nhasach-rl:login-account:name:${username.toLowerCase()}`)).toBe('1');
    expect(await redis.pttl(`nhasach-rl:login-ip:${ip}`)).toBeGreaterThan(0);
    const [, keys] = await redis.scan('0', 'MATCH', 'nhasach-rl:*undefined*', 'COUNT', 10_000);
    expect(keys).toEqual([]);
  });
});

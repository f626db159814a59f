import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { expectLimited, randomIp, uniqueName } from '../test/auth.ts';
import { placeOrder } from '../test/payments.ts';

const PROXY = '198.51.100.7';

const wrongLogin = (t: TestApp, remoteAddress: string, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { username: uniqueName('khongco'), password: 'Sai@12345' },
  });

const registration = (t: TestApp, remoteAddress: string, forwardedFor: string) => {
  const username = uniqueName('xff');
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: `${username}@example.com`, password: 'Matkhau@1', username, fullName: 'Người Thử', phone: '0901234567' },
  });
};

/** vnp_IpAddr of a checkout started from `remoteAddress` claiming `forwardedFor`. */
async function vnpIpAddr(t: TestApp, remoteAddress: string, forwardedFor: string): Promise<string | null> {
  const { who, order } = await placeOrder(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/payments/${order.code}/checkout?provider=VNPAY`,
    remoteAddress,
    headers: { ...who.headers, 'x-forwarded-for': forwardedFor },
  });
  expect(res.statusCode).toBe(201);
  return new URL(res.json().data.checkoutUrl as string).searchParams.get('vnp_IpAddr');
}

describe('TRUST_PROXY off (the default): the socket address is the client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a new X-Forwarded-For on every login does not escape the per-address limit', async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) expect((await wrongLogin(t, ip, randomIp())).statusCode).toBe(401);
    expectLimited(await wrongLogin(t, ip, randomIp()));
  });

  it('a new X-Forwarded-For on every registration does not escape the per-address limit', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) expect((await registration(t, ip, randomIp())).statusCode).toBe(201);
    expectLimited(await registration(t, ip, randomIp()));
  });

  it('sends VNPAY the socket address, not the claimed one', async () => {
    expect(await vnpIpAddr(t, '192.0.2.10', '203.0.113.9')).toBe('192.0.2.10');
  });
});

describe('TRUST_PROXY naming the proxy: the forwarded client counts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: `${PROXY}, 10.200.0.0/16` });
  });
  afterAll(async () => {
    await t.close();
  });

  it('limits each forwarded client separately behind the proxy', async () => {
    const client = randomIp();
    for (let i = 0; i < 10; i++) expect((await wrongLogin(t, PROXY, client)).statusCode).toBe(401);
    expectLimited(await wrongLogin(t, PROXY, client));
    // Another client behind the same proxy is not held by the first one's limit.
    expect((await wrongLogin(t, PROXY, randomIp())).statusCode).toBe(401);
    // A proxy in the trusted range forwards for the same client: same bucket.
    expectLimited(await wrongLogin(t, '10.200.3.4', client));
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 10; i++) expect((await wrongLogin(t, ip, randomIp())).statusCode).toBe(401);
    expectLimited(await wrongLogin(t, ip, randomIp()));
  });

  it('sends VNPAY the forwarded client behind the proxy', async () => {
    expect(await vnpIpAddr(t, PROXY, '203.0.113.9')).toBe('203.0.113.9');
    expect(await vnpIpAddr(t, '192.0.2.10', '203.0.113.9')).toBe('192.0.2.10');
  });
});

describe('TRUST_PROXY setting', () => {
  const parse = (value: string | undefined) => loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), TRUST_PROXY: value }).TRUST_PROXY;

  it('is off by default and reads true, a hop count or a list of addresses and ranges', () => {
    expect(parse(undefined)).toBe(false);
    expect(parse('')).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('true')).toBe(true);
    expect(parse('2')).toBe(2);
    expect(parse('127.0.0.1, 10.0.0.0/8,::1,loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'loopback']);
  });

  it('refuses a value that is none of these', () => {
    expect(() => parse('proxy.example.com')).toThrow(/TRUST_PROXY/);
    expect(() => parse('10.0.0.0/40')).toThrow(/TRUST_PROXY/);
  });

  it('with a hop count, takes the address that many proxies back', async () => {
    const t = await createTestApp({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: '1' });
    try {
      const client = randomIp();
      // One proxy: the last X-Forwarded-For entry is the client; what the client itself wrote before it is ignored.
      for (let i = 0; i < 10; i++) expect((await wrongLogin(t, randomIp(), `${randomIp()}, ${client}`)).statusCode).toBe(401);
      expectLimited(await wrongLogin(t, randomIp(), `${randomIp()}, ${client}`));
    } finally {
      await t.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createAccount, expectLimited, randomIp, uniqueName } from '../../../test/auth.ts';

// Real limits (scale 1). Mail goes to the outbox (no SMTP): these tests are about counting requests.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
});
afterAll(async () => {
  await t?.close();
});


describe('login limits', () => {
  it('allows 10 logins a minute from one address', async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: ip, payload: { username: uniqueName(), password: 'Sai@12345' } });
      expect(res.statusCode).toBe(401);
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: ip, payload: { username: uniqueName(), password: 'Sai@12345' } });
    expectLimited(res);
    expect(res.json().message).toMatch(/^Bạn thao tác quá nhanh\. Vui lòng thử lại sau \d+ giây\.$/);
    // Another address is not affected.
    const other = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: randomIp(), payload: { username: uniqueName(), password: 'x' } });
    expect(other.statusCode).toBe(401);
  });

  it('blocks an account after 5 failed logins in 15 minutes, from any address, even with the right password', async () => {
    const account = await createAccount(t.app.db);
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: randomIp(), payload: { username: account.username, password: 'Sai@12345' } });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: randomIp(),
      payload: { username: account.username.toUpperCase(), password: account.password },
    });
    expectLimited(blocked);
    expect(blocked.json().message).toMatch(/^Bạn đã đăng nhập sai quá nhiều lần\. Vui lòng thử lại sau \d+ phút\.$/);
    expect(blocked.json().data.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
  });

  it('counts failed logins by username and by e-mail, in any case, in one bucket per account', async () => {
    const account = await createAccount(t.app.db);
    const names = [account.username, account.email, account.username.toUpperCase(), account.email.toUpperCase(), ` ${account.email} `];
    for (const username of names) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: randomIp(), payload: { username, password: 'Sai@12345' } });
      expect(res.statusCode).toBe(401);
    }
    for (const username of [account.username, account.email]) {
      const blocked = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: randomIp(), payload: { username, password: account.password } });
      expectLimited(blocked);
    }
  });

  it('counts an unknown name under its trimmed lower-case form', async () => {
    const name = uniqueName('KhongCo');
    for (const username of [name, name.toUpperCase(), name.toLowerCase(), `  ${name}`, `${name}  `]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: randomIp(), payload: { username, password: 'Sai@12345' } });
      expect(res.statusCode).toBe(401);
    }
    expectLimited(await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: randomIp(), payload: { username: name, password: 'x' } }));
  });

  it('does not count successful logins against the account', async () => {
    const account = await createAccount(t.app.db);
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: randomIp(), payload: { username: account.email, password: account.password } });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('OTP request limits', () => {
  it('allows 5 registrations per 10 minutes from one address', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      const username = uniqueName('rl');
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', remoteAddress: ip, payload: { email: `${username}@example.com`, password: 'Matkhau@1', username } });
      expect(res.statusCode).toBe(201);
    }
    const username = uniqueName('rl');
    expectLimited(await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', remoteAddress: ip, payload: { email: `${username}@example.com`, password: 'Matkhau@1', username } }));
  });

  it('allows 5 resend requests per 10 minutes per e-mail, whatever the address', async () => {
    const email = `${uniqueName('re')}@example.com`;
    for (let i = 0; i < 5; i++) {
      // 404 (no pending registration) still counts: the limit guards the endpoint, not the outcome.
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/resend-otp', remoteAddress: randomIp(), payload: { email } });
      expect(res.statusCode).toBe(404);
    }
    expectLimited(await t.app.inject({ method: 'POST', url: '/api/v1/auth/resend-otp', remoteAddress: randomIp(), payload: { email: email.toUpperCase() } }));
  });

  it('allows 5 forgot-password requests per 10 minutes per address', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password/start', remoteAddress: ip, payload: { email: `${uniqueName('fg')}@example.com` } });
      expect(res.statusCode).toBe(200);
    }
    expectLimited(await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password/start', remoteAddress: ip, payload: { email: `${uniqueName('fg')}@example.com` } }));
  });

  it('allows 10 code checks per 10 minutes per address', async () => {
    const ip = randomIp();
    const body = { email: `${uniqueName('vf')}@example.com`, password: 'Matkhau@1', username: uniqueName('vf'), otp: '123456' };
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', remoteAddress: ip, payload: body });
      expect(res.statusCode).toBe(400);
    }
    expectLimited(await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', remoteAddress: ip, payload: body }));
  });
});

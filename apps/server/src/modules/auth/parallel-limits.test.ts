import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { startMailCatcher, type MailCatcher } from '../../../test/mail-catcher.ts';
import { createAccount, expectLimited, randomIp, uniqueName } from '../../../test/auth.ts';

// Guesses sent together, as an attacker would: every limit counts the attempt before it checks anything, so exactly
// the allowed number is checked and the rest refused, whatever the timing.

const statuses = (responses: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const res of responses) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
  return counts;
};

const parallel = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

describe('login: guesses sent together', () => {
  let plain: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ RATE_LIMIT_SCALE: '1' });
    // Behind a proxy: each guess claims a fresh client address, so only the per-account limit can stop them.
    proxied = await createTestApp({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'true' });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([plain?.close(), proxied?.close()]);
  });

  it('checks 5 of 10 parallel wrong passwords for one account and refuses the other 5, then the right one too', async () => {
    const account = await createAccount(plain.app.db);
    const login = (password: string) =>
      plain.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: randomIp(), payload: { username: account.username, password } });
    const answers = await parallel(10, () => login('Sai@12345'));
    expect(statuses(answers)).toEqual({ 401: 5, 429: 5 });
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expectLimited(res);
      expect(res.json().message).toMatch(/^Bạn đã đăng nhập sai quá nhiều lần\. Vui lòng thử lại sau \d+ phút\.$/);
    }
    expectLimited(await login(account.password));
  });

  it('with TRUST_PROXY and a fresh X-Forwarded-For per guess, 60 parallel guesses with the right one among them do not get in', async () => {
    const account = await createAccount(proxied.app.db);
    const answers = await parallel(60, (i) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': randomIp() },
        // The right password at #40, as in the attack the limit must stop.
        payload: { username: account.username, password: i === 39 ? account.password : `Sai@${i}xyz` },
      }),
    );
    const counts = statuses(answers);
    // Five attempts are checked; the right password only gets in if it happens to be one of them.
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBe(5);
    expect(counts[429]).toBe(55);
  });

  it('a right password gives its count back: parallel successful logins never lock the account', async () => {
    const account = await createAccount(plain.app.db);
    const answers = await parallel(8, () =>
      plain.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: randomIp(), payload: { username: account.email, password: account.password } }),
    );
    // Up to 5 may be in flight at once; those over it are refused, but none is a failure left on the account.
    expect(answers.some((r) => r.statusCode === 200)).toBe(true);
    const again = await plain.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: randomIp(), payload: { username: account.email, password: account.password } });
    expect(again.statusCode).toBe(200);
  });
});

describe('codes, registration and reset: requests sent together', () => {
  let t: TestApp;
  let catcher: MailCatcher;
  beforeAll(async () => {
    catcher = await startMailCatcher();
    t = await createTestApp({ SMTP_URL: catcher.url, RATE_LIMIT_SCALE: '1' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await catcher?.close();
  });

  const codeFor = async (to: string) => {
    const mail = await catcher.waitFor(to);
    return /\b(\d{6})\b/.exec(mail.text)![1]!;
  };
  const otherCode = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

  it('10 parallel wrong registration codes use up exactly the 5 attempts; the right code is then refused', async () => {
    const username = uniqueName('par');
    const reg = { email: `${username}@example.com`, password: 'Matkhau@1', username, fullName: 'Lê Thử', phone: '0912345678' };
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', remoteAddress: randomIp(), payload: reg })).statusCode).toBe(201);
    const code = await codeFor(reg.email);
    const answers = await parallel(10, (i) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', remoteAddress: randomIp(), payload: { ...reg, otp: otherCode(code, i) } }),
    );
    const errors = answers.map((r) => r.json().error as string);
    expect(errors.filter((e) => e === 'OTP_INVALID')).toHaveLength(5);
    expect(errors.filter((e) => e === 'OTP_LOCKED')).toHaveLength(5);
    // Each checked guess was told a different number of attempts left: 4, 3, 2, 1, 0.
    const left = answers.filter((r) => r.json().error === 'OTP_INVALID').map((r) => r.json().data.attemptsLeft as number);
    expect(left.sort()).toEqual([0, 1, 2, 3, 4]);
    const right = await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', remoteAddress: randomIp(), payload: { ...reg, otp: code } });
    expect(right.json().error).toBe('OTP_LOCKED');
  });

  it('the right registration code sent last among 20 parallel guesses is refused: only 5 guesses are ever compared', async () => {
    const username = uniqueName('par');
    const reg = { email: `${username}@example.com`, password: 'Matkhau@1', username, fullName: 'Lê Thử', phone: '0912345678' };
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', remoteAddress: randomIp(), payload: reg })).statusCode).toBe(201);
    const code = await codeFor(reg.email);
    const answers = await parallel(20, (i) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', remoteAddress: randomIp(), payload: { ...reg, otp: i === 19 ? code : otherCode(code, i) } }),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(0);
    expect(answers[19]!.json().error).toBe('OTP_LOCKED');
  });

  it('10 parallel wrong reset codes use up exactly the 5 attempts', async () => {
    const account = await createAccount(t.app.db);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password/start', remoteAddress: randomIp(), payload: { email: account.email } })).statusCode).toBe(200);
    const code = await codeFor(account.email);
    const answers = await parallel(10, (i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password/verify',
        remoteAddress: randomIp(),
        payload: { email: account.email, otp: otherCode(code, i), newPassword: 'Moi@12345', confirmPassword: 'Moi@12345' },
      }),
    );
    const errors = answers.map((r) => r.json().error as string);
    expect(errors.filter((e) => e === 'OTP_INVALID')).toHaveLength(5);
    expect(errors.filter((e) => e === 'OTP_LOCKED')).toHaveLength(5);
  });

  it('10 parallel registrations from one address: 5 accepted, 5 refused', async () => {
    const ip = randomIp();
    const answers = await parallel(10, () => {
      const username = uniqueName('preg');
      return t.app.inject({ method: 'POST', url: '/api/v1/auth/register', remoteAddress: ip, payload: { email: `${username}@example.com`, password: 'Matkhau@1', username } });
    });
    expect(statuses(answers)).toEqual({ 201: 5, 429: 5 });
  });

  it('10 parallel reset requests for one e-mail: 5 counted, 5 refused', async () => {
    const email = `${uniqueName('pfg')}@example.com`;
    const answers = await parallel(10, () =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password/start', remoteAddress: randomIp(), payload: { email } }),
    );
    // Requests that pass the limit may still meet the code's own 60 s cooldown (429 OTP_COOLDOWN); the limit's own
    // refusals are TOO_MANY_REQUESTS.
    expect(answers.filter((r) => r.statusCode === 429 && r.json().error === 'TOO_MANY_REQUESTS')).toHaveLength(5);
  });
});

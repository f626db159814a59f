import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createAccount, refreshCookieOf } from '../../../test/auth.ts';

/** The refresh cookie of a front end on another site (COOKIE_SAMESITE=none) and a short access-token lifetime. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ COOKIE_SAMESITE: 'None', ACCESS_TOKEN_TTL_SECONDS: '90', PUBLIC_URL: 'http://api.example' });
});
afterAll(async () => {
  await t?.close();
});

describe('refresh cookie across sites', () => {
  it('is SameSite=None, Secure and Partitioned on login, refresh and logout; tokens live ACCESS_TOKEN_TTL_SECONDS', async () => {
    const account = await createAccount(t.app.db);
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: account.username, password: account.password } });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.expiresIn).toBe(90);
    const claims = decodeJwt(login.json().data.accessToken);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(90);
    const cookie = refreshCookieOf(login)!;
    // Secure although PUBLIC_URL is http: browsers drop SameSite=None cookies that are not Secure.
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'None', secure: true, path: '/api/v1/auth' });
    expect(String(login.headers['set-cookie'])).toMatch(/;\s*Partitioned/i);

    const refreshed = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', cookies: { refresh_token: cookie.value } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().data.expiresIn).toBe(90);
    expect(refreshCookieOf(refreshed)).toMatchObject({ sameSite: 'None', secure: true });

    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', cookies: { refresh_token: refreshCookieOf(refreshed)!.value } });
    const cleared = refreshCookieOf(out)!;
    // Cleared with the same attributes, or the browser would keep the partitioned cookie.
    expect(cleared).toMatchObject({ value: '', sameSite: 'None', secure: true, path: '/api/v1/auth' });
    expect(String(out.headers['set-cookie'])).toMatch(/;\s*Partitioned/i);
  });
});

describe('COOKIE_SAMESITE setting', () => {
  const base = { DATA_DIR: '/tmp/nhasach-config-test', JWT_SECRET: 'x'.repeat(32) };
  it('defaults to lax, accepts any case and refuses other values', () => {
    expect(loadConfig(base).COOKIE_SAMESITE).toBe('lax');
    expect(loadConfig({ ...base, COOKIE_SAMESITE: '' }).COOKIE_SAMESITE).toBe('lax');
    expect(loadConfig({ ...base, COOKIE_SAMESITE: 'Strict' }).COOKIE_SAMESITE).toBe('strict');
    expect(loadConfig({ ...base, COOKIE_SAMESITE: 'NONE' }).COOKIE_SAMESITE).toBe('none');
    expect(() => loadConfig({ ...base, COOKIE_SAMESITE: 'sometimes' })).toThrow(/COOKIE_SAMESITE/);
  });
});

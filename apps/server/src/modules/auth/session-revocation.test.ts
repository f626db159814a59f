import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { bearer, createAccount, loginViaApi } from '../../../test/auth.ts';

// An access token dies with its login: logout (or a password change) refuses it at once, not 15 minutes later.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '1000' });
});
afterAll(async () => {
  await t?.close();
});

const me = (app: TestApp, token: string) => app.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
const logout = (app: TestApp, refreshToken: string) =>
  app.app.inject({ method: 'POST', url: '/api/v1/auth/logout', cookies: { refresh_token: refreshToken } });

describe('access tokens after the login ends', () => {
  it('logout: the old access token gets 401, another login of the same account keeps working', async () => {
    const account = await createAccount(t.app.db);
    const tab = await loginViaApi(t.app, account.username, account.password);
    const phone = await loginViaApi(t.app, account.username, account.password);
    expect((await me(t, tab.accessToken)).statusCode).toBe(200);

    expect((await logout(t, tab.refreshToken)).statusCode).toBe(200);
    const refused = await me(t, tab.accessToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ statusCode: 401, error: 'UNAUTHORIZED', message: 'Phiên đăng nhập đã hết hạn hoặc không hợp lệ.' });
    // A write is refused too, not only reads.
    const write = await t.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers: bearer(tab.accessToken), payload: { bookId: 1, qty: 1 } });
    expect(write.statusCode).toBe(401);

    expect((await me(t, phone.accessToken)).statusCode).toBe(200);
  });

  it('an access token from a refresh dies with the login too', async () => {
    const account = await createAccount(t.app.db);
    const session = await loginViaApi(t.app, account.username, account.password);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', cookies: { refresh_token: session.refreshToken } });
    const token = refreshed.json().data.accessToken as string;
    const cookie = refreshed.cookies.find((c) => c.name === 'refresh_token')!.value;
    expect((await me(t, token)).statusCode).toBe(200);
    await logout(t, cookie);
    expect((await me(t, token)).statusCode).toBe(401);
    expect((await me(t, session.accessToken)).statusCode).toBe(401);
  });

  it('a password change ends every access token of the account', async () => {
    const account = await createAccount(t.app.db);
    const a = await loginViaApi(t.app, account.username, account.password);
    const b = await loginViaApi(t.app, account.username, account.password);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/change-password',
      headers: bearer(a.accessToken),
      payload: { oldPassword: account.password, newPassword: 'Moi@12345', confirmPassword: 'Moi@12345' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(t, a.accessToken)).statusCode).toBe(401);
    expect((await me(t, b.accessToken)).statusCode).toBe(401);
  });
});

// Two instances on one PostgreSQL database: the logout on one is seen by the other at once.
describe.skipIf(!process.env.TEST_DATABASE_URL)('across instances', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ RATE_LIMIT_SCALE: '1000' }, { sameDatabaseAs: t });
  });
  afterAll(async () => {
    await other?.close();
  });

  it('logout on one instance: the token is refused by the other', async () => {
    const account = await createAccount(t.app.db);
    const session = await loginViaApi(t.app, account.username, account.password);
    expect((await me(other, session.accessToken)).statusCode).toBe(200);
    await logout(t, session.refreshToken);
    expect((await me(other, session.accessToken)).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@nhasach/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { startMailCatcher, type MailCatcher } from '../../../test/mail-catcher.ts';
import { createTokenSigner } from '../../lib/jwt.ts';
import { bearer, countRows, createAccount, loginViaApi, refreshCookieOf, registerViaApi, uniqueName } from '../../../test/auth.ts';

let t: TestApp;
let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher();
  t = await createTestApp({ SMTP_URL: catcher.url, RATE_LIMIT_SCALE: '1000' });
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

const post = (url: string, payload?: unknown, headers?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const refreshWith = (token?: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', cookies: token ? { refresh_token: token } : {} });

describe('register, verify, login', () => {
  it('creates nothing usable until the mailed code is verified, then logs in by username and by e-mail', async () => {
    const username = uniqueName('Flow');
    const email = `${username.toLowerCase()}@example.com`;
    const body = { email: `  ${email.toUpperCase()} `, password: 'Matkhau@1', username, fullName: 'Trần Thị Thử', phone: '0901 234-567' };
    const usersBefore = await countRows(t.app.db, 'users');

    const res = await post('/api/v1/auth/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      statusCode: 201,
      error: null,
      message: 'Mã OTP đã được gửi tới email của bạn.',
      data: { email, expiresInSeconds: 600, resendAfterSeconds: 60 },
    });
    expect(await countRows(t.app.db, 'users')).toBe(usersBefore);
    const early = await post('/api/v1/auth/login', { username, password: body.password });
    expect(early.statusCode).toBe(401);

    const mail = await catcher.waitFor(email);
    const otp = await catcher.otpFor(email);
    // The catcher joins folded encoded words with a space, so compare without whitespace.
    expect(mail.subject.replace(/\s+/g, '')).toBe('Mã xác thực đăng ký tài khoản Nhà Sách'.replace(/\s+/g, ''));
    expect(mail.subject).not.toContain(otp);
    expect(mail.text).toContain('10 phút');
    expect(mail.text).toContain('bỏ qua');

    // The code is stored hashed, and the outbox keeps no copy of it once SMTP delivered the mail.
    const [row] = await queryRows<{ code_hash: string; attempts: number; payload: Record<string, unknown> }>(
      t.app.db,
      sql`select code_hash, attempts, payload from otp_codes where email = ${email} and purpose = 'REGISTER'`,
    );
    expect(row!.code_hash).not.toContain(otp);
    expect(row!.attempts).toBe(0);
    expect(JSON.stringify(row!.payload)).not.toContain(body.password);
    const outbox = await queryRows<{ subject: string; text_body: string; html_body: string | null; status: string }>(
      t.app.db,
      sql`select subject, text_body, html_body, status from mail_outbox where to_address = ${email}`,
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.status).toBe('SENT');
    expect(outbox[0]!.text_body).not.toContain(otp);
    expect(outbox[0]!.html_body).toBeNull();

    // The fields sent again with the code are not trusted: the stored registration is what gets created.
    const verified = await post('/api/v1/auth/verify-email', { ...body, fullName: 'Kẻ Giả Mạo', otp });
    expect(verified.statusCode).toBe(201);
    const user = verified.json().data;
    expect(verified.json()).toMatchObject({ statusCode: 201, error: null, message: 'Xác thực email thành công. Bạn có thể đăng nhập.' });
    expect(user).toEqual({
      id: expect.any(Number),
      username,
      email,
      fullName: 'Trần Thị Thử',
      phone: '0901 234-567',
      gender: null,
      birthDate: null,
      avatarUrl: null,
      role: 'USER',
      roles: ['ROLE_USER'],
      enabled: true,
      createdAt: expect.any(String),
    });
    expect(await countRows(t.app.db, 'users')).toBe(usersBefore + 1);

    // The code was consumed.
    const again = await post('/api/v1/auth/verify-email', { ...body, otp });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'OTP_EXPIRED', message: 'Mã OTP không đúng hoặc đã hết hạn.' });

    const byName = await post('/api/v1/auth/login', { username: username.toUpperCase(), password: body.password });
    expect(byName.statusCode).toBe(200);
    const login = byName.json();
    expect(login).toMatchObject({ statusCode: 200, error: null, message: 'Đăng nhập thành công' });
    expect(login.data).toEqual({ accessToken: expect.any(String), tokenType: 'Bearer', expiresIn: ACCESS_TOKEN_TTL_SECONDS, user });
    const claims = decodeJwt(login.data.accessToken);
    expect(claims).toMatchObject({ sub: String(user.id), userId: user.id, username, email, roles: ['ROLE_USER'] });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(ACCESS_TOKEN_TTL_SECONDS);

    const cookie = refreshCookieOf(byName)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/auth', maxAge: 30 * 24 * 3600 });
    expect(cookie.secure).toBeFalsy();
    const stored = await queryRows<{ token_hash: string }>(t.app.db, sql`select token_hash from refresh_tokens where user_id = ${user.id}`);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.token_hash).not.toBe(cookie.value);

    const byEmail = await post('/api/v1/auth/login', { username: email.toUpperCase(), password: body.password });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().data.user.id).toBe(user.id);

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(login.data.accessToken) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toEqual(user);
  });

  it('refuses an e-mail or username already taken (any case) with 409 and writes nothing', async () => {
    const existing = await createAccount(t.app.db);
    const otpBefore = await countRows(t.app.db, 'otp_codes');
    const mailsBefore = await countRows(t.app.db, 'mail_outbox');
    for (const body of [
      { email: existing.email.toUpperCase(), password: 'Matkhau@1', username: uniqueName() },
      { email: `${uniqueName()}@example.com`, password: 'Matkhau@1', username: existing.username.toUpperCase() },
    ]) {
      const res = await post('/api/v1/auth/register', body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ statusCode: 409, error: 'CONFLICT', message: 'Email hoặc username đã tồn tại.', data: null });
    }
    expect(await countRows(t.app.db, 'otp_codes')).toBe(otpBefore);
    expect(await countRows(t.app.db, 'mail_outbox')).toBe(mailsBefore);
  });

  it('answers bad input with 400 naming the field and writes nothing', async () => {
    const otpBefore = await countRows(t.app.db, 'otp_codes');
    const mailsBefore = await countRows(t.app.db, 'mail_outbox');
    const valid = { email: 'hop.le@example.com', password: 'Matkhau@1', username: 'hople', fullName: 'Hợp Lệ', phone: '0901234567' };

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ statusCode: 400, error: 'BAD_REQUEST', message: 'Dữ liệu JSON không hợp lệ.' });

    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ ...valid, email: undefined }, 'email', /Email/],
      [{ ...valid, password: undefined }, 'password', /Mật khẩu/],
      [{ ...valid, username: undefined }, 'username', /Tên đăng nhập/],
      [{ ...valid, email: 'khong-phai-email' }, 'email', /Email không hợp lệ/],
      [{ ...valid, phone: '09-abc' }, 'phone', /Số điện thoại/],
      [{ ...valid, phone: '0'.repeat(16) }, 'phone', /Số điện thoại/],
      [{ ...valid, username: 'ab' }, 'username', /Tên đăng nhập/],
      [{ ...valid, username: 'có dấu' }, 'username', /Tên đăng nhập/],
      [{ ...valid, password: 'x'.repeat(65) }, 'password', /tối đa 64/],
      [{ ...valid, password: '12345' }, 'password', /6 ký tự/],
      [{ ...valid, email: `${'a'.repeat(250)}@example.com` }, 'email', /Email/],
      [{ ...valid, fullName: 'A'.repeat(101) }, 'fullName', /Họ tên/],
      [{ ...valid, password: 12345678 }, 'password', /Mật khẩu/],
      [{ ...valid, email: ['a@b.vn'] }, 'email', /Email/],
    ];
    for (const [body, field, message] of cases) {
      const res = await post('/api/v1/auth/register', body);
      expect(res.statusCode, `${field} ${JSON.stringify(body[field])}`).toBe(400);
      const json = res.json();
      expect(json.error).toBe('VALIDATION_ERROR');
      expect(json.data.fields.map((f: { field: string }) => f.field)).toContain(field);
      expect(json.message).toMatch(message);
    }

    const login = await post('/api/v1/auth/login', { username: 'someone' });
    expect(login.statusCode).toBe(400);
    expect(login.json().data.fields[0]).toEqual({ field: 'password', message: 'Mật khẩu là bắt buộc.' });
    const verify = await post('/api/v1/auth/verify-email', { ...valid, otp: '12ab56' });
    expect(verify.statusCode).toBe(400);
    expect(verify.json().data.fields[0].field).toBe('otp');
    const noBody = await post('/api/v1/auth/verify-email');
    expect(noBody.statusCode).toBe(400);

    expect(await countRows(t.app.db, 'otp_codes')).toBe(otpBefore);
    expect(await countRows(t.app.db, 'mail_outbox')).toBe(mailsBefore);
  });

  it('gives the same 401 for an unknown user and a wrong password', async () => {
    const account = await createAccount(t.app.db);
    const unknown = await post('/api/v1/auth/login', { username: 'khong-ton-tai', password: 'Matkhau@1' });
    const wrong = await post('/api/v1/auth/login', { username: account.username, password: 'Sai@12345' });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        statusCode: 401,
        error: 'INVALID_CREDENTIALS',
        message: 'Tên đăng nhập hoặc mật khẩu không đúng.',
        data: null,
      });
      expect(refreshCookieOf(res)).toBeUndefined();
    }
  });
});

describe('refresh tokens', () => {
  it('rotates on refresh; reusing a rotated token revokes the family, other logins survive', async () => {
    const account = await createAccount(t.app.db);
    const first = await loginViaApi(t.app, account.username, account.password);
    const other = await loginViaApi(t.app, account.username, account.password);

    const r1 = await refreshWith(first.refreshToken);
    expect(r1.statusCode).toBe(200);
    expect(r1.json()).toEqual({
      statusCode: 200,
      error: null,
      message: 'Thành công',
      data: { accessToken: expect.any(String), tokenType: 'Bearer', expiresIn: ACCESS_TOKEN_TTL_SECONDS },
    });
    const second = refreshCookieOf(r1)!;
    expect(second.value).not.toBe(first.refreshToken);
    expect(second).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/auth' });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(r1.json().data.accessToken) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(account.id);

    // The new token works once more (chain of rotations).
    const r2 = await refreshWith(second.value);
    expect(r2.statusCode).toBe(200);
    const third = refreshCookieOf(r2)!.value;

    // Reuse of the first (already rotated) token: 401, cookie cleared, whole family revoked.
    const reuse = await refreshWith(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({
      statusCode: 401,
      error: 'UNAUTHORIZED',
      message: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.',
      data: null,
    });
    const cleared = refreshCookieOf(reuse)!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/api/v1/auth');
    expect((await refreshWith(third)).statusCode).toBe(401);

    // The other login is another family and still works.
    expect((await refreshWith(other.refreshToken)).statusCode).toBe(200);
  });

  it('two refreshes at once with one cookie (two tabs) both get a session of the same login, and both new cookies work', async () => {
    const account = await createAccount(t.app.db);
    const { refreshToken } = await loginViaApi(t.app, account.username, account.password);
    const results = await Promise.all([refreshWith(refreshToken), refreshWith(refreshToken)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const cookies = results.map((r) => refreshCookieOf(r)!.value);
    expect(new Set([...cookies, refreshToken]).size).toBe(3);
    for (const r of results) {
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(r.json().data.accessToken) });
      expect(me.statusCode).toBe(200);
    }
    const next = await Promise.all(cookies.map((c) => refreshWith(c)));
    expect(next.map((r) => r.statusCode)).toEqual([200, 200]);
    // One login: logging out with one cookie ends the other tab's too.
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', cookies: { refresh_token: refreshCookieOf(next[0]!)!.value } });
    expect((await refreshWith(refreshCookieOf(next[1]!)!.value)).statusCode).toBe(401);
  });

  it('a rotated token presented again after the 30 s grace is reuse: the whole login is revoked', async () => {
    const account = await createAccount(t.app.db);
    const { refreshToken } = await loginViaApi(t.app, account.username, account.password);
    const r1 = await refreshWith(refreshToken);
    expect(r1.statusCode).toBe(200);
    await t.app.db.execute(sql`update refresh_tokens set rotated_at = rotated_at - interval '31 seconds' where user_id = ${account.id} and rotated_at is not null`);
    expect((await refreshWith(refreshToken)).statusCode).toBe(401);
    expect((await refreshWith(refreshCookieOf(r1)!.value)).statusCode).toBe(401);
  });

  it('refuses a missing, unknown or expired token and clears the cookie', async () => {
    const missing = await refreshWith();
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe('Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.');
    expect(refreshCookieOf(missing)?.value).toBe('');
    expect((await refreshWith('rac-khong-hop-le')).statusCode).toBe(401);

    const account = await createAccount(t.app.db);
    const { refreshToken } = await loginViaApi(t.app, account.username, account.password);
    await t.app.db.execute(sql`update refresh_tokens set expires_at = now() - interval '1 minute' where user_id = ${account.id}`);
    expect((await refreshWith(refreshToken)).statusCode).toBe(401);
  });

  it('logout revokes the presented login and always answers 200', async () => {
    const account = await createAccount(t.app.db);
    const { refreshToken } = await loginViaApi(t.app, account.username, account.password);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', cookies: { refresh_token: refreshToken } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ statusCode: 200, error: null, message: 'Đăng xuất thành công', data: null });
    expect(refreshCookieOf(res)).toMatchObject({ value: '', path: '/api/v1/auth' });
    expect((await refreshWith(refreshToken)).statusCode).toBe(401);

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(anonymous.statusCode).toBe(200);
    const garbage = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', cookies: { refresh_token: 'abc' } });
    expect(garbage.statusCode).toBe(200);
  });
});

describe('change password', () => {
  for (const url of ['/api/v1/users/change-password', '/users/change-password']) {
    it(`PUT ${url}: checks the current password, then revokes every session`, async () => {
      const account = await createAccount(t.app.db);
      const session = await loginViaApi(t.app, account.username, account.password);
      const put = (payload: unknown, token = session.accessToken) =>
        t.app.inject({ method: 'PUT', url, headers: bearer(token), payload: payload as object });

      const wrongOld = await put({ oldPassword: 'Sai@12345', newPassword: 'MoiMoi@1', confirmPassword: 'MoiMoi@1' });
      expect(wrongOld.statusCode).toBe(400);
      expect(wrongOld.json()).toMatchObject({ statusCode: 400, error: 'WRONG_PASSWORD', message: 'Mật khẩu hiện tại không đúng.' });

      const same = await put({ oldPassword: account.password, newPassword: account.password, confirmPassword: account.password });
      expect(same.statusCode).toBe(400);
      expect(same.json().data.fields[0].field).toBe('newPassword');

      const mismatch = await put({ oldPassword: account.password, newPassword: 'MoiMoi@1', confirmPassword: 'Khac@123' });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().data.fields).toEqual([{ field: 'confirmPassword', message: 'Xác nhận mật khẩu không khớp.' }]);

      const short = await put({ oldPassword: account.password, newPassword: '123', confirmPassword: '123' });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toMatch('Mật khẩu mới phải từ 6 ký tự.');

      const ok = await put({ oldPassword: account.password, newPassword: 'MoiMoi@1', confirmPassword: 'MoiMoi@1' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ statusCode: 200, error: null, message: 'Đổi mật khẩu thành công', data: null });

      expect((await refreshWith(session.refreshToken)).statusCode).toBe(401);
      expect((await post('/api/v1/auth/login', { username: account.username, password: account.password })).statusCode).toBe(401);
      expect((await post('/api/v1/auth/login', { username: account.username, password: 'MoiMoi@1' })).statusCode).toBe(200);
    });
  }

  it('answers without a token with a JSON 401 on both paths, and unknown methods with a JSON 404', async () => {
    for (const url of ['/api/v1/users/change-password', '/users/change-password']) {
      const res = await t.app.inject({ method: 'PUT', url, payload: { oldPassword: 'a', newPassword: 'bbbbbb', confirmPassword: 'bbbbbb' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'UNAUTHORIZED', data: null });
    }
    const wrongMethod = await t.app.inject({ method: 'POST', url: '/users/change-password', payload: {} });
    expect(wrongMethod.statusCode).toBe(404);
    expect(wrongMethod.json()).toMatchObject({ statusCode: 404, error: 'NOT_FOUND' });
  });
});

describe('bearer tokens and disabled accounts', () => {
  it('refuses garbage, forged and expired tokens with the same 401', async () => {
    const account = await createAccount(t.app.db);
    const claims = { sub: String(account.id), userId: account.id, username: account.username, email: account.email, roles: ['ROLE_ADMIN'] };
    const forged = await createTokenSigner('another-secret-another-secret-1234').sign(claims);
    const expired = await new SignJWT({ userId: account.id, username: account.username, email: account.email, roles: ['ROLE_CUSTOMER'] })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(account.id))
      .setIssuer('nhasach')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.config.JWT_SECRET));
    const bodies = [];
    for (const token of ['garbage', forged, expired, `${forged.slice(0, -4)}AAAA`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
      bodies.push(res.body);
    }
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]!)).toEqual({
      statusCode: 401,
      error: 'UNAUTHORIZED',
      message: 'Phiên đăng nhập đã hết hạn hoặc không hợp lệ.',
      data: null,
    });
  });

  it('refuses tokens signed with the key but without exp, iat or issuer, with another issuer or another algorithm', async () => {
    const account = await createAccount(t.app.db);
    const key = new TextEncoder().encode(t.config.JWT_SECRET);
    const now = Math.floor(Date.now() / 1000);
    const base = () =>
      new SignJWT({ userId: account.id, username: account.username, email: account.email, roles: ['ROLE_CUSTOMER'] }).setSubject(String(account.id));
    const good = await base().setProtectedHeader({ alg: 'HS256' }).setIssuer('nhasach').setIssuedAt(now).setExpirationTime(now + 600).sign(key);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(good) })).statusCode).toBe(200);

    const refused = {
      withoutExp: await base().setProtectedHeader({ alg: 'HS256' }).setIssuer('nhasach').setIssuedAt(now).sign(key),
      withoutIat: await base().setProtectedHeader({ alg: 'HS256' }).setIssuer('nhasach').setExpirationTime(now + 600).sign(key),
      withoutIssuer: await base().setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now).setExpirationTime(now + 600).sign(key),
      otherIssuer: await base().setProtectedHeader({ alg: 'HS256' }).setIssuer('khac').setIssuedAt(now).setExpirationTime(now + 600).sign(key),
      hs512: await base().setProtectedHeader({ alg: 'HS512' }).setIssuer('nhasach').setIssuedAt(now).setExpirationTime(now + 600).sign(key),
      unsigned: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${good.split('.')[1]}.`,
    };
    for (const [what, token] of Object.entries(refused)) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
      expect(res.statusCode, what).toBe(401);
    }
    // What the store itself signs carries every required claim.
    const claims = decodeJwt(await t.app.tokens.sign({ sub: '1', userId: 1, username: 'a', email: 'a@example.com', roles: ['ROLE_CUSTOMER'] }));
    expect(claims).toMatchObject({ iss: 'nhasach', exp: expect.any(Number), iat: expect.any(Number) });
  });

  it('a disabled or deleted account cannot log in or refresh, and its token is refused', async () => {
    for (const disable of [sql`enabled = false`, sql`deleted_at = now()`]) {
      const account = await createAccount(t.app.db);
      const session = await loginViaApi(t.app, account.username, account.password);
      await t.app.db.execute(sql`update users set ${disable} where id = ${account.id}`);

      const login = await post('/api/v1/auth/login', { username: account.username, password: account.password });
      expect(login.statusCode).toBe(403);
      expect(login.json()).toEqual({ statusCode: 403, error: 'ACCOUNT_DISABLED', message: 'Tài khoản đã bị vô hiệu hoá.', data: null });
      // A wrong password does not reveal that the account exists and is disabled.
      const wrong = await post('/api/v1/auth/login', { username: account.username, password: 'Sai@12345' });
      expect(wrong.statusCode).toBe(401);

      const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(session.accessToken) });
      expect(me.statusCode).toBe(401);
      expect((await refreshWith(session.refreshToken)).statusCode).toBe(401);
    }
  });
});

describe('secrets stay out of subjects', () => {
  it('no outbox subject holds a code, a password or a token', async () => {
    const account = await registerViaApi(t.app, catcher);
    const session = await loginViaApi(t.app, account.username, account.password);
    const rows = await queryRows<{ subject: string }>(t.app.db, sql`select subject from mail_outbox`);
    expect(rows.length).toBeGreaterThan(0);
    for (const { subject } of rows) {
      expect(subject).not.toMatch(/\d{6}/);
      expect(subject).not.toContain(account.password);
      expect(subject).not.toContain(session.refreshToken);
    }
  });
});

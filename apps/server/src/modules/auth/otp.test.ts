import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { startMailCatcher, type MailCatcher } from '../../../test/mail-catcher.ts';
import { createAccount, loginViaApi, uniqueName } from '../../../test/auth.ts';

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

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

function newRegistration() {
  const username = uniqueName('otp');
  return { email: `${username}@example.com`, password: 'Matkhau@1', username, fullName: 'Lê Thử', phone: '0912345678' };
}

/** Codes mailed to `to`, oldest first. */
const codesTo = (to: string) =>
  catcher.mails.filter((m) => m.to.includes(to)).map((m) => /\b(\d{6})\b/.exec(m.text)![1]!);

/** Waits until `count` mails reached `to` and returns the newest code. */
async function nthCode(to: string, count: number): Promise<string> {
  await catcher.waitFor(to, () => codesTo(to).length >= count);
  return codesTo(to)[count - 1]!;
}

const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

/** Moves the last send back in time, as if the cooldown had passed. */
const passCooldown = (email: string) =>
  t.app.db.execute(sql`update otp_codes set last_sent_at = last_sent_at - interval '61 seconds' where email = ${email}`);

describe('registration code', () => {
  it('counts wrong attempts down, locks at the 5th, and resend (after the cooldown) gives a fresh code', async () => {
    const reg = newRegistration();
    expect((await post('/api/v1/auth/register', reg)).statusCode).toBe(201);
    const code = await nthCode(reg.email, 1);

    for (let attempt = 1; attempt <= 5; attempt++) {
      const res = await post('/api/v1/auth/verify-email', { ...reg, otp: wrongCode(code) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'OTP_INVALID',
        message: 'Mã OTP không đúng hoặc đã hết hạn.',
        data: { attempts: attempt, maxAttempts: 5, attemptsLeft: 5 - attempt },
      });
    }
    // Locked: even the right code is refused now.
    const locked = await post('/api/v1/auth/verify-email', { ...reg, otp: code });
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toEqual({
      statusCode: 400,
      error: 'OTP_LOCKED',
      message: 'Bạn đã nhập sai quá 5 lần. Hãy bấm Gửi lại OTP.',
      data: { attempts: 5, maxAttempts: 5, attemptsLeft: 0 },
    });

    const tooSoon = await post('/api/v1/auth/resend-otp', { email: reg.email });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error).toBe('OTP_COOLDOWN');
    expect(tooSoon.json().message).toMatch(/^Vui lòng đợi \d+ giây trước khi gửi lại mã\.$/);
    const wait = tooSoon.json().data.retryAfterSeconds;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(tooSoon.json().message).toContain(`${wait} giây`);

    await passCooldown(reg.email);
    const resent = await post('/api/v1/auth/resend-otp', { email: reg.email.toUpperCase() });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({
      statusCode: 200,
      error: null,
      message: 'Đã gửi lại mã OTP.',
      data: { email: reg.email, expiresInSeconds: 600, resendAfterSeconds: 60 },
    });
    const fresh = await nthCode(reg.email, 2);

    // Attempts start again from zero, and the old code is dead.
    const old = await post('/api/v1/auth/verify-email', { ...reg, otp: code === fresh ? wrongCode(fresh) : code });
    expect(old.json()).toMatchObject({ error: 'OTP_INVALID', data: { attempts: 1, attemptsLeft: 4 } });
    const ok = await post('/api/v1/auth/verify-email', { ...reg, otp: fresh });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses an expired code with OTP_EXPIRED', async () => {
    const reg = newRegistration();
    await post('/api/v1/auth/register', reg);
    const code = await nthCode(reg.email, 1);
    await t.app.db.execute(sql`update otp_codes set expires_at = now() - interval '1 second' where email = ${reg.email}`);
    const res = await post('/api/v1/auth/verify-email', { ...reg, otp: code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'OTP_EXPIRED', message: 'Mã OTP không đúng hoặc đã hết hạn.' });
    expect(res.json().data).toEqual({ attempts: 0, maxAttempts: 5, attemptsLeft: 5 });
    // No code at all for an e-mail is the same answer.
    const none = await post('/api/v1/auth/verify-email', { ...newRegistration(), otp: '123456' });
    expect(none.json()).toMatchObject({ statusCode: 400, error: 'OTP_EXPIRED' });
  });

  it('counts concurrent wrong attempts exactly', async () => {
    const reg = newRegistration();
    await post('/api/v1/auth/register', reg);
    const code = await nthCode(reg.email, 1);
    const results = await Promise.all([1, 2, 3].map(() => post('/api/v1/auth/verify-email', { ...reg, otp: wrongCode(code) })));
    expect(results.map((r) => r.json().data.attempts).sort()).toEqual([1, 2, 3]);
  });

  it('allows at most 5 sends an hour, then again once the hour is over', async () => {
    const reg = newRegistration();
    expect((await post('/api/v1/auth/register', reg)).statusCode).toBe(201);
    for (let send = 2; send <= 5; send++) {
      await passCooldown(reg.email);
      expect((await post('/api/v1/auth/resend-otp', { email: reg.email })).statusCode).toBe(200);
    }
    await passCooldown(reg.email);
    const sixth = await post('/api/v1/auth/resend-otp', { email: reg.email });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toBe('TOO_MANY_REQUESTS');
    expect(sixth.json().message).toMatch(/quá 5 lần trong 1 giờ/);
    expect(sixth.json().data.retryAfterSeconds).toBeGreaterThan(3000);
    // Re-registering the same e-mail is held to the same limit.
    expect((await post('/api/v1/auth/register', reg)).statusCode).toBe(429);

    await t.app.db.execute(sql`update otp_codes set send_window_start = send_window_start - interval '61 minutes' where email = ${reg.email}`);
    expect((await post('/api/v1/auth/resend-otp', { email: reg.email })).statusCode).toBe(200);
    const [row] = await queryRows<{ sends_in_window: number }>(t.app.db, sql`select sends_in_window from otp_codes where email = ${reg.email}`);
    expect(row!.sends_in_window).toBe(1);
    expect(codesTo(reg.email).length).toBeGreaterThanOrEqual(5);
  });

  it('re-registering within 60 s is a cooldown; afterwards the new details replace the pending ones', async () => {
    const reg = newRegistration();
    await post('/api/v1/auth/register', reg);
    const again = await post('/api/v1/auth/register', reg);
    expect(again.statusCode).toBe(429);
    expect(again.json().error).toBe('OTP_COOLDOWN');

    await passCooldown(reg.email);
    const renamed = { ...reg, username: uniqueName('doi'), fullName: 'Tên Mới' };
    expect((await post('/api/v1/auth/register', renamed)).statusCode).toBe(201);
    const code = await nthCode(reg.email, 2);
    const ok = await post('/api/v1/auth/verify-email', { ...renamed, otp: code });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ username: renamed.username, fullName: 'Tên Mới' });
  });

  it('verify answers 409 when the username was taken meanwhile', async () => {
    const reg = newRegistration();
    await post('/api/v1/auth/register', reg);
    const code = await nthCode(reg.email, 1);
    await createAccount(t.app.db, { username: reg.username.toUpperCase() });
    const res = await post('/api/v1/auth/verify-email', { ...reg, otp: code });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Email hoặc username đã tồn tại.');
  });

  it('resend for an e-mail without a pending registration is a 404', async () => {
    const res = await post('/api/v1/auth/resend-otp', { email: 'chua-dang-ky@example.com' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'NOT_FOUND', message: 'Không tìm thấy yêu cầu đăng ký cho email này.', data: null });
  });
});

describe('forgot password', () => {
  it('answers an unknown e-mail exactly like a known one, and mails only the known one', async () => {
    const account = await createAccount(t.app.db);
    const unknown = `${uniqueName('khong')}@example.com`;
    const known = await post('/api/v1/auth/forgot-password/start', { email: account.email });
    const other = await post('/api/v1/auth/forgot-password/start', { email: unknown });
    expect(known.statusCode).toBe(200);
    expect(other.statusCode).toBe(200);
    const shape = (body: { data: { email: string } }) => ({ ...body, data: { ...body.data, email: 'x' } });
    expect(shape(known.json())).toEqual(shape(other.json()));
    expect(known.json()).toEqual({
      statusCode: 200,
      error: null,
      message: 'Nếu email tồn tại, mã OTP đã được gửi.',
      data: { email: account.email, expiresInSeconds: 600, resendAfterSeconds: 60 },
    });
    const mail = await catcher.waitFor(account.email);
    expect(mail.subject.replace(/\s+/g, '')).toBe('MãđặtlạimậtkhẩuNhàSách');

    // The cooldown answer is the same for both too.
    const knownAgain = await post('/api/v1/auth/forgot-password/start', { email: account.email });
    const otherAgain = await post('/api/v1/auth/forgot-password/start', { email: unknown });
    expect(knownAgain.statusCode).toBe(429);
    expect(otherAgain.statusCode).toBe(429);
    expect(knownAgain.json().error).toBe('OTP_COOLDOWN');
    expect(otherAgain.json().error).toBe('OTP_COOLDOWN');

    // The known address's mail has arrived; give a (wrong) mail to the unknown one time to show up too.
    await new Promise((r) => setTimeout(r, 200));
    expect(catcher.mails.some((m) => m.to.includes(unknown))).toBe(false);
    const [row] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from mail_outbox where to_address = ${unknown}`);
    expect(row!.n).toBe(0);
  });

  it('resets the password with the mailed code, ends every session and retires the old password', async () => {
    const account = await createAccount(t.app.db);
    const session = await loginViaApi(t.app, account.username, account.password);
    await post('/api/v1/auth/forgot-password/start', { email: account.email.toUpperCase() });
    const code = await nthCode(account.email, 1);
    const body = { email: account.email, otp: code, newPassword: 'DatLai@99', confirmPassword: 'DatLai@99' };

    const mismatch = await post('/api/v1/auth/forgot-password/verify', { ...body, confirmPassword: 'Khac@999' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().data.fields).toEqual([{ field: 'confirmPassword', message: expect.stringContaining('Mật khẩu xác nhận chưa khớp.') }]);
    const tooLong = await post('/api/v1/auth/forgot-password/verify', { ...body, newPassword: 'x'.repeat(65), confirmPassword: 'x'.repeat(65) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().data.fields[0].field).toBe('newPassword');

    const wrong = await post('/api/v1/auth/forgot-password/verify', { ...body, otp: wrongCode(code) });
    expect(wrong.json()).toMatchObject({ statusCode: 400, error: 'OTP_INVALID', data: { attempts: 1, maxAttempts: 5, attemptsLeft: 4 } });

    const ok = await post('/api/v1/auth/forgot-password/verify', body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ statusCode: 200, error: null, message: 'Đặt lại mật khẩu thành công. Vui lòng đăng nhập lại.', data: null });

    const refresh = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', cookies: { refresh_token: session.refreshToken } });
    expect(refresh.statusCode).toBe(401);
    expect((await post('/api/v1/auth/login', { username: account.username, password: account.password })).statusCode).toBe(401);
    expect((await post('/api/v1/auth/login', { username: account.username, password: 'DatLai@99' })).statusCode).toBe(200);
    // The code is single-use.
    expect((await post('/api/v1/auth/forgot-password/verify', body)).json().error).toBe('OTP_EXPIRED');
  });

  it('locks the reset code after 5 wrong attempts', async () => {
    const account = await createAccount(t.app.db);
    await post('/api/v1/auth/forgot-password/start', { email: account.email });
    const code = await nthCode(account.email, 1);
    const body = { email: account.email, otp: wrongCode(code), newPassword: 'DatLai@99', confirmPassword: 'DatLai@99' };
    for (let i = 1; i <= 5; i++) {
      expect((await post('/api/v1/auth/forgot-password/verify', body)).json().data.attemptsLeft).toBe(5 - i);
    }
    const locked = await post('/api/v1/auth/forgot-password/verify', { ...body, otp: code });
    expect(locked.json()).toMatchObject({ error: 'OTP_LOCKED', message: 'Bạn đã nhập sai quá 5 lần. Hãy bấm Gửi lại OTP.' });
    expect((await post('/api/v1/auth/login', { username: account.username, password: account.password })).statusCode).toBe(200);
  });

  it('an unknown e-mail gets the same wrong-code answers (nothing reveals that no account exists)', async () => {
    const unknown = `${uniqueName('ma')}@example.com`;
    await post('/api/v1/auth/forgot-password/start', { email: unknown });
    const res = await post('/api/v1/auth/forgot-password/verify', { email: unknown, otp: '000000', newPassword: 'DatLai@99', confirmPassword: 'DatLai@99' });
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'OTP_INVALID', data: { attempts: 1, attemptsLeft: 4 } });
  });

  it('sends nothing to a disabled account', async () => {
    const account = await createAccount(t.app.db);
    await t.app.db.execute(sql`update users set enabled = false where id = ${account.id}`);
    const res = await post('/api/v1/auth/forgot-password/start', { email: account.email });
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(catcher.mails.some((m) => m.to.includes(account.email))).toBe(false);
  });
});

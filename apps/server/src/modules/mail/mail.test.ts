import { createServer, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createMailer } from './mailer.ts';
import { otpMail } from './templates.ts';

/** A loopback port with nothing listening: connections are refused at once. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await deadPort()}`, RATE_LIMIT_SCALE: '1000' });
});
afterAll(async () => {
  await t?.close();
});

describe('otp mail template', () => {
  it('says the code, the 10-minute expiry and "ignore if not you", never in the subject', () => {
    for (const purpose of ['REGISTER', 'RESET_PASSWORD'] as const) {
      const mail = otpMail(purpose, '042519');
      expect(mail.subject).not.toContain('042519');
      expect(mail.text).toContain('042519');
      expect(mail.html).toContain('042519');
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain('10 phút');
        expect(body).toContain('Nếu không phải bạn');
        expect(body).toContain('bỏ qua');
      }
    }
    expect(otpMail('REGISTER', '1').subject).toBe('Mã xác thực đăng ký tài khoản Nhà Sách');
    expect(otpMail('RESET_PASSWORD', '1').subject).toBe('Mã đặt lại mật khẩu Nhà Sách');
    expect(otpMail('REGISTER', '<b>').html).toContain('&lt;b&gt;');
  });
});

describe('mail failure', () => {
  it('register answers 503 MAIL_FAILED, leaves no code behind and records the failure', async () => {
    const email = 'gui-loi@example.com';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email, password: 'Matkhau@1', username: 'guiloi' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      statusCode: 503,
      error: 'MAIL_FAILED',
      message: 'Không gửi được email xác thực. Vui lòng thử lại.',
      data: null,
    });
    expect(await queryRows(t.app.db, sql`select id from otp_codes where email = ${email}`)).toHaveLength(0);
    const outbox = await queryRows<{ status: string; error: string | null; subject: string }>(
      t.app.db,
      sql`select status, error, subject from mail_outbox where to_address = ${email}`,
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.status).toBe('FAILED');
    expect(outbox[0]!.error).toBeTruthy();
    expect(outbox[0]!.subject).not.toMatch(/\d{6}/);
    // Right away again: no cooldown was left behind by the failed attempt.
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email, password: 'Matkhau@1', username: 'guiloi' } });
    expect(again.statusCode).toBe(503);
  });

  it('a failed resend puts the pending registration back as it was', async () => {
    const email = 'cho-gui-lai@example.com';
    const sentAt = new Date(Date.now() - 120_000);
    await t.app.db.execute(sql`
      insert into otp_codes (email, purpose, code_hash, expires_at, attempts, last_sent_at, send_window_start, sends_in_window, payload)
      values (${email}, 'REGISTER', 'old-hash', ${new Date(Date.now() + 300_000).toISOString()}, 2, ${sentAt.toISOString()}, ${sentAt.toISOString()}, 1,
              ${JSON.stringify({ username: 'cho', passwordHash: 'x', fullName: null, phone: null })}::jsonb)`);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/resend-otp', payload: { email } });
    expect(res.statusCode).toBe(503);
    const [row] = await queryRows<{ code_hash: string; attempts: number; sends_in_window: number; last_sent_at: string }>(
      t.app.db,
      sql`select code_hash, attempts, sends_in_window, last_sent_at from otp_codes where email = ${email}`,
    );
    expect(row).toMatchObject({ code_hash: 'old-hash', attempts: 2, sends_in_window: 1 });
    expect(new Date(row!.last_sent_at).getTime()).toBe(sentAt.getTime());
  });

  it('forgot-password still answers 200 (the answer must not depend on the account); the failure is recorded and retried later', async () => {
    const [user] = await queryRows<{ id: number }>(
      t.app.db,
      sql`insert into users (username, email, password_hash) values ('quenloi', 'quen-loi@example.com', 'x') returning id`,
    );
    expect(user).toBeDefined();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password/start', payload: { email: 'quen-loi@example.com' } });
    expect(res.statusCode).toBe(200);
    await expect
      .poll(async () => (await queryRows<{ status: string; error: string | null; attempts: number; retry_later: boolean }>(
        t.app.db,
        sql`select status, error, attempts, next_attempt_at > now() as retry_later from mail_outbox where to_address = 'quen-loi@example.com'`,
      ))[0])
      .toMatchObject({ status: 'PENDING', attempts: 1, retry_later: true, error: expect.any(String) });
  });
});

describe('mailer without SMTP', () => {
  it('keeps the whole mail in the outbox and logs only its subject', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const mailer = createMailer({ database: t.app.database, log: pino({ level: 'info' }, sink), from: 'Nhà Sách <no-reply@nhasach.local>' });
    const mail = otpMail('REGISTER', '731904');
    const result = await mailer.send({ to: 'luu-tru@example.com', ...mail, sensitive: true });
    expect(result.status).toBe('STORED');
    const [row] = await queryRows<{ status: string; text_body: string; html_body: string; subject: string }>(
      t.app.db,
      sql`select status, text_body, html_body, subject from mail_outbox where id = ${result.id}`,
    );
    expect(row).toMatchObject({ status: 'STORED', subject: mail.subject });
    expect(row!.text_body).toContain('731904');
    expect(row!.html_body).toContain('731904');

    const log = lines.join('');
    expect(log).toContain(mail.subject);
    expect(log).not.toContain('731904');
    expect(log).not.toContain('luu-tru@example.com');
    await mailer.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { CEILING_REASON } from './destination-limit.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { startMailCatcher, type MailCatcher } from '../../../test/mail-catcher.ts';
import { createAccount, randomIp, uniqueName } from '../../../test/auth.ts';

const MESSAGE = /^Địa chỉ email này đã nhận quá nhiều thư từ Nhà Sách trong 1 giờ qua\. Vui lòng thử lại sau \d+ phút\.$/;

const outboxCount = async (app: FastifyInstance, to: string) =>
  (await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from mail_outbox where to_address = ${to} and status <> 'FAILED'`))[0]!.n;

/**
 * The per-code limits (60 s cooldown, 5 codes an hour per purpose) each stop one flow; moving their clock back here
 * stands for every other way of reaching the same address within the hour (other purposes, other mail types, hours
 * of spread-out requests in one window). The ceiling counts the mails themselves, so it holds whatever the flow.
 */
const forgetCodeLimits = (app: FastifyInstance, email: string) =>
  app.db.execute(
    sql`update otp_codes set last_sent_at = last_sent_at - interval '2 hours', send_window_start = send_window_start - interval '2 hours' where email = ${email}`,
  );

const register = (app: FastifyInstance, email: string) => {
  const username = uniqueName('tran');
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    remoteAddress: randomIp(),
    payload: { email, password: 'Matkhau@1', username, fullName: 'Người Thử' },
  });
};

describe('ceiling of mails per address', () => {
  let t: TestApp;
  let catcher: MailCatcher;
  beforeAll(async () => {
    catcher = await startMailCatcher();
    t = await createTestApp({ SMTP_URL: catcher.url, RATE_LIMIT_SCALE: '1' });
  });
  afterAll(async () => {
    await t?.close();
    await catcher?.close();
  });

  it('25 registrations to one address from 25 addresses: at most 20 mails go out, the rest are refused with 429', async () => {
    const email = `${uniqueName('nannhan')}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await register(t.app, email);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        const body = res.json();
        expect(body.error).toBe('TOO_MANY_REQUESTS');
        expect(body.message).toMatch(MESSAGE);
        expect(body.data.retryAfterSeconds).toBeGreaterThan(3000);
      } else {
        expect(res.statusCode).toBe(201);
      }
      await forgetCodeLimits(t.app, email);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    expect(await outboxCount(t.app, email)).toBe(20);
    await catcher.waitFor(email);
    expect(catcher.mails.filter((m) => m.to.includes(email))).toHaveLength(20);

    // The live code is still the 20th: a refused request did not replace it.
    const last = await catcher.otpFor(email);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      remoteAddress: randomIp(),
      payload: { email, otp: last, password: 'Matkhau@1', username: 'bo-qua' },
    });
    expect(verify.statusCode).toBe(201);
    // 25 registrations, each hashing a password: minutes on a loaded machine.
  }, 120_000);

  it('counts every kind of mail and the address in any case, and frees up as the hour slides', async () => {
    const email = `${uniqueName('moi-loai')}@example.com`;
    for (let i = 0; i < 19; i++) await t.app.mailer.send({ to: email, subject: 'Thư đơn hàng', text: 'nội dung' });
    // The 20th is a code: same ceiling.
    expect((await register(t.app, email)).statusCode).toBe(201);
    await expect(t.app.mailer.send({ to: email.toUpperCase(), subject: 'Thư thêm', text: 'x' })).rejects.toSatisfy(
      (err: unknown) => err instanceof AppError && err.statusCode === 429 && MESSAGE.test(err.message),
    );
    await forgetCodeLimits(t.app, email);
    const refused = await register(t.app, email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(MESSAGE);
    expect(await outboxCount(t.app, email)).toBe(20);

    // Mails older than an hour no longer count.
    await t.app.db.execute(sql`update mail_outbox set created_at = created_at - interval '61 minutes' where to_address = ${email}`);
    await forgetCodeLimits(t.app, email);
    expect((await register(t.app, email)).statusCode).toBe(201);
  });

  it('mails no request asked for meet the ceiling at delivery: the change stands, the mail is not sent', async () => {
    const { email } = await createAccount(t.app.db);
    for (let i = 0; i < 20; i++) await t.app.mailer.send({ to: email, subject: 'Thư', text: 'x' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password/start', remoteAddress: randomIp(), payload: { email } });
    expect(res.statusCode).toBe(200);
    await t.app.mailer.runDue();
    expect(await outboxCount(t.app, email)).toBe(20);
    const [reset] = await queryRows<{ status: string; error: string }>(
      t.app.db,
      sql`select status, error from mail_outbox where to_address = ${email} order by id desc limit 1`,
    );
    expect(reset).toEqual({ status: 'FAILED', error: CEILING_REASON });
    expect(catcher.mails.filter((m) => m.to.includes(email))).toHaveLength(20);
  });
});

describe('ceiling of mails per address across instances', () => {
  // Two instances on one database: requests racing on both never pass the ceiling.
  let a: TestApp | undefined;
  let b: TestApp | undefined;
  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_URL) return;
    a = await createTestApp({ MAIL_MAX_PER_ADDRESS_PER_HOUR: '5' });
    b = await createTestApp({ MAIL_MAX_PER_ADDRESS_PER_HOUR: '5' }, { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('holds across two instances', async () => {
    const email = `${uniqueName('hai-may')}@example.com`;
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? a! : b!).app.mailer.send({ to: email, subject: 'Thư', text: 'x' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(await outboxCount(a!.app, email)).toBe(5);
  });
});

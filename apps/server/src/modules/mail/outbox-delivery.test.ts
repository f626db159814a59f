import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { startMailCatcher, type MailCatcher } from '../../../test/mail-catcher.ts';
import { enqueueMail } from './enqueue.ts';
import { createMailer, REDACTED, type Mailer } from './mailer.ts';

let t: TestApp;
let catcher: MailCatcher;
const log = pino({ level: 'silent' });
const from = 'Nhà Sách <no-reply@nhasach.local>';

async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A mailer as another instance would run it, on the same database. */
const instance = (smtpUrl = catcher.url): Mailer => createMailer({ database: t.app.database, log, smtpUrl, from, retryBaseMs: 60_000 });

const rowOf = async (id: number) =>
  (
    await queryRows<{ status: string; attempts: number; text_body: string; html_body: string | null; error: string | null; retry_later: boolean }>(
      t.app.db,
      sql`select status, attempts, text_body, html_body, error, next_attempt_at > now() as retry_later from mail_outbox where id = ${id}`,
    )
  )[0];

beforeAll(async () => {
  catcher = await startMailCatcher();
  // The app's own worker is off: each test drives delivery itself.
  t = await createTestApp({ SMTP_URL: catcher.url, MAIL_WORKER: 'false' });
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

describe('transactional mail outbox', () => {
  it('a mail written in a transaction that rolls back never exists', async () => {
    await expect(
      t.app.db.transaction(async (tx) => {
        await enqueueMail(tx, { to: 'huy@example.com', subject: 'Không bao giờ gửi', text: 'x' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await queryRows(t.app.db, sql`select id from mail_outbox where to_address = 'huy@example.com'`)).toHaveLength(0);
  });

  it('two instances delivering at the same time send each mail exactly once', async () => {
    const ids: number[] = [];
    await t.app.db.transaction(async (tx) => {
      for (let i = 0; i < 12; i++) ids.push(await enqueueMail(tx, { to: `song-song-${i}@example.com`, subject: `Thư song song ${i}`, text: `nội dung ${i}` }));
    });
    const a = instance();
    const b = instance();
    const [na, nb] = await Promise.all([a.runDue(), b.runDue()]);
    expect(na + nb).toBe(12);
    for (let i = 0; i < 12; i++) {
      expect(catcher.mails.filter((m) => m.to.includes(`song-song-${i}@example.com`))).toHaveLength(1);
      expect(await rowOf(ids[i]!)).toMatchObject({ status: 'SENT', attempts: 1 });
    }
    await Promise.all([a.close(), b.close()]);
  });

  it('a mail claimed by an instance that died is taken over once its lease ends', async () => {
    // Held for a caller (as a code mail is) that never delivered it: the lease has run out.
    const id = await t.app.db.transaction((tx) =>
      enqueueMail(tx, { to: 'mo-coi@example.com', subject: 'Thư bị bỏ dở', text: 'mã 123456', sensitive: true }, { holdForCallerMs: 60_000 }),
    );
    const other = instance();
    expect(await other.runDue()).toBe(0);
    await t.app.db.execute(sql`update mail_outbox set locked_until = now() - interval '1 second' where id = ${id}`);
    expect(await other.runDue()).toBe(1);
    const mail = await catcher.waitFor('mo-coi@example.com');
    expect(mail.text).toContain('123456');
    // Delivered: the code is no longer in the database.
    expect(await rowOf(id)).toMatchObject({ status: 'SENT', attempts: 2, text_body: REDACTED, html_body: null });
    await other.close();
  });

  it('a failed delivery is retried later with backoff, then sent once', async () => {
    const id = await t.app.db.transaction((tx) => enqueueMail(tx, { to: 'thu-lai@example.com', subject: 'Thư thử lại', text: 'nội dung' }));
    const broken = instance(`smtp://127.0.0.1:${await deadPort()}`);
    await broken.runDue();
    expect(await rowOf(id)).toMatchObject({ status: 'PENDING', attempts: 1, retry_later: true, error: expect.any(String) });
    // Not due yet: nobody takes it.
    const healthy = instance();
    await healthy.runDue();
    expect(catcher.mails.filter((m) => m.to.includes('thu-lai@example.com'))).toHaveLength(0);
    await t.app.db.execute(sql`update mail_outbox set next_attempt_at = now() where id = ${id}`);
    await healthy.runDue();
    expect(await rowOf(id)).toMatchObject({ status: 'SENT', attempts: 2, error: null });
    expect(catcher.mails.filter((m) => m.to.includes('thu-lai@example.com'))).toHaveLength(1);
    await Promise.all([broken.close(), healthy.close()]);
  });

  it('the worker wakes on commit (NOTIFY) and delivers without being asked', async () => {
    const worker = instance();
    await worker.start();
    await t.app.db.transaction((tx) => enqueueMail(tx, { to: 'danh-thuc@example.com', subject: 'Thư đánh thức', text: 'nội dung' }));
    await catcher.waitFor('danh-thuc@example.com');
    await worker.close();
  });
});

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { enqueueMail } from './enqueue.ts';
import { createMailer } from './mailer.ts';

/**
 * A real SMTP server that holds each message until the test lets it go, so a mail can be "in hand" when the worker
 * is told to stop.
 */
async function heldSmtp() {
  const received: string[] = [];
  const holding: Array<() => void> = [];
  let arrived: (() => void) | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        holding.push(() => callback());
        arrived?.();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves once `n` messages reached the server (each then waits for `release`). */
    waitForMessages: (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => received.length >= n && resolve();
        arrived = check;
        check();
      }),
    release: () => holding.splice(0).forEach((go) => go()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof heldSmtp>>;
beforeAll(async () => {
  smtp = await heldSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_WORKER: 'false' });
});
afterAll(async () => {
  smtp?.release();
  await t?.close();
  await smtp?.close();
});

describe('the mail worker at shutdown', () => {
  it('finishes the mail in hand, claims nothing more, and leaves the backlog PENDING for another instance', async () => {
    const ids: number[] = [];
    await t.app.db.transaction(async (tx) => {
      for (let i = 0; i < 12; i++) ids.push(await enqueueMail(tx, { to: `hang-doi-${i}@example.com`, subject: `Thư ${i}`, text: 'x' }));
    });
    const mailer = createMailer({ database: t.app.database, log: pino({ level: 'silent' }), smtpUrl: smtp.url, from: 'Nhà Sách <a@b.c>' });
    await mailer.start();
    // The first mail is in the SMTP server's hands, waiting for its answer: the worker is mid-delivery.
    await smtp.waitForMessages(1);
    const closed = mailer.close();
    smtp.release();
    await closed;

    expect(smtp.received).toHaveLength(1);
    const rows = await queryRows<{ id: number; status: string; attempts: number; error: string | null; locked: boolean }>(
      t.app.db,
      sql`select id, status, attempts, error, locked_until is not null as locked from mail_outbox where id between ${ids[0]!} and ${ids[ids.length - 1]!} order by id`,
    );
    const sent = rows.filter((row) => row.status === 'SENT');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ attempts: 1, error: null, locked: false });
    expect(smtp.received[0]).toBe(`hang-doi-${ids.indexOf(sent[0]!.id)}@example.com`);
    // The rest may have been claimed in the same batch, but were given back untouched: due now, no lease to wait out.
    for (const row of rows.filter((r) => r !== sent[0])) expect(row).toMatchObject({ status: 'PENDING', attempts: 0, locked: false });

    // Another instance delivers them.
    const other = createMailer({ database: t.app.database, log: pino({ level: 'silent' }), smtpUrl: smtp.url, from: 'Nhà Sách <a@b.c>' });
    const running = other.runDue();
    for (let n = 2; n <= 12; n++) {
      await smtp.waitForMessages(n);
      smtp.release();
    }
    expect(await running).toBe(11);
    await other.close();
  });
});

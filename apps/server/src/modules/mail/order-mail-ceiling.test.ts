import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { startMailCatcher, type MailCatcher } from '../../../test/mail-catcher.ts';
import { makeCustomer, makeShopBook, VALID_ADDRESS } from '../../../test/orders.ts';
import { randomIp, uniqueName } from '../../../test/auth.ts';

// The per-address ceiling (20 an hour here) guards against strangers mailing a victim through the store; a shopper's
// own orders are not that, and every one of their mails must arrive.
describe('order mails and the per-address ceiling', () => {
  let t: TestApp;
  let catcher: MailCatcher;
  beforeAll(async () => {
    catcher = await startMailCatcher();
    t = await createTestApp({ SMTP_URL: catcher.url, RATE_LIMIT_SCALE: '1000', MAIL_MAX_PER_ADDRESS_PER_HOUR: '20' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await catcher?.close();
  });

  it('30 orders in an hour by one customer: 30 confirmations delivered, none FAILED; codes to that address are still capped', async () => {
    const who = await makeCustomer(t.app, 'Trần Thị Bình');
    const headers = who.headers;
    const address = await t.app.inject({ method: 'POST', url: '/api/v1/address', headers, payload: VALID_ADDRESS });
    expect(address.statusCode).toBe(201);
    const codes: string[] = [];
    for (let i = 0; i < 30; i++) {
      const book = await makeShopBook(t.app, { stock: 5 });
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers, payload: { bookId: book.id, qty: 1 } })).statusCode).toBe(200);
      const order = await t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers,
        payload: { addressId: address.json().data.id, paymentMethod: 'COD', deliveryMethod: 'STANDARD' },
      });
      expect(order.statusCode).toBe(201);
      codes.push(order.json().data.code as string);
    }
    const [{ email }] = (await queryRows<{ email: string }>(t.app.db, sql`select receiver_email as email from orders where code = ${codes[0]!}`)) as [
      { email: string },
    ];
    // The app's own worker may hold a mail in hand while this run sends the rest: wait until none is in flight.
    const outboxOf = () =>
      queryRows<{ status: string; n: number }>(t.app.db, sql`select status, count(*)::int as n from mail_outbox where to_address = ${email} group by status`);
    let outbox = await outboxOf();
    for (const deadline = Date.now() + 60_000; outbox.some((r) => r.status !== 'SENT' && r.status !== 'FAILED') && Date.now() < deadline; ) {
      await t.app.mailer.runDue();
      await new Promise((r) => setTimeout(r, 200));
      outbox = await outboxOf();
    }
    expect(outbox).toEqual([{ status: 'SENT', n: 30 }]);
    await catcher.waitFor(email, () => catcher.mails.filter((m) => m.to.includes(email)).length >= 30);
    const subjects = catcher.mails.filter((m) => m.to.includes(email)).map((m) => m.subject);
    for (const code of codes) expect(subjects.some((s) => s.includes(code))).toBe(true);

    // Order mails are not counted: codes to the same address still get their 20 (checked at 20 mails of another kind).
    for (let i = 0; i < 19; i++) await t.app.mailer.send({ to: email, subject: 'Thư khác', text: 'x' });
    const username = uniqueName('tran');
    const register = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/register', remoteAddress: randomIp(), payload: { email, password: 'Matkhau@1', username } });
    // The address belongs to an account already: registration answers 409 before any mail, so use a reset code.
    expect((await register()).statusCode).toBe(409);
    const reset = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password/start', remoteAddress: randomIp(), payload: { email } });
    expect(reset.statusCode).toBe(200);
    // Delivered by the worker (woken at commit): wait for the 50th mail at the catcher, then read its row.
    await catcher.waitFor(email, () => catcher.mails.filter((m) => m.to.includes(email)).length >= 50);
    const [last] = await queryRows<{ status: string }>(t.app.db, sql`select status from mail_outbox where to_address = ${email} order by id desc limit 1`);
    expect(last!.status).not.toBe('FAILED');
    // The 21st capped mail is refused.
    await expect(t.app.mailer.send({ to: email, subject: 'Thư thừa', text: 'x' })).rejects.toMatchObject({ statusCode: 429 });
  }, 180_000);
});

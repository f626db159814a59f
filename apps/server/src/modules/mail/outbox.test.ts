import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actors, type Actors } from '../../../test/admin.ts';

let t: TestApp;
let who: Actors;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  who = await actors(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('mail outbox for admins', () => {
  it('shows stored mails, newest first and filtered by recipient, to admins only', async () => {
    await t.app.mailer.send({ to: 'a@example.com', subject: 'Thư một', text: 'nội dung một' });
    await t.app.mailer.send({ to: 'b@example.com', subject: 'Thư hai', text: 'nội dung hai' });

    const all = await t.app.inject({ method: 'GET', url: '/api/v1/admin/mail-outbox?size=10', headers: who.admin.headers });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.content.map((m: { subject: string }) => m.subject)).toEqual(['Thư hai', 'Thư một']);
    expect(all.json().data.content[0]).toMatchObject({ to: 'b@example.com', status: 'STORED', text: 'nội dung hai' });

    const filtered = await t.app.inject({ method: 'GET', url: '/api/v1/admin/mail-outbox?to=a@example', headers: who.admin.headers });
    expect(filtered.json().data.totalElements).toBe(1);

    for (const a of [who.sale, who.customer]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/mail-outbox', headers: a.headers });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/mail-outbox' })).statusCode).toBe(401);
  });
});

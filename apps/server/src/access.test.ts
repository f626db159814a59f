import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { queryRows } from './db/client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createAccount } from '../test/auth.ts';
import { actors, bookBody, countOf, insertRefs, type Actors, type Refs } from '../test/admin.ts';

/**
 * Every back-office route: a guest gets 401, a SALE or customer 403, and nothing changes; an admin gets
 * through, and each admin write leaves exactly one audit row.
 */

let t: TestApp;
let who: Actors;
let refs: Refs;

beforeAll(async () => {
  t = await createTestApp();
  who = await actors(t.app);
  refs = await insertRefs(t.app.db);
});
afterAll(async () => {
  await t?.close();
});

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
  write: boolean;
}

const TABLES = ['books', 'book_images', 'book_authors', 'users', 'categories', 'authors', 'publishers', 'suppliers', 'audit_log', 'refresh_tokens'];

/** A fingerprint of every row of the tables the back-office writes. */
async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const [row] = await queryRows<{ digest: string | null; n: number }>(
      t.app.db,
      sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest, count(*)::int as n from ${sql.identifier(table)} x`,
    );
    parts.push(`${table}:${row!.n}:${row!.digest}`);
  }
  return parts.join('\n');
}

async function multipartPng() {
  const png = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#336699' } }).png().toBuffer();
  const boundary = '----nhasachAccessTest';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function calls(): Promise<Call[]> {
  const book = (await t.app.inject({ method: 'POST', url: '/api/v1/admin/books', headers: who.admin.headers, payload: bookBody(refs) })).json().data;
  const doomed = (await t.app.inject({ method: 'POST', url: '/api/v1/admin/books', headers: who.admin.headers, payload: bookBody(refs) })).json().data;
  const [image] = await queryRows<{ id: number }>(
    t.app.db,
    sql`insert into book_images (book_id, url, sort_order) values (${book.id}, 'https://example.com/bia.jpg', 0) returning id`,
  );
  const soft = await createAccount(t.app.db);
  const hard = await createAccount(t.app.db);
  const changed = await createAccount(t.app.db);
  const category = (await t.app.inject({ method: 'POST', url: '/api/v1/admin/categories', headers: who.admin.headers, payload: { name: 'Danh Mục Thử Quyền' } })).json().data;
  const masters: Record<string, number> = {};
  for (const kind of ['authors', 'publishers', 'suppliers']) {
    masters[kind] = (await t.app.inject({ method: 'POST', url: `/api/v1/admin/${kind}`, headers: who.admin.headers, payload: { name: `Thử quyền ${kind}` } })).json().data.id;
  }
  const upload = await multipartPng();
  return [
    { method: 'GET', url: '/api/v1/admin/books', write: false },
    { method: 'GET', url: `/api/v1/admin/books/${book.id}`, write: false },
    { method: 'POST', url: '/api/v1/admin/books', payload: bookBody(refs), write: true },
    { method: 'PUT', url: `/api/v1/admin/books/${book.id}`, payload: { title: 'Tựa Đã Sửa Bởi Admin' }, write: true },
    { method: 'PUT', url: `/api/v1/admin/books/${book.id}/images/order`, payload: { imageIds: [image!.id] }, write: true },
    { method: 'DELETE', url: `/api/v1/admin/books/${book.id}/images/${image!.id}`, write: true },
    { method: 'POST', url: `/api/uploads/${book.id}/images`, payload: upload.payload, headers: upload.headers, write: true },
    { method: 'DELETE', url: `/api/v1/admin/books/${doomed.id}`, write: true },
    { method: 'GET', url: '/api/v1/users?page=0&size=10&sort=id,desc', write: false },
    { method: 'GET', url: '/api/v1/admin/users', write: false },
    { method: 'DELETE', url: `/api/v1/users/${soft.id}`, write: true },
    { method: 'DELETE', url: `/api/v1/users/${hard.id}/hard`, write: true },
    { method: 'POST', url: '/api/v1/admin/users', payload: { username: 'thu.quyen', email: 'thu.quyen@example.com', password: 'Sale@123', role: 'SALE' }, write: true },
    { method: 'PUT', url: `/api/v1/admin/users/${changed.id}/role`, payload: { role: 'SALE' }, write: true },
    { method: 'PUT', url: `/api/v1/admin/users/${changed.id}/enable`, payload: { enabled: false }, write: true },
    { method: 'GET', url: '/api/v1/admin/categories', write: false },
    { method: 'POST', url: '/api/v1/admin/categories', payload: { name: 'Danh Mục Mới', parentId: null }, write: true },
    { method: 'PUT', url: `/api/v1/admin/categories/${category.id}`, payload: { name: 'Danh Mục Đổi Tên' }, write: true },
    { method: 'DELETE', url: `/api/v1/admin/categories/${category.id}`, write: true },
    ...(['authors', 'publishers', 'suppliers'] as const).flatMap((kind): Call[] => [
      { method: 'GET', url: `/api/v1/admin/${kind}?q=thu`, write: false },
      { method: 'GET', url: `/api/v1/admin/${kind}/${masters[kind]}`, write: false },
      { method: 'POST', url: `/api/v1/admin/${kind}`, payload: { name: `Mới ${kind}`, slug: `moi-${kind}` }, write: true },
      { method: 'PUT', url: `/api/v1/admin/${kind}/${masters[kind]}`, payload: { name: `Đổi tên ${kind}` }, write: true },
      { method: 'DELETE', url: `/api/v1/admin/${kind}/${masters[kind]}`, write: true },
    ]),
    { method: 'GET', url: '/api/v1/admin/audit', write: false },
    { method: 'GET', url: '/api/v1/admin/dashboard', write: false },
  ];
}

describe('back-office access', () => {
  it('refuses guests (401), sales staff and customers (403) on every route without changing anything; admins pass', async () => {
    const list = await calls();
    const before = await snapshot();
    for (const call of list) {
      const send = (auth: Record<string, string>) =>
        t.app.inject({ method: call.method, url: call.url, payload: call.payload, headers: { ...(call.headers ?? {}), ...auth } });
      const guest = await send({});
      expect(guest.statusCode, `guest ${call.method} ${call.url}`).toBe(401);
      expect(guest.json().error).toBe('UNAUTHORIZED');
      const forged = await send({ authorization: 'Bearer not-a-token' });
      expect(forged.statusCode, `bad token ${call.method} ${call.url}`).toBe(401);
      for (const role of ['sale', 'customer'] as const) {
        const res = await send(who[role].headers);
        expect(res.statusCode, `${role} ${call.method} ${call.url}`).toBe(403);
        expect(res.json().error).toBe('FORBIDDEN');
      }
    }
    expect(await snapshot()).toBe(before);

    const auditBefore = await countOf(t.app.db, 'audit_log');
    for (const call of list) {
      const res = await t.app.inject({ method: call.method, url: call.url, payload: call.payload, headers: { ...(call.headers ?? {}), ...who.admin.headers } });
      expect(res.statusCode, `admin ${call.method} ${call.url}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
      expect(res.json().error).toBeNull();
    }
    // One audit row per write, none per read.
    expect(await countOf(t.app.db, 'audit_log')).toBe(auditBefore + list.filter((c) => c.write).length);
  });

  it('lists the audit log newest first, filtered by entity, action and actor', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/books',
      headers: who.admin.headers,
      payload: bookBody(refs, { title: 'Sách Để Xem Nhật Ký' }),
    });
    const id = String(created.json().data.id);
    await t.app.inject({ method: 'PUT', url: `/api/v1/admin/books/${id}`, headers: who.admin.headers, payload: { price: 99_000 } });

    const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/audit?entityType=book&entityId=${id}`, headers: who.admin.headers });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ totalElements: 2, number: 0, size: 10 });
    expect(page.content.map((e: { action: string }) => e.action)).toEqual(['BOOK_UPDATE', 'BOOK_CREATE']);
    expect(page.content[0]).toMatchObject({
      actorId: who.admin.id,
      actorUsername: who.admin.username,
      actorRole: 'ADMIN',
      entityType: 'BOOK',
      entityId: id,
      summary: 'Sửa sách "Sách Để Xem Nhật Ký": price',
      details: { changes: { price: { from: 120_000, to: 99_000 } } },
    });
    expect(Date.parse(page.content[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const byAction = await t.app.inject({ method: 'GET', url: '/api/v1/admin/audit?action=user_hard_delete', headers: who.admin.headers });
    expect(byAction.json().data.content.every((e: { action: string }) => e.action === 'USER_HARD_DELETE')).toBe(true);
    expect(byAction.json().data.totalElements).toBe(1);
    const byActor = await t.app.inject({ method: 'GET', url: `/api/v1/admin/audit?actorId=${who.sale.id}`, headers: who.admin.headers });
    expect(byActor.json().data.totalElements).toBe(0);
    const paged = await t.app.inject({ method: 'GET', url: '/api/v1/admin/audit?size=3&page=1', headers: who.admin.headers });
    expect(paged.json().data.content).toHaveLength(3);
  });
});

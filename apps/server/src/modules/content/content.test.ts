import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGES } from '@nhasach/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { actors, auditRows, type Actors } from '../../../test/admin.ts';
import { renderMarkdown } from './markdown.ts';

let t: TestApp;
let who: Actors;
beforeAll(async () => {
  t = await createTestApp();
  who = await actors(t.app);
});
afterAll(async () => t?.close());

const message = { name: 'Nguyễn Văn An', email: 'an.nguyen@example.com', phone: '0901 234 567', topic: 'ORDER', message: 'Tôi muốn hỏi về đơn hàng NS123 đã đặt hôm qua.' };
const send = (payload: Record<string, unknown>, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/contact', payload, remoteAddress });

describe('information pages', () => {
  it('serves every page of the footer, as installed, rendered from Markdown', async () => {
    for (const page of CONTENT_PAGES) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/pages/${page.slug}` });
      expect(res.statusCode, page.slug).toBe(200);
      const data = res.json().data;
      expect(data.title).toBe(page.title);
      expect(data.html).toMatch(/<h2>|<p>/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/pages/khong-co' })).statusCode).toBe(400);
  });

  it('lets an admin edit a page; the storefront shows it cleaned of scripts and styles', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/pages/bao-mat',
      headers: who.admin.headers,
      payload: { title: 'Chính sách bảo mật (mới)', markdown: '# Mục 1\n\nXem [liên hệ](/lien-he) và [VNPAY](https://vnpay.vn).\n\n<script>alert(1)</script><img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))' },
    });
    expect(res.statusCode).toBe(200);
    const page = (await t.app.inject({ method: 'GET', url: '/api/v1/pages/bao-mat' })).json().data;
    expect(page.title).toBe('Chính sách bảo mật (mới)');
    expect(page.html).toContain('<h2>Mục 1</h2>');
    expect(page.html).toContain('<a href="/lien-he">liên hệ</a>');
    expect(page.html).toContain('<a href="https://vnpay.vn" target="_blank" rel="noopener noreferrer">VNPAY</a>');
    expect(page.html).not.toMatch(/script|onerror|<img|javascript:/);
    expect(await auditRows(t.app.db, 'PAGE_UPDATE')).toHaveLength(1);
  });

  it('is edited by admins only, with validated input', async () => {
    const body = { title: 'X', markdown: 'Nội dung' };
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/admin/pages/dieu-khoan', payload: body })).statusCode).toBe(401);
    for (const a of [who.sale, who.customer]) {
      expect((await t.app.inject({ method: 'PUT', url: '/api/v1/admin/pages/dieu-khoan', headers: a.headers, payload: body })).statusCode).toBe(403);
    }
    const empty = await t.app.inject({ method: 'PUT', url: '/api/v1/admin/pages/dieu-khoan', headers: who.admin.headers, payload: { title: ' ', markdown: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['markdown', 'title']);
  });

  it('renders tables and turns an h1 into h2', () => {
    expect(renderMarkdown('# A\n\n| a | b |\n|---|---|\n| 1 | 2 |')).toMatch(/^<h2>A<\/h2>\s*<table>/);
  });
});

describe('contact form', () => {
  it('stores a message for the admins and mails each of them through the outbox', async () => {
    const res = await send(message);
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, who.admin.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('[Liên hệ] Đơn hàng - Nguyễn Văn An');
    expect(mails[0]!.text).toContain('Tôi muốn hỏi về đơn hàng NS123');
    expect(mails[0]!.text).toContain('an.nguyen@example.com');

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/contact-messages?status=NEW', headers: who.admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.content[0]).toMatchObject({ id, name: 'Nguyễn Văn An', phone: '0901 234 567', topic: 'ORDER', handledAt: null });

    const handled = await t.app.inject({ method: 'PATCH', url: `/api/v1/admin/contact-messages/${id}`, headers: who.admin.headers, payload: { handled: true } });
    expect(handled.json().data).toMatchObject({ id, handledBy: who.admin.username });
    const open = await t.app.inject({ method: 'GET', url: '/api/v1/admin/contact-messages?status=NEW', headers: who.admin.headers });
    expect(open.json().data.totalElements).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/contact-messages', headers: who.sale.headers })).statusCode).toBe(403);
  });

  it('validates the message field by field', async () => {
    const res = await send({ name: '', email: 'khong-phai-email', phone: 'abc', topic: 'SPAM', message: 'ngắn' }, '10.0.0.2');
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['email', 'message', 'name', 'phone', 'topic']);
    // A blank phone is simply absent.
    expect((await send({ ...message, phone: '  ' }, '10.0.0.2')).statusCode).toBe(201);
  });

  it('is rate limited per address and per sender', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send({ ...message, email: 'lap.lai@example.com' }, `10.0.1.${i}`)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const ip = [];
    for (let i = 0; i < 6; i++) ip.push((await send({ ...message, email: `k${i}@example.com` }, '10.0.2.1')).statusCode);
    expect(ip).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await send({ ...message, email: 'k9@example.com' }, '10.0.2.1')).json().message).toMatch(/^Bạn đã gửi quá nhiều tin nhắn/);
  });
});

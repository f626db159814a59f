import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookStockDto, ReceiptDto, ReorderRowDto } from '@nhasach/shared';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { actors, type Actors } from '../../../../test/admin.ts';
import { randomIp } from '../../../../test/auth.ts';
import { startMailCatcher, type MailCatcher } from '../../../../test/mail-catcher.ts';
import { makeShopBook } from '../../../../test/orders.ts';

// "Báo tôi khi có hàng": through the real outbox and a real SMTP server on loopback.
let t: TestApp;
let who: Actors;
let catcher: MailCatcher;

beforeAll(async () => {
  catcher = await startMailCatcher();
  t = await createTestApp({ SMTP_URL: catcher.url, RATE_LIMIT_SCALE: '100' });
  await t.app.ready();
  who = await actors(t.app);
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (headers: Record<string, string> | undefined, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { ...headers }, remoteAddress: randomIp(), ...(payload !== undefined ? { payload: payload as object } : {}) });
const admin = (method: Method, url: string, payload?: unknown) => call(who.admin.headers, method, url, payload);

const soldOut = () => makeShopBook(t.app, { stock: 0, status: 'OUT_OF_STOCK', title: `Sách chờ hàng ${Date.now()}` });
const mailsTo = (email: string, subject: string) => catcher.mails.filter((m) => m.to.includes(email) && m.subject.includes(subject));
const settle = () => new Promise((r) => setTimeout(r, 1500));

async function receive(bookId: number, quantity: number) {
  const receipt = (await admin('POST', '/admin/stock/receipts', { lines: [{ bookId, quantity, unitCost: 50_000 }] })).json().data as ReceiptDto;
  const posted = await admin('POST', `/admin/stock/receipts/${receipt.id}/post`);
  expect(posted.statusCode).toBe(200);
}

describe('back-in-stock alerts', () => {
  it('a signed-in shopper subscribes, the admin sees one waiting, a receipt mails once, a second rise mails nothing', async () => {
    const book = await soldOut();
    const sub = await call(who.customer.headers, 'POST', `/books/${book.id}/stock-alerts`, {});
    expect(sub.statusCode).toBe(201);
    expect(sub.json().message).toBe('Chúng tôi sẽ gửi email cho bạn khi sách có hàng trở lại.');
    // Asking twice is one request.
    expect((await call(who.customer.headers, 'POST', `/books/${book.id}/stock-alerts`, {})).statusCode).toBe(201);
    expect((await call(who.customer.headers, 'GET', `/books/${book.id}/stock-alerts/me`)).json().data).toEqual({ subscribed: true });

    const stock = (await admin('GET', `/admin/stock/books/${book.id}`)).json().data as BookStockDto;
    expect(stock.alertsWaiting).toBe(1);
    const reorder = (await admin('GET', '/admin/stock/reorder?size=100')).json().data.content as ReorderRowDto[];
    expect(reorder.find((r) => r.id === book.id)?.alertsWaiting).toBe(1);

    await receive(book.id, 5);
    const mail = await catcher.waitFor(who.customer.email, (m) => m.subject.includes('có hàng trở lại'));
    expect(mail.subject).toBe(`Sách đã có hàng trở lại: ${book.title}`);
    expect(mail.text).toContain(`http://localhost:3000/books/${book.slug}`);
    expect(((await admin('GET', `/admin/stock/books/${book.id}`)).json().data as BookStockDto).alertsWaiting).toBe(0);

    // More stock later: no second mail.
    await admin('POST', `/admin/stock/books/${book.id}/movements`, { reason: 'RETURN', quantity: 2 });
    await receive(book.id, 3);
    await settle();
    expect(mailsTo(who.customer.email, 'có hàng trở lại')).toHaveLength(1);
    expect((await call(who.customer.headers, 'GET', `/books/${book.id}/stock-alerts/me`)).json().data).toEqual({ subscribed: false });
  });

  it('a guest confirms by mail first; an unconfirmed request is not mailed', async () => {
    const book = await soldOut();
    const confirmed = 'cho-hang-xac-nhan@example.com';
    const unconfirmed = 'cho-hang-chua-xac-nhan@example.com';
    const res = await call(undefined, 'POST', `/books/${book.id}/stock-alerts`, { email: confirmed });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Vui lòng mở email và bấm liên kết xác nhận để nhận thông báo khi sách có hàng.');
    expect((await call(undefined, 'POST', `/books/${book.id}/stock-alerts`, {})).statusCode).toBe(400);
    await call(undefined, 'POST', `/books/${book.id}/stock-alerts`, { email: unconfirmed });
    // Asking again sends no second confirmation mail.
    await call(undefined, 'POST', `/books/${book.id}/stock-alerts`, { email: confirmed });

    const confirmMail = await catcher.waitFor(confirmed, (m) => m.subject.startsWith('Xác nhận'));
    const link = /http:\/\/localhost:3000(\/api\/v1\/stock-alerts\/confirm\?token=[A-Za-z0-9_-]+)/.exec(confirmMail.text)![1]!;
    const opened = await t.app.inject({ method: 'GET', url: link });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/books/${book.slug}?thongBaoCoHang=da-xac-nhan`);
    // The link works once.
    expect((await t.app.inject({ method: 'GET', url: link })).headers.location).toBe(`/books/${book.slug}?thongBaoCoHang=da-xac-nhan`);
    expect(((await admin('GET', `/admin/stock/books/${book.id}`)).json().data as BookStockDto).alertsWaiting).toBe(1);

    await admin('POST', `/admin/stock/books/${book.id}/movements`, { reason: 'RETURN', quantity: 1 });
    await catcher.waitFor(confirmed, (m) => m.subject.includes('có hàng trở lại'));
    await settle();
    expect(mailsTo(confirmed, 'Xác nhận')).toHaveLength(1);
    expect(mailsTo(unconfirmed, 'có hàng trở lại')).toHaveLength(0);
  });

  it('refuses a book in stock', async () => {
    const book = await makeShopBook(t.app, { stock: 3 });
    const res = await call(who.customer.headers, 'POST', `/books/${book.id}/stock-alerts`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Sách đang có hàng, bạn có thể mua ngay.');
  });
});

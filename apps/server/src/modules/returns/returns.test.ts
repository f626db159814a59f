import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { RETURN_MESSAGES, RETURN_WINDOW_DAYS, type OrderReturnsDto, type OrderStatus, type ReturnDto } from '@nhasach/shared';
import { orderRefunds, orders, stockMovements, vnpaySandboxTransactions } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/harness.ts';
import { startMailCatcher, type MailCatcher } from '../../../test/mail-catcher.ts';
import { attemptsOf, createListeningTestApp } from '../../../test/payments.ts';
import { bookState, makeStaff, payInSandbox, placeOrder, saleOrder, salesCall, type Customer, type Staff } from '../../../test/sales.ts';

let t: TestApp;
let catcher: MailCatcher;
let sale: Staff;

beforeAll(async () => {
  catcher = await startMailCatcher();
  t = await createListeningTestApp({ SMTP_URL: catcher.url });
  sale = await makeStaff(t.app, 'SALE', { fullName: 'Lê Thị Sale' });
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

const SHIPPING = { shippingCarrier: 'Viettel Post', trackingCode: 'VTP123' };
async function deliver(id: number) {
  for (const status of ['CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED'] as OrderStatus[]) {
    if (status === 'SHIPPED') await salesCall(t.app, sale, 'PUT', `/orders/${id}/shipping`, SHIPPING);
    const res = await salesCall(t.app, sale, 'PUT', `/orders/${id}/status`, { status });
    if (res.statusCode !== 200) throw new Error(`${status}: ${res.body}`);
  }
}

/** A delivered order: VNPAY paid in the sandbox gateway, or COD. Lines: 170.000 ₫ × 1 and 90.000 ₫ × 2. */
async function delivered(paymentMethod: 'VNPAY' | 'COD' = 'VNPAY') {
  const placed = await placeOrder(t.app, { paymentMethod, lines: [{ price: 170_000, qty: 1 }, { price: 90_000, qty: 2, stock: 5 }] });
  if (paymentMethod === 'VNPAY') await payInSandbox(t.app, placed.who, placed.order.code);
  await deliver(placed.order.id);
  const [row] = await t.app.db.select({ email: orders.receiverEmail }).from(orders).where(eq(orders.id, placed.order.id));
  return { ...placed, email: row!.email! };
}

interface Part {
  field: string;
  body: Buffer | string;
  filename?: string;
  contentType?: string;
}
function multipart(parts: Part[]) {
  const boundary = `----nhasach${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head = p.filename
      ? `Content-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}`
      : `Content-Disposition: form-data; name="${p.field}"`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), Buffer.isBuffer(p.body) ? p.body : Buffer.from(p.body), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const photo = (format: 'png' | 'jpeg' = 'png') => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 60, b: 40 } } }).toFormat(format).toBuffer();

const ask = (who: { headers: Record<string, string> } | undefined, code: string, data: object, photos: Part[] = []) => {
  const body = multipart([{ field: 'data', body: JSON.stringify(data) }, ...photos]);
  return t.app.inject({ method: 'POST', url: `/api/v1/orders/${code}/returns`, headers: { ...who?.headers, ...body.headers }, payload: body.payload });
};
const returnsOf = async (who: Customer, code: string): Promise<OrderReturnsDto> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${code}/returns`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as OrderReturnsDto;
};
const staff = (method: 'GET' | 'POST', path: string, payload?: object, who: { headers: Record<string, string> } | undefined = sale) =>
  salesCall(t.app, who, method, `/returns${path}`, payload ?? (method === 'POST' ? {} : undefined));

const returnMovements = (returnId: number) =>
  t.app.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.reason, 'RETURN'), eq(stockMovements.refType, 'RETURN'), eq(stockMovements.refId, returnId)));

describe('a return of one line of a delivered VNPAY order', () => {
  it('goes requested → approved → received → refunded: the line refunded in the VNPAY sandbox, stock back once, mails at each step', async () => {
    const { who, order, books, email } = await delivered('VNPAY');
    const before = await returnsOf(who, order.code);
    expect(before.blocked).toBeNull();
    expect(before.needsBankAccount).toBe(false);
    const second = before.lines.find((l) => l.bookId === books[1]!.id)!;
    expect(second.returnable).toBe(2);

    const created = await ask(who, order.code, { lines: [{ orderItemId: second.orderItemId, qty: 1 }], reason: 'DAMAGED', note: 'Bìa bị rách' }, [
      { field: 'photos', filename: 'bia.png', contentType: 'image/png', body: await photo('png') },
      { field: 'photos', filename: 'trang.jpg', contentType: 'image/jpeg', body: await photo('jpeg') },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const r: ReturnDto = created.json().data;
    expect(r).toMatchObject({ status: 'REQUESTED', amount: 90_000, reason: 'DAMAGED', note: 'Bìa bị rách', bankAccount: null });
    expect(r.lines).toEqual([expect.objectContaining({ bookId: books[1]!.id, qty: 1, amount: 90_000, unitPrice: 90_000 })]);
    expect(r.photos).toHaveLength(2);
    const served = await t.app.inject({ method: 'GET', url: r.photos[0]!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    await catcher.waitFor(email, (m) => m.subject.includes('Đã nhận yêu cầu trả hàng'));
    expect((await returnsOf(who, order.code)).lines.find((l) => l.bookId === books[1]!.id)!.returnable).toBe(1);

    // Staff see it in the list and the detail.
    const list = await staff('GET', `?status=REQUESTED&orderId=${order.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.content.map((x: ReturnDto) => x.id)).toEqual([r.id]);
    expect((await staff('GET', `/${r.id}`)).json().data).toMatchObject({ id: r.id, orderCode: order.code, paymentMethod: 'VNPAY' });

    // Receiving before approval is refused.
    expect((await staff('POST', `/${r.id}/receive`)).statusCode).toBe(409);
    const approved = await staff('POST', `/${r.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'APPROVED' });
    expect(approved.json().data.approvedAt).toBeTruthy();
    await catcher.waitFor(email, (m) => m.subject.includes('đã được duyệt'));
    expect((await staff('POST', `/${r.id}/approve`)).statusCode).toBe(409);

    // Received: two clicks sent together, then a third: one RETURN movement, stock +1 once.
    const stockBefore = (await bookState(t.app, books[1]!.id)).stock;
    const receives = await Promise.all([staff('POST', `/${r.id}/receive`), staff('POST', `/${r.id}/receive`)]);
    expect(receives.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    const again = await staff('POST', `/${r.id}/receive`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RETURN_MESSAGES.alreadyReceived);
    expect((await bookState(t.app, books[1]!.id)).stock).toBe(stockBefore + 1);
    const moves = await returnMovements(r.id);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ bookId: books[1]!.id, delta: 1, balanceAfter: stockBefore + 1, refCode: order.code, actorId: sale.id });
    await catcher.waitFor(email, (m) => m.subject.includes('đã nhận sách trả'));

    // Refund: two clicks together, then a third: one VNPAY refund of the line's amount.
    const refunds = await Promise.all([staff('POST', `/${r.id}/refund`), staff('POST', `/${r.id}/refund`)]);
    expect(refunds.map((x) => x.statusCode).sort(), refunds.map((x) => x.body).join('\n')).toEqual([200, 409]);
    const done = refunds.find((x) => x.statusCode === 200)!.json().data as ReturnDto;
    expect(done).toMatchObject({ status: 'REFUNDED', refundMethod: 'GATEWAY' });
    expect(done.refundedAt).toBeTruthy();
    const third = await staff('POST', `/${r.id}/refund`);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(RETURN_MESSAGES.alreadyRefunded);

    const rows = await t.app.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(rows).toEqual([expect.objectContaining({ id: done.refundId, amount: 90_000, method: 'GATEWAY', status: 'DONE' })]);
    const [attempt] = (await attemptsOf(t.app, order.id)).filter((a) => a.status === 'SUCCESS');
    const [gateway] = await t.app.db.select().from(vnpaySandboxTransactions).where(eq(vnpaySandboxTransactions.txnRef, attempt!.txnRef));
    expect(gateway!.refundedAmount).toBe(90_000 * 100);
    // A part of what was paid: the order stays PAID.
    const sold = await saleOrder(t.app, sale, order.id);
    expect(sold.paymentStatus).toBe('PAID');
    expect(sold.refundedAmount ?? sold.refunds.reduce((s, x) => s + x.amount, 0)).toBe(90_000);
    await catcher.waitFor(email, (m) => m.subject.includes('đã được hoàn tiền'));
    expect((await returnMovements(r.id))).toHaveLength(1);

    // The shopper's page shows every step with its time.
    const after = await returnsOf(who, order.code);
    expect(after.returns[0]).toMatchObject({ status: 'REFUNDED' });
    for (const k of ['requestedAt', 'approvedAt', 'receivedAt', 'refundedAt'] as const) expect(after.returns[0]![k]).toBeTruthy();
  });

  it('the order becomes REFUNDED once everything paid is refunded', async () => {
    const { who, order } = await delivered('VNPAY');
    const { lines } = await returnsOf(who, order.code);
    const res = await ask(who, order.code, { lines: lines.map((l) => ({ orderItemId: l.orderItemId, qty: l.qty })), reason: 'WRONG_ITEM' });
    expect(res.statusCode, res.body).toBe(201);
    const r: ReturnDto = res.json().data;
    expect(r.amount).toBe(170_000 + 180_000);
    for (const s of ['approve', 'receive', 'refund']) expect((await staff('POST', `/${r.id}/${s}`)).statusCode, s).toBe(200);
    const sold = await saleOrder(t.app, sale, order.id);
    // Shipping is not refunded for returned lines: the order is REFUNDED only when its shipping fee was free.
    const paid = sold.paidAmount;
    expect(sold.paymentStatus).toBe(paid === 350_000 ? 'REFUNDED' : 'PAID');
  });
});

describe('refused and refused-to-start returns', () => {
  it('a refused return changes nothing and frees its quantities', async () => {
    const { who, order, books, email } = await delivered('COD');
    const { lines } = await returnsOf(who, order.code);
    const first = lines.find((l) => l.bookId === books[0]!.id)!;
    const noBank = await ask(who, order.code, { lines: [{ orderItemId: first.orderItemId, qty: 1 }], reason: 'PRINT_DEFECT' });
    expect(noBank.statusCode).toBe(400);
    expect(noBank.json().message).toBe(RETURN_MESSAGES.bankRequired);

    const bankAccount = { bankName: 'Vietcombank', accountNumber: '0123456789', accountHolder: 'TRAN THI BINH' };
    const res = await ask(who, order.code, { lines: [{ orderItemId: first.orderItemId, qty: 1 }], reason: 'PRINT_DEFECT', bankAccount });
    expect(res.statusCode, res.body).toBe(201);
    const r: ReturnDto = res.json().data;
    expect(r.bankAccount).toEqual(bankAccount);
    const stock = (await bookState(t.app, books[0]!.id)).stock;
    const version = (await saleOrder(t.app, sale, order.id)).version;

    expect((await staff('POST', `/${r.id}/refuse`, { reason: '  ' })).statusCode).toBe(400);
    const refused = await staff('POST', `/${r.id}/refuse`, { reason: 'Sách không có lỗi in như mô tả' });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data).toMatchObject({ status: 'REFUSED', refusalReason: 'Sách không có lỗi in như mô tả' });
    await catcher.waitFor(email, (m) => m.subject.includes('không được chấp nhận') && m.text.includes('Sách không có lỗi in như mô tả'));
    for (const s of ['approve', 'receive', 'refund']) expect((await staff('POST', `/${r.id}/${s}`)).statusCode, s).toBe(409);

    expect((await bookState(t.app, books[0]!.id)).stock).toBe(stock);
    expect(await returnMovements(r.id)).toHaveLength(0);
    expect(await t.app.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toHaveLength(0);
    const o = await saleOrder(t.app, sale, order.id);
    expect(o.version).toBe(version);
    expect(o.paymentStatus).toBe('PAID');
    expect((await returnsOf(who, order.code)).lines.find((l) => l.bookId === books[0]!.id)!.returnable).toBe(1);
  });

  it('a COD return is refunded as a bank transfer to the account the shopper gave', async () => {
    const { who, order } = await delivered('COD');
    const { lines } = await returnsOf(who, order.code);
    const bankAccount = { bankName: 'ACB', accountNumber: '987654321', accountHolder: 'TRAN THI BINH' };
    const res = await ask(who, order.code, { lines: [{ orderItemId: lines[1]!.orderItemId, qty: 2 }], reason: 'OTHER', note: 'Mua nhầm', bankAccount });
    expect(res.statusCode, res.body).toBe(201);
    const r: ReturnDto = res.json().data;
    for (const s of ['approve', 'receive']) expect((await staff('POST', `/${r.id}/${s}`)).statusCode).toBe(200);
    const refunded = await staff('POST', `/${r.id}/refund`, { note: 'UNC 123' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toMatchObject({ status: 'REFUNDED', refundMethod: 'BANK_TRANSFER' });
    const [row] = await t.app.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(row).toMatchObject({ amount: 180_000, method: 'BANK_TRANSFER', status: 'DONE' });
    expect(row!.note).toContain('ACB 987654321 (TRAN THI BINH)');
  });

  it('more than bought, outside the window, or not delivered: refused with a clear message', async () => {
    const { who, order } = await delivered('VNPAY');
    const { lines } = await returnsOf(who, order.code);
    const tooMany = await ask(who, order.code, { lines: [{ orderItemId: lines[0]!.orderItemId, qty: 2 }], reason: 'DAMAGED' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('chỉ còn trả được tối đa 1 cuốn');
    const other = await ask(who, order.code, { lines: [{ orderItemId: 999_999, qty: 1 }], reason: 'DAMAGED' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(RETURN_MESSAGES.lineUnknown);

    await t.app.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - (RETURN_WINDOW_DAYS + 1) * 24 * 3600_000) })
      .where(eq(orders.id, order.id));
    const late = await ask(who, order.code, { lines: [{ orderItemId: lines[0]!.orderItemId, qty: 1 }], reason: 'DAMAGED' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(`Đã quá ${RETURN_WINDOW_DAYS} ngày kể từ khi nhận hàng nên không thể yêu cầu trả hàng cho đơn này.`);
    expect((await returnsOf(who, order.code)).blocked).toBe(late.json().message);

    const { who: w2, order: pending } = await placeOrder(t.app);
    const early = await ask(w2, pending.code, { lines: [{ orderItemId: 1, qty: 1 }], reason: 'DAMAGED' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(RETURN_MESSAGES.notDelivered);
  });
});

describe('who may', () => {
  it("another shopper's order is a 404; a guest 401; a customer on staff routes 403", async () => {
    const { who, order } = await delivered('VNPAY');
    const { lines } = await returnsOf(who, order.code);
    const { who: stranger } = await placeOrder(t.app, { customerName: 'Người Lạ' });
    const data = { lines: [{ orderItemId: lines[0]!.orderItemId, qty: 1 }], reason: 'DAMAGED' };
    expect((await ask(stranger, order.code, data)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.code}/returns`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await ask(undefined, order.code, data)).statusCode).toBe(401);
    expect((await staff('GET', '', undefined, who)).statusCode).toBe(403);
    expect((await staff('POST', '/1/approve', {}, who)).statusCode).toBe(403);
    expect((await salesCall(t.app, undefined, 'GET', '/returns')).statusCode).toBe(401);
    expect((await salesCall(t.app, undefined, 'POST', '/returns/1/refund', {})).statusCode).toBe(401);
  });
});

describe('photos', () => {
  it('refuses a file that is not a picture, a picture too large, and more than three, with 400 and nothing kept', async () => {
    const { who, order } = await delivered('VNPAY');
    const { lines } = await returnsOf(who, order.code);
    const data = { lines: [{ orderItemId: lines[0]!.orderItemId, qty: 1 }], reason: 'DAMAGED' };
    const text = await ask(who, order.code, data, [{ field: 'photos', filename: 'anh.jpg', contentType: 'image/jpeg', body: 'không phải ảnh' }]);
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Tệp "anh.jpg" không phải ảnh JPEG, PNG hoặc WebP.');

    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).gif().toBuffer();
    expect((await ask(who, order.code, data, [{ field: 'photos', filename: 'a.gif', contentType: 'image/gif', body: gif }])).statusCode).toBe(400);

    const big = Buffer.concat([await photo('jpeg'), Buffer.alloc(5 * 1024 * 1024)]);
    const large = await ask(who, order.code, data, [{ field: 'photos', filename: 'lon.jpg', contentType: 'image/jpeg', body: big }]);
    expect(large.statusCode).toBe(400);
    expect(large.json().message).toBe(RETURN_MESSAGES.photoTooLarge);

    const p = await photo();
    const four = await ask(
      who,
      order.code,
      data,
      [1, 2, 3, 4].map((i) => ({ field: 'photos', filename: `${i}.png`, contentType: 'image/png', body: p })),
    );
    expect(four.statusCode).toBe(400);
    expect(four.json().message).toBe(RETURN_MESSAGES.photoTooMany);

    const json = await t.app.inject({ method: 'POST', url: `/api/v1/orders/${order.code}/returns`, headers: who.headers, payload: data });
    expect(json.statusCode).toBe(400);
    expect((await returnsOf(who, order.code)).returns).toHaveLength(0);
  });
});

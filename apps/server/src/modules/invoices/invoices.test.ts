import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pdfText } from '../../../test/pdf-text.ts';
import { INVOICE_MESSAGES, formatNumberVN, invoiceNumberText, isoDateVN, vndInWords, type AdminCategoryDto, type InvoiceRequestDto, type OrderDto, type OrderInvoiceDto } from '@nhasach/shared';
import { bookCategories, invoiceSeries } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { startMailCatcher, type MailCatcher } from '../../../test/mail-catcher.ts';
import { actor, type Actor } from '../../../test/admin.ts';
import { makeCustomer, makeShopBook, VALID_ADDRESS, type Customer } from '../../../test/orders.ts';

let t: TestApp;
let catcher: MailCatcher;
let sale: Actor;
beforeAll(async () => {
  catcher = await startMailCatcher();
  t = await createTestApp({ SMTP_URL: catcher.url });
  sale = await actor(t.app, 'SALE');
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

type Who = Customer | Actor | undefined;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { ...who?.headers }, ...(payload ? { payload } : {}) });

const company = (email: string): InvoiceRequestDto => ({
  companyName: 'Công ty TNHH Sách Và Thiết Bị Trường Học Ánh Dương',
  taxCode: '0100233488',
  address: '25 Lý Thường Kiệt, Phường Cửa Nam, Thành phố Hà Nội',
  email,
});

/** A shopper who orders the lines (COD), with or without a company invoice. */
async function place(lines: [number, number][], invoice?: InvoiceRequestDto | object) {
  const who = await makeCustomer(t.app, 'Trần Thu Hà');
  const address = await call(who, 'POST', '/address', VALID_ADDRESS);
  for (const [bookId, qty] of lines) expect((await call(who, 'POST', '/cart/items', { bookId, qty })).statusCode).toBe(200);
  const res = await call(who, 'POST', '/orders', { addressId: address.json().data.id, paymentMethod: 'COD', deliveryMethod: 'STANDARD', invoice });
  return { who, res, order: res.json().data as OrderDto };
}
const invoiceOf = async (who: Who, order: OrderDto): Promise<OrderInvoiceDto> => (await call(who, 'GET', `/orders/${order.code}/invoice`)).json().data;
const pay = (order: OrderDto) => call(sale, 'PUT', `/sales/orders/${order.id}/payment`, { paymentStatus: 'PAID' });
const series = () => `C${isoDateVN(new Date()).slice(2, 4)}TNS`;
const lastNumber = async () => (await t.app.db.select().from(invoiceSeries).where(eq(invoiceSeries.series, series())))[0]?.lastNumber ?? 0;

describe('VAT invoices', () => {
  it('refuses a tax code whose check digit is wrong, and places nothing', async () => {
    const book = await makeShopBook(t.app, { price: 50_000 });
    const { res } = await place([[book.id, 1]], { ...company('ketoan@anhduong.vn'), taxCode: '0100233487' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(INVOICE_MESSAGES.taxCodeCheck);
  });

  it('issues the invoice once when the order is paid, with the next number, each line at its VAT treatment, and a PDF holding the required fields', async () => {
    // The admin says textbooks are not subject to VAT (their category's setting).
    const admin = await actor(t.app, 'ADMIN');
    const created = await call(admin, 'POST', '/admin/categories', { name: `Sách giáo khoa ${Date.now()}` });
    const textbooks = created.json().data as AdminCategoryDto;
    expect(textbooks.vatTreatment).toBe('5');
    const set = await call(admin, 'PUT', `/admin/categories/${textbooks.id}`, { vatTreatment: 'KCT' });
    expect(set.json().data).toMatchObject({ id: textbooks.id, vatTreatment: 'KCT' });
    expect((await call(admin, 'PUT', `/admin/categories/${textbooks.id}`, { vatTreatment: '7' })).statusCode).toBe(400);
    const textbook = await makeShopBook(t.app, { title: 'Toán 6 tập một', price: 21_000 });
    await t.app.db.insert(bookCategories).values({ bookId: textbook.id, categoryId: textbooks.id });
    const novel = await makeShopBook(t.app, { title: 'Nhà Giả Kim', price: 79_000 });
    const email = `ketoan.${Date.now()}@anhduong.vn`;
    const { who, res, order } = await place([[textbook.id, 2], [novel.id, 1]], company(email));
    expect(res.statusCode).toBe(201);
    expect(await invoiceOf(who, order)).toEqual({ request: company(email), invoices: [] });

    const before = await lastNumber();
    expect((await pay(order)).statusCode).toBe(200);
    const { invoices } = await invoiceOf(who, order);
    expect(invoices).toHaveLength(1);
    const inv = invoices[0]!;
    expect(inv).toMatchObject({ kind: 'ORIGINAL', form: '1', series: series(), number: before + 1, orderCode: order.code, buyer: company(email) });
    expect(inv.total).toBe(order.grandTotal);
    const kct = inv.lines.find((l) => l.name.startsWith('Toán 6'))!;
    expect(kct).toMatchObject({ vatTreatment: 'KCT', quantity: 2, amount: 42_000, vat: 0, total: 42_000 });
    expect(inv.lines.find((l) => l.name.startsWith('Nhà Giả Kim'))).toMatchObject({ vatTreatment: '5', amount: 75_238, vat: 3_762, total: 79_000 });
    expect(inv.lines.find((l) => l.name === 'Phí vận chuyển')).toMatchObject({ vatTreatment: '8', total: order.shippingFee });
    expect(inv.lines.reduce((a, l) => a + l.total, 0)).toBe(order.grandTotal);
    expect(inv.totalInWords).toBe(vndInWords(order.grandTotal));

    // The buyer is mailed the invoice's number and where to download it.
    const mail = await catcher.waitFor(email);
    expect(mail.subject).toContain(invoiceNumberText(inv.number));
    expect(mail.text).toContain(`/orders/${order.code}`);

    // Issued once: staff asking again get the same invoice, and the series did not move.
    const again = await call(sale, 'POST', `/sales/orders/${order.id}/invoice`);
    expect(again.statusCode).toBe(200);
    expect((again.json().data as OrderInvoiceDto).invoices.map((i) => i.number)).toEqual([inv.number]);
    expect(await lastNumber()).toBe(before + 1);
    // Company details cannot change once invoiced.
    const late = await call(who, 'PUT', `/orders/${order.code}/invoice`, company('khac@anhduong.vn'));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(INVOICE_MESSAGES.alreadyIssued);

    // The PDF, read back: the legally required fields.
    const pdf = await call(who, 'GET', `/orders/${order.code}/invoices/${inv.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const field of [
      'HOÁ ĐƠN GIÁ TRỊ GIA TĂNG',
      `Ký hiệu: ${series()}`,
      `Số: ${invoiceNumberText(inv.number)}`,
      t.config.INVOICE_SELLER_NAME,
      t.config.INVOICE_SELLER_TAX_CODE,
      company(email).companyName,
      '0100233488',
      company(email).address,
      'Toán 6 tập một',
      'Nhà Giả Kim',
      'KCT',
      '5%',
      formatNumberVN(75_238),
      formatNumberVN(3_762),
      `Tổng cộng tiền thanh toán: ${formatNumberVN(order.grandTotal)} đ`,
      vndInWords(order.grandTotal),
      inv.providerRef,
    ]) {
      expect(text).toContain(field);
    }
  });

  it('takes a request on the order page, invoices the next paid order with the next number, and reverses it when the paid order is cancelled', async () => {
    const book = await makeShopBook(t.app, { title: 'Cây Cam Ngọt Của Tôi', price: 108_000 });
    const { who, order } = await place([[book.id, 1]]);
    const email = `mua.${Date.now()}@congty.vn`;
    const put = await call(who, 'PUT', `/orders/${order.code}/invoice`, { ...company(email), taxCode: ' 0314409058-002 ' });
    expect(put.statusCode).toBe(200);
    expect((put.json().data as OrderInvoiceDto).request?.taxCode).toBe('0314409058-002');
    const bad = await call(who, 'PUT', `/orders/${order.code}/invoice`, { ...company(email), taxCode: '123' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(INVOICE_MESSAGES.taxCodeShape);

    const before = await lastNumber();
    await pay(order);
    const [original] = (await invoiceOf(who, order)).invoices;
    expect(original!.number).toBe(before + 1);

    const cancel = await call(sale, 'POST', `/sales/orders/${order.id}/cancel`, { reason: 'Khách đổi ý sau khi thanh toán' });
    expect(cancel.statusCode).toBe(200);
    const { invoices } = await invoiceOf(who, order);
    expect(invoices).toHaveLength(2);
    const adjustment = invoices[1]!;
    expect(adjustment).toMatchObject({
      kind: 'ADJUSTMENT',
      number: before + 2,
      total: -order.grandTotal,
      reason: 'Khách đổi ý sau khi thanh toán',
      adjusts: { form: '1', series: series(), number: original!.number },
    });
    const text = await pdfText((await call(sale, 'GET', `/sales/orders/${order.id}/invoices/${adjustment.id}/pdf`)).rawPayload);
    expect(text).toContain('ĐIỀU CHỈNH GIẢM');
    expect(text).toContain(`số ${invoiceNumberText(original!.number)}`);
  });

  it('is the owner’s and staff’s only: another shopper gets 404, a customer 403 on the staff routes, a guest 401', async () => {
    const book = await makeShopBook(t.app, { price: 30_000 });
    const { order } = await place([[book.id, 1]], company(`x.${Date.now()}@congty.vn`));
    const other = await makeCustomer(t.app, 'Người Khác');
    expect((await call(other, 'GET', `/orders/${order.code}/invoice`)).statusCode).toBe(404);
    expect((await call(other, 'PUT', `/orders/${order.code}/invoice`, company('a@b.vn'))).statusCode).toBe(404);
    expect((await call(undefined, 'GET', `/orders/${order.code}/invoice`)).statusCode).toBe(401);
    expect((await call(other, 'GET', `/sales/orders/${order.id}/invoice`)).statusCode).toBe(403);
    expect((await call(undefined, 'POST', `/sales/orders/${order.id}/invoice`)).statusCode).toBe(401);
    // Not paid yet: staff cannot issue.
    const early = await call(sale, 'POST', `/sales/orders/${order.id}/invoice`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(INVOICE_MESSAGES.notPaid);
  });
});

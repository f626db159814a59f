import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNotNull, like } from 'drizzle-orm';
import { VOUCHER_MESSAGES, type AdminVoucherDto, type AdminVoucherPage, type AvailableVoucherDto, type CartDto, type OrderDto, type VoucherInput } from '@nhasach/shared';
import { books, categories, mailOutbox, orders, voucherUses, vouchers } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { uniqueName } from '../../../test/auth.ts';
import { expireUnpaidOnlineOrders } from '../orders/index.ts';
import { makeCustomer, makeShopBook, VALID_ADDRESS, type Customer } from '../../../test/orders.ts';
import { makeStaff, type Staff } from '../../../test/sales.ts';

let t: TestApp;
let admin: Staff;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeStaff(t.app, 'ADMIN');
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: { headers: Record<string, string> } | undefined, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { ...who?.headers }, ...(payload ? { payload } : {}) });
const fieldsOf = (res: { json(): { data: { fields?: { field: string; message: string }[] } } }) =>
  Object.fromEntries((res.json().data.fields ?? []).map((f) => [f.field, f.message]));

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** A voucher created through the admin API (unique code unless given). */
async function createVoucher(overrides: Partial<VoucherInput> = {}): Promise<AdminVoucherDto> {
  const res = await call(admin, 'POST', '/admin/vouchers', {
    code: uniqueName('VC').toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 30),
    name: 'Khuyến mãi thử',
    kind: 'FIXED',
    value: 20_000,
    startsAt: iso(-HOUR),
    endsAt: iso(24 * HOUR),
    totalUses: null,
    perCustomerLimit: null,
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data;
}

async function shopper(lines: [number, number][]) {
  const who = await makeCustomer(t.app, 'Nguyễn Văn An');
  const address = await call(who, 'POST', '/address', VALID_ADDRESS);
  if (address.statusCode !== 201) throw new Error(address.body);
  for (const [bookId, qty] of lines) {
    const res = await call(who, 'POST', '/cart/items', { bookId, qty });
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  return { who, addressId: address.json().data.id as number };
}
const placeOrder = (who: Customer, addressId: number, extra: object = {}) =>
  call(who, 'POST', '/orders', { addressId, paymentMethod: 'COD', deliveryMethod: 'STANDARD', ...extra });
const voucherRow = async (id: number) => (await t.app.db.select().from(vouchers).where(eq(vouchers.id, id)))[0]!;

describe('admin vouchers', () => {
  it('is for ADMIN only', async () => {
    const sale = await makeStaff(t.app, 'SALE');
    const customer = await makeCustomer(t.app);
    for (const who of [undefined, sale, customer]) {
      const expected = who ? 403 : 401;
      expect((await call(who, 'GET', '/admin/vouchers')).statusCode).toBe(expected);
      expect((await call(who, 'POST', '/admin/vouchers', { code: 'X' })).statusCode).toBe(expected);
      expect((await call(who, 'PUT', '/admin/vouchers/1/active', { active: false })).statusCode).toBe(expected);
    }
  });

  it('normalises codes, keeps them unique, lists with search and paging, edits and deactivates', async () => {
    const tag = uniqueName('').replace(/[^a-z0-9]/gi, '').slice(-8).toUpperCase();
    const created = await createVoucher({ code: ` sach ${tag.toLowerCase()} `, kind: 'PERCENT', value: 10, maxDiscount: 50_000, minSubtotal: 100_000 });
    expect(created).toMatchObject({ code: `SACH${tag}`, kind: 'PERCENT', value: 10, maxDiscount: 50_000, status: 'RUNNING', usedCount: 0 });
    expect(created.description).toBe('Giảm 10% (tối đa 50.000 ₫) cho đơn từ 100.000 ₫');

    const dup = await call(admin, 'POST', '/admin/vouchers', { code: `Sach${tag}`, name: 'Trùng', kind: 'FIXED', value: 1000, startsAt: iso(0), endsAt: iso(HOUR) });
    expect(dup.statusCode).toBe(409);
    expect(fieldsOf(dup)).toEqual({ code: VOUCHER_MESSAGES.codeTaken });

    const found = await call(admin, 'GET', `/admin/vouchers?q=${encodeURIComponent(`sach ${tag}`)}&size=1`);
    const page: AdminVoucherPage = found.json().data;
    expect(page.totalElements).toBe(1);
    expect(page.content[0]!.id).toBe(created.id);

    const edited = await call(admin, 'PUT', `/admin/vouchers/${created.id}`, {
      code: created.code,
      name: 'Đổi tên',
      kind: 'FIXED',
      value: 15_000,
      startsAt: created.startsAt,
      endsAt: created.endsAt,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Đổi tên', kind: 'FIXED', value: 15_000, maxDiscount: null, minSubtotal: 0 });

    const off = await call(admin, 'PUT', `/admin/vouchers/${created.id}/active`, { active: false });
    expect(off.json().data).toMatchObject({ active: false, status: 'INACTIVE' });
    const inactive: AdminVoucherPage = (await call(admin, 'GET', `/admin/vouchers?status=inactive&q=${tag}`)).json().data;
    expect(inactive.content.map((v) => v.id)).toEqual([created.id]);
  });

  it('refuses bad input field by field, never with a 500', async () => {
    const base = { code: 'HOPLE', name: 'Thử', kind: 'PERCENT', value: 10, startsAt: iso(0), endsAt: iso(HOUR) };
    const cases: [object, string][] = [
      [{ value: 150 }, 'value'],
      [{ kind: 'FIXED', value: 0 }, 'value'],
      [{ kind: 'FREE_SHIPPING', value: 0, maxDiscount: 1000 }, 'maxDiscount'],
      [{ endsAt: iso(-HOUR) }, 'endsAt'],
      [{ startsAt: 'hôm qua' }, 'startsAt'],
      [{ startsAt: 'not a date', endsAt: 'nope' }, 'endsAt'],
      [{ code: 'mã có dấu' }, 'code'],
      [{ code: 'A' }, 'code'],
      [{ totalUses: 0 }, 'totalUses'],
      [{ categoryIds: [2_000_000_000] }, 'categoryIds'],
      [{ value: '10' }, 'value'],
    ];
    for (const [change, field] of cases) {
      const res = await call(admin, 'POST', '/admin/vouchers', { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(fieldsOf(res)), JSON.stringify(change)).toContain(field);
    }
  });
});

describe('applying a code', () => {
  it('says why a code does not apply (400 on voucherCode), in the cart and when ordering', async () => {
    const [cat] = await t.app.db.insert(categories).values({ name: 'Thiếu nhi', slug: uniqueName('thieu-nhi-') }).returning();
    const book = await makeShopBook(t.app, { price: 100_000 });
    const expired = await createVoucher({ startsAt: iso(-48 * HOUR), endsAt: iso(-HOUR) });
    const upcoming = await createVoucher({ startsAt: iso(HOUR), endsAt: iso(48 * HOUR) });
    const bigMinimum = await createVoucher({ minSubtotal: 500_000 });
    const usedUp = await createVoucher({ totalUses: 1 });
    await t.app.db.update(vouchers).set({ usedCount: 1 }).where(eq(vouchers.id, usedUp.id));
    const otherBooks = await createVoucher({ categoryIds: [cat!.id] });
    const off = await createVoucher();
    await call(admin, 'PUT', `/admin/vouchers/${off.id}/active`, { active: false });

    const { who, addressId } = await shopper([[book.id, 1]]);
    const cases: [string, string][] = [
      ['KHONGCOMA', VOUCHER_MESSAGES.unknown],
      [expired.code, VOUCHER_MESSAGES.expired(expired.endsAt)],
      [upcoming.code, VOUCHER_MESSAGES.notStarted(upcoming.startsAt)],
      [bigMinimum.code, VOUCHER_MESSAGES.minSubtotal(500_000, 400_000)],
      [usedUp.code, VOUCHER_MESSAGES.usedUp],
      [otherBooks.code, VOUCHER_MESSAGES.notForBooks],
      [off.code, VOUCHER_MESSAGES.inactive],
    ];
    for (const [code, message] of cases) {
      const applied = await call(who, 'PUT', '/cart/voucher', { voucherCode: code.toLowerCase() });
      expect(applied.statusCode, code).toBe(400);
      expect(fieldsOf(applied), code).toEqual({ voucherCode: message });
      const ordered = await placeOrder(who, addressId, { voucherCode: code });
      expect(ordered.statusCode, code).toBe(400);
      expect(fieldsOf(ordered), code).toEqual({ voucherCode: message });
    }
    // Nothing was ordered and the cart is as it was.
    expect(Number((await t.app.db.select({ n: count() }).from(orders).where(eq(orders.userId, who.id)))[0]!.n)).toBe(0);
    expect(((await call(who, 'GET', '/cart')).json().data as CartDto).items).toHaveLength(1);
    expect((await call(who, 'PUT', '/cart/voucher', { voucherCode: '   ' })).statusCode).toBe(400);
  });

  it('applies to the cart, shows in the totals and the list, and goes into the order with its amount', async () => {
    const [parent] = await t.app.db.insert(categories).values({ name: 'Văn học', slug: uniqueName('van-hoc-') }).returning();
    const [child] = await t.app.db.insert(categories).values({ name: 'Tiểu thuyết', slug: uniqueName('tieu-thuyet-'), parentId: parent!.id }).returning();
    const novel = await makeShopBook(t.app, { price: 200_000, salePrice: 150_000 });
    await t.app.db.update(books).set({ categoryIds: [child!.id] }).where(eq(books.id, novel.id));
    const other = await makeShopBook(t.app, { price: 80_000 });
    // 10% of the novels only (the parent category covers its subcategory), capped at 25.000 ₫.
    const v = await createVoucher({ kind: 'PERCENT', value: 10, maxDiscount: 25_000, categoryIds: [parent!.id], minSubtotal: 200_000 });
    const { who, addressId } = await shopper([
      [novel.id, 2],
      [other.id, 1],
    ]);

    const list: AvailableVoucherDto[] = (await call(who, 'GET', '/vouchers/available')).json().data;
    expect(list.find((x) => x.code === v.code)).toMatchObject({ applicable: true, reason: null, discount: 25_000, categories: ['Văn học'] });

    const applied = await call(who, 'PUT', '/cart/voucher', { voucherCode: ` ${v.code.toLowerCase()} ` });
    expect(applied.statusCode).toBe(200);
    const cart: CartDto = applied.json().data;
    // goods 300.000 + 80.000; sale saves 100.000; voucher min(30.000, 25.000).
    expect(cart).toMatchObject({ subtotal: 480_000, voucherDiscount: 25_000, discountTotal: 125_000, shippingFee: 30_000, grandTotal: 385_000 });
    expect(cart.voucher).toMatchObject({ code: v.code, applicable: true, discount: 25_000 });

    // Deselecting the novels: the code stays on the cart but no longer applies, and says why.
    await call(who, 'PUT', `/cart/items/${novel.id}`, { selected: false });
    const after: CartDto = (await call(who, 'GET', '/cart')).json().data;
    expect(after.voucher).toMatchObject({ applicable: false, message: VOUCHER_MESSAGES.notForBooks, discount: 0 });
    expect(after.voucherDiscount).toBe(0);
    await call(who, 'PUT', `/cart/items/${novel.id}`, { selected: true });

    const res = await placeOrder(who, addressId, { voucherCode: v.code.toLowerCase() });
    expect(res.statusCode).toBe(201);
    const order: OrderDto = res.json().data;
    expect(order).toMatchObject({ voucherCode: v.code, voucherDiscount: 25_000, discountTotal: 125_000, grandTotal: 385_000 });
    expect((await voucherRow(v.id)).usedCount).toBe(1);
    expect(((await call(who, 'GET', '/cart')).json().data as CartDto).voucher).toBeNull();

    // The confirmation mail (outbox, same transaction) and the sales view show the voucher.
    const [mail] = await t.app.db.select().from(mailOutbox).where(like(mailOutbox.subject, `%${order.code}%`));
    expect(mail!.text).toContain(`Giảm giá (gồm mã ${v.code}: -25.000 ₫): -125.000 ₫`);
    const sale = await makeStaff(t.app, 'SALE');
    const saleView = (await call(sale, 'GET', `/sales/orders/${order.id}`)).json().data;
    expect(saleView).toMatchObject({ discount: 125_000, voucherCode: v.code, voucherDiscount: 25_000, grandTotal: 385_000 });
  });

  it('free shipping zeroes the fee', async () => {
    const book = await makeShopBook(t.app, { price: 100_000 });
    const v = await createVoucher({ kind: 'FREE_SHIPPING', value: 0 });
    const { who, addressId } = await shopper([[book.id, 1]]);
    const res = await placeOrder(who, addressId, { voucherCode: v.code, deliveryMethod: 'EXPRESS' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ shippingFee: 0, shippingDiscount: 35_000, voucherDiscount: 0, discountTotal: 0, grandTotal: 100_000 });
  });
});

describe('counting uses', () => {
  it('100 racing orders on a code with 10 uses: exactly 10 discounted orders, the rest refused with nothing left behind', async () => {
    const book = await makeShopBook(t.app, { price: 100_000, stock: 1000 });
    const v = await createVoucher({ totalUses: 10, perCustomerLimit: 1 });
    const shoppers = [];
    for (let i = 0; i < 100; i++) shoppers.push(await shopper([[book.id, 1]]));
    const results = await Promise.all(shoppers.map(({ who, addressId }) => placeOrder(who, addressId, { voucherCode: v.code })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 400)).toHaveLength(90);
    for (const r of results.filter((x) => x.statusCode === 400)) expect(fieldsOf(r)).toEqual({ voucherCode: VOUCHER_MESSAGES.usedUp });
    for (const r of results.filter((x) => x.statusCode === 201)) expect(r.json().data).toMatchObject({ voucherCode: v.code, voucherDiscount: 20_000 });
    expect((await voucherRow(v.id)).usedCount).toBe(10);
    const withCode = await t.app.db.select({ n: count() }).from(orders).where(eq(orders.voucherId, v.id));
    expect(Number(withCode[0]!.n)).toBe(10);
    const [stock] = await t.app.db.select({ stock: books.stock }).from(books).where(eq(books.id, book.id));
    expect(stock!.stock).toBe(990);
  }, 120_000);

  it('holds the per-customer limit and gives the use back on customer cancel, staff cancel and payment expiry', async () => {
    const book = await makeShopBook(t.app, { price: 100_000, stock: 100 });
    const v = await createVoucher({ perCustomerLimit: 2, totalUses: 3 });
    const { who, addressId } = await shopper([]);
    const orderWith = async (extra: object = {}) => {
      await call(who, 'POST', '/cart/items', { bookId: book.id, qty: 1 });
      return placeOrder(who, addressId, { voucherCode: v.code, ...extra });
    };
    const first: OrderDto = (await orderWith()).json().data;
    expect((await orderWith({ paymentMethod: 'VNPAY' })).statusCode).toBe(201);
    expect(first.voucherDiscount).toBe(20_000);
    const third = await orderWith();
    expect(third.statusCode).toBe(400);
    expect(fieldsOf(third)).toEqual({ voucherCode: VOUCHER_MESSAGES.customerLimit });
    const list: AvailableVoucherDto[] = (await call(who, 'GET', '/vouchers/available')).json().data;
    expect(list.find((x) => x.code === v.code)).toMatchObject({ applicable: false, reason: VOUCHER_MESSAGES.customerLimit });

    // Customer cancel: the use comes back (once, even if cancelled again).
    expect((await call(who, 'POST', `/orders/${first.code}/cancel`, { reason: 'Đổi ý' })).statusCode).toBe(200);
    await call(who, 'POST', `/orders/${first.code}/cancel`, { reason: 'Đổi ý' });
    expect((await voucherRow(v.id)).usedCount).toBe(1);
    const fourth = await orderWith();
    expect(fourth.statusCode).toBe(201);

    // Payment expiry of the VNPAY order gives its use back.
    expect(await expireUnpaidOnlineOrders(t.app.orderProcess, t.app.db, new Date(Date.now() + 24 * HOUR))).toBeGreaterThanOrEqual(1);
    expect((await voucherRow(v.id)).usedCount).toBe(1);

    // Staff cancel gives the fourth order's use back.
    const sale = await makeStaff(t.app, 'SALE');
    const fourthId = fourth.json().data.id as number;
    const cancelled = await call(sale, 'POST', `/sales/orders/${fourthId}/cancel`, { reason: 'Khách đổi ý' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await voucherRow(v.id)).usedCount).toBe(0);
    const released = await t.app.db.select({ n: count() }).from(voucherUses).where(and(eq(voucherUses.voucherId, v.id), isNotNull(voucherUses.releasedAt)));
    expect(Number(released[0]!.n)).toBe(3);
  });
});

describe('editing a used voucher', () => {
  it('keeps total uses at or above the uses counted', async () => {
    const book = await makeShopBook(t.app, { price: 100_000 });
    const v = await createVoucher({ totalUses: 5 });
    for (let i = 0; i < 2; i++) {
      const { who, addressId } = await shopper([[book.id, 1]]);
      expect((await placeOrder(who, addressId, { voucherCode: v.code })).statusCode).toBe(201);
    }
    const body = { code: v.code, name: v.name, kind: v.kind, value: v.value, startsAt: v.startsAt, endsAt: v.endsAt, perCustomerLimit: null };
    const below = await call(admin, 'PUT', `/admin/vouchers/${v.id}`, { ...body, totalUses: 1 });
    expect(below.statusCode).toBe(400);
    expect(fieldsOf(below)).toEqual({ totalUses: 'Tổng lượt dùng không được nhỏ hơn số lượt đã dùng (2).' });
    const exact = await call(admin, 'PUT', `/admin/vouchers/${v.id}`, { ...body, totalUses: 2 });
    expect(exact.json().data).toMatchObject({ usedCount: 2, totalUses: 2 });
    // Now used up for the next order.
    const { who, addressId } = await shopper([[book.id, 1]]);
    expect(fieldsOf(await placeOrder(who, addressId, { voucherCode: v.code }))).toEqual({ voucherCode: VOUCHER_MESSAGES.usedUp });
  });
});

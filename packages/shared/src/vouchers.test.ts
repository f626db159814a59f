import { describe, expect, it } from 'vitest';
import { computeTotals } from './orders.ts';
import {
  describeVoucher,
  evaluateVoucher,
  normalizeVoucherCode,
  VOUCHER_MESSAGES,
  voucherStatus,
  type VoucherTerms,
} from './vouchers.ts';
import { voucherFormSchema, voucherInputSchema } from './vouchers-schemas.ts';

const NOW = Date.parse('2026-11-23T05:00:00Z');
const terms = (o: Partial<VoucherTerms> = {}): VoucherTerms => ({
  kind: 'PERCENT',
  value: 10,
  maxDiscount: null,
  minSubtotal: 0,
  startsAt: NOW - 1000,
  endsAt: NOW + 1000,
  totalUses: null,
  perCustomerLimit: null,
  usedCount: 0,
  active: true,
  categoryIds: [],
  ...o,
});
const line = (lineTotal: number, categoryIds: number[] = []) => ({ lineTotal, categoryIds });
const ctx = { now: NOW, customerUses: 0 };

describe('evaluateVoucher', () => {
  it('takes a percent of the eligible goods, rounded to whole đồng, capped', () => {
    expect(evaluateVoucher(terms(), [line(123_455)], ctx)).toMatchObject({ ok: true, discount: 12_346, freeShipping: false });
    expect(evaluateVoucher(terms({ maxDiscount: 5_000 }), [line(123_455)], ctx)).toMatchObject({ ok: true, discount: 5_000 });
  });

  it('takes a fixed amount, never more than the goods', () => {
    expect(evaluateVoucher(terms({ kind: 'FIXED', value: 30_000 }), [line(100_000)], ctx)).toMatchObject({ ok: true, discount: 30_000 });
    expect(evaluateVoucher(terms({ kind: 'FIXED', value: 300_000 }), [line(100_000)], ctx)).toMatchObject({ ok: true, discount: 100_000 });
  });

  it('free shipping takes nothing off the goods', () => {
    expect(evaluateVoucher(terms({ kind: 'FREE_SHIPPING', value: 0 }), [line(10_000)], ctx)).toMatchObject({ ok: true, discount: 0, freeShipping: true });
  });

  it('counts only the lines of its categories, for the minimum and the discount', () => {
    const v = terms({ categoryIds: [7], minSubtotal: 100_000 });
    expect(evaluateVoucher(v, [line(90_000, [7]), line(500_000, [8])], ctx)).toMatchObject({
      ok: false,
      reason: 'MIN_SUBTOTAL',
      message: VOUCHER_MESSAGES.minSubtotal(100_000, 10_000),
    });
    expect(evaluateVoucher(v, [line(150_000, [3, 7]), line(500_000, [8])], ctx)).toMatchObject({ ok: true, eligibleSubtotal: 150_000, discount: 15_000 });
    expect(evaluateVoucher(v, [line(500_000, [8])], ctx)).toMatchObject({ ok: false, reason: 'NOT_FOR_BOOKS', message: VOUCHER_MESSAGES.notForBooks });
  });

  it('refuses with the reason, in order', () => {
    const lines = [line(100_000)];
    expect(evaluateVoucher(terms({ active: false }), lines, ctx)).toMatchObject({ ok: false, reason: 'INACTIVE' });
    expect(evaluateVoucher(terms({ startsAt: NOW + 1 }), lines, ctx)).toMatchObject({ ok: false, reason: 'NOT_STARTED' });
    // The window is [start, end): at the end it is over.
    expect(evaluateVoucher(terms({ endsAt: NOW }), lines, ctx)).toMatchObject({ ok: false, reason: 'EXPIRED' });
    expect(evaluateVoucher(terms({ startsAt: NOW }), lines, ctx)).toMatchObject({ ok: true });
    expect(evaluateVoucher(terms({ totalUses: 3, usedCount: 3 }), lines, ctx)).toMatchObject({ ok: false, reason: 'USED_UP', message: VOUCHER_MESSAGES.usedUp });
    expect(evaluateVoucher(terms({ perCustomerLimit: 1 }), lines, { now: NOW, customerUses: 1 })).toMatchObject({ ok: false, reason: 'CUSTOMER_LIMIT' });
    expect(evaluateVoucher(terms(), [], ctx)).toMatchObject({ ok: false, reason: 'NOTHING_SELECTED' });
  });

  it('says times in Vietnam time', () => {
    expect(VOUCHER_MESSAGES.expired('2026-11-23T17:30:00Z')).toBe('Mã giảm giá đã hết hạn (kết thúc lúc 24/11/2026 00:30).');
  });
});

describe('computeTotals with a voucher', () => {
  const lines = [{ unitPrice: 80_000, originalUnitPrice: 100_000, qty: 2 }];
  it('adds the money off to discountTotal and keeps grandTotal = subtotal - discountTotal + shippingFee', () => {
    const t = computeTotals(lines, 'STANDARD', { discount: 16_000, freeShipping: false });
    expect(t).toMatchObject({ subtotal: 200_000, merchandiseTotal: 160_000, voucherDiscount: 16_000, discountTotal: 56_000, shippingFee: 30_000, grandTotal: 174_000 });
    expect(t.grandTotal).toBe(t.subtotal - t.discountTotal + t.shippingFee + t.taxTotal);
  });
  it('free shipping zeroes the fee and records what it waived', () => {
    expect(computeTotals(lines, 'EXPRESS', { discount: 0, freeShipping: true })).toMatchObject({ shippingFee: 0, shippingDiscount: 35_000, grandTotal: 160_000 });
  });
  it('never takes off more than the goods', () => {
    expect(computeTotals(lines, 'STANDARD', { discount: 999_999, freeShipping: false })).toMatchObject({ voucherDiscount: 160_000, grandTotal: 30_000 });
  });
});

describe('voucher codes and payloads', () => {
  it('normalises codes', () => {
    expect(normalizeVoucherCode('  sach 10 k ')).toBe('SACH10K');
  });
  it('describes a voucher', () => {
    expect(describeVoucher({ kind: 'FIXED', value: 30_000, maxDiscount: null, minSubtotal: 0 })).toBe('Giảm 30.000 ₫');
    expect(describeVoucher({ kind: 'FREE_SHIPPING', value: 0, maxDiscount: null, minSubtotal: 200_000 })).toBe('Miễn phí vận chuyển cho đơn từ 200.000 ₫');
  });
  it('knows where a voucher stands', () => {
    expect(voucherStatus({ active: true, startsAt: NOW - 1, endsAt: NOW + 1 }, NOW)).toBe('RUNNING');
    expect(voucherStatus({ active: true, startsAt: NOW + 1, endsAt: NOW + 2 }, NOW)).toBe('UPCOMING');
    expect(voucherStatus({ active: true, startsAt: NOW - 2, endsAt: NOW }, NOW)).toBe('ENDED');
    expect(voucherStatus({ active: false, startsAt: NOW - 1, endsAt: NOW + 1 }, NOW)).toBe('INACTIVE');
  });

  const form = { code: 'sach10', name: 'Giảm 10%', kind: 'PERCENT', value: 10, startsAt: '01/12/2026 08:00', endsAt: '31/12/2026 23:59' };
  it('reads the admin form in Vietnam time', () => {
    const out = voucherFormSchema.parse(form);
    expect(out.code).toBe('SACH10');
    expect(out.startsAt?.toISOString()).toBe('2026-12-01T01:00:00.000Z');
  });
  it('the start/end rule does not crash on a date that failed to parse: the field says so', () => {
    for (const bad of [{ startsAt: '31/02/2026 08:00' }, { endsAt: 'abc' }, { startsAt: '', endsAt: '' }, { startsAt: '32/12/2026 25:00' }]) {
      const res = voucherFormSchema.safeParse({ ...form, ...bad });
      expect(res.success).toBe(false);
      const paths = res.error!.issues.map((i) => i.path.join('.'));
      expect(paths.every((p) => p === 'startsAt' || p === 'endsAt')).toBe(true);
    }
    const reversed = voucherFormSchema.safeParse({ ...form, endsAt: '30/11/2026 08:00' });
    expect(reversed.error?.issues).toEqual([expect.objectContaining({ path: ['endsAt'], message: 'Thời gian kết thúc phải sau thời gian bắt đầu.' })]);
    const api = voucherInputSchema.safeParse({ ...form, startsAt: 'x', endsAt: 'y' });
    expect(api.success).toBe(false);
  });
});

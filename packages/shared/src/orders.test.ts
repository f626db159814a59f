import { describe, expect, it } from 'vitest';
import {
  canCustomerCancel,
  canTransition,
  CANCEL_REASONS,
  computeTotals,
  joinCancelReasons,
  ORDER_FLOW,
  ORDER_STATUS_CHANGES,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  PAYMENT_STATUS_CHANGES,
  PAYMENT_STATUSES,
  shippingFeeFor,
} from './orders.ts';
import { cancelOrderSchema, createOrderSchema } from './orders-schemas.ts';
import { MANUAL_PAYMENT_STATUS_CHANGES } from './sales.ts';
import { addressInputSchema, formatAddressLine } from './address.ts';
import { cartAddSchema, cartUpdateSchema } from './cart.ts';
import { cartBadgeText } from './cart-badge.ts';

describe('order transitions (spec section 4)', () => {
  it('allows exactly the table', () => {
    const allowed = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}>${to}`));
    expect(allowed.sort()).toEqual(
      [
        'PENDING>CONFIRMED',
        'PENDING>CANCEL_REQUESTED',
        'PENDING>CANCELED',
        'CONFIRMED>PROCESSING',
        'CONFIRMED>CANCELED',
        'PROCESSING>SHIPPED',
        'PROCESSING>CANCELED',
        'SHIPPED>DELIVERED',
        'DELIVERED>COMPLETED',
        'CANCEL_REQUESTED>CANCELED',
      ].sort(),
    );
    expect(ORDER_TRANSITIONS.COMPLETED).toEqual([]);
    expect(ORDER_TRANSITIONS.CANCELED).toEqual([]);
  });

  it('the order process accepts the staff table plus the customer cancelling (or asking to) before shipping, nothing else', () => {
    for (const from of ORDER_STATUSES) {
      const customer = canCustomerCancel(from) ? ['CANCEL_REQUESTED', 'CANCELED'] : [];
      expect([...ORDER_STATUS_CHANGES[from]].sort(), from).toEqual([...new Set([...ORDER_TRANSITIONS[from], ...customer])].sort());
    }
    // The normal path is a chain of allowed changes.
    for (let i = 1; i < ORDER_FLOW.length; i++) expect(ORDER_STATUS_CHANGES[ORDER_FLOW[i - 1]!]).toContain(ORDER_FLOW[i]);
  });

  it('staff change payment statuses by hand only along changes the order process accepts; starting a payment is one of them', () => {
    for (const from of PAYMENT_STATUSES) for (const to of MANUAL_PAYMENT_STATUS_CHANGES[from]) expect(PAYMENT_STATUS_CHANGES[from]).toContain(to);
    expect(PAYMENT_STATUS_CHANGES.UNPAID).toContain('PENDING');
    expect(MANUAL_PAYMENT_STATUS_CHANGES.UNPAID).not.toContain('PENDING');
    expect(PAYMENT_STATUS_CHANGES.REFUNDED).toEqual([]);
  });

  it('lets the customer cancel only before shipping', () => {
    expect(ORDER_STATUSES.filter(canCustomerCancel)).toEqual(['PENDING', 'CONFIRMED', 'PROCESSING']);
  });
});

describe('computeTotals', () => {
  const line = (unitPrice: number, originalUnitPrice: number, qty: number) => ({ unitPrice, originalUnitPrice, qty });

  it('sums list prices, sale savings and the fee; tax is 0', () => {
    const t = computeTotals([line(89_000, 120_000, 2), line(45_000, 45_000, 1)], 'STANDARD');
    expect(t).toEqual({
      subtotal: 285_000,
      discountTotal: 62_000,
      merchandiseTotal: 223_000,
      voucherDiscount: 0,
      shippingDiscount: 0,
      shippingFee: 30_000,
      taxTotal: 0,
      grandTotal: 253_000,
    });
    expect(computeTotals([line(89_000, 120_000, 2)], 'EXPRESS').shippingFee).toBe(35_000);
  });

  it('makes STANDARD free from 500.000 of goods after sale prices, never EXPRESS', () => {
    expect(computeTotals([line(250_000, 250_000, 2)], 'STANDARD')).toMatchObject({ shippingFee: 0, grandTotal: 500_000 });
    expect(computeTotals([line(499_999, 499_999, 1)], 'STANDARD').shippingFee).toBe(30_000);
    // 600.000 at list price but 480.000 paid: not free.
    expect(computeTotals([line(240_000, 300_000, 2)], 'STANDARD').shippingFee).toBe(30_000);
    expect(computeTotals([line(250_000, 250_000, 2)], 'EXPRESS').shippingFee).toBe(35_000);
  });

  it('charges nothing for nothing', () => {
    expect(computeTotals([], 'EXPRESS')).toEqual({ subtotal: 0, discountTotal: 0, merchandiseTotal: 0, voucherDiscount: 0, shippingDiscount: 0, shippingFee: 0, taxTotal: 0, grandTotal: 0 });
    expect(shippingFeeFor(0, 'STANDARD')).toBe(0);
  });
});

describe('cancel reasons', () => {
  it('has the six presets and joins ticked and typed with "; "', () => {
    expect(CANCEL_REASONS).toHaveLength(6);
    expect(joinCancelReasons([CANCEL_REASONS[0], CANCEL_REASONS[3]], '  Giao chậm ')).toBe('Đặt nhầm sản phẩm; Tìm được giá tốt hơn; Giao chậm');
    expect(joinCancelReasons([], '   ')).toBe('');
  });

  it('refuses a blank reason with the spec text', () => {
    const r = cancelOrderSchema.safeParse({ reason: '  ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Vui lòng chọn ít nhất 1 lý do hoặc nhập nội dung.');
  });
});

describe('payload schemas', () => {
  it('create-order: methods from the lists, blank note dropped', () => {
    expect(createOrderSchema.parse({ addressId: 3, paymentMethod: 'COD', deliveryMethod: 'EXPRESS', note: '  ' })).toEqual({
      addressId: 3,
      paymentMethod: 'COD',
      deliveryMethod: 'EXPRESS',
      note: undefined,
    });
    expect(createOrderSchema.safeParse({ addressId: 3, paymentMethod: 'MOMO', deliveryMethod: 'STANDARD' }).success).toBe(false);
  });

  it('cart: qty 1..99 to add, 0..99 to update, one of selected/qty', () => {
    expect(cartAddSchema.safeParse({ bookId: 1, qty: 100 }).success).toBe(false);
    expect(cartAddSchema.safeParse({ bookId: 1, qty: 0 }).success).toBe(false);
    expect(cartAddSchema.parse({ bookId: 1 })).toEqual({ bookId: 1, qty: 1 });
    expect(cartUpdateSchema.safeParse({ qty: 0 }).success).toBe(true);
    expect(cartUpdateSchema.safeParse({}).success).toBe(false);
    expect(cartBadgeText(100)).toBe('99+');
    expect(cartBadgeText(99)).toBe('99');
    expect(cartBadgeText(0)).toBe('');
  });

  it('address: required fields in Vietnamese, phone pattern, codes optional', () => {
    const ok = addressInputSchema.parse({
      fullName: ' Nguyễn Văn A ',
      phone: '0901 234 567',
      line1: '12 Lê Lợi',
      province: 'Thành phố Hồ Chí Minh',
      district: 'Quận 1',
      ward: 'Phường Bến Nghé',
      wardCode: '',
    });
    expect(ok).toMatchObject({ fullName: 'Nguyễn Văn A', makeDefault: false, wardCode: undefined });
    const bad = addressInputSchema.safeParse({ fullName: '', phone: 'abc', line1: '', province: '', district: '', ward: '' });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toContain('Vui lòng nhập họ tên người nhận.');
    expect(messages).toContain('Số điện thoại phải gồm 8-15 ký tự số, +, - hoặc khoảng trắng.');
    expect(formatAddressLine({ line1: '12 Lê Lợi', ward: 'Phường Bến Nghé', district: '', province: 'TP HCM' })).toBe('12 Lê Lợi, Phường Bến Nghé, TP HCM');
  });
});

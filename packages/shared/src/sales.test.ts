import { describe, expect, it } from 'vitest';
import {
  allowedPaymentChanges,
  allowedRefundMethods,
  allowedStatusChanges,
  cancelBlock,
  parseSaleOrderSort,
  paymentChangeBlock,
  refundableAmount,
  refundBlock,
  saleAssignSchema,
  saleOrderListQuerySchema,
  SALES_MESSAGES,
  SALE_NUMBER_FIELDS,
  saleRefundSchema,
  saleShippingSchema,
  statusChangeBlock,
  STAFF_CANCELLABLE_STATUSES,
  vietnamDayRange,
  vietnamDayStart,
  type SaleOrderFacts,
} from './sales.ts';
import { formNumbers } from './input.ts';

const facts = (over: Partial<SaleOrderFacts> = {}): SaleOrderFacts => ({
  status: 'PENDING',
  paymentStatus: 'UNPAID',
  paymentMethod: 'COD',
  grandTotal: 200_000,
  paidThroughGateway: false,
  shippingCarrier: null,
  trackingCode: null,
  refundedAmount: 0,
  ...over,
});

describe('list query', () => {
  it('parses sort as field,direction with createdAt,desc by default and total as grandTotal', () => {
    expect(parseSaleOrderSort(undefined)).toEqual({ field: 'createdAt', direction: 'desc' });
    expect(parseSaleOrderSort('total,ASC')).toEqual({ field: 'grandTotal', direction: 'asc' });
    expect(parseSaleOrderSort('code')).toEqual({ field: 'code', direction: 'asc' });
    expect(parseSaleOrderSort('createdAt')).toEqual({ field: 'createdAt', direction: 'desc' });
    expect(parseSaleOrderSort('price,desc')).toBeUndefined();
    expect(parseSaleOrderSort('code,up')).toBeUndefined();
  });

  it('turns Vietnam calendar days into UTC instants (UTC+7, no DST)', () => {
    expect(vietnamDayStart('2025-03-14')?.toISOString()).toBe('2025-03-13T17:00:00.000Z');
    expect(vietnamDayStart('2025-02-29')).toBeUndefined();
    expect(vietnamDayStart('14/03/2025')).toBeUndefined();
    const { start, end } = vietnamDayRange('2025-03-14', '2025-03-14');
    expect([start?.toISOString(), end?.toISOString()]).toEqual(['2025-03-13T17:00:00.000Z', '2025-03-14T17:00:00.000Z']);
  });

  it('accepts one status or a comma list and refuses unknown values and reversed days', () => {
    const ok = saleOrderListQuerySchema.parse({ status: 'pending, CONFIRMED', paymentStatus: 'PAID', page: '2', size: '500', q: '  abc ' });
    expect(ok).toMatchObject({ status: ['PENDING', 'CONFIRMED'], paymentStatus: ['PAID'], page: 2, size: 100, q: 'abc', sort: { field: 'createdAt', direction: 'desc' } });
    expect(saleOrderListQuerySchema.safeParse({ status: 'LOST' }).success).toBe(false);
    expect(saleOrderListQuerySchema.safeParse({ from: '2025-03-02', to: '2025-03-01' }).success).toBe(false);
  });
});

describe('status guards', () => {
  it('adds the shop guards to the table', () => {
    expect(allowedStatusChanges(facts())).toEqual(['CONFIRMED', 'CANCEL_REQUESTED', 'CANCELED']);
    expect(allowedStatusChanges(facts({ paymentMethod: 'VNPAY' }))).toEqual(['CANCEL_REQUESTED', 'CANCELED']);
    expect(allowedStatusChanges(facts({ paymentMethod: 'VNPAY', paymentStatus: 'PAID' }))).toContain('CONFIRMED');
    expect(statusChangeBlock(facts({ status: 'PROCESSING' }), 'SHIPPED')?.code).toBe('SHIPPING_INFO_REQUIRED');
    expect(statusChangeBlock(facts({ status: 'PROCESSING', shippingCarrier: 'GHN', trackingCode: 'X1' }), 'SHIPPED')).toBeNull();
    expect(statusChangeBlock(facts({ status: 'DELIVERED' }), 'COMPLETED')?.code).toBe('ORDER_NOT_PAID');
    expect(statusChangeBlock(facts({ status: 'DELIVERED', paymentStatus: 'PAID' }), 'COMPLETED')).toBeNull();
    expect(statusChangeBlock(facts({ status: 'SHIPPED' }), 'CANCELED')?.code).toBe('ORDER_TRANSITION_INVALID');
  });

  it('lets staff cancel only before shipping', () => {
    expect([...STAFF_CANCELLABLE_STATUSES].sort()).toEqual(['CANCEL_REQUESTED', 'CONFIRMED', 'PENDING', 'PROCESSING']);
    expect(cancelBlock({ status: 'SHIPPED' })?.message).toBe('Không thể huỷ đơn hàng đã giao cho đơn vị vận chuyển.');
    expect(cancelBlock({ status: 'CANCELED' })?.message).toBe('Đơn hàng đã bị huỷ trước đó.');
    expect(cancelBlock({ status: 'PROCESSING' })).toBeNull();
  });
});

describe('payment rules', () => {
  it('allows exactly the written changes', () => {
    expect(allowedPaymentChanges(facts())).toEqual(['PAID']);
    expect(allowedPaymentChanges(facts({ paymentStatus: 'PENDING', paymentMethod: 'VNPAY' }))).toEqual(['PAID']);
    expect(allowedPaymentChanges(facts({ paymentStatus: 'PAID' }))).toEqual(['UNPAID', 'REFUND_PENDING']);
    expect(allowedPaymentChanges(facts({ paymentStatus: 'PAID', paidThroughGateway: true }))).toEqual(['REFUND_PENDING']);
    expect(allowedPaymentChanges(facts({ paymentStatus: 'PAID', refundedAmount: 1 }))).toEqual(['REFUND_PENDING']);
    expect(allowedPaymentChanges(facts({ paymentStatus: 'PAID', status: 'COMPLETED' }))).toEqual(['REFUND_PENDING']);
    expect(allowedPaymentChanges(facts({ paymentStatus: 'REFUND_PENDING' }))).toEqual(['PAID']);
    expect(allowedPaymentChanges(facts({ paymentStatus: 'REFUND_PENDING', status: 'CANCELED' }))).toEqual([]);
    expect(allowedPaymentChanges(facts({ paymentStatus: 'REFUNDED' }))).toEqual([]);
    expect(allowedPaymentChanges(facts({ status: 'CANCELED' }))).toEqual([]);
    expect(paymentChangeBlock(facts({ paymentStatus: 'REFUND_PENDING' }), 'REFUNDED')?.code).toBe('PAYMENT_STATUS_INVALID');
  });
});

describe('refund rules', () => {
  it('refunds up to the amount paid minus earlier refunds, for paid or refund-pending orders', () => {
    const paid = facts({ paymentStatus: 'PAID', refundedAmount: 50_000 });
    expect(refundableAmount(paid)).toBe(150_000);
    expect(refundBlock(paid, 150_000, 'CASH')).toBeNull();
    expect(refundBlock(paid, 150_001, 'CASH')).toMatchObject({ field: 'amount', message: 'Số tiền hoàn vượt quá số tiền còn có thể hoàn (150.000 ₫).' });
    expect(refundBlock(facts(), 1, 'CASH')?.code).toBe('REFUND_NOT_ALLOWED');
    expect(refundBlock(facts({ paymentStatus: 'REFUNDED' }), 1, 'CASH')?.code).toBe('REFUND_NOT_ALLOWED');
    expect(allowedRefundMethods(paid)).toEqual(['CASH', 'BANK_TRANSFER']);
    expect(allowedRefundMethods(facts({ paymentStatus: 'REFUND_PENDING', paymentMethod: 'VNPAY', paidThroughGateway: true }))).toEqual(['CASH', 'BANK_TRANSFER', 'GATEWAY']);
  });

  it('parses the forms once their numbers are numbers; money may also come as decimal digits, nothing else as text', () => {
    const form = (v: Record<string, unknown>) => formNumbers(v, SALE_NUMBER_FIELDS);
    expect(saleRefundSchema.parse(form({ amount: '120000', method: 'CASH', note: '  ' }))).toEqual({ amount: 120_000, method: 'CASH' });
    expect(saleRefundSchema.safeParse({ amount: 0, method: 'CASH' }).success).toBe(false);
    // Other front ends send money as decimal strings: "120000" is 120,000 ₫.
    expect(saleRefundSchema.parse({ amount: '120000', method: 'CASH' })).toEqual({ amount: 120_000, method: 'CASH' });
    expect(saleShippingSchema.parse({ fee: '30000', shippingCarrier: 'GHN', trackingCode: 'A-1' }).fee).toBe(30_000);
    for (const amount of ['0', '0x10', '1e3', ' ', ' 120000', '120 000', '120.000', '+5', '-5', '1.5', '１２', true, [1], null]) {
      expect(saleRefundSchema.safeParse({ amount, method: 'CASH' }).success, JSON.stringify(amount)).toBe(false);
    }
    for (const fee of ['0x10', '1e3', '-1', ' 1', '10000001', '3e4']) {
      expect(saleShippingSchema.safeParse({ fee, shippingCarrier: 'GHN', trackingCode: 'A-1' }).success, fee).toBe(false);
    }
    expect(saleShippingSchema.safeParse({ fee: '3e4', shippingCarrier: 'GHN', trackingCode: 'A-1' }).error?.issues[0]?.message).toBe(SALES_MESSAGES.feeInvalid);
    // Ids stay JSON numbers.
    expect(saleAssignSchema.safeParse({ assigneeId: '5' }).success).toBe(false);
    expect(saleShippingSchema.parse(form({ fee: '', shippingCarrier: ' GHN ', trackingCode: 'A-1', shippedAt: '' }))).toEqual({
      fee: null,
      shippingCarrier: 'GHN',
      trackingCode: 'A-1',
      shippedAt: null,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { RETURN_MESSAGES, RETURN_WINDOW_DAYS, returnBlock, returnLineAmount, returnNeedsBankAccount, returnSteps, returnWindowEnd } from './returns.ts';
import { returnRequestSchema } from './returns-schemas.ts';

const DAY = 24 * 3600_000;

describe('returns rules', () => {
  it('refunds what the copies were paid minus their share of the voucher, never shipping', () => {
    expect(returnLineAmount({ unitPrice: 90_000, qty: 1 }, { subtotal: 350_000, voucherDiscount: 0 })).toBe(90_000);
    // 50.000 ₫ voucher on 350.000 ₫: 90.000 ₫ carries 90/350 of it (12.857,1 ₫, rounded down).
    expect(returnLineAmount({ unitPrice: 90_000, qty: 1 }, { subtotal: 350_000, voucherDiscount: 50_000 })).toBe(90_000 - 12_857);
    // The whole order back: the voucher's whole amount is taken off (to within a dong per line).
    const whole = returnLineAmount({ unitPrice: 170_000, qty: 1 }, { subtotal: 350_000, voucherDiscount: 50_000 }) + returnLineAmount({ unitPrice: 90_000, qty: 2 }, { subtotal: 350_000, voucherDiscount: 50_000 });
    expect(300_000 - whole).toBeLessThanOrEqual(0);
    expect(300_000 - whole).toBeGreaterThanOrEqual(-2);
    expect(returnLineAmount({ unitPrice: 10_000, qty: 1 }, { subtotal: 10_000, voucherDiscount: 20_000 })).toBe(0);
  });

  it('opens the window at delivery for RETURN_WINDOW_DAYS days, for delivered or completed orders only', () => {
    const deliveredAt = new Date('2026-11-01T10:00:00+07:00');
    expect(returnWindowEnd(deliveredAt).getTime() - deliveredAt.getTime()).toBe(RETURN_WINDOW_DAYS * DAY);
    expect(returnBlock({ status: 'DELIVERED', deliveredAt }, new Date(deliveredAt.getTime() + DAY))).toBeNull();
    expect(returnBlock({ status: 'COMPLETED', deliveredAt }, new Date(deliveredAt.getTime() + RETURN_WINDOW_DAYS * DAY))).toBeNull();
    expect(returnBlock({ status: 'COMPLETED', deliveredAt }, new Date(deliveredAt.getTime() + RETURN_WINDOW_DAYS * DAY + 1))).toBe(RETURN_MESSAGES.windowClosed(RETURN_WINDOW_DAYS));
    expect(returnBlock({ status: 'SHIPPED', deliveredAt: null })).toBe(RETURN_MESSAGES.notDelivered);
    expect(returnBlock({ status: 'CANCELED', deliveredAt })).toBe(RETURN_MESSAGES.notDelivered);
  });

  it('asks a bank account unless the order was paid through a gateway', () => {
    expect(returnNeedsBankAccount('VNPAY')).toBe(false);
    expect(returnNeedsBankAccount('COD')).toBe(true);
    expect(returnNeedsBankAccount('BANK_TRANSFER')).toBe(true);
  });

  it('lists the steps; a refusal ends them', () => {
    const at = '2026-11-02T00:00:00.000Z';
    expect(returnSteps({ status: 'REFUSED', requestedAt: at, approvedAt: null, refusedAt: at, receivedAt: null, refundedAt: null }).map((s) => s.key)).toEqual(['REQUESTED', 'REFUSED']);
    expect(returnSteps({ status: 'APPROVED', requestedAt: at, approvedAt: at, refusedAt: null, receivedAt: null, refundedAt: null }).map((s) => [s.key, s.at !== null])).toEqual([
      ['REQUESTED', true],
      ['APPROVED', true],
      ['RECEIVED', false],
      ['REFUNDED', false],
    ]);
  });

  it('checks the request: lines once each, a reason, a note for OTHER, a valid account', () => {
    const ok = returnRequestSchema.safeParse({ lines: [{ orderItemId: 1, qty: 1 }], reason: 'DAMAGED' });
    expect(ok.success).toBe(true);
    const issues = (v: unknown) => (returnRequestSchema.safeParse(v).error?.issues ?? []).map((i) => i.message);
    expect(issues({ lines: [], reason: 'DAMAGED' })).toContain(RETURN_MESSAGES.linesRequired);
    expect(issues({ lines: [{ orderItemId: 1, qty: 1 }, { orderItemId: 1, qty: 1 }], reason: 'DAMAGED' })).toContain(RETURN_MESSAGES.lineDuplicate);
    expect(issues({ lines: [{ orderItemId: 1, qty: 1 }] })).toContain(RETURN_MESSAGES.reasonRequired);
    expect(issues({ lines: [{ orderItemId: 1, qty: 1 }], reason: 'OTHER', note: '  ' })).toContain(RETURN_MESSAGES.noteRequiredForOther);
    expect(issues({ lines: [{ orderItemId: 1, qty: 1 }], reason: 'DAMAGED', bankAccount: { bankName: 'ACB', accountNumber: '12ab', accountHolder: 'A' } })).toContain(
      RETURN_MESSAGES.accountNumber,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { PAYMENT_BANNERS, paymentReturnResult, vnpayResponseMessage } from './payments.ts';

describe('payment-return result (spec section 4)', () => {
  it('PAID is success whatever the code; 00 without PAID is pending; anything else fails', () => {
    expect(paymentReturnResult({ paymentStatus: 'PAID', responseCode: '00' })).toBe('success');
    expect(paymentReturnResult({ paymentStatus: 'PAID', responseCode: null })).toBe('success');
    expect(paymentReturnResult({ paymentStatus: 'PENDING', responseCode: '00' })).toBe('pending');
    expect(paymentReturnResult({ paymentStatus: 'UNPAID', responseCode: '00' })).toBe('pending');
    expect(paymentReturnResult({ paymentStatus: 'UNPAID', responseCode: '24' })).toBe('fail');
    expect(paymentReturnResult({ paymentStatus: null, responseCode: undefined })).toBe('fail');
  });

  it('texts', () => {
    expect(vnpayResponseMessage('24')).toBe('Giao dịch không thành công do: Khách hàng hủy giao dịch.');
    expect(vnpayResponseMessage('42')).toBe('Giao dịch không thành công.');
    expect(PAYMENT_BANNERS.startFailed('VNPAY')).toBe('Thanh toán VNPAY thất bại. Vui lòng thử lại.');
    expect(PAYMENT_BANNERS.pending('VNPAY')).toBe('VNPAY báo thành công, đang chờ xác nhận.');
    expect(PAYMENT_BANNERS.recorded('VNPAY')).toBe('VNPAY đã ghi nhận. Đang chờ hệ thống xác nhận thanh toán.');
  });
});

/**
 * Online payment rules shared by server and web: providers, VNPAY code texts (Vietnamese, from VNPAY's
 * documentation), the payment-return result rule and the banner texts of spec sections 4 and 8.
 */
import type { OrderStatus, PaymentFlow, PaymentMethod, PaymentStatus } from './orders.ts';

export const PAYMENT_PROVIDERS = ['VNPAY'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Name shown to shoppers in place of {provider}. */
export const PAYMENT_PROVIDER_NAMES: Record<PaymentProvider, string> = { VNPAY: 'VNPAY' };

/** Return page: poll the payment status up to 5 times, 1.2 s apart (spec section 9). */
export const PAYMENT_POLL_TRIES = 5;
export const PAYMENT_POLL_INTERVAL_MS = 1200;

/** vnp_ResponseCode of a payment (VNPAY 2.1.0, 'Bảng mã lỗi'). */
export const VNPAY_RESPONSE_MESSAGES: Record<string, string> = {
  '00': 'Giao dịch thành công',
  '07': 'Trừ tiền thành công. Giao dịch bị nghi ngờ (liên quan tới lừa đảo, giao dịch bất thường).',
  '09': 'Giao dịch không thành công do: Thẻ/Tài khoản của khách hàng chưa đăng ký dịch vụ InternetBanking tại ngân hàng.',
  '10': 'Giao dịch không thành công do: Khách hàng xác thực thông tin thẻ/tài khoản không đúng quá 3 lần.',
  '11': 'Giao dịch không thành công do: Đã hết hạn chờ thanh toán. Xin quý khách vui lòng thực hiện lại giao dịch.',
  '12': 'Giao dịch không thành công do: Thẻ/Tài khoản của khách hàng bị khóa.',
  '13': 'Giao dịch không thành công do Quý khách nhập sai mật khẩu xác thực giao dịch (OTP). Xin quý khách vui lòng thực hiện lại giao dịch.',
  '24': 'Giao dịch không thành công do: Khách hàng hủy giao dịch.',
  '51': 'Giao dịch không thành công do: Tài khoản của quý khách không đủ số dư để thực hiện giao dịch.',
  '65': 'Giao dịch không thành công do: Tài khoản của Quý khách đã vượt quá hạn mức giao dịch trong ngày.',
  '75': 'Ngân hàng thanh toán đang bảo trì.',
  '79': 'Giao dịch không thành công do: Quý khách nhập sai mật khẩu thanh toán quá số lần quy định. Xin quý khách vui lòng thực hiện lại giao dịch.',
  '99': 'Các lỗi khác (lỗi còn lại, không có trong danh sách mã lỗi đã liệt kê).',
};

/** vnp_TransactionStatus (VNPAY 2.1.0). */
export const VNPAY_TRANSACTION_STATUS_MESSAGES: Record<string, string> = {
  '00': 'Giao dịch thành công',
  '01': 'Giao dịch chưa hoàn tất',
  '02': 'Giao dịch bị lỗi',
  '04': 'Giao dịch đảo (Khách hàng đã bị trừ tiền tại Ngân hàng nhưng GD chưa thành công ở VNPAY)',
  '05': 'VNPAY đang xử lý giao dịch này (GD hoàn tiền)',
  '06': 'VNPAY đã gửi yêu cầu hoàn tiền sang Ngân hàng (GD hoàn tiền)',
  '07': 'Giao dịch bị nghi ngờ gian lận',
  '09': 'GD Hoàn trả bị từ chối',
};

/** vnp_ResponseCode of the querydr and refund API. */
export const VNPAY_API_RESPONSE_MESSAGES: Record<string, string> = {
  '00': 'Yêu cầu thành công',
  '02': 'Mã định danh kết nối không hợp lệ (kiểm tra lại TmnCode)',
  '03': 'Dữ liệu gửi sang không đúng định dạng',
  '91': 'Không tìm thấy giao dịch yêu cầu',
  '93': 'Số tiền hoàn trả không hợp lệ. Số tiền hoàn trả phải nhỏ hơn hoặc bằng số tiền thanh toán.',
  '94': 'Yêu cầu trùng lặp, giao dịch đã được gửi yêu cầu hoàn tiền trước đó',
  '95': 'Giao dịch này không thành công bên VNPAY. VNPAY từ chối xử lý yêu cầu',
  '97': 'Checksum không hợp lệ',
  '99': 'Các lỗi khác (lỗi còn lại, không có trong danh sách mã lỗi đã liệt kê)',
};

export const vnpayResponseMessage = (code: string | null | undefined): string =>
  (code && VNPAY_RESPONSE_MESSAGES[code]) || 'Giao dịch không thành công.';

/** Text when the return query's signature does not verify. */
export const VNPAY_INVALID_SIGNATURE_MESSAGE = 'Chữ ký không hợp lệ.';

export type PaymentReturnResult = 'success' | 'pending' | 'fail';

/**
 * Spec section 4, Payment-return flow: PAID gives success; response code '00' without PAID gives pending
 * (the gateway said yes, its server-to-server notice has not been applied yet); anything else is a failure.
 */
export function paymentReturnResult(input: { paymentStatus: string | null | undefined; responseCode: string | null | undefined }): PaymentReturnResult {
  if (input.paymentStatus === 'PAID') return 'success';
  if (input.responseCode === '00') return 'pending';
  return 'fail';
}

/** Payment-result banners (spec section 8), {provider} filled in. */
export const PAYMENT_BANNERS = {
  /** The payment link could not be opened or the gateway refused it. */
  startFailed: (provider: string) => `Thanh toán ${provider} thất bại. Vui lòng thử lại.`,
  /** Response code 00 while polling has not yet seen PAID. */
  pending: (provider: string) => `${provider} báo thành công, đang chờ xác nhận.`,
  /** The return query could not be read or its signature is wrong. */
  unreadable: (provider: string) => `Không đọc được kết quả thanh toán ${provider}.`,
  /** The gateway answered with a failure code (cancelled, declined, timed out). */
  failed: (provider: string) => `Thanh toán ${provider} không thành công.`,
  /** Polling ended without PAID after a success code. */
  recorded: (provider: string) => `${provider} đã ghi nhận. Đang chờ hệ thống xác nhận thanh toán.`,
  success: () => 'Thanh toán thành công. Cảm ơn bạn đã mua sắm tại Nhà Sách!',
} as const;

// --- API shapes (spec section 7, Orders and payment) ----------------------------------------------------------

/** POST /api/v1/payments/{orderCode}/checkout */
export interface PaymentCheckoutDto {
  /** Where to send the browser (the gateway's payment page). */
  checkoutUrl: string;
  provider: PaymentProvider;
  orderCode: string;
  /** The gateway reference of this attempt (vnp_TxnRef). */
  txnRef: string;
  /** The gateway refuses the payment after this instant (ISO). */
  expiresAt: string;
}

/** GET /api/v1/payments/vnpay/return: what the gateway said, checked; it never changes the order. */
export interface PaymentReturnDto {
  /** False when the signature does not verify: nothing else in the query can be trusted. */
  valid: boolean;
  orderCode: string | null;
  txnRef: string | null;
  responseCode: string | null;
  transactionStatus: string | null;
  /** Whole VND (vnp_Amount / 100). */
  amount: number | null;
  /** Vietnamese text of the response code. */
  message: string;
  /** The order's payment status now, read from the database (the IPN is the source of truth). */
  paymentStatus: PaymentStatus | null;
  /** First reading of the return result; the page keeps polling while it is 'pending'. */
  result: PaymentReturnResult;
}

export type PaymentAttemptStatus = 'PENDING' | 'SUCCESS' | 'FAILED';

/** GET /api/v1/payments/methods: the methods the shop takes now, in the order the checkout offers them. */
export interface PaymentMethodOptionDto {
  method: PaymentMethod;
  flow: PaymentFlow;
  /** A built-in sandbox plays the gateway or the bank: no real money moves. */
  sandbox: boolean;
}

/** GET /api/v1/payments/{orderCode}/status: what the return page polls. */
export interface PaymentStatusDto {
  orderCode: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  paymentExpiresAt: string | null;
  /** A new payment can be started now. */
  canPay: boolean;
  /** The latest gateway attempt, if any. */
  lastAttempt: { txnRef: string; status: PaymentAttemptStatus; responseCode: string | null; message: string | null } | null;
  /** Bank transfer: the latest transfer received with the wrong amount (not accepted; staff will handle it). */
  transferMismatch?: { amount: number; receivedAt: string } | null;
}

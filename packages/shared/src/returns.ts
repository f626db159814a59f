// Returns and refunds after delivery: the window, the steps, the reasons, the refund of returned lines and the
// pages' DTOs (the requests' schemas are in returns-schemas.ts: the order pages import this file without Zod).
import { PAYMENT_METHOD_FLOWS, type OrderStatus, type PaymentMethod } from './orders.ts';

/** A return may be asked for this many days after delivery (the policy page says the same: "7 ngày"). */
export const RETURN_WINDOW_DAYS = 7;
/** Photos of a request: at most this many, each at most this large, JPEG, PNG or WebP (the content is checked). */
export const RETURN_MAX_PHOTOS = 3;
export const RETURN_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const RETURN_PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';
export const RETURN_NOTE_MAX = 1000;
export const RETURN_REFUSAL_MAX = 500;

/** Orders whose lines may be returned (delivered; completed ones too, while in the window). */
export const RETURNABLE_ORDER_STATUSES: readonly OrderStatus[] = ['DELIVERED', 'COMPLETED'];

export const RETURN_STATUSES = ['REQUESTED', 'APPROVED', 'REFUSED', 'RECEIVED', 'REFUNDING', 'REFUNDED'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  REQUESTED: 'Chờ duyệt',
  APPROVED: 'Đã duyệt, chờ nhận hàng',
  REFUSED: 'Bị từ chối',
  RECEIVED: 'Đã nhận hàng trả',
  REFUNDING: 'Đang hoàn tiền',
  REFUNDED: 'Đã hoàn tiền',
};
/** Returns still under way (their quantities count against what can be returned; refused ones do not). */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ['REQUESTED', 'APPROVED', 'RECEIVED', 'REFUNDING'];

export const RETURN_REASONS = ['DAMAGED', 'PRINT_DEFECT', 'WRONG_ITEM', 'NOT_AS_DESCRIBED', 'OTHER'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  DAMAGED: 'Sách bị hư hỏng khi vận chuyển',
  PRINT_DEFECT: 'Sách lỗi in ấn (thiếu trang, mất chữ...)',
  WRONG_ITEM: 'Giao sai sách, sai phiên bản',
  NOT_AS_DESCRIBED: 'Sách không đúng mô tả',
  OTHER: 'Lý do khác',
};

export const RETURN_MESSAGES = {
  created: 'Đã gửi yêu cầu trả hàng',
  approved: 'Đã duyệt yêu cầu trả hàng',
  refused: 'Đã từ chối yêu cầu trả hàng',
  received: 'Đã ghi nhận hàng trả về kho',
  refunded: 'Đã hoàn tiền cho yêu cầu trả hàng',
  notFound: 'Không tìm thấy yêu cầu trả hàng.',
  orderNotFound: 'Không tìm thấy đơn hàng.',
  notDelivered: 'Chỉ trả hàng được với đơn đã giao thành công.',
  windowClosed: (days: number) => `Đã quá ${days} ngày kể từ khi nhận hàng nên không thể yêu cầu trả hàng cho đơn này.`,
  lineUnknown: 'Sản phẩm trả không thuộc đơn hàng này.',
  lineDuplicate: 'Mỗi sản phẩm chỉ chọn một lần.',
  linesRequired: 'Vui lòng chọn ít nhất một sản phẩm để trả.',
  qtyTooMany: (title: string, left: number) =>
    left > 0 ? `Sách "${title}" chỉ còn trả được tối đa ${left} cuốn.` : `Sách "${title}" đã được yêu cầu trả hết.`,
  reasonRequired: 'Vui lòng chọn lý do trả hàng.',
  noteRequiredForOther: 'Vui lòng mô tả lý do trả hàng.',
  bankRequired: 'Vui lòng nhập tài khoản ngân hàng để nhận tiền hoàn.',
  bankName: 'Vui lòng nhập tên ngân hàng.',
  accountNumber: 'Số tài khoản gồm 6-20 chữ số.',
  accountHolder: 'Vui lòng nhập tên chủ tài khoản.',
  photoTooMany: `Tối đa ${RETURN_MAX_PHOTOS} ảnh cho một yêu cầu.`,
  photoTooLarge: `Mỗi ảnh tối đa ${RETURN_PHOTO_MAX_BYTES / 1024 / 1024} MB. Vui lòng chọn ảnh nhỏ hơn.`,
  photoNotImage: (name: string) => `Tệp "${name}" không phải ảnh JPEG, PNG hoặc WebP.`,
  dataMissing: 'Thiếu nội dung yêu cầu trả hàng (trường data).',
  dataInvalid: 'Nội dung yêu cầu trả hàng không hợp lệ.',
  notMultipart: 'Yêu cầu phải gửi dạng multipart/form-data.',
  refusalRequired: 'Vui lòng nhập lý do từ chối.',
  notRequested: 'Yêu cầu này đã được xử lý trước đó.',
  notApproved: 'Chỉ nhận hàng trả của yêu cầu đã duyệt.',
  alreadyReceived: 'Hàng trả của yêu cầu này đã được nhận trước đó.',
  notReceived: 'Chỉ hoàn tiền sau khi đã nhận lại hàng trả.',
  refunding: 'Yêu cầu này đang được hoàn tiền, vui lòng đợi.',
  alreadyRefunded: 'Yêu cầu này đã được hoàn tiền trước đó.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Rules

/** When the window of an order delivered at `deliveredAt` closes. */
export const returnWindowEnd = (deliveredAt: Date | string): Date =>
  new Date(new Date(deliveredAt).getTime() + RETURN_WINDOW_DAYS * 24 * 60 * 60 * 1000);

/** Why no return can be asked for this order now, or null when one can. */
export function returnBlock(order: { status: OrderStatus; deliveredAt: Date | string | null }, now: Date = new Date()): string | null {
  if (!RETURNABLE_ORDER_STATUSES.includes(order.status) || !order.deliveredAt) return RETURN_MESSAGES.notDelivered;
  if (now.getTime() > returnWindowEnd(order.deliveredAt).getTime()) return RETURN_MESSAGES.windowClosed(RETURN_WINDOW_DAYS);
  return null;
}

/**
 * The money owed back for `qty` units of a line: what they were paid (unit price × qty) minus their share of the
 * order's voucher, proportional to the line's part of the subtotal (rounded down, in the shop's favour by less than
 * one dong per line). Shipping is not refunded for returned lines.
 */
export function returnLineAmount(line: { unitPrice: number; qty: number }, order: { subtotal: number; voucherDiscount: number }): number {
  const gross = line.unitPrice * line.qty;
  const share = order.subtotal > 0 ? Math.floor((order.voucherDiscount * gross) / order.subtotal) : 0;
  return Math.max(0, gross - Math.min(share, gross));
}

/** Orders paid through a gateway get their money back through it; the others to the account the shopper gives. */
export const returnNeedsBankAccount = (method: PaymentMethod): boolean => PAYMENT_METHOD_FLOWS[method] !== 'GATEWAY';

// ---------------------------------------------------------------------------------------------------------
// DTOs

export interface ReturnLineDto {
  orderItemId: number;
  bookId: number;
  title: string;
  imageUrl: string | null;
  unitPrice: number;
  qty: number;
  /** What these units are refunded (returnLineAmount). */
  amount: number;
}

export interface ReturnDto {
  id: number;
  orderId: number;
  orderCode: string;
  status: ReturnStatus;
  reason: ReturnReason;
  note: string | null;
  lines: ReturnLineDto[];
  amount: number;
  photos: { url: string }[];
  bankAccount: { bankName: string; accountNumber: string; accountHolder: string } | null;
  refusalReason: string | null;
  /** GATEWAY or BANK_TRANSFER, once refunded. */
  refundMethod: string | null;
  refundId: number | null;
  customerName: string;
  customerEmail: string | null;
  paymentMethod: PaymentMethod;
  requestedAt: string;
  approvedAt: string | null;
  refusedAt: string | null;
  receivedAt: string | null;
  refundedAt: string | null;
}

/** What the shopper's order page needs: the returns of the order and what may still be returned, until when. */
export interface OrderReturnsDto {
  returns: ReturnDto[];
  /** Null when a return can be asked for now; otherwise why not. */
  blocked: string | null;
  windowEndsAt: string | null;
  needsBankAccount: boolean;
  lines: { orderItemId: number; bookId: number; title: string; imageUrl: string | null; unitPrice: number; qty: number; returnable: number }[];
}

/** The steps of a return for a timeline: label and time, in order (refused ends it). */
export function returnSteps(r: Pick<ReturnDto, 'status' | 'requestedAt' | 'approvedAt' | 'refusedAt' | 'receivedAt' | 'refundedAt'>) {
  const steps: { key: string; label: string; at: string | null }[] = [{ key: 'REQUESTED', label: 'Đã gửi yêu cầu', at: r.requestedAt }];
  if (r.refusedAt) {
    steps.push({ key: 'REFUSED', label: 'Bị từ chối', at: r.refusedAt });
    return steps;
  }
  steps.push({ key: 'APPROVED', label: 'Đã duyệt', at: r.approvedAt });
  steps.push({ key: 'RECEIVED', label: 'Đã nhận hàng trả', at: r.receivedAt });
  steps.push({ key: 'REFUNDED', label: 'Đã hoàn tiền', at: r.refundedAt });
  return steps;
}

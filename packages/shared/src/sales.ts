import { z } from 'zod';
import { ERROR_CODES, type ErrorCode, type PageResult } from './envelope.ts';
import {
  CANCEL_REASON_MAX,
  canTransition,
  isOnlinePayment,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  PAYMENT_STATUSES,
  PAYMENT_METHODS,
  type DeliveryMethod,
  type OrderActorRole,
  type OrderHistoryType,
  type OrderItemDto,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
} from './orders.ts';
import { jsonId, jsonMoney, jsonMoneyAs, queryId, queryScalar, pageParam, sizeParam, text } from './input.ts';
import type { ShipmentDto } from './shipping.ts';
import { formatVnd } from './price.ts';
import type { SaleBankTransferDto } from './bank-transfer.ts';

/**
 * Sales back-office (spec sections 2 Sales, 3 Order (sale), 4 Order status and Payment status, 5 Sale order forms,
 * 7 Sales, 8 Sale, 9): the list query, the write payloads, the guards on top of the transition table, the payment
 * status rules, refunds and the DTOs. The server enforces every rule here; the web uses the same functions (and the
 * allowed* lists of the order DTO) to offer only what will pass.
 */

// ---------------------------------------------------------------------------------------------------------
// Messages

export const SALES_MESSAGES = {
  /** Spec section 8, Sale: a change outside the transition table. */
  transitionInvalid: 'Không thể chuyển trạng thái này do không đúng quy trình.',
  /** Spec section 8, Sale: what the web shows when a status change fails for another reason. */
  statusChangeFailed: 'Đổi trạng thái thất bại.',
  conflict: 'Đơn hàng vừa được người khác cập nhật. Vui lòng tải lại.',
  notFound: 'Không tìm thấy đơn hàng',
  shippingInfoRequired: 'Vui lòng cập nhật đơn vị vận chuyển và mã vận đơn trước khi chuyển sang Đang giao.',
  notPaid: 'Đơn hàng chưa được thanh toán nên chưa thể hoàn thành.',
  onlineNotPaid: 'Đơn thanh toán trực tuyến chưa được thanh toán nên chưa thể xác nhận.',
  cancelReasonRequired: 'Vui lòng nhập lý do huỷ đơn.',
  noteRequired: 'Vui lòng nhập nội dung ghi chú.',
  cancelAfterShipping: 'Không thể huỷ đơn hàng đã giao cho đơn vị vận chuyển.',
  alreadyCanceled: 'Đơn hàng đã bị huỷ trước đó.',
  shippingClosed: 'Không thể cập nhật vận chuyển cho đơn hàng đã huỷ hoặc đã hoàn thành.',
  shippedAtBeforeShipping: 'Chỉ nhập thời điểm giao cho vận chuyển khi đơn đã ở trạng thái Đang giao.',
  dateInFuture: 'Thời điểm không được ở tương lai.',
  dateBeforeOrder: 'Thời điểm không được trước lúc đặt hàng.',
  carrierRequired: 'Vui lòng nhập đơn vị vận chuyển.',
  trackingRequired: 'Vui lòng nhập mã vận đơn.',
  trackingInvalid: 'Mã vận đơn chỉ gồm chữ, số, khoảng trắng và . _ - /',
  feeInvalid: 'Phí vận chuyển phải là số nguyên từ 0 đến 10.000.000 ₫.',
  assigneeRequired: 'Mã nhân viên phải lớn hơn 0.',
  assigneeInvalid: 'Người được giao phải là nhân viên bán hàng hoặc quản trị viên đang hoạt động.',
  paymentUnchanged: 'Đơn hàng đã ở trạng thái thanh toán này.',
  paymentChangeInvalid: 'Không thể đổi trạng thái thanh toán này.',
  refundedViaRefund: 'Trạng thái Đã hoàn tiền được ghi nhận khi hoàn đủ tiền, qua chức năng Hoàn tiền.',
  paidOnCanceled: 'Đơn hàng đã huỷ nên không thể ghi nhận là đã thanh toán.',
  unpayNotAllowed: 'Chỉ huỷ được khoản thanh toán ghi nhận tay, chưa hoàn tiền, của đơn chưa hoàn thành.',
  refundNotAllowed: 'Chỉ hoàn tiền cho đơn đã thanh toán hoặc đang chờ hoàn tiền.',
  refundAmountRequired: 'Vui lòng nhập số tiền hoàn lớn hơn 0.',
  refundMethodRequired: 'Vui lòng chọn phương thức hoàn tiền.',
  gatewayRefundUnavailable: 'Đơn hàng không có giao dịch VNPAY thành công: hãy hoàn bằng tiền mặt hoặc chuyển khoản.',
  /** `{max}` is the amount still refundable. */
  refundTooMuch: (max: number) => `Số tiền hoàn vượt quá số tiền còn có thể hoàn (${formatVnd(max)}).`,
  /** `{detail}` is the gateway's text. */
  gatewayRefundFailed: (detail: string) => `VNPAY không thực hiện được yêu cầu hoàn tiền: ${detail}. Đơn hàng chưa thay đổi.`,
  gatewayUnreachable: 'Không kết nối được cổng thanh toán VNPAY. Đơn hàng chưa thay đổi, vui lòng thử lại sau.',
  // Success messages of the envelope.
  statusUpdated: 'Cập nhật trạng thái đơn hàng thành công',
  paymentUpdated: 'Cập nhật thanh toán thành công',
  shippingUpdated: 'Cập nhật vận chuyển thành công',
  assigned: 'Đã giao đơn hàng cho nhân viên',
  noteAdded: 'Đã thêm ghi chú',
  canceled: 'Đã huỷ đơn hàng',
  refunded: 'Đã ghi nhận hoàn tiền',
} as const;

/** Why a write is refused: a stable code and the Vietnamese text (`field` when it is about one form field). */
export interface RuleBlock {
  code: ErrorCode;
  message: string;
  field?: string;
}
const block = (code: ErrorCode, message: string, field?: string): RuleBlock => (field ? { code, message, field } : { code, message });

// ---------------------------------------------------------------------------------------------------------
// List: tabs, sorting, paging, filters

/** Default page size of the sales order table (the spec gives none; a back-office table shows more than 12). */
export const SALE_ORDERS_PAGE_SIZE = 20;
export const SALE_ORDERS_PAGE_SIZES = [10, 20, 50, 100] as const;
export const SALE_ORDERS_MAX_PAGE_SIZE = 100;

/** Spec section 9: 'createdAt,desc'. `total` is another name of grandTotal. */
export const SALE_ORDER_SORT_FIELDS = ['createdAt', 'grandTotal', 'total', 'code'] as const;
export type SaleOrderSortField = 'createdAt' | 'grandTotal' | 'code';
export interface SaleOrderSort {
  field: SaleOrderSortField;
  direction: 'asc' | 'desc';
}
export const SALE_ORDERS_DEFAULT_SORT = 'createdAt,desc';

/** 'createdAt,desc', 'total,asc', 'code' (asc by default except createdAt); undefined when not understood. */
export function parseSaleOrderSort(value: string | undefined): SaleOrderSort | undefined {
  const [rawField = '', rawDir] = (value ?? SALE_ORDERS_DEFAULT_SORT).split(',').map((s) => s.trim());
  const field = (SALE_ORDER_SORT_FIELDS as readonly string[]).find((f) => f.toLowerCase() === rawField.toLowerCase());
  if (!field) return undefined;
  const dir = rawDir?.toLowerCase();
  if (dir !== undefined && dir !== '' && dir !== 'asc' && dir !== 'desc') return undefined;
  const normal: SaleOrderSortField = field === 'total' ? 'grandTotal' : (field as SaleOrderSortField);
  return { field: normal, direction: (dir || (normal === 'createdAt' ? 'desc' : 'asc')) as 'asc' | 'desc' };
}

/** Tabs of /sale/orders; after a status change the list switches to the tab of the new status (spec section 4). */
export const SALE_ORDER_TABS: readonly { key: 'ALL' | OrderStatus; label: string; statuses: readonly OrderStatus[] }[] = [
  { key: 'ALL', label: 'Tất cả', statuses: [] },
  ...ORDER_STATUSES.filter((s) => s !== 'CANCELED' && s !== 'CANCEL_REQUESTED').map((s) => ({ key: s, label: ORDER_STATUS_LABELS[s], statuses: [s] })),
  { key: 'CANCEL_REQUESTED', label: ORDER_STATUS_LABELS.CANCEL_REQUESTED, statuses: ['CANCEL_REQUESTED'] },
  { key: 'CANCELED', label: ORDER_STATUS_LABELS.CANCELED, statuses: ['CANCELED'] },
];

/** Vietnam has no daylight saving time: a calendar day there is [00:00, 24:00) at UTC+7. */
export const VIETNAM_UTC_OFFSET_MINUTES = 7 * 60;
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The first instant of the day `ymd` (yyyy-mm-dd) in Asia/Ho_Chi_Minh; undefined for an impossible date. */
export function vietnamDayStart(ymd: string): Date | undefined {
  const m = YMD.exec(ymd);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = Date.UTC(y, mo - 1, d);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return undefined;
  return new Date(utc - VIETNAM_UTC_OFFSET_MINUTES * 60_000);
}

/** [start, end) of the inclusive day range from..to (either may be absent). */
export function vietnamDayRange(from?: string, to?: string): { start?: Date; end?: Date } {
  const start = from ? vietnamDayStart(from) : undefined;
  const last = to ? vietnamDayStart(to) : undefined;
  return { start, end: last ? new Date(last.getTime() + 24 * 3600_000) : undefined };
}

const scalar = queryScalar;
/** One value or a comma list (or repeated parameters), upper-cased, blanks dropped. */
const enumList = <T extends string>(values: readonly T[], name: string) =>
  z.preprocess(
    (v) => {
      const items = (Array.isArray(v) ? v : [v])
        .flatMap((x) => (typeof x === 'string' ? x.split(',') : []))
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean);
      return items.length ? [...new Set(items)] : undefined;
    },
    z.array(z.enum(values as [T, ...T[]], { error: `${name} phải là một trong ${values.join(', ')}.` })).max(20).optional(),
  );
/** A period's end before its start (from, to: days of a query). */
export const DAY_RANGE_REVERSED_MESSAGE = 'to (ngày kết thúc) phải sau hoặc bằng from (ngày bắt đầu).';

/** A query day (yyyy-mm-dd, a real date of the calendar), read as a day of Vietnam time. */
export const dayParam = (name: string) =>
  z.preprocess(
    scalar,
    text(name)
      .refine((s) => vietnamDayStart(s) !== undefined, `${name} phải là ngày dạng yyyy-mm-dd.`)
      .optional(),
  );

/** GET /api/v1/sales/orders (and /counts, which ignores page, size, sort and status). */
export const saleOrderListQuerySchema = z
  .object({
    page: pageParam(),
    size: sizeParam(SALE_ORDERS_PAGE_SIZE, SALE_ORDERS_MAX_PAGE_SIZE),
    sort: z.preprocess(scalar, text('sort').max(40).optional()),
    /** Order code, customer or receiver name (accents ignored), phone or e-mail. */
    q: z.preprocess(scalar, text('q').transform((s) => s.trim().slice(0, 128) || undefined).optional()),
    status: enumList(ORDER_STATUSES, 'status'),
    paymentStatus: enumList(PAYMENT_STATUSES, 'paymentStatus'),
    paymentMethod: enumList(PAYMENT_METHODS, 'paymentMethod'),
    assigneeId: queryId('assigneeId'),
    /** Inclusive days (yyyy-mm-dd) of Vietnam time. */
    from: dayParam('from'),
    to: dayParam('to'),
  })
  .transform((v, ctx) => {
    const sort = parseSaleOrderSort(v.sort);
    if (!sort) {
      ctx.addIssue({ code: 'custom', path: ['sort'], message: 'sort phải là createdAt, total, grandTotal hoặc code, kèm ,asc hoặc ,desc.' });
      return z.NEVER;
    }
    if (v.from && v.to && v.from > v.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: DAY_RANGE_REVERSED_MESSAGE });
      return z.NEVER;
    }
    return { ...v, sort };
  });
export type SaleOrderListQueryInput = z.input<typeof saleOrderListQuerySchema>;
export type SaleOrderListQuery = z.output<typeof saleOrderListQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// The facts the rules look at

/** What the rules below need to know about an order (the server fills it from the database). */
export interface SaleOrderFacts {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  grandTotal: number;
  /** The payment was recorded from the gateway (a VNPAY transaction number), not by staff. */
  paidThroughGateway: boolean;
  shippingCarrier: string | null;
  trackingCode: string | null;
  /** Sum of the refunds recorded (including one in progress at the gateway). */
  refundedAmount: number;
}

// ---------------------------------------------------------------------------------------------------------
// Order status: the spec's table plus the guards a real shop needs

/**
 * Why `to` is refused from this order, or null. On top of the transition table (spec section 4):
 * an online (VNPAY) order is CONFIRMED only once paid (unconfirmed unpaid ones are cancelled by the payment
 * deadline); SHIPPED needs the carrier and the tracking code recorded; COMPLETED needs the order PAID (a COD order
 * becomes PAID by itself on DELIVERED).
 */
export function statusChangeBlock(order: SaleOrderFacts, to: OrderStatus): RuleBlock | null {
  if (!canTransition(order.status, to)) return block(ERROR_CODES.orderTransitionInvalid, SALES_MESSAGES.transitionInvalid);
  if (to === 'CONFIRMED' && isOnlinePayment(order.paymentMethod) && order.paymentStatus !== 'PAID') {
    return block(ERROR_CODES.orderNotPaid, SALES_MESSAGES.onlineNotPaid);
  }
  if (to === 'SHIPPED' && !(order.shippingCarrier && order.trackingCode)) {
    return block(ERROR_CODES.shippingInfoRequired, SALES_MESSAGES.shippingInfoRequired);
  }
  if (to === 'COMPLETED' && order.paymentStatus !== 'PAID') return block(ERROR_CODES.orderNotPaid, SALES_MESSAGES.notPaid);
  return null;
}

/** Statuses this order may go to now (the web disables the others). */
export const allowedStatusChanges = (order: SaleOrderFacts): OrderStatus[] =>
  ORDER_TRANSITIONS[order.status].filter((to) => statusChangeBlock(order, to) === null);

/** Changes the table allows but a guard refuses, with the reason (shown next to the disabled option). */
export const blockedStatusChanges = (order: SaleOrderFacts): { status: OrderStatus; code: ErrorCode; message: string }[] =>
  ORDER_TRANSITIONS[order.status].flatMap((to) => {
    const b = statusChangeBlock(order, to);
    return b ? [{ status: to, code: b.code, message: b.message }] : [];
  });

/** Going to these needs a reason (kept as the order's cancel reason). */
export const REASON_REQUIRED_STATUSES = ['CANCELED', 'CANCEL_REQUESTED'] as const satisfies readonly OrderStatus[];

/** Staff may cancel (POST .../cancel or status CANCELED) from these: before the parcel leaves. */
export const STAFF_CANCELLABLE_STATUSES = ORDER_STATUSES.filter((s) => canTransition(s, 'CANCELED'));

export function cancelBlock(order: Pick<SaleOrderFacts, 'status'>): RuleBlock | null {
  if (order.status === 'CANCELED') return block(ERROR_CODES.orderTransitionInvalid, SALES_MESSAGES.alreadyCanceled);
  if (!canTransition(order.status, 'CANCELED')) return block(ERROR_CODES.orderTransitionInvalid, SALES_MESSAGES.cancelAfterShipping);
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Shipping

/** The shipping form is closed for these. */
export const SHIPPING_CLOSED_STATUSES = ['CANCELED', 'COMPLETED'] as const satisfies readonly OrderStatus[];
/** The hand-over time (shippedAt) can be given or corrected only once the parcel left. */
export const SHIPPED_STATUSES = ['SHIPPED', 'DELIVERED'] as const satisfies readonly OrderStatus[];
export const SHIPPING_FEE_MAX = 10_000_000;

/** Suggestions for the carrier field (free text is accepted). */
export const SHIPPING_CARRIERS = [
  'Giao Hàng Nhanh (GHN)',
  'Giao Hàng Tiết Kiệm (GHTK)',
  'Viettel Post',
  'VNPost',
  'J&T Express',
  'Ninja Van',
  'Ahamove',
  'Nhà Sách tự giao',
] as const;

export function shippingBlock(order: Pick<SaleOrderFacts, 'status'>, input: { shippedAt?: string | null }): RuleBlock | null {
  if ((SHIPPING_CLOSED_STATUSES as readonly OrderStatus[]).includes(order.status)) {
    return block(ERROR_CODES.orderTransitionInvalid, SALES_MESSAGES.shippingClosed);
  }
  if (input.shippedAt && !(SHIPPED_STATUSES as readonly OrderStatus[]).includes(order.status)) {
    return block(ERROR_CODES.validation, SALES_MESSAGES.shippedAtBeforeShipping, 'shippedAt');
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Payment status (sale view, spec section 4: UNPAID, PAID, REFUND_PENDING, REFUNDED; PENDING is an online payment
// under way)

export const SALE_PAYMENT_STATUSES = ['UNPAID', 'PAID', 'REFUND_PENDING', 'REFUNDED'] as const satisfies readonly PaymentStatus[];

/**
 * Changes staff may make with PUT .../payment (a part of the order process's PAYMENT_STATUS_CHANGES):
 * - UNPAID or PENDING -> PAID: cash collected (COD) or a bank transfer seen; not for a cancelled order.
 * - PAID -> REFUND_PENDING: money is owed back (e.g. a return agreed with the customer).
 * - REFUND_PENDING -> PAID: the refund is no longer owed; not for a cancelled order (its money must go back).
 * - PAID -> UNPAID: only to undo a payment recorded by hand by mistake: no gateway payment, no refund, order not
 *   completed.
 * REFUNDED is never set by hand: it follows from refunds (POST .../refund-manual) reaching the amount paid.
 */
export const MANUAL_PAYMENT_STATUS_CHANGES: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  UNPAID: ['PAID'],
  PENDING: ['PAID'],
  PAID: ['REFUND_PENDING', 'UNPAID'],
  REFUND_PENDING: ['PAID'],
  REFUNDED: [],
};

export function paymentChangeBlock(order: SaleOrderFacts, to: PaymentStatus): RuleBlock | null {
  const invalid = (message: string) => block(ERROR_CODES.paymentStatusInvalid, message);
  if (to === order.paymentStatus) return invalid(SALES_MESSAGES.paymentUnchanged);
  if (to === 'REFUNDED') return invalid(SALES_MESSAGES.refundedViaRefund);
  if (!MANUAL_PAYMENT_STATUS_CHANGES[order.paymentStatus].includes(to)) return invalid(SALES_MESSAGES.paymentChangeInvalid);
  if (to === 'PAID' && order.status === 'CANCELED') return invalid(SALES_MESSAGES.paidOnCanceled);
  if (to === 'UNPAID' && (order.paidThroughGateway || order.refundedAmount > 0 || order.status === 'COMPLETED')) {
    return invalid(SALES_MESSAGES.unpayNotAllowed);
  }
  return null;
}

export const allowedPaymentChanges = (order: SaleOrderFacts): PaymentStatus[] =>
  PAYMENT_STATUSES.filter((to) => paymentChangeBlock(order, to) === null);

// ---------------------------------------------------------------------------------------------------------
// Refunds

export const REFUND_METHODS = ['CASH', 'BANK_TRANSFER', 'GATEWAY'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  CASH: 'Tiền mặt',
  BANK_TRANSFER: 'Chuyển khoản',
  GATEWAY: 'Hoàn qua VNPAY',
};
/** A gateway refund is PENDING while VNPAY is being asked; cash and transfers are DONE at once. */
export const REFUND_STATUSES = ['PENDING', 'DONE'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const REFUNDABLE_PAYMENT_STATUSES = ['PAID', 'REFUND_PENDING'] as const satisfies readonly PaymentStatus[];

/** Money received for the order: its grand total once paid (payments are always of the whole amount). */
export const paidAmountOf = (order: Pick<SaleOrderFacts, 'paymentStatus' | 'grandTotal'>): number =>
  order.paymentStatus === 'PAID' || order.paymentStatus === 'REFUND_PENDING' || order.paymentStatus === 'REFUNDED' ? order.grandTotal : 0;

/** What can still be refunded now. */
export const refundableAmount = (order: SaleOrderFacts): number =>
  (REFUNDABLE_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(order.paymentStatus) ? Math.max(0, paidAmountOf(order) - order.refundedAmount) : 0;

/** Why a refund of `amount` by `method` is refused, or null. */
export function refundBlock(order: SaleOrderFacts, amount: number, method: RefundMethod): RuleBlock | null {
  if (!(REFUNDABLE_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(order.paymentStatus)) {
    return block(ERROR_CODES.refundNotAllowed, SALES_MESSAGES.refundNotAllowed);
  }
  if (method === 'GATEWAY' && !(order.paymentMethod === 'VNPAY' && order.paidThroughGateway)) {
    return block(ERROR_CODES.refundNotAllowed, SALES_MESSAGES.gatewayRefundUnavailable, 'method');
  }
  const max = refundableAmount(order);
  if (amount > max) return block(ERROR_CODES.validation, SALES_MESSAGES.refundTooMuch(max), 'amount');
  return null;
}

export const allowedRefundMethods = (order: SaleOrderFacts): RefundMethod[] =>
  refundableAmount(order) > 0 ? REFUND_METHODS.filter((m) => refundBlock(order, 1, m) === null) : [];

// ---------------------------------------------------------------------------------------------------------
// Payloads (spec section 7, Sales; section 5, Sale order forms). `version` is optional everywhere: when given and
// the order changed since, the write is refused with 409 ORDER_CONFLICT.

const VERSION_MESSAGE = 'version (phiên bản đơn hàng) phải là số nguyên dương.';
const versionField = jsonId(VERSION_MESSAGE).optional();
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/** `label` is the field's Vietnamese name (the message names the field). */
const instant = (label: string) =>
  z.preprocess(blankToNull, z.iso.datetime({ offset: true, error: `${label} phải là thời điểm ISO 8601 (ví dụ 2025-03-14T09:30:00+07:00).` }).nullish());

export const SALE_NOTE_MAX = 1000;
const optionalNote = text('Ghi chú', { multiline: true })
  .trim()
  .max(SALE_NOTE_MAX, `Ghi chú tối đa ${SALE_NOTE_MAX} ký tự.`)
  .nullish()
  .transform((v) => (v ? v : undefined));

/** Fields of the sale forms that hold numbers: the forms turn their strings into numbers (formNumbers) before parsing. */
export const SALE_NUMBER_FIELDS = ['amount', 'fee', 'assigneeId'] as const;

/** PUT .../{id}/status. `note` is required (as the reason) for CANCELED and CANCEL_REQUESTED. */
export const saleStatusChangeSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'Trạng thái đơn hàng không hợp lệ.' }),
  note: optionalNote,
  version: versionField,
});
export type SaleStatusChangeInput = z.input<typeof saleStatusChangeSchema>;
export type SaleStatusChange = z.output<typeof saleStatusChangeSchema>;

/** PUT .../{id}/payment. paidAt (only with PAID) defaults to now. */
export const salePaymentChangeSchema = z.object({
  paymentStatus: z.enum(PAYMENT_STATUSES, { error: 'Trạng thái thanh toán không hợp lệ.' }),
  paidAt: instant('Thời điểm thanh toán'),
  note: optionalNote,
  version: versionField,
});
export type SalePaymentChangeInput = z.input<typeof salePaymentChangeSchema>;
export type SalePaymentChange = z.output<typeof salePaymentChangeSchema>;

/** PUT .../{id}/shipping. fee: what the carrier charges the shop (the customer's shipping fee is fixed at order time). */
export const saleShippingSchema = z.object({
  fee: jsonMoney('Phí vận chuyển', { min: 0, max: SHIPPING_FEE_MAX, message: SALES_MESSAGES.feeInvalid }).nullish(),
  shippingCarrier: text('Đơn vị vận chuyển', { error: SALES_MESSAGES.carrierRequired }).trim().min(1, SALES_MESSAGES.carrierRequired).max(100, 'Đơn vị vận chuyển tối đa 100 ký tự.'),
  trackingCode: text('Mã vận đơn', { error: SALES_MESSAGES.trackingRequired })
    .trim()
    .min(1, SALES_MESSAGES.trackingRequired)
    .max(64, 'Mã vận đơn tối đa 64 ký tự.')
    .regex(/^[\p{L}\p{N} ._\-/]+$/u, SALES_MESSAGES.trackingInvalid),
  shippedAt: instant('Thời điểm giao vận chuyển'),
  version: versionField,
});
export type SaleShippingInput = z.input<typeof saleShippingSchema>;
export type SaleShipping = z.output<typeof saleShippingSchema>;

/** PUT .../{id}/assign (spec section 5: assignee id > 0). */
export const saleAssignSchema = z.object({
  assigneeId: jsonId(SALES_MESSAGES.assigneeRequired),
  version: versionField,
});
export type SaleAssignInput = z.input<typeof saleAssignSchema>;
export type SaleAssign = z.output<typeof saleAssignSchema>;

/** POST .../{id}/notes (spec section 5: non-blank). */
export const saleNoteSchema = z.object({
  note: text('Ghi chú', { multiline: true, error: SALES_MESSAGES.noteRequired })
    .trim()
    .min(1, SALES_MESSAGES.noteRequired)
    .max(SALE_NOTE_MAX, `Ghi chú tối đa ${SALE_NOTE_MAX} ký tự.`),
});
export type SaleNoteInput = z.input<typeof saleNoteSchema>;
export type SaleNote = z.output<typeof saleNoteSchema>;

/** POST .../{id}/cancel (spec section 5: non-blank reason). */
export const saleCancelSchema = z.object({
  reason: text('Lý do huỷ', { multiline: true, error: SALES_MESSAGES.cancelReasonRequired })
    .trim()
    .min(1, SALES_MESSAGES.cancelReasonRequired)
    .max(CANCEL_REASON_MAX, `Lý do huỷ tối đa ${CANCEL_REASON_MAX} ký tự.`),
  version: versionField,
});
export type SaleCancelInput = z.input<typeof saleCancelSchema>;
export type SaleCancel = z.output<typeof saleCancelSchema>;

/** POST .../{id}/refund-manual (spec section 5: amount and method needed). */
export const saleRefundSchema = z.object({
  amount: jsonMoneyAs(
    SALES_MESSAGES.refundAmountRequired,
    z
      .number()
      .int('Số tiền hoàn phải là số nguyên (đồng).')
      .positive(SALES_MESSAGES.refundAmountRequired)
      .max(1_000_000_000, SALES_MESSAGES.refundAmountRequired),
  ),
  method: z.enum(REFUND_METHODS, { error: SALES_MESSAGES.refundMethodRequired }),
  note: optionalNote,
  version: versionField,
});
export type SaleRefundInput = z.input<typeof saleRefundSchema>;
export type SaleRefund = z.output<typeof saleRefundSchema>;

// ---------------------------------------------------------------------------------------------------------
// DTOs

/** A row of the sales order table (spec section 3, Order (sale)). */
export interface SaleOrderSummaryDto {
  id: number;
  code: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  deliveryMethod: DeliveryMethod;
  /** = grandTotal (the spec's name). */
  total: number;
  grandTotal: number;
  subtotal: number;
  shippingFee: number;
  /** = discountTotal (the spec's name). */
  discount: number;
  discountTotal: number;
  /** The voucher used, its money off (part of discountTotal) and the shipping fee it waived. */
  voucherCode: string | null;
  voucherDiscount: number;
  shippingDiscount: number;
  createdAt: string;
  updatedAt: string;
  assigneeId: number | null;
  assigneeName: string | null;
  /** The ordering account (null once hard-deleted); name, e-mail and phone fall back to the receiver's. */
  customerId: number | null;
  customerName: string;
  customerEmail: string | null;
  customerPhone: string | null;
  receiverName: string;
  receiverPhone: string;
  /** Distinct lines. */
  itemCount: number;
  totalQuantity: number;
  firstItemTitle: string | null;
  version: number;
}
export type SaleOrderPage = PageResult<SaleOrderSummaryDto>;

/** GET /api/v1/sales/orders/counts: orders per status under the same filters (except status). */
export interface SaleOrderCountsDto {
  total: number;
  byStatus: Record<OrderStatus, number>;
}

export interface SaleShippingAddressDto {
  receiverName: string;
  receiverPhone: string;
  receiverEmail: string | null;
  line1: string;
  /** Not collected by the address form (spec section 3 names it); always null for now. */
  line2: string | null;
  ward: string;
  district: string;
  province: string;
  /** line1, ward, district, province in one line. */
  addressLine: string;
}

export interface SaleShippingDto {
  deliveryMethod: DeliveryMethod;
  /** What the carrier charges the shop (null until recorded); the customer's fee is the order's shippingFee. */
  fee: number | null;
  shippingCarrier: string | null;
  trackingCode: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  updatedAt: string | null;
}

export interface SaleOrderNoteDto {
  id: number;
  note: string;
  authorId: number | null;
  authorName: string | null;
  createdAt: string;
}

export interface SaleRefundDto {
  id: number;
  amount: number;
  method: RefundMethod;
  status: RefundStatus;
  /** The gateway's transaction number of the refund (GATEWAY only). */
  gatewayRef: string | null;
  note: string | null;
  actorId: number | null;
  actorName: string | null;
  createdAt: string;
}

export interface SaleOrderHistoryDto {
  id: number;
  at: string;
  actorId: number | null;
  /** Null for the system (expiry job, gateway). */
  actorName: string | null;
  actorRole: OrderActorRole;
  type: OrderHistoryType;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus | null;
  note: string | null;
}

/** GET /api/v1/sales/orders/{id}, also the answer of every write. */
export interface SaleOrderDto extends SaleOrderSummaryDto {
  taxTotal: number;
  /** The carrier's shipment (with the label's address), once created; null with the flat provider or before. */
  shipment: ShipmentDto | null;
  items: OrderItemDto[];
  /** The customer's note at checkout. */
  note: string | null;
  cancelReason: string | null;
  shippingAddress: SaleShippingAddressDto;
  shipping: SaleShippingDto;
  confirmedAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  completedAt: string | null;
  canceledAt: string | null;
  paidAt: string | null;
  paymentExpiresAt: string | null;
  /** VNPAY transaction number of the payment, when paid online. */
  paymentTransactionNo: string | null;
  paidAmount: number;
  refundedAmount: number;
  refundableAmount: number;
  notes: SaleOrderNoteDto[];
  refunds: SaleRefundDto[];
  /** Bank transfers notified for this order (BANK_TRANSFER), newest first; those not applied need staff. */
  bankTransfers: SaleBankTransferDto[];
  history: SaleOrderHistoryDto[];
  /** What the forms may offer now (the server refuses anything else). */
  allowedTransitions: OrderStatus[];
  blockedTransitions: { status: OrderStatus; code: ErrorCode; message: string }[];
  allowedPaymentStatuses: PaymentStatus[];
  allowedRefundMethods: RefundMethod[];
  canCancel: boolean;
  canEditShipping: boolean;
  /** The shop's carrier creates shipments by API; false with the flat tariff (staff type the tracking code). */
  shipsByCarrier: boolean;
  /** "Tạo vận đơn" may be offered: shipsByCarrier, confirmed and not yet shipped, no shipment yet. */
  canCreateShipment: boolean;
}

/** An enabled SALE or ADMIN account, for the assignee select (GET /api/v1/sales/staff). */
export interface SaleStaffDto {
  id: number;
  username: string;
  fullName: string | null;
  role: 'SALE' | 'ADMIN';
}

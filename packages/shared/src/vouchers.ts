import { formatDateTimeVN } from './datetime.ts';
import type { PageResult } from './envelope.ts';
import { formatVnd } from './price.ts';


/**
 * Vouchers (discount codes): kinds, the refusal messages, the one rule that decides whether a code applies to a
 * selection and how much it takes off (server and web both use it; the server enforces it), the admin payloads and
 * the DTOs. Stacking (docs/decisions.md): one code per order, on top of the books' sale prices; a money discount
 * applies to the selected goods (after sale prices), free shipping zeroes the fee; amounts are whole đồng.
 */

type Instant = Date | string | number;
const ms = (v: Instant): number => (v instanceof Date ? v.getTime() : typeof v === 'number' ? v : Date.parse(v));

export const VOUCHER_KINDS = ['PERCENT', 'FIXED', 'FREE_SHIPPING'] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];
export const VOUCHER_KIND_LABELS: Record<VoucherKind, string> = {
  PERCENT: 'Giảm theo %',
  FIXED: 'Giảm số tiền',
  FREE_SHIPPING: 'Miễn phí vận chuyển',
};

export const VOUCHER_CODE_MIN = 3;
export const VOUCHER_CODE_MAX = 32;
export const VOUCHER_NAME_MAX = 120;
export const VOUCHER_CATEGORIES_MAX = 50;
export const VOUCHER_PAGE_SIZE = 20;
/** Letters A-Z, digits, '-' and '_' once normalised. */
export const VOUCHER_CODE_PATTERN = /^[A-Z0-9_-]+$/;

/** Codes are compared normalised: spaces removed, upper case ('  sach 10 ' is 'SACH10'). */
export const normalizeVoucherCode = (code: string): string => code.replace(/\s+/g, '').toUpperCase();

export const VOUCHER_MESSAGES = {
  required: 'Vui lòng nhập mã giảm giá.',
  unknown: 'Mã giảm giá không tồn tại.',
  inactive: 'Mã giảm giá đã ngừng áp dụng.',
  notStarted: (startsAt: Instant) => `Mã giảm giá chưa đến thời gian áp dụng (bắt đầu từ ${formatDateTimeVN(startsAt)}).`,
  expired: (endsAt: Instant) => `Mã giảm giá đã hết hạn (kết thúc lúc ${formatDateTimeVN(endsAt)}).`,
  usedUp: 'Mã giảm giá đã hết lượt sử dụng.',
  customerLimit: 'Bạn đã dùng hết số lần được phép cho mã giảm giá này.',
  minSubtotal: (min: number, missing: number) =>
    `Đơn hàng chưa đạt giá trị tối thiểu ${formatVnd(min)} để dùng mã này (cần mua thêm ${formatVnd(missing)}).`,
  notForBooks: 'Mã giảm giá không áp dụng cho các sách đã chọn.',
  nothingSelected: 'Hãy chọn sản phẩm trước khi áp dụng mã giảm giá.',
  codeTaken: 'Mã giảm giá này đã tồn tại.',
  notFound: 'Không tìm thấy mã giảm giá.',
} as const;

export type VoucherRefusal =
  | 'UNKNOWN'
  | 'INACTIVE'
  | 'NOT_STARTED'
  | 'EXPIRED'
  | 'USED_UP'
  | 'CUSTOMER_LIMIT'
  | 'NOTHING_SELECTED'
  | 'NOT_FOR_BOOKS'
  | 'MIN_SUBTOTAL';

/** What the rule needs of a voucher. */
export interface VoucherTerms {
  kind: VoucherKind;
  /** PERCENT: 1..100; FIXED: đồng off; FREE_SHIPPING: 0. */
  value: number;
  /** PERCENT only: the most it takes off; null is no cap. */
  maxDiscount: number | null;
  /** The eligible selected goods must reach this (after sale prices). */
  minSubtotal: number;
  startsAt: Instant;
  /** The code works until this instant (excluded). */
  endsAt: Instant;
  /** null: no limit. */
  totalUses: number | null;
  perCustomerLimit: number | null;
  usedCount: number;
  active: boolean;
  /** Empty: every book. Otherwise the categories (with their subcategories) whose books count. */
  categoryIds: readonly number[];
}

/** A selected line as the rule sees it: what the shopper pays for it and its book's categories. */
export interface VoucherLine {
  lineTotal: number;
  categoryIds: readonly number[];
}

export interface VoucherEffect {
  /** Đồng off the goods (0 for free shipping). */
  discount: number;
  freeShipping: boolean;
}

export type VoucherCheck =
  | ({ ok: true; eligibleSubtotal: number } & VoucherEffect)
  | { ok: false; reason: VoucherRefusal; message: string };

const refuse = (reason: VoucherRefusal, message: string): VoucherCheck => ({ ok: false, reason, message });

/**
 * Whether the voucher applies to these selected lines for a customer who has used it `customerUses` times, and
 * what it takes off. The money off is computed on the eligible lines only (all of them when the voucher names no
 * category), rounded to whole đồng, and never more than they cost. Checks in this order: switched off, not started,
 * over, used up, the customer's own limit, nothing selected, no eligible line, minimum not reached.
 */
export function evaluateVoucher(
  v: VoucherTerms,
  lines: readonly VoucherLine[],
  ctx: { now?: Instant; customerUses: number },
): VoucherCheck {
  const now = ms(ctx.now ?? Date.now());
  if (!v.active) return refuse('INACTIVE', VOUCHER_MESSAGES.inactive);
  if (ms(v.startsAt) > now) return refuse('NOT_STARTED', VOUCHER_MESSAGES.notStarted(v.startsAt));
  if (ms(v.endsAt) <= now) return refuse('EXPIRED', VOUCHER_MESSAGES.expired(v.endsAt));
  if (v.totalUses !== null && v.usedCount >= v.totalUses) return refuse('USED_UP', VOUCHER_MESSAGES.usedUp);
  if (v.perCustomerLimit !== null && ctx.customerUses >= v.perCustomerLimit) return refuse('CUSTOMER_LIMIT', VOUCHER_MESSAGES.customerLimit);
  if (lines.length === 0) return refuse('NOTHING_SELECTED', VOUCHER_MESSAGES.nothingSelected);
  const wanted = new Set(v.categoryIds);
  const eligible = wanted.size === 0 ? lines : lines.filter((l) => l.categoryIds.some((c) => wanted.has(c)));
  if (eligible.length === 0) return refuse('NOT_FOR_BOOKS', VOUCHER_MESSAGES.notForBooks);
  const eligibleSubtotal = eligible.reduce((n, l) => n + l.lineTotal, 0);
  if (eligibleSubtotal < v.minSubtotal) return refuse('MIN_SUBTOTAL', VOUCHER_MESSAGES.minSubtotal(v.minSubtotal, v.minSubtotal - eligibleSubtotal));
  return { ok: true, eligibleSubtotal, ...voucherEffect(v, eligibleSubtotal) };
}

/** The money off for an eligible subtotal (no checks): percent rounded to whole đồng and capped, fixed capped by the goods. */
export function voucherEffect(v: Pick<VoucherTerms, 'kind' | 'value' | 'maxDiscount'>, eligibleSubtotal: number): VoucherEffect {
  if (v.kind === 'FREE_SHIPPING') return { discount: 0, freeShipping: true };
  const raw = v.kind === 'PERCENT' ? Math.round((eligibleSubtotal * v.value) / 100) : v.value;
  const capped = v.kind === 'PERCENT' && v.maxDiscount !== null ? Math.min(raw, v.maxDiscount) : raw;
  return { discount: Math.max(0, Math.min(capped, eligibleSubtotal)), freeShipping: false };
}

/** One line describing what a voucher gives: 'Giảm 10% (tối đa 50.000 ₫)', 'Giảm 30.000 ₫', 'Miễn phí vận chuyển'. */
export function describeVoucher(v: Pick<VoucherTerms, 'kind' | 'value' | 'maxDiscount' | 'minSubtotal'>): string {
  const base =
    v.kind === 'PERCENT'
      ? `Giảm ${v.value}%${v.maxDiscount !== null ? ` (tối đa ${formatVnd(v.maxDiscount)})` : ''}`
      : v.kind === 'FIXED'
        ? `Giảm ${formatVnd(v.value)}`
        : 'Miễn phí vận chuyển';
  return v.minSubtotal > 0 ? `${base} cho đơn từ ${formatVnd(v.minSubtotal)}` : base;
}


// ---------------------------------------------------------------------------------------------------------
// DTOs

/** The voucher a cart carries, as the cart and checkout show it. */
export interface CartVoucherDto {
  code: string;
  name: string;
  kind: VoucherKind;
  description: string;
  /** True when it applies to the selection as it is now; otherwise `message` says why not and nothing is taken off. */
  applicable: boolean;
  message: string | null;
  discount: number;
  freeShipping: boolean;
}

/** A code the customer may pick at checkout, with whether it fits the current selection. */
export interface AvailableVoucherDto {
  code: string;
  name: string;
  kind: VoucherKind;
  description: string;
  endsAt: string;
  /** The categories it is limited to (empty: every book). */
  categories: string[];
  applicable: boolean;
  /** Why it does not apply now (null when it does). */
  reason: string | null;
  /** What it would take off the current selection (0 when not applicable or free shipping). */
  discount: number;
  freeShipping: boolean;
}

export const VOUCHER_LIST_STATUSES = ['RUNNING', 'UPCOMING', 'ENDED', 'INACTIVE'] as const;
export type VoucherListStatus = (typeof VOUCHER_LIST_STATUSES)[number];
export const VOUCHER_STATUS_LABELS: Record<VoucherListStatus, string> = {
  RUNNING: 'Đang chạy',
  UPCOMING: 'Sắp diễn ra',
  ENDED: 'Đã kết thúc',
  INACTIVE: 'Đã tắt',
};

/** Where a voucher stands at `now`. */
export function voucherStatus(v: { active: boolean; startsAt: Instant; endsAt: Instant }, now: Instant = Date.now()): VoucherListStatus {
  if (!v.active) return 'INACTIVE';
  if (ms(v.startsAt) > ms(now)) return 'UPCOMING';
  if (ms(v.endsAt) <= ms(now)) return 'ENDED';
  return 'RUNNING';
}

/** GET /api/v1/admin/vouchers: q on code and name, status filter, newest first. */
export interface AdminVoucherDto {
  id: number;
  code: string;
  name: string;
  kind: VoucherKind;
  value: number;
  maxDiscount: number | null;
  minSubtotal: number;
  startsAt: string;
  endsAt: string;
  totalUses: number | null;
  perCustomerLimit: number | null;
  usedCount: number;
  active: boolean;
  status: VoucherListStatus;
  description: string;
  categories: { id: number; name: string }[];
  createdAt: string;
  updatedAt: string;
}
export type AdminVoucherPage = PageResult<AdminVoucherDto>;

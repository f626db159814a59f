import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.ts';
import { formatDateTimeVN, parseDateTimeVN } from './datetime.ts';
import type { PageResult } from './envelope.ts';
import { INT32_MAX, jsonId, pageParam, queryScalar, sizeParam, text } from './input.ts';
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
// Shopper payloads and DTOs

/** A code as typed: any case, spaces allowed; normalised before it is looked up. */
export const voucherCodeInput = text('Mã giảm giá', { error: VOUCHER_MESSAGES.required })
  .max(64, VOUCHER_MESSAGES.unknown)
  .transform(normalizeVoucherCode)
  .pipe(z.string().min(1, VOUCHER_MESSAGES.required));

/** PUT /api/v1/cart/voucher. */
export const applyVoucherSchema = z.object({ voucherCode: voucherCodeInput });
export type ApplyVoucherInput = z.input<typeof applyVoucherSchema>;

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

// ---------------------------------------------------------------------------------------------------------
// Admin payloads and DTOs

const money = (label: string) =>
  z
    .number({ error: `Vui lòng nhập ${label.toLowerCase()} (số nguyên, đơn vị đồng).` })
    .int(`${label} phải là số nguyên.`)
    .min(0, `${label} không được âm.`)
    .max(INT32_MAX, `${label} quá lớn.`);
const usesMessage = (label: string) => `${label} phải là số nguyên từ 1 trở lên (để trống: không giới hạn).`;
const uses = (label: string) =>
  z.number({ error: usesMessage(label) }).int(usesMessage(label)).min(1, usesMessage(label)).max(INT32_MAX, usesMessage(label)).nullable();

const codeField = text('Mã giảm giá', { error: 'Vui lòng nhập mã giảm giá.' })
  .transform(normalizeVoucherCode)
  .pipe(
    z
      .string()
      .min(VOUCHER_CODE_MIN, `Mã giảm giá từ ${VOUCHER_CODE_MIN} đến ${VOUCHER_CODE_MAX} ký tự.`)
      .max(VOUCHER_CODE_MAX, `Mã giảm giá từ ${VOUCHER_CODE_MIN} đến ${VOUCHER_CODE_MAX} ký tự.`)
      .regex(VOUCHER_CODE_PATTERN, 'Mã giảm giá chỉ gồm chữ không dấu, số, dấu gạch ngang và gạch dưới.'),
  );

const instantMessage = (label: string) => `${label} phải là thời điểm ISO 8601 có múi giờ.`;
const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: instantMessage(label) }).transform((s) => new Date(s));

/** The fields shared by the API payload and the admin form, before their dates. */
const voucherFields = {
  code: codeField,
  name: text('Tên chương trình', { error: 'Vui lòng nhập tên chương trình.' })
    .trim()
    .min(1, 'Vui lòng nhập tên chương trình.')
    .max(VOUCHER_NAME_MAX, `Tên chương trình tối đa ${VOUCHER_NAME_MAX} ký tự.`),
  kind: z.enum(VOUCHER_KINDS, { error: 'Loại giảm giá phải là PERCENT, FIXED hoặc FREE_SHIPPING.' }),
  value: z
    .number({ error: 'Vui lòng nhập mức giảm.' })
    .int('Mức giảm phải là số nguyên.')
    .min(0, 'Mức giảm không được âm.')
    .max(INT32_MAX, 'Mức giảm quá lớn.'),
  maxDiscount: money('Giảm tối đa').nullable().default(null),
  minSubtotal: money('Giá trị đơn tối thiểu').default(0),
  totalUses: uses('Tổng lượt dùng').default(null),
  perCustomerLimit: uses('Lượt dùng mỗi khách').default(1),
  categoryIds: z
    .array(jsonId('Mã danh mục không hợp lệ.'), { error: 'categoryIds phải là danh sách mã danh mục.' })
    .max(VOUCHER_CATEGORIES_MAX, `Chọn tối đa ${VOUCHER_CATEGORIES_MAX} danh mục.`)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  active: z.boolean({ error: 'active phải là true hoặc false.' }).default(true),
};

interface VoucherRuleFields {
  kind: VoucherKind;
  value: number;
  maxDiscount: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
}

/**
 * The rules across fields: percent 1..100, a fixed amount above 0, free shipping has no value, a cap only for a
 * percent; the end after the start. A date that failed to parse (null) is reported by its own field and skipped
 * here, never compared.
 */
export function refineVoucherRules(v: VoucherRuleFields, ctx: z.RefinementCtx): void {
  if (v.kind === 'PERCENT' && (v.value < 1 || v.value > 100)) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'Phần trăm giảm phải từ 1 đến 100.' });
  }
  if (v.kind === 'FIXED' && v.value < 1) ctx.addIssue({ code: 'custom', path: ['value'], message: 'Số tiền giảm phải lớn hơn 0.' });
  if (v.kind === 'FREE_SHIPPING' && v.value !== 0) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'Mã miễn phí vận chuyển không có mức giảm (để 0).' });
  }
  if (v.kind !== 'PERCENT' && v.maxDiscount !== null) {
    ctx.addIssue({ code: 'custom', path: ['maxDiscount'], message: 'Chỉ mã giảm theo % mới có mức giảm tối đa.' });
  }
  const start = v.startsAt instanceof Date ? v.startsAt.getTime() : NaN;
  const end = v.endsAt instanceof Date ? v.endsAt.getTime() : NaN;
  if (Number.isFinite(start) && Number.isFinite(end) && end <= start) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Thời gian kết thúc phải sau thời gian bắt đầu.' });
  }
}

/** POST and PUT /api/v1/admin/vouchers: every field (PUT replaces them all); dates are ISO 8601 instants. */
export const voucherInputSchema = z
  .object({
    ...voucherFields,
    startsAt: instant('Thời gian bắt đầu'),
    endsAt: instant('Thời gian kết thúc'),
  })
  .superRefine(refineVoucherRules);
export type VoucherInput = z.input<typeof voucherInputSchema>;
export type VoucherValues = z.output<typeof voucherInputSchema>;

const vnDateTimeField = (label: string) =>
  z
    .string({ error: `Vui lòng nhập ${label.toLowerCase()}.` })
    .trim()
    .min(1, `Vui lòng nhập ${label.toLowerCase()}.`)
    .transform((s, ctx) => {
      const d = parseDateTimeVN(s);
      if (!d) ctx.addIssue({ code: 'custom', message: `${label} phải có dạng dd/mm/yyyy HH:mm (giờ Việt Nam).` });
      return d;
    });

/**
 * The admin form: numbers already converted (formNumbers), dates typed as 'dd/mm/yyyy HH:mm' in Vietnam time.
 * A date that does not parse is an issue on its field and null to the cross-field rules (they skip it).
 */
export const voucherFormSchema = z
  .object({
    ...voucherFields,
    startsAt: vnDateTimeField('Thời gian bắt đầu'),
    endsAt: vnDateTimeField('Thời gian kết thúc'),
  })
  .superRefine(refineVoucherRules);
export type VoucherFormValues = z.input<typeof voucherFormSchema>;

/** PUT /api/v1/admin/vouchers/:id/active. */
export const voucherActiveSchema = z.object({ active: z.boolean({ error: 'active phải là true hoặc false.' }) });

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
export const adminVoucherListQuerySchema = z.object({
  q: z.preprocess(queryScalar, text('Từ khoá').trim().max(64, 'Từ khoá tối đa 64 ký tự.').optional()),
  status: z.preprocess(
    (v) => (typeof queryScalar(v) === 'string' ? String(queryScalar(v)).toUpperCase() : queryScalar(v)),
    z.enum(VOUCHER_LIST_STATUSES, { error: 'status phải là RUNNING, UPCOMING, ENDED hoặc INACTIVE.' }).optional(),
  ),
  page: pageParam(),
  size: sizeParam(VOUCHER_PAGE_SIZE, MAX_PAGE_SIZE),
});
export type AdminVoucherListQuery = z.output<typeof adminVoucherListQuerySchema>;

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

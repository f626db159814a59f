// The voucher requests' schemas, apart from vouchers.ts (rules, labels and DTOs, which the web app's checkout
// imports without loading Zod).
import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.ts';
import { parseDateTimeVN } from './datetime.ts';
import { INT32_MAX, jsonId, pageParam, queryScalar, sizeParam, text } from './input.ts';
import {
  normalizeVoucherCode,
  VOUCHER_CATEGORIES_MAX,
  VOUCHER_CODE_MAX,
  VOUCHER_CODE_MIN,
  VOUCHER_CODE_PATTERN,
  VOUCHER_KINDS,
  VOUCHER_LIST_STATUSES,
  VOUCHER_MESSAGES,
  VOUCHER_NAME_MAX,
  VOUCHER_PAGE_SIZE,
  type VoucherKind,
} from './vouchers.ts';

// Shopper payloads

/** A code as typed: any case, spaces allowed; normalised before it is looked up. */
export const voucherCodeInput = text('Mã giảm giá', { error: VOUCHER_MESSAGES.required })
  .max(64, VOUCHER_MESSAGES.unknown)
  .transform(normalizeVoucherCode)
  .pipe(z.string().min(1, VOUCHER_MESSAGES.required));

/** PUT /api/v1/cart/voucher. */
export const applyVoucherSchema = z.object({ voucherCode: voucherCodeInput });
export type ApplyVoucherInput = z.input<typeof applyVoucherSchema>;

// ---------------------------------------------------------------------------------------------------------
// Admin payloads

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

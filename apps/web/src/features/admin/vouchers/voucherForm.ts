import { formatDateTimeVN, formatVnd, formNumbers, type AdminVoucherDto, type VoucherKind } from '@nhasach/shared';

/** 50000 -> '50.000', as admins type money. */
const moneyText = (n: number) => formatVnd(n).replace(/\s*₫$/, '');

/** The admin voucher form as typed: strings, dates as 'dd/mm/yyyy HH:mm' (Vietnam time). */
export interface VoucherFormFields {
  code: string;
  name: string;
  kind: VoucherKind;
  value: string;
  maxDiscount: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  totalUses: string;
  perCustomerLimit: string;
  categoryIds: number[];
  active: boolean;
}

const HOUR = 60 * 60 * 1000;

export function emptyVoucherForm(now = Date.now()): VoucherFormFields {
  // Starts at the next whole hour, runs for 30 days.
  const start = Math.ceil(now / HOUR) * HOUR;
  return {
    code: '',
    name: '',
    kind: 'PERCENT',
    value: '',
    maxDiscount: '',
    minSubtotal: '0',
    startsAt: formatDateTimeVN(start),
    endsAt: formatDateTimeVN(start + 30 * 24 * HOUR),
    totalUses: '',
    perCustomerLimit: '1',
    categoryIds: [],
    active: true,
  };
}

export function voucherToForm(v: AdminVoucherDto): VoucherFormFields {
  return {
    code: v.code,
    name: v.name,
    kind: v.kind,
    value: v.kind === 'PERCENT' ? String(v.value) : moneyText(v.value),
    maxDiscount: v.maxDiscount === null ? '' : moneyText(v.maxDiscount),
    minSubtotal: moneyText(v.minSubtotal),
    startsAt: formatDateTimeVN(v.startsAt),
    endsAt: formatDateTimeVN(v.endsAt),
    totalUses: v.totalUses === null ? '' : String(v.totalUses),
    perCustomerLimit: v.perCustomerLimit === null ? '' : String(v.perCustomerLimit),
    categoryIds: v.categories.map((c) => c.id),
    active: v.active,
  };
}

const MONEY_FIELDS = ['value', 'maxDiscount', 'minSubtotal'] as const;
const NUMBER_FIELDS = [...MONEY_FIELDS, 'totalUses', 'perCustomerLimit'];

/**
 * What the shared form schema reads: money may be typed with thousands dots ('50.000'); blank limits are null
 * (no limit), a blank minimum is 0; the kind decides which amounts exist (free shipping has none, only a percent
 * has a cap).
 */
export function formToInput(f: VoucherFormFields): Record<string, unknown> {
  const cleaned: Record<string, unknown> = { ...f };
  for (const k of MONEY_FIELDS) cleaned[k] = f[k].replace(/[.\s]/g, '');
  const out = formNumbers(cleaned, NUMBER_FIELDS);
  if (out.minSubtotal === null) out.minSubtotal = 0;
  if (f.kind === 'FREE_SHIPPING') out.value = 0;
  if (f.kind !== 'PERCENT') out.maxDiscount = null;
  return out;
}

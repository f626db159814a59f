// VAT invoices (hoá đơn GTGT) on a company's request: the tax code rule, the VAT treatments of goods, the split of a
// price that includes VAT, and amounts in Vietnamese words. Rules only (no Zod): the web app's order page imports
// them; the request schema lives in orders-schemas.ts.

/**
 * A Vietnamese tax code (mã số thuế, MST): 10 digits, the 10th a check digit over the first nine (weights 31, 29,
 * 23, 19, 17, 13, 7, 5, 3; check = 10 − sum mod 11, never 10), optionally followed by '-' and a branch number of 3
 * digits (001-999). Spaces are ignored.
 */
const TAX_CODE_WEIGHTS = [31, 29, 23, 19, 17, 13, 7, 5, 3] as const;

export const INVOICE_MESSAGES = {
  taxCodeRequired: 'Vui lòng nhập mã số thuế.',
  taxCodeShape: 'Mã số thuế gồm 10 chữ số, hoặc 10 chữ số, dấu gạch ngang và 3 chữ số của chi nhánh (ví dụ 0312345678-001).',
  taxCodeCheck: 'Mã số thuế không đúng (chữ số kiểm tra không khớp). Vui lòng kiểm tra lại.',
  companyRequired: 'Vui lòng nhập tên công ty.',
  addressRequired: 'Vui lòng nhập địa chỉ công ty.',
  notRequested: 'Đơn hàng này không yêu cầu xuất hoá đơn GTGT.',
  notPaid: 'Chỉ xuất hoá đơn cho đơn hàng đã thanh toán.',
  notIssued: 'Hoá đơn của đơn hàng này chưa được xuất.',
  closed: 'Không thể yêu cầu hoá đơn cho đơn hàng đã huỷ.',
  alreadyIssued: 'Hoá đơn đã được xuất, không thể sửa thông tin.',
} as const;

/** Lengths of the company details (the request schema and the forms). */
export const INVOICE_LIMITS = { companyName: { min: 2, max: 200 }, address: { min: 5, max: 300 } } as const;

/** The tax code without spaces, as stored and printed. */
export const normalizeTaxCode = (value: string): string => value.replace(/\s+/g, '');

/** Why `value` is not a tax code (Vietnamese), or null when it is one. */
export function taxCodeProblem(value: string): string | null {
  const code = normalizeTaxCode(value);
  if (!code) return INVOICE_MESSAGES.taxCodeRequired;
  const m = /^(\d{10})(?:-(\d{3}))?$/.exec(code);
  if (!m || m[2] === '000') return INVOICE_MESSAGES.taxCodeShape;
  const digits = m[1]!;
  const sum = TAX_CODE_WEIGHTS.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const check = 10 - (sum % 11);
  return check !== 10 && check === Number(digits[9]) ? null : INVOICE_MESSAGES.taxCodeCheck;
}

/**
 * How VAT applies to a kind of goods, set per category: not subject to VAT (textbooks, political and scientific
 * books and others the VAT law exempts), or a rate. Prices of the shop include VAT.
 */
export const VAT_TREATMENTS = ['KCT', '0', '5', '8', '10'] as const;
export type VatTreatment = (typeof VAT_TREATMENTS)[number];
export const VAT_TREATMENT_LABELS: Record<VatTreatment, string> = {
  KCT: 'Không chịu thuế GTGT',
  '0': 'Thuế suất 0%',
  '5': 'Thuế suất 5%',
  '8': 'Thuế suất 8%',
  '10': 'Thuế suất 10%',
};
/** What the invoice prints in a line's rate column. */
export const VAT_RATE_TEXT: Record<VatTreatment, string> = { KCT: 'KCT', '0': '0%', '5': '5%', '8': '8%', '10': '10%' };
/** Books are goods at 5 % unless their category says otherwise. */
export const DEFAULT_VAT_TREATMENT: VatTreatment = '5';
/** Delivery is a transport service (8 % while the reduced rate applies to it). */
export const SHIPPING_VAT_TREATMENT: VatTreatment = '8';

/** A price that includes VAT split into its amount before tax and its VAT (whole đồng; KCT has no VAT). */
export function splitVat(totalWithVat: number, treatment: VatTreatment): { beforeTax: number; vat: number } {
  if (treatment === 'KCT' || treatment === '0') return { beforeTax: totalWithVat, vat: 0 };
  const rate = Number(treatment);
  const beforeTax = Math.round((totalWithVat * 100) / (100 + rate));
  return { beforeTax, vat: totalWithVat - beforeTax };
}

const DIGITS = ['không', 'một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín'];
const SCALES = ['', 'nghìn', 'triệu', 'tỷ', 'nghìn tỷ', 'triệu tỷ'];

/** One group of three digits in words; `full` reads leading zeros ('không trăm linh năm') inside a larger number. */
function readTriple(n: number, full: boolean): string[] {
  const h = Math.floor(n / 100);
  const t = Math.floor((n % 100) / 10);
  const u = n % 10;
  const words: string[] = [];
  if (h > 0 || full) words.push(DIGITS[h]!, 'trăm');
  if (t > 1) {
    words.push(DIGITS[t]!, 'mươi');
    if (u === 1) words.push('mốt');
    else if (u === 4) words.push('tư');
    else if (u === 5) words.push('lăm');
    else if (u > 0) words.push(DIGITS[u]!);
  } else if (t === 1) {
    words.push('mười');
    if (u === 5) words.push('lăm');
    else if (u > 0) words.push(DIGITS[u]!);
  } else if (u > 0) {
    if (h > 0 || full) words.push('linh');
    words.push(DIGITS[u]!);
  }
  return words;
}

/** A whole number of đồng in Vietnamese words, as invoices print it: 'Một trăm hai mươi lăm nghìn đồng'. */
export function vndInWords(amount: number): string {
  const n = Math.round(Math.abs(amount));
  if (n === 0) return 'Không đồng';
  // Groups of three digits from the right; a group of zeros reads nothing ('một triệu không trăm linh năm' never
  // says 'không nghìn').
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i]!;
    if (g === 0) continue;
    words.push(...readTriple(g, words.length > 0));
    if (SCALES[i]) words.push(SCALES[i]!);
  }
  const text = `${amount < 0 ? 'âm ' : ''}${words.join(' ')} đồng`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export type InvoiceRequestErrors = Partial<Record<keyof InvoiceRequestDto, string>>;

/**
 * The forms' own check before they send (the server's schema, orders-schemas.ts, says the same with the same
 * messages): the tax code by its check digit, the lengths, an e-mail's shape.
 */
export function invoiceRequestErrors(v: InvoiceRequestDto): InvoiceRequestErrors {
  const errors: InvoiceRequestErrors = {};
  if (v.companyName.trim().length < INVOICE_LIMITS.companyName.min) errors.companyName = INVOICE_MESSAGES.companyRequired;
  const tax = taxCodeProblem(v.taxCode);
  if (tax) errors.taxCode = tax;
  if (v.address.trim().length < INVOICE_LIMITS.address.min) errors.address = INVOICE_MESSAGES.addressRequired;
  if (!v.email.trim()) errors.email = 'Email là bắt buộc.';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) errors.email = 'Email không hợp lệ.';
  return errors;
}

export const INVOICE_KINDS = ['ORIGINAL', 'ADJUSTMENT'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** The company details a shopper gives at checkout for a VAT invoice. */
export interface InvoiceRequestDto {
  companyName: string;
  taxCode: string;
  address: string;
  email: string;
}

export interface InvoiceLineDto {
  name: string;
  unit: string;
  quantity: number;
  /** Unit price before VAT (whole đồng, rounded). */
  unitPrice: number;
  /** Amount before VAT. */
  amount: number;
  vatTreatment: VatTreatment;
  vat: number;
  /** Amount with VAT (what the shopper paid for the line). */
  total: number;
}

export interface InvoiceTotalsByTreatmentDto {
  vatTreatment: VatTreatment;
  amount: number;
  vat: number;
  total: number;
}

/** What an invoice printed, kept as issued (it never changes). */
export interface InvoiceDocument {
  orderCode: string;
  /** For an adjustment: the invoice it adjusts. */
  adjusts: { form: string; series: string; number: number; issuedAt: string } | null;
  reason: string | null;
  seller: { name: string; taxCode: string; address: string };
  buyer: InvoiceRequestDto;
  /** How the buyer paid ('Tiền mặt/Chuyển khoản'...). */
  paymentMethod: string;
  lines: InvoiceLineDto[];
  byTreatment: InvoiceTotalsByTreatmentDto[];
  amount: number;
  vat: number;
  total: number;
  totalInWords: string;
}

export interface InvoiceDto extends InvoiceDocument {
  id: number;
  kind: InvoiceKind;
  /** Form and series symbols (mẫu số, ký hiệu), e.g. '1' and 'C26TNS'. */
  form: string;
  series: string;
  /** The number within the series, without gaps (printed with 8 digits). */
  number: number;
  issuedAt: string;
  /** The provider that issued it and its reference (the tax authority's code for a real provider). */
  provider: string;
  providerRef: string;
}

/** What the order page and the sales page show of an order's invoice. */
export interface OrderInvoiceDto {
  request: InvoiceRequestDto | null;
  invoices: InvoiceDto[];
}

/** The number as printed: 8 digits. */
export const invoiceNumberText = (n: number): string => String(n).padStart(8, '0');

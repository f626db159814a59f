import {
  PAYMENT_METHOD_LABELS,
  SHIPPING_VAT_TREATMENT,
  VAT_TREATMENTS,
  splitVat,
  vndInWords,
  type InvoiceDocument,
  type InvoiceLineDto,
  type InvoiceRequestDto,
  type InvoiceTotalsByTreatmentDto,
  type VatTreatment,
} from '@nhasach/shared';
import type { OrderItemRow, OrderRow } from '../orders/index.ts';

export interface Seller {
  name: string;
  taxCode: string;
  address: string;
}

/** One line of what was paid, VAT included. */
interface PaidLine {
  name: string;
  unit: string;
  quantity: number;
  total: number;
  vatTreatment: VatTreatment;
}

function invoiceLine(l: PaidLine): InvoiceLineDto {
  const { beforeTax, vat } = splitVat(l.total, l.vatTreatment);
  return { name: l.name, unit: l.unit, quantity: l.quantity, unitPrice: Math.round(beforeTax / l.quantity), amount: beforeTax, vatTreatment: l.vatTreatment, vat, total: l.total };
}

/** `amount` shared out over `weights` in proportion, in whole đồng that add up to it (largest remainders first). */
function shareOut(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / sum);
  const parts = exact.map(Math.floor);
  let rest = amount - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (rest <= 0) break;
    parts[i]! += 1;
    rest -= 1;
  }
  return parts;
}

/**
 * What the invoice of a paid order prints (docs/decisions.md, VAT invoices): a line per book at its category's VAT
 * treatment, the delivery fee as a service line, the voucher's discount as a trade discount shared over the
 * treatments in proportion to their goods; amounts before VAT and VAT split out of the paid prices (which include
 * VAT), totals by treatment, the total in words. The lines add up to the order's total.
 */
export function buildInvoiceDocument(input: {
  order: OrderRow;
  items: readonly OrderItemRow[];
  vatOf: ReadonlyMap<number, VatTreatment>;
  buyer: InvoiceRequestDto;
  seller: Seller;
  defaultTreatment: VatTreatment;
}): InvoiceDocument {
  const { order, items, vatOf, buyer, seller } = input;
  const paid: PaidLine[] = items.map((i) => ({
    name: i.isbn ? `${i.title} (ISBN ${i.isbn})` : i.title,
    unit: 'Cuốn',
    quantity: i.qty,
    total: i.lineTotal,
    vatTreatment: vatOf.get(i.bookId) ?? input.defaultTreatment,
  }));
  if (order.voucherDiscount > 0) {
    const treatments = VAT_TREATMENTS.filter((t) => paid.some((l) => l.vatTreatment === t));
    const goods = treatments.map((t) => paid.filter((l) => l.vatTreatment === t).reduce((a, l) => a + l.total, 0));
    shareOut(order.voucherDiscount, goods).forEach((part, i) => {
      if (part > 0) paid.push({ name: `Chiết khấu thương mại (mã ${order.voucherCode ?? ''})`.replace(' (mã )', ''), unit: '', quantity: 1, total: -part, vatTreatment: treatments[i]! });
    });
  }
  if (order.shippingFee > 0) paid.push({ name: 'Phí vận chuyển', unit: 'Lần', quantity: 1, total: order.shippingFee, vatTreatment: SHIPPING_VAT_TREATMENT });

  const lines = paid.map(invoiceLine);
  const byTreatment: InvoiceTotalsByTreatmentDto[] = VAT_TREATMENTS.flatMap((t) => {
    const of = lines.filter((l) => l.vatTreatment === t);
    if (!of.length) return [];
    return [{ vatTreatment: t, amount: of.reduce((a, l) => a + l.amount, 0), vat: of.reduce((a, l) => a + l.vat, 0), total: of.reduce((a, l) => a + l.total, 0) }];
  });
  const amount = byTreatment.reduce((a, t) => a + t.amount, 0);
  const vat = byTreatment.reduce((a, t) => a + t.vat, 0);
  const total = amount + vat;
  return {
    orderCode: order.code,
    adjusts: null,
    reason: null,
    seller,
    buyer,
    paymentMethod: PAYMENT_METHOD_LABELS[order.paymentMethod],
    lines,
    byTreatment,
    amount,
    vat,
    total,
    totalInWords: vndInWords(total),
  };
}

/** The adjustment that takes a whole invoice back (its order cancelled after payment): every amount negated. */
export function reversalOf(original: InvoiceDocument, adjusts: NonNullable<InvoiceDocument['adjusts']>, reason: string): InvoiceDocument {
  const neg = <T extends { amount: number; vat: number; total: number }>(x: T): T => ({ ...x, amount: -x.amount, vat: -x.vat, total: -x.total });
  return {
    ...original,
    adjusts,
    reason,
    lines: original.lines.map((l) => ({ ...neg(l), unitPrice: l.unitPrice })),
    byTreatment: original.byTreatment.map(neg),
    amount: -original.amount,
    vat: -original.vat,
    total: -original.total,
    totalInWords: vndInWords(-original.total),
  };
}

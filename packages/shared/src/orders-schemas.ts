// The order requests' schemas, apart from orders.ts (rules and labels, which the web app's cart and order pages
// import without loading Zod).
import { z } from 'zod';
import { jsonId, text } from './input.ts';
import { INVOICE_LIMITS, INVOICE_MESSAGES, normalizeTaxCode, taxCodeProblem } from './invoices.ts';
import { CANCEL_REASON_MAX, CANCEL_REASON_REQUIRED, DELIVERY_METHODS, ORDER_NOTE_MAX, PAYMENT_METHODS } from './orders.ts';
import { emailSchema } from './validation.ts';

/** The company details for a VAT invoice (checkout, or the order page before the invoice is issued). */
export const invoiceRequestSchema = z.object({
  companyName: text('Tên công ty', { error: INVOICE_MESSAGES.companyRequired })
    .trim()
    .min(INVOICE_LIMITS.companyName.min, INVOICE_MESSAGES.companyRequired)
    .max(INVOICE_LIMITS.companyName.max, `Tên công ty tối đa ${INVOICE_LIMITS.companyName.max} ký tự.`),
  taxCode: text('Mã số thuế', { error: INVOICE_MESSAGES.taxCodeRequired })
    .transform(normalizeTaxCode)
    .superRefine((v, ctx) => {
      const problem = taxCodeProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  address: text('Địa chỉ công ty', { error: INVOICE_MESSAGES.addressRequired })
    .trim()
    .min(INVOICE_LIMITS.address.min, INVOICE_MESSAGES.addressRequired)
    .max(INVOICE_LIMITS.address.max, `Địa chỉ công ty tối đa ${INVOICE_LIMITS.address.max} ký tự.`),
  email: emailSchema,
});
export type InvoiceRequestInput = z.input<typeof invoiceRequestSchema>;

export const createOrderSchema = z.object({
  addressId: jsonId('Vui lòng chọn địa chỉ giao hàng.'),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Vui lòng chọn phương thức thanh toán.' }),
  deliveryMethod: z.enum(DELIVERY_METHODS, { error: 'Vui lòng chọn phương thức giao hàng.' }),
  /** The one voucher code for this order (any case, spaces ignored); blank or absent: none. */
  voucherCode: text('Mã giảm giá')
    .max(64, 'Mã giảm giá không tồn tại.')
    .nullish()
    .transform((v) => (v ? v.replace(/\s+/g, '').toUpperCase() || undefined : undefined)),
  /** Sent only when non-empty after trimming (spec section 5); blank becomes absent. */
  note: text('Ghi chú', { multiline: true })
    .trim()
    .max(ORDER_NOTE_MAX, `Ghi chú tối đa ${ORDER_NOTE_MAX} ký tự.`)
    .nullish()
    .transform((v) => (v ? v : undefined)),
  /**
   * Online payment only: where the gateway will send the shopper back (the address the store is open at). The
   * server checks it before placing the order, so a refused address leaves no unpaid order behind.
   */
  returnUrl: text('returnUrl').trim().max(1000, 'Địa chỉ quay lại quá dài.').optional(),
  /** A VAT invoice for a company (absent or null: none). */
  invoice: invoiceRequestSchema.nullish(),
  /**
   * The delivery fee the checkout showed (the quote option's `fee`, before a voucher). When present and not the
   * server's own quote, the order is refused (409 SHIPPING_FEE_CHANGED) and nothing is written.
   */
  expectedShippingFee: z.number().int().min(0).max(100_000_000).optional(),
});
export type CreateOrderInput = z.input<typeof createOrderSchema>;

export const cancelOrderSchema = z.object({
  reason: text('Lý do huỷ', { multiline: true, error: CANCEL_REASON_REQUIRED })
    .trim()
    .min(1, CANCEL_REASON_REQUIRED)
    .max(CANCEL_REASON_MAX, `Lý do huỷ tối đa ${CANCEL_REASON_MAX} ký tự.`),
});
export type CancelOrderInput = z.input<typeof cancelOrderSchema>;


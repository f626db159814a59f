// The requests' schemas of returns (rules and labels in returns.ts).
import { z } from 'zod';
import { jsonId, jsonInt, pageParam, queryId, queryScalar, sizeParam, text } from './input.ts';
import { RETURN_MESSAGES, RETURN_NOTE_MAX, RETURN_REASONS, RETURN_REFUSAL_MAX, RETURN_STATUSES } from './returns.ts';

const bankAccountSchema = z.object({
  bankName: text('Tên ngân hàng').trim().min(1, RETURN_MESSAGES.bankName).max(100, 'Tên ngân hàng tối đa 100 ký tự.'),
  accountNumber: text('Số tài khoản')
    .trim()
    .regex(/^[0-9]{6,20}$/, RETURN_MESSAGES.accountNumber),
  accountHolder: text('Chủ tài khoản').trim().min(1, RETURN_MESSAGES.accountHolder).max(100, 'Tên chủ tài khoản tối đa 100 ký tự.'),
});
export type ReturnBankAccount = z.infer<typeof bankAccountSchema>;

/** The JSON part (`data`) of POST /orders/{code}/returns; the photos are the request's files. */
export const returnRequestSchema = z
  .object({
    lines: z
      .array(z.object({ orderItemId: jsonId('Sản phẩm trả không hợp lệ.'), qty: jsonInt('Số lượng trả', { min: 1, max: 999 }) }), {
        error: RETURN_MESSAGES.linesRequired,
      })
      .min(1, RETURN_MESSAGES.linesRequired)
      .max(100, RETURN_MESSAGES.linesRequired),
    reason: z.enum(RETURN_REASONS, { error: RETURN_MESSAGES.reasonRequired }),
    note: text('Mô tả', { multiline: true })
      .trim()
      .max(RETURN_NOTE_MAX, `Mô tả tối đa ${RETURN_NOTE_MAX} ký tự.`)
      .nullish()
      .transform((v) => v || null),
    bankAccount: bankAccountSchema.nullish(),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    for (const l of v.lines) {
      if (seen.has(l.orderItemId)) ctx.addIssue({ code: 'custom', path: ['lines'], message: RETURN_MESSAGES.lineDuplicate });
      seen.add(l.orderItemId);
    }
    if (v.reason === 'OTHER' && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: RETURN_MESSAGES.noteRequiredForOther });
  });
export type ReturnRequestInput = z.input<typeof returnRequestSchema>;
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

export const returnRefuseSchema = z.object({
  reason: text('Lý do từ chối', { multiline: true, error: RETURN_MESSAGES.refusalRequired })
    .trim()
    .min(1, RETURN_MESSAGES.refusalRequired)
    .max(RETURN_REFUSAL_MAX, `Lý do từ chối tối đa ${RETURN_REFUSAL_MAX} ký tự.`),
});
export const returnRefundSchema = z.object({
  note: text('Ghi chú', { multiline: true })
    .trim()
    .max(500, 'Ghi chú tối đa 500 ký tự.')
    .nullish()
    .transform((v) => v || null),
});

export const returnListQuerySchema = z.object({
  page: pageParam(),
  size: sizeParam(20, 100),
  status: z.preprocess(queryScalar, z.enum(RETURN_STATUSES, { error: 'Trạng thái không hợp lệ.' }).optional()),
  orderId: queryId('orderId'),
});
export type ReturnListQuery = z.infer<typeof returnListQuerySchema>;


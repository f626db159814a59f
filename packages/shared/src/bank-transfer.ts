import { z } from 'zod';
import { jsonInt, text } from './input.ts';
import type { OrderStatus, PaymentStatus } from './orders.ts';

/**
 * Bank transfer by VietQR (NAPAS 247): the shopper scans a VietQR code (bank BIN, account number, exact amount, the
 * order code as the transfer note) in any Vietnamese banking app; a transfer-notification service (Casso, SePay or
 * the bank's own) calls our webhook, and a transfer whose note holds the order code and whose amount matches marks
 * the order paid. Shared by server and web: the note rule, the webhook body and answers, and the DTOs.
 */

/** How long an unpaid transfer order is kept (BANK_TRANSFER_EXPIRY_MINUTES overrides it): a day. */
export const BANK_TRANSFER_DEFAULT_EXPIRY_MINUTES = 24 * 60;

/** The payment page asks for the order's state this often while it waits for the transfer. */
export const BANK_TRANSFER_POLL_INTERVAL_MS = 3000;

/** The transfer note: the order code alone (14 letters and digits, within every bank's limit, no accents). */
export const transferNoteFor = (orderCode: string): string => orderCode.trim().toUpperCase();

/** An order code inside free text ('NS' + yymmdd + 6 Crockford base32 characters, see the orders module). */
const ORDER_CODE_IN_TEXT = /NS\d{6}[0-9A-HJKMNP-TV-Z]{6}/g;

/**
 * The order codes a transfer note holds, first found first. Banks and apps add their own words, dots or dashes
 * around the note ('MBVCB.123.NS251123ABCDEF.CT tu ...') and some drop or add spaces, so the text is read both as
 * it is and with everything but letters and digits removed.
 */
export function orderCodesIn(content: string): string[] {
  const upper = content.toUpperCase();
  const found = [...upper.matchAll(ORDER_CODE_IN_TEXT), ...upper.replace(/[^0-9A-Z]/g, '').matchAll(ORDER_CODE_IN_TEXT)].map((m) => m[0]);
  return [...new Set(found)];
}

// ---------------------------------------------------------------------------------------------------------
// Webhook (POST /api/v1/payments/bank-transfer/webhook)

/** The header that carries the HMAC-SHA256 (hex) of the raw request body, optionally written 'sha256=<hex>'. */
export const BANK_TRANSFER_SIGNATURE_HEADER = 'x-bank-signature';

/**
 * One bank transaction as transfer-notification services send it (modelled on SePay's webhook; Casso's carries the
 * same facts): the bank's own id of the transaction, the amount, the note, the receiving account and the time.
 */
export const bankTransferWebhookSchema = z.object({
  /** The service's id of the bank transaction: the idempotency key (a replay carries the same id). */
  id: z.union([jsonInt('id', { min: 1, max: Number.MAX_SAFE_INTEGER }).transform(String), text('id').trim().min(1).max(64)]),
  /** The bank's name as the service gives it ('Vietcombank'). */
  gateway: text('gateway').trim().max(100).nullish(),
  /** 'yyyy-MM-dd HH:mm:ss' in Vietnam time (SePay), or ISO 8601. */
  transactionDate: text('transactionDate').trim().max(40).nullish(),
  /** The receiving account: must be the shop's. */
  accountNumber: text('accountNumber').trim().min(1).max(40),
  /** The transfer note as the bank kept it. */
  content: text('content', { multiline: true }).max(1000).nullish(),
  /** 'in' for money received; 'out' (money sent) is acknowledged and ignored. */
  transferType: z.enum(['in', 'out']),
  /** Whole VND. */
  transferAmount: jsonInt('transferAmount', { min: 1, max: Number.MAX_SAFE_INTEGER }),
  /** The bank's reference of the transfer (FT..., MBVCB...). */
  referenceCode: text('referenceCode').trim().max(100).nullish(),
  /** The full bank statement line. */
  description: text('description', { multiline: true }).max(2000).nullish(),
  /** A payment code the service recognised itself (SePay), if any. */
  code: text('code').trim().max(64).nullish(),
  subAccount: text('subAccount').trim().max(40).nullish(),
  accumulated: z.number().nullish(),
});
export type BankTransferWebhookBody = z.input<typeof bankTransferWebhookSchema>;
export type BankTransferNotification = z.output<typeof bankTransferWebhookSchema>;

/**
 * What happened to one notified transfer (stored with it):
 * PAID applied; AMOUNT_MISMATCH the order's code but not its amount (staff decide); ALREADY_PAID the order was paid
 * before (refund due); LATE_PAYMENT the order was cancelled before the money came (refund due); UNMATCHED no order
 * waiting for a transfer carries the note's code; IGNORED not money received by the shop's account.
 */
export const BANK_TRANSFER_OUTCOMES = ['PAID', 'AMOUNT_MISMATCH', 'ALREADY_PAID', 'LATE_PAYMENT', 'UNMATCHED', 'IGNORED'] as const;
export type BankTransferOutcome = (typeof BANK_TRANSFER_OUTCOMES)[number];

export const BANK_TRANSFER_OUTCOME_LABELS: Record<BankTransferOutcome, string> = {
  PAID: 'Đã ghi nhận thanh toán',
  AMOUNT_MISMATCH: 'Sai số tiền: cần xử lý thủ công',
  ALREADY_PAID: 'Đơn đã thanh toán trước đó: cần hoàn tiền',
  LATE_PAYMENT: 'Đến sau khi đơn đã huỷ: cần hoàn tiền',
  UNMATCHED: 'Không khớp đơn hàng nào',
  IGNORED: 'Bỏ qua',
};

/** Outcomes that need a person (shown to sales on the order page). */
export const BANK_TRANSFER_NEEDS_REVIEW: readonly BankTransferOutcome[] = ['AMOUNT_MISMATCH', 'ALREADY_PAID', 'LATE_PAYMENT'];

/**
 * The webhook's answers. Services retry anything but a 2xx, so every notification that was read and recorded (or
 * was a replay) answers 200 with success true and says what happened; only a bad signature (401), an unreadable
 * body (400) or our own failure (500) asks the service to try again.
 */
export interface BankTransferWebhookAnswer {
  success: boolean;
  /** BankTransferOutcome, 'DUPLICATE' for a replay, or the refusal ('INVALID_SIGNATURE', 'INVALID_BODY', 'ERROR'). */
  message: BankTransferOutcome | 'DUPLICATE' | 'INVALID_SIGNATURE' | 'INVALID_BODY' | 'WRONG_ACCOUNT' | 'ERROR';
  orderCode?: string | null;
}

// ---------------------------------------------------------------------------------------------------------
// DTOs

/** GET /api/v1/payments/{orderCode}/bank-transfer: what the VietQR payment page shows (the owner only). */
export interface BankTransferPaymentDto {
  orderCode: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** Exact amount to transfer, whole VND. */
  amount: number;
  bankBin: string;
  /** Short name of the bank ('Vietcombank'). */
  bankName: string;
  accountNo: string;
  accountName: string;
  /** The note the transfer must carry. */
  transferNote: string;
  /** The VietQR (EMVCo) text the code holds. */
  qrPayload: string;
  /** The code as an SVG data: URL (drawn on the server; allowed by the CSP's img-src data:). */
  qrImage: string;
  /** The order is cancelled if no transfer arrives by then (ISO). */
  expiresAt: string | null;
  paidAt: string | null;
  /** The order still waits for its transfer. */
  awaitingPayment: boolean;
  /** Built-in test bank (sandbox only): the page links to it to play the transfer. */
  sandboxBankUrl: string | null;
}

/** A transfer notified for an order, shown to sales (GET /api/v1/sales/orders/{id}). */
export interface SaleBankTransferDto {
  id: number;
  /** The notification service's id of the bank transaction. */
  providerTxnId: string;
  amount: number;
  content: string | null;
  referenceCode: string | null;
  bankName: string | null;
  transactionAt: string | null;
  receivedAt: string;
  outcome: BankTransferOutcome;
  note: string | null;
}

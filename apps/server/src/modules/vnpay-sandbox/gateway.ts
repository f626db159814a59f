/**
 * The gateway side of the built-in VNPAY sandbox: checks a payment request like VNPAY does, settles the tester's
 * choice in its own ledger, notifies the merchant (IPN, server to server) and answers querydr and refund. It uses
 * the same protocol code as the merchant side, so a merchant bug is caught here rather than hidden.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { VNPAY_API_RESPONSE_MESSAGES } from '@nhasach/shared';
import { vnpaySandboxTransactions } from '../../db/schema/vnpay-sandbox.ts';
import type { Db } from '../../db/client.ts';
import { findVnpayAttempt, IPN_PATH, ownOrigin, vnpayProtocol, type VnpaySettings } from '../payments/index.ts';
import type { SandboxChoice } from './page.ts';

const {
  VNP_VERSION,
  formatVnpDate,
  hmacSha512,
  parseVnpDate,
  queryDrRequestData,
  refundRequestData,
  signTransactionResponse,
  toQueryString,
  verifyQuery,
  withSignature,
  sameSignature,
} = vnpayProtocol;
type QueryDrRequest = vnpayProtocol.QueryDrRequest;
type RefundRequest = vnpayProtocol.RefundRequest;
type TransactionApiResponse = vnpayProtocol.TransactionApiResponse;
type VnpParams = vnpayProtocol.VnpParams;

export class GatewayError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const PAY_REQUIRED = [
  'vnp_Version',
  'vnp_Command',
  'vnp_TmnCode',
  'vnp_Amount',
  'vnp_CurrCode',
  'vnp_TxnRef',
  'vnp_OrderInfo',
  'vnp_OrderType',
  'vnp_Locale',
  'vnp_ReturnUrl',
  'vnp_IpAddr',
  'vnp_CreateDate',
  'vnp_ExpireDate',
  'vnp_SecureHash',
] as const;

export interface CheckedPayment {
  params: VnpParams;
  amountVnd: number;
  expiresAt: Date;
}

/** Validates a payment request as the gateway's payment page does; throws GatewayError (shown as an error page). */
export function checkPaymentRequest(query: Record<string, unknown>, settings: VnpaySettings, now = new Date()): CheckedPayment {
  const { valid, params } = verifyQuery(query, settings.hashSecret);
  const malformed = () => new GatewayError('03', 'Dữ liệu gửi sang không đúng định dạng.');
  for (const key of PAY_REQUIRED) if (!params[key]) throw malformed();
  if (params.vnp_Version !== VNP_VERSION || params.vnp_Command !== 'pay' || params.vnp_CurrCode !== 'VND') throw malformed();
  if (!/^[1-9]\d{0,13}00$/.test(params.vnp_Amount!)) throw malformed();
  if (params.vnp_Locale !== 'vn' && params.vnp_Locale !== 'en') throw malformed();
  if (!/^https?:\/\//i.test(params.vnp_ReturnUrl!)) throw malformed();
  const createdAt = parseVnpDate(params.vnp_CreateDate);
  const expiresAt = parseVnpDate(params.vnp_ExpireDate);
  if (!createdAt || !expiresAt) throw malformed();
  if (params.vnp_TmnCode !== settings.tmnCode) throw new GatewayError('02', 'Merchant không hợp lệ (kiểm tra lại vnp_TmnCode).');
  if (!valid) throw new GatewayError('70', 'Sai chữ ký.');
  if (expiresAt.getTime() <= now.getTime()) throw new GatewayError('11', 'Giao dịch đã quá thời gian chờ thanh toán. Xin quý khách vui lòng thực hiện lại giao dịch.');
  return { params, amountVnd: Number(params.vnp_Amount) / 100, expiresAt };
}

/**
 * The sandbox sends the browser back only to the return URL our checkout call accepted and stored with this very
 * attempt (same reference, amount and return URL): a signed link cannot be replayed with another destination, and
 * the sandbox is no open redirect even for someone who learnt its secret.
 */
export async function checkIssuedPayment(db: Db, checked: CheckedPayment): Promise<void> {
  const attempt = await findVnpayAttempt(db, checked.params.vnp_TxnRef!);
  if (!attempt || attempt.amount * 100 !== Number(checked.params.vnp_Amount)) {
    throw new GatewayError('01', 'Không tìm thấy giao dịch của cửa hàng.');
  }
  if (attempt.returnUrl !== checked.params.vnp_ReturnUrl) {
    throw new GatewayError('03', 'Địa chỉ quay lại (vnp_ReturnUrl) không khớp với giao dịch cửa hàng đã tạo.');
  }
}

const TRANSACTION_STATUS: Record<SandboxChoice, string> = { '00': '00', '24': '02', '51': '02' };

/**
 * Records the tester's choice for a checked payment and returns the signed result parameters, which VNPAY sends
 * both to the IPN and, on the browser's way back, to vnp_ReturnUrl. A reference is settled once only.
 */
export async function settlePayment(db: Db, settings: VnpaySettings, checked: CheckedPayment, choice: SandboxChoice, bankCode: string, now = new Date()): Promise<VnpParams> {
  const p = checked.params;
  const transactionNo = choice === '24' ? '0' : String(randomInt(10_000_000, 100_000_000));
  const payDate = formatVnpDate(now);
  const cardType = 'ATM';
  const inserted = await db
    .insert(vnpaySandboxTransactions)
    .values({
      tmnCode: p.vnp_TmnCode!,
      txnRef: p.vnp_TxnRef!,
      amount: Number(p.vnp_Amount),
      orderInfo: p.vnp_OrderInfo!,
      createDate: p.vnp_CreateDate!,
      transactionNo,
      bankCode,
      cardType,
      payDate,
      responseCode: choice,
      transactionStatus: TRANSACTION_STATUS[choice],
    })
    .onConflictDoNothing()
    .returning({ id: vnpaySandboxTransactions.id });
  if (inserted.length === 0) throw new GatewayError('01', 'Giao dịch đã tồn tại.');
  const result: VnpParams = {
    vnp_Amount: p.vnp_Amount!,
    vnp_BankCode: bankCode,
    vnp_CardType: cardType,
    vnp_OrderInfo: p.vnp_OrderInfo!,
    vnp_PayDate: payDate,
    vnp_ResponseCode: choice,
    vnp_TmnCode: p.vnp_TmnCode!,
    vnp_TransactionNo: transactionNo,
    vnp_TransactionStatus: TRANSACTION_STATUS[choice],
    vnp_TxnRef: p.vnp_TxnRef!,
  };
  if (choice === '00') result.vnp_BankTranNo = `VNP${transactionNo}`;
  return withSignature(result, settings.hashSecret);
}

/** Where the browser goes after the payment: vnp_ReturnUrl with the signed result appended to its own query. */
export function returnRedirectUrl(returnUrl: string, result: VnpParams): string {
  const url = new URL(returnUrl);
  const extra = toQueryString(result);
  return `${url.origin}${url.pathname}${url.search ? `${url.search}&` : '?'}${extra}`;
}

/**
 * Calls the merchant's IPN (HTTP GET, server to server) and returns its answer. The merchant is this very server,
 * called over HTTP at its own listening address, as VNPAY calls the IPN URL a merchant registered with it.
 */
export async function notifyMerchant(app: FastifyInstance, result: VnpParams): Promise<{ RspCode?: string; Message?: string }> {
  const res = await fetch(`${ownOrigin(app)}${IPN_PATH}?${toQueryString(result)}`, { signal: AbortSignal.timeout(10_000) });
  return (await res.json()) as { RspCode?: string; Message?: string };
}

// --- merchant web API: querydr and refund ---------------------------------------------------------------------

/** Request ids the merchant API has seen (key tmnCode:requestId, value when): one ledger per sandbox started. */
export type RequestIdLedger = Map<string, number>;

/** vnp_RequestId must not repeat within a day (VNPAY answers 94); remembered in memory, which a sandbox may. */
function seenRequestId(recentRequestIds: RequestIdLedger, tmnCode: string, requestId: string, now: number): boolean {
  for (const [k, at] of recentRequestIds) if (now - at > 24 * 3600_000) recentRequestIds.delete(k);
  const key = `${tmnCode}:${requestId}`;
  if (recentRequestIds.has(key)) return true;
  recentRequestIds.set(key, now);
  return false;
}

type ApiBody = Partial<Record<keyof QueryDrRequest | keyof RefundRequest, unknown>>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/** Answers a POST to merchant_webapi/api/transaction (querydr or refund) with a signed JSON body. */
export async function handleTransactionApi(
  db: Db,
  settings: VnpaySettings,
  requestIds: RequestIdLedger,
  raw: unknown,
  now = new Date(),
): Promise<TransactionApiResponse> {
  const body = (raw && typeof raw === 'object' ? raw : {}) as ApiBody;
  const command = str(body.vnp_Command) === 'refund' ? 'refund' : 'querydr';
  const base = {
    vnp_ResponseId: randomBytes(16).toString('hex'),
    vnp_Command: command,
    vnp_TmnCode: settings.tmnCode,
  } as const;
  const answer = (code: string, extra: Partial<TransactionApiResponse> = {}) =>
    signTransactionResponse({ ...base, vnp_ResponseCode: code, vnp_Message: VNPAY_API_RESPONSE_MESSAGES[code] ?? 'Lỗi', ...extra }, settings.hashSecret);

  const f = (k: keyof ApiBody) => str(body[k]) ?? '';
  const common = ['vnp_RequestId', 'vnp_Version', 'vnp_TmnCode', 'vnp_TxnRef', 'vnp_TransactionDate', 'vnp_CreateDate', 'vnp_IpAddr', 'vnp_OrderInfo', 'vnp_SecureHash'] as const;
  if (!['querydr', 'refund'].includes(f('vnp_Command')) || common.some((k) => !f(k)) || f('vnp_Version') !== VNP_VERSION) return answer('03');
  if (!parseVnpDate(f('vnp_TransactionDate')) || !parseVnpDate(f('vnp_CreateDate'))) return answer('03');
  if (f('vnp_TmnCode') !== settings.tmnCode) return answer('02');

  const expected =
    command === 'querydr'
      ? queryDrRequestData({
          vnp_RequestId: f('vnp_RequestId'),
          vnp_Version: f('vnp_Version'),
          vnp_Command: 'querydr',
          vnp_TmnCode: f('vnp_TmnCode'),
          vnp_TxnRef: f('vnp_TxnRef'),
          vnp_OrderInfo: f('vnp_OrderInfo'),
          vnp_TransactionDate: f('vnp_TransactionDate'),
          vnp_CreateDate: f('vnp_CreateDate'),
          vnp_IpAddr: f('vnp_IpAddr'),
        })
      : refundRequestData({
          vnp_RequestId: f('vnp_RequestId'),
          vnp_Version: f('vnp_Version'),
          vnp_Command: 'refund',
          vnp_TmnCode: f('vnp_TmnCode'),
          vnp_TransactionType: f('vnp_TransactionType') as '02' | '03',
          vnp_TxnRef: f('vnp_TxnRef'),
          vnp_Amount: f('vnp_Amount'),
          vnp_OrderInfo: f('vnp_OrderInfo'),
          vnp_TransactionNo: f('vnp_TransactionNo'),
          vnp_TransactionDate: f('vnp_TransactionDate'),
          vnp_CreateBy: f('vnp_CreateBy'),
          vnp_CreateDate: f('vnp_CreateDate'),
          vnp_IpAddr: f('vnp_IpAddr'),
        });
  if (!sameSignature(hmacSha512(settings.hashSecret, expected), f('vnp_SecureHash'))) return answer('97');
  if (seenRequestId(requestIds, settings.tmnCode, f('vnp_RequestId'), now.getTime())) return answer('94');

  return db.transaction(async (tx) => {
    const [txn] = await tx
      .select()
      .from(vnpaySandboxTransactions)
      .where(
        and(
          eq(vnpaySandboxTransactions.tmnCode, settings.tmnCode),
          eq(vnpaySandboxTransactions.txnRef, f('vnp_TxnRef')),
          eq(vnpaySandboxTransactions.createDate, f('vnp_TransactionDate')),
        ),
      )
      .for('update')
      .limit(1);
    if (!txn) return answer('91', { vnp_TxnRef: f('vnp_TxnRef') });
    const details = {
      vnp_TxnRef: txn.txnRef,
      vnp_Amount: String(txn.amount),
      vnp_OrderInfo: txn.orderInfo,
      vnp_BankCode: txn.bankCode,
      vnp_PayDate: txn.payDate,
      vnp_TransactionNo: txn.transactionNo,
    };
    if (command === 'querydr') {
      return answer('00', { ...details, vnp_TransactionType: '01', vnp_TransactionStatus: txn.transactionStatus, vnp_PromotionCode: '', vnp_PromotionAmount: '' });
    }
    const type = f('vnp_TransactionType');
    const amount = f('vnp_Amount');
    if ((type !== '02' && type !== '03') || !/^[1-9]\d*00$/.test(amount) || !f('vnp_CreateBy')) return answer('03');
    if (txn.transactionStatus !== '00') return answer('95', details);
    const remaining = txn.amount - txn.refundedAmount;
    if (remaining <= 0 || (type === '02' && txn.refundedAmount > 0)) return answer('94', details);
    const requested = Number(amount);
    if (requested > remaining || (type === '02' && requested !== txn.amount)) return answer('93', details);
    await tx
      .update(vnpaySandboxTransactions)
      .set({ refundedAmount: sql`${vnpaySandboxTransactions.refundedAmount} + ${requested}` })
      .where(eq(vnpaySandboxTransactions.id, txn.id));
    // '05': VNPAY is processing the refund (the bank pays it back later), as the real API reports at this point.
    return answer('00', { ...details, vnp_Amount: amount, vnp_TransactionType: type, vnp_TransactionStatus: '05' });
  });
}

/**
 * Calls to VNPAY's merchant web API (querydr, refund): signed JSON POSTs whose signed answers are verified.
 * The refund is what the sales back-office uses for GATEWAY refunds; both also work against the built-in sandbox.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, VNPAY_API_RESPONSE_MESSAGES } from '@nhasach/shared';
import { AppError } from '../../lib/errors.ts';
import * as repo from './repo.ts';
import { vnpaySettings } from './settings.ts';
import {
  clientIpForVnpay,
  formatVnpDate,
  plainOrderInfo,
  signQueryDr,
  signRefund,
  verifyTransactionResponse,
  VNP_VERSION,
  type TransactionApiResponse,
} from './vnpay.ts';

export interface GatewayApiResult {
  /** The gateway accepted the request (vnp_ResponseCode '00') and its answer's signature verified. */
  ok: boolean;
  /** The answer's signature verified. */
  verified: boolean;
  responseCode: string;
  /** Vietnamese text of the code. */
  message: string;
  response: TransactionApiResponse;
}

/** vnp_RequestId: unique per request and day, alphanumeric, at most 32 characters. */
const requestId = () => randomBytes(16).toString('hex');

async function postTransactionApi(app: FastifyInstance, body: object): Promise<GatewayApiResult> {
  const settings = vnpaySettings(app.config);
  const url = new URL(settings.apiUrl);
  let response: TransactionApiResponse;
  if (settings.sandbox && url.origin === new URL(app.config.PUBLIC_URL).origin) {
    // The built-in gateway lives in this very server: no network round trip.
    const res = await app.inject({ method: 'POST', url: url.pathname, payload: body as Record<string, unknown> });
    response = res.json();
  } else {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new AppError(502, ERROR_CODES.internal, 'Cổng thanh toán VNPAY không phản hồi. Vui lòng thử lại sau.');
    response = (await res.json()) as TransactionApiResponse;
  }
  const verified = typeof response?.vnp_SecureHash === 'string' && verifyTransactionResponse(response, settings.hashSecret);
  const responseCode = String(response?.vnp_ResponseCode ?? '');
  return {
    ok: verified && responseCode === '00',
    verified,
    responseCode,
    message: VNPAY_API_RESPONSE_MESSAGES[responseCode] ?? 'Yêu cầu không thành công.',
    response,
  };
}

/** querydr: asks the gateway what became of one payment attempt. */
export async function queryVnpayTransaction(app: FastifyInstance, txnRef: string, opts: { ip?: string } = {}): Promise<GatewayApiResult> {
  const txn = await repo.findByRef(app.db, txnRef);
  if (!txn) throw new AppError(404, ERROR_CODES.notFound, 'Không tìm thấy giao dịch thanh toán.');
  const settings = vnpaySettings(app.config);
  const body = signQueryDr(
    {
      vnp_RequestId: requestId(),
      vnp_Version: VNP_VERSION,
      vnp_Command: 'querydr',
      vnp_TmnCode: settings.tmnCode,
      vnp_TxnRef: txn.txnRef,
      vnp_OrderInfo: plainOrderInfo(`Truy van giao dich ${txn.txnRef}`),
      ...(txn.transactionNo ? { vnp_TransactionNo: txn.transactionNo } : {}),
      vnp_TransactionDate: txn.createDate,
      vnp_CreateDate: formatVnpDate(new Date()),
      vnp_IpAddr: clientIpForVnpay(opts.ip),
    },
    settings.hashSecret,
  );
  return postTransactionApi(app, body);
}

export interface RefundInput {
  orderId: number;
  /** Whole VND; the whole payment is a full refund ('02'), less is partial ('03'). */
  amount: number;
  /** Who asks (vnp_CreateBy), e.g. the staff member's username. */
  createdBy: string;
  ip?: string;
}

/**
 * Refunds (part of) the order's successful VNPAY payment through the gateway. It does not change the order: the
 * caller (sales back-office) records the refund once `ok` is true. 409 when the order has no successful payment
 * or the amount exceeds it.
 */
export async function refundVnpayPayment(app: FastifyInstance, input: RefundInput): Promise<GatewayApiResult> {
  const txn = await repo.successfulForOrder(app.db, input.orderId);
  if (!txn || !txn.transactionNo) throw new AppError(409, ERROR_CODES.paymentNotAllowed, 'Đơn hàng không có giao dịch VNPAY thành công để hoàn tiền.');
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0 || input.amount > txn.amount) {
    throw new AppError(409, ERROR_CODES.paymentNotAllowed, 'Số tiền hoàn phải lớn hơn 0 và không vượt quá số tiền đã thanh toán.');
  }
  const settings = vnpaySettings(app.config);
  const body = signRefund(
    {
      vnp_RequestId: requestId(),
      vnp_Version: VNP_VERSION,
      vnp_Command: 'refund',
      vnp_TmnCode: settings.tmnCode,
      vnp_TransactionType: input.amount === txn.amount ? '02' : '03',
      vnp_TxnRef: txn.txnRef,
      vnp_Amount: String(input.amount * 100),
      vnp_OrderInfo: plainOrderInfo(`Hoan tien giao dich ${txn.txnRef}`),
      vnp_TransactionNo: txn.transactionNo,
      vnp_TransactionDate: txn.createDate,
      vnp_CreateBy: input.createdBy.slice(0, 250),
      vnp_CreateDate: formatVnpDate(new Date()),
      vnp_IpAddr: clientIpForVnpay(input.ip),
    },
    settings.hashSecret,
  );
  return postTransactionApi(app, body);
}

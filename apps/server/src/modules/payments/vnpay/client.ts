/**
 * Calls to VNPAY's merchant web API (querydr, refund): signed JSON POSTs over HTTP whose signed answers are verified.
 * The refund is what the sales back-office uses for GATEWAY refunds. The built-in sandbox is called the same way,
 * over HTTP at this server's own address, as the real gateway would be.
 */
import { randomBytes } from 'node:crypto';
import { ERROR_CODES, VNPAY_API_RESPONSE_MESSAGES } from '@nhasach/shared';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import type { GatewayApiResult, RefundInput } from '../provider.ts';
import * as repo from './repo.ts';
import type { VnpaySettings } from './settings.ts';
import {
  clientIpForVnpay,
  formatVnpDate,
  plainOrderInfo,
  signQueryDr,
  signRefund,
  verifyTransactionResponse,
  VNP_VERSION,
  type TransactionApiResponse,
} from './protocol.ts';

/** vnp_RequestId: unique per request and day, alphanumeric, at most 32 characters. */
const requestId = () => randomBytes(16).toString('hex');

export interface VnpayClient {
  query(txnRef: string, opts?: { ip?: string }): Promise<GatewayApiResult>;
  refund(input: RefundInput): Promise<GatewayApiResult>;
}

/** `apiUrl` is read at each call: the built-in gateway's address is known once the server listens. */
export function createVnpayClient(deps: { db: Db; settings: VnpaySettings; apiUrl: () => string }): VnpayClient {
  const { db, settings } = deps;

  async function post(body: object): Promise<GatewayApiResult> {
    const res = await fetch(deps.apiUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new AppError(502, ERROR_CODES.internal, 'Cổng thanh toán VNPAY không phản hồi. Vui lòng thử lại sau.');
    const response = (await res.json()) as TransactionApiResponse;
    const verified = typeof response?.vnp_SecureHash === 'string' && verifyTransactionResponse(response, settings.hashSecret);
    const responseCode = String(response?.vnp_ResponseCode ?? '');
    return {
      ok: verified && responseCode === '00',
      verified,
      responseCode,
      message: VNPAY_API_RESPONSE_MESSAGES[responseCode] ?? 'Yêu cầu không thành công.',
      reference: response?.vnp_TransactionNo || response?.vnp_ResponseId || null,
      response,
    };
  }

  return {
    /** querydr: asks the gateway what became of one payment attempt. */
    async query(txnRef, opts = {}) {
      const txn = await repo.findByRef(db, txnRef);
      if (!txn) throw new AppError(404, ERROR_CODES.notFound, 'Không tìm thấy giao dịch thanh toán.');
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
      return post(body);
    },

    /**
     * Refunds (part of) the order's successful VNPAY payment ('02' full, '03' partial). 409 when the order has no
     * successful payment or the amount exceeds it.
     */
    async refund(input) {
      const txn = await repo.successfulForOrder(db, input.orderId);
      if (!txn || !txn.transactionNo) throw new AppError(409, ERROR_CODES.paymentNotAllowed, 'Đơn hàng không có giao dịch VNPAY thành công để hoàn tiền.');
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0 || input.amount > txn.amount) {
    throw new AppError(409, ERROR_CODES.paymentNotAllowed, 'Số tiền hoàn phải lớn hơn 0 và không vượt quá số tiền đã thanh toán.');
      }
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
      return post(body);
    },
  };
}

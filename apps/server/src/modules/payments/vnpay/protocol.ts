/**
 * VNPAY protocol 2.1.0 (https://sandbox.vnpayment.vn/apis/docs/): payment URL, return/IPN verification, querydr and
 * refund request/response signing. Pure functions with no Fastify or database, shared by the merchant side
 * (modules/payments) and the built-in gateway sandbox (modules/payments/sandbox), so both speak one protocol.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const VNP_VERSION = '2.1.0';
export const VNP_CURRENCY = 'VND';
export const VNP_LOCALE = 'vn';
export const VNP_ORDER_TYPE = 'other';

/** Flat vnp_* parameters as they travel in a query string. */
export type VnpParams = Record<string, string>;

export interface VnpCredentials {
  tmnCode: string;
  hashSecret: string;
}

/** HMAC-SHA512 of `data` under the merchant's hash secret, lower-case hex (what VNPAY sends and expects). */
export function hmacSha512(secret: string, data: string): string {
  return createHmac('sha512', secret).update(Buffer.from(data, 'utf-8')).digest('hex');
}

/**
 * application/x-www-form-urlencoded as VNPAY's reference Node code does it: encodeURIComponent with %20 turned
 * into '+'. The same encoding is used for the URL and for the signed text, so what is signed is what is sent.
 */
export function vnpEncode(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+');
}

/**
 * The text VNPAY signs: parameters sorted by key (plain code-unit order, as JavaScript's sort and the reference
 * code), empty values left out, each key and value encoded, joined as k=v with '&'. vnp_SecureHash and
 * vnp_SecureHashType are never part of it.
 */
export function canonicalQuery(params: VnpParams): string {
  return Object.keys(params)
    .filter((k) => k !== 'vnp_SecureHash' && k !== 'vnp_SecureHashType')
    .filter((k) => params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${vnpEncode(k)}=${vnpEncode(params[k]!)}`)
    .join('&');
}

export function signParams(params: VnpParams, secret: string): string {
  return hmacSha512(secret, canonicalQuery(params));
}

/** Constant-time comparison of two hex signatures (case-insensitive, as VNPAY's samples compare). */
export function sameSignature(expected: string, received: string | undefined): boolean {
  if (!received) return false;
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(received.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Returns the parameters with vnp_SecureHash appended. */
export function withSignature(params: VnpParams, secret: string): VnpParams {
  return { ...params, vnp_SecureHash: signParams(params, secret) };
}

/** Serialises already-signed parameters in the canonical order (the hash last, as VNPAY's samples do). */
export function toQueryString(params: VnpParams): string {
  const hash = params.vnp_SecureHash;
  const base = canonicalQuery(params);
  return hash ? `${base}&vnp_SecureHash=${vnpEncode(hash)}` : base;
}

/**
 * Verifies the signature of a return or IPN query: every vnp_* parameter except the hash fields is signed.
 * Parameters that do not start with vnp_ (a merchant's own return-URL query) are ignored, as VNPAY's samples do.
 */
export function verifyQuery(query: Record<string, unknown>, secret: string): { valid: boolean; params: VnpParams } {
  const params: VnpParams = {};
  for (const [k, v] of Object.entries(query)) {
    if (!k.startsWith('vnp_')) continue;
    // A repeated key is not something VNPAY ever sends: refuse rather than guess which one was signed.
    if (typeof v !== 'string') return { valid: false, params: {} };
    params[k] = v;
  }
  const received = params.vnp_SecureHash;
  // No key, no trust: an empty secret (no gateway configured) would let anyone sign.
  const valid = secret !== '' && sameSignature(signParams(params, secret), received);
  return { valid, params };
}

// --- Dates ---------------------------------------------------------------------------------------------------

/** Vietnam (Asia/Ho_Chi_Minh) is GMT+7 all year, without daylight saving time. */
const VN_OFFSET_MS = 7 * 60 * 60 * 1000;
const pad = (n: number, len = 2) => String(n).padStart(len, '0');

/** yyyyMMddHHmmss in GMT+7, whatever the server's own time zone is. */
export function formatVnpDate(date: Date): string {
  const d = new Date(date.getTime() + VN_OFFSET_MS);
  return (
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  );
}

/** Parses yyyyMMddHHmmss (GMT+7); undefined when it is not such a date. */
export function parseVnpDate(text: string | undefined): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text ?? '');
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi, s) - VN_OFFSET_MS;
  const date = new Date(utc);
  // Reject 20240231... style dates that Date.UTC silently rolls over.
  return formatVnpDate(date) === text ? date : undefined;
}

// --- Pay -----------------------------------------------------------------------------------------------------

export interface PaymentRequest {
  /** Merchant's reference, unique per merchant and day (VNPAY refuses a reused one). */
  txnRef: string;
  /** Whole VND; sent multiplied by 100 as VNPAY requires. */
  amount: number;
  /** Vietnamese without diacritics or special characters (VNPAY recommends it). */
  orderInfo: string;
  returnUrl: string;
  ipAddr: string;
  createdAt: Date;
  expiresAt: Date;
  bankCode?: string;
  locale?: 'vn' | 'en';
}

/** The signed vnp_* parameters of a payment request (vnp_Command=pay). */
export function paymentParams(req: PaymentRequest, creds: VnpCredentials): VnpParams {
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0) throw new Error('VNPAY amount must be a positive integer');
  const params: VnpParams = {
    vnp_Version: VNP_VERSION,
    vnp_Command: 'pay',
    vnp_TmnCode: creds.tmnCode,
    vnp_Amount: String(req.amount * 100),
    vnp_CurrCode: VNP_CURRENCY,
    vnp_TxnRef: req.txnRef,
    vnp_OrderInfo: req.orderInfo,
    vnp_OrderType: VNP_ORDER_TYPE,
    vnp_Locale: req.locale ?? VNP_LOCALE,
    vnp_ReturnUrl: req.returnUrl,
    vnp_IpAddr: req.ipAddr,
    vnp_CreateDate: formatVnpDate(req.createdAt),
    vnp_ExpireDate: formatVnpDate(req.expiresAt),
  };
  if (req.bankCode) params.vnp_BankCode = req.bankCode;
  return withSignature(params, creds.hashSecret);
}

/** The URL the shopper's browser is sent to. */
export function buildPaymentUrl(gatewayUrl: string, req: PaymentRequest, creds: VnpCredentials): string {
  return `${gatewayUrl}?${toQueryString(paymentParams(req, creds))}`;
}

/** VNPAY's address is IPv4 or IPv6 text; Node gives IPv4 clients as ::ffff:a.b.c.d and localhost as ::1. */
export function clientIpForVnpay(ip: string | undefined): string {
  if (!ip || ip === '::1') return '127.0.0.1';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

/** Letters, digits and spaces only: VNPAY asks for Vietnamese without diacritics and special characters. */
export function plainOrderInfo(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 255);
}

// --- IPN answers (VNPAY expects exactly this JSON) ------------------------------------------------------------

export interface IpnAnswer {
  RspCode: string;
  Message: string;
}

export const IPN_ANSWERS = {
  success: { RspCode: '00', Message: 'Confirm Success' },
  orderNotFound: { RspCode: '01', Message: 'Order not found' },
  alreadyConfirmed: { RspCode: '02', Message: 'Order already confirmed' },
  invalidAmount: { RspCode: '04', Message: 'Invalid amount' },
  invalidSignature: { RspCode: '97', Message: 'Invalid signature' },
  unknownError: { RspCode: '99', Message: 'Unknown error' },
} as const satisfies Record<string, IpnAnswer>;

// --- querydr and refund (JSON POST to the merchant web API) ---------------------------------------------------

/** Pipe-joined text; absent fields are empty, as in VNPAY's samples. */
const pipe = (fields: Array<string | number | undefined | null>) => fields.map((f) => (f === undefined || f === null ? '' : String(f))).join('|');

export interface QueryDrRequest {
  vnp_RequestId: string;
  vnp_Version: string;
  vnp_Command: 'querydr';
  vnp_TmnCode: string;
  vnp_TxnRef: string;
  vnp_OrderInfo: string;
  vnp_TransactionNo?: string;
  /** vnp_CreateDate of the payment being asked about. */
  vnp_TransactionDate: string;
  vnp_CreateDate: string;
  vnp_IpAddr: string;
  vnp_SecureHash: string;
}

export interface RefundRequest {
  vnp_RequestId: string;
  vnp_Version: string;
  vnp_Command: 'refund';
  vnp_TmnCode: string;
  /** '02' full refund, '03' partial refund. */
  vnp_TransactionType: '02' | '03';
  vnp_TxnRef: string;
  /** VND x 100. */
  vnp_Amount: string;
  vnp_OrderInfo: string;
  vnp_TransactionNo?: string;
  vnp_TransactionDate: string;
  vnp_CreateBy: string;
  vnp_CreateDate: string;
  vnp_IpAddr: string;
  vnp_SecureHash: string;
}

/** Fields VNPAY answers to querydr and refund (all strings in its JSON). */
export interface TransactionApiResponse {
  vnp_ResponseId: string;
  vnp_Command: 'querydr' | 'refund';
  vnp_ResponseCode: string;
  vnp_Message: string;
  vnp_TmnCode: string;
  vnp_TxnRef?: string;
  vnp_Amount?: string;
  vnp_OrderInfo?: string;
  vnp_BankCode?: string;
  vnp_PayDate?: string;
  vnp_TransactionNo?: string;
  vnp_TransactionType?: string;
  vnp_TransactionStatus?: string;
  vnp_PromotionCode?: string;
  vnp_PromotionAmount?: string;
  vnp_SecureHash: string;
}

/** querydr request checksum: RequestId|Version|Command|TmnCode|TxnRef|TransactionDate|CreateDate|IpAddr|OrderInfo. */
export function queryDrRequestData(r: Omit<QueryDrRequest, 'vnp_SecureHash'>): string {
  return pipe([r.vnp_RequestId, r.vnp_Version, r.vnp_Command, r.vnp_TmnCode, r.vnp_TxnRef, r.vnp_TransactionDate, r.vnp_CreateDate, r.vnp_IpAddr, r.vnp_OrderInfo]);
}

/**
 * refund request checksum: RequestId|Version|Command|TmnCode|TransactionType|TxnRef|Amount|TransactionNo|
 * TransactionDate|CreateBy|CreateDate|IpAddr|OrderInfo.
 */
export function refundRequestData(r: Omit<RefundRequest, 'vnp_SecureHash'>): string {
  return pipe([
    r.vnp_RequestId,
    r.vnp_Version,
    r.vnp_Command,
    r.vnp_TmnCode,
    r.vnp_TransactionType,
    r.vnp_TxnRef,
    r.vnp_Amount,
    r.vnp_TransactionNo,
    r.vnp_TransactionDate,
    r.vnp_CreateBy,
    r.vnp_CreateDate,
    r.vnp_IpAddr,
    r.vnp_OrderInfo,
  ]);
}

/**
 * Response checksum: ResponseId|Command|ResponseCode|Message|TmnCode|TxnRef|Amount|BankCode|PayDate|TransactionNo|
 * TransactionType|TransactionStatus|OrderInfo, and for querydr also |PromotionCode|PromotionAmount.
 */
export function transactionResponseData(r: Omit<TransactionApiResponse, 'vnp_SecureHash'>): string {
  const common = [
    r.vnp_ResponseId,
    r.vnp_Command,
    r.vnp_ResponseCode,
    r.vnp_Message,
    r.vnp_TmnCode,
    r.vnp_TxnRef,
    r.vnp_Amount,
    r.vnp_BankCode,
    r.vnp_PayDate,
    r.vnp_TransactionNo,
    r.vnp_TransactionType,
    r.vnp_TransactionStatus,
    r.vnp_OrderInfo,
  ];
  return pipe(r.vnp_Command === 'querydr' ? [...common, r.vnp_PromotionCode, r.vnp_PromotionAmount] : common);
}

export function signQueryDr(r: Omit<QueryDrRequest, 'vnp_SecureHash'>, secret: string): QueryDrRequest {
  return { ...r, vnp_SecureHash: hmacSha512(secret, queryDrRequestData(r)) };
}

export function signRefund(r: Omit<RefundRequest, 'vnp_SecureHash'>, secret: string): RefundRequest {
  return { ...r, vnp_SecureHash: hmacSha512(secret, refundRequestData(r)) };
}

export function signTransactionResponse(r: Omit<TransactionApiResponse, 'vnp_SecureHash'>, secret: string): TransactionApiResponse {
  return { ...r, vnp_SecureHash: hmacSha512(secret, transactionResponseData(r)) };
}

export function verifyTransactionResponse(r: TransactionApiResponse, secret: string): boolean {
  return secret !== '' && sameSignature(hmacSha512(secret, transactionResponseData(r)), r.vnp_SecureHash);
}

/** The merchant web API (querydr, refund) next to a gateway URL: sandbox.vnpayment.vn keeps one host,
 * production pays on pay.vnpay.vn and answers the API on merchant.vnpay.vn. */
export function transactionApiUrl(gatewayUrl: string): string {
  const url = new URL(gatewayUrl);
  const host = url.hostname === 'pay.vnpay.vn' ? 'merchant.vnpay.vn' : url.host;
  return `${url.protocol}//${host}/merchant_webapi/api/transaction`;
}

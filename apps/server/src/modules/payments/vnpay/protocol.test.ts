import { describe, expect, it } from 'vitest';
import {
  buildPaymentUrl,
  canonicalQuery,
  clientIpForVnpay,
  formatVnpDate,
  hmacSha512,
  parseVnpDate,
  plainOrderInfo,
  queryDrRequestData,
  refundRequestData,
  signParams,
  signQueryDr,
  signRefund,
  signTransactionResponse,
  transactionApiUrl,
  transactionResponseData,
  verifyQuery,
  verifyTransactionResponse,
} from './protocol.ts';

/**
 * Published vectors. The first two come from the test suite of the 'vnpay' npm package (lehuygiang28/vnpay,
 * test/unit/utils/payment-util.test.ts and test/__helpers__/test-fixtures.ts): a signature over a query with a
 * space and '#', and a return query signed with secret 'test_secret', success and failure variants.
 */
describe('VNPAY signatures match published examples byte for byte', () => {
  it('payment-util example: space as +, # as %23', () => {
    const params = { vnp_Amount: '10000', vnp_TnxRef: '1234567890', vnp_OrderInfo: 'Payment for order #1234567890' };
    expect(canonicalQuery(params)).toBe('vnp_Amount=10000&vnp_OrderInfo=Payment+for+order+%231234567890&vnp_TnxRef=1234567890');
    expect(signParams(params, 'YOUR_SECURE_SECRET')).toBe(
      '7bb8160a5d2085a85b3267817a40ee4f770a335282f19714726e6fc6f28a64c75a1e7e9c1aa96f3cbda5ce44095088fb4cb2af66c596d2f655b0b53966312089',
    );
  });

  const returnQuery = {
    vnp_Amount: '1000000',
    vnp_BankCode: 'NCB',
    vnp_BankTranNo: 'VNP14422574',
    vnp_CardType: 'ATM',
    vnp_OrderInfo: 'Thanh toan don hang 2024-05-21T02:17:31.249Z',
    vnp_PayDate: '20240521091806',
    vnp_ResponseCode: '00',
    vnp_TmnCode: 'TEST_TMN_CODE',
    vnp_TransactionNo: '14422574',
    vnp_TransactionStatus: '00',
    vnp_TxnRef: '1716257871703',
  };

  it('return query fixture (success) verifies and reproduces the published hash', () => {
    const hash =
      '649982421beb422556a1374713c74e58e716ecbd05007c0c0e1f7effdfaf361dbf146889ca446139afe11b9954c4d5c486e99e3b86fcfab6957f29eb0be72895';
    expect(signParams(returnQuery, 'test_secret')).toBe(hash);
    expect(verifyQuery({ ...returnQuery, vnp_SecureHash: hash }, 'test_secret').valid).toBe(true);
    // vnp_SecureHashType is not signed (2.0.x sent it; 2.1.0 ignores it).
    expect(verifyQuery({ ...returnQuery, vnp_SecureHash: hash, vnp_SecureHashType: 'HmacSHA512' }, 'test_secret').valid).toBe(true);
    // VNPAY sends the hash in upper or lower case depending on the channel; both compare equal.
    expect(verifyQuery({ ...returnQuery, vnp_SecureHash: hash.toUpperCase() }, 'test_secret').valid).toBe(true);
  });

  it('return query fixture (response code 99) reproduces its published hash', () => {
    expect(signParams({ ...returnQuery, vnp_ResponseCode: '99' }, 'test_secret')).toBe(
      '503194f6d93b57b357b2d1d09742565e67e86d771352c5dca4fc8d39df3d392c6b3809add9405f97cfb9631f445e36c80656cfbf47eac67d97fa165865c13e1b',
    );
  });

  it('VNPAY documentation example URL has the documented parameter encoding', () => {
    // sandbox.vnpayment.vn/apis/docs: the sample URL (its secret is not published, so only the text is checked).
    const params = {
      vnp_Amount: '1806000',
      vnp_Command: 'pay',
      vnp_CreateDate: '20210801153333',
      vnp_CurrCode: 'VND',
      vnp_IpAddr: '127.0.0.1',
      vnp_Locale: 'vn',
      vnp_OrderInfo: 'Thanh toan don hang :5',
      vnp_OrderType: 'other',
      vnp_ReturnUrl: 'https://domainmerchant.vn/ReturnUrl',
      vnp_TmnCode: 'DEMOV210',
      vnp_TxnRef: '5',
      vnp_Version: '2.1.0',
    };
    expect(canonicalQuery(params)).toBe(
      'vnp_Amount=1806000&vnp_Command=pay&vnp_CreateDate=20210801153333&vnp_CurrCode=VND&vnp_IpAddr=127.0.0.1&vnp_Locale=vn' +
        '&vnp_OrderInfo=Thanh+toan+don+hang+%3A5&vnp_OrderType=other&vnp_ReturnUrl=https%3A%2F%2Fdomainmerchant.vn%2FReturnUrl' +
        '&vnp_TmnCode=DEMOV210&vnp_TxnRef=5&vnp_Version=2.1.0',
    );
  });
});

describe('payment URL', () => {
  const creds = { tmnCode: 'NHASACH1', hashSecret: 'secret-for-tests' };
  const createdAt = new Date('2025-03-01T17:30:05Z'); // 2025-03-02 00:30:05 in Vietnam
  const req = {
    txnRef: 'NS250302ABCD01',
    amount: 245_000,
    orderInfo: 'Thanh toan don hang NS250302ABCD',
    returnUrl: 'http://localhost:5173/checkout?from=vnpay',
    ipAddr: '127.0.0.1',
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 15 * 60_000),
  };

  it('carries every 2.1.0 field, amount x100, GMT+7 dates and a valid signature', () => {
    const url = new URL(buildPaymentUrl('https://sandbox.vnpayment.vn/paymentv2/vpcpay.html', req, creds));
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      vnp_Version: '2.1.0',
      vnp_Command: 'pay',
      vnp_TmnCode: 'NHASACH1',
      vnp_Amount: '24500000',
      vnp_CurrCode: 'VND',
      vnp_TxnRef: 'NS250302ABCD01',
      vnp_OrderInfo: 'Thanh toan don hang NS250302ABCD',
      vnp_OrderType: 'other',
      vnp_Locale: 'vn',
      vnp_ReturnUrl: 'http://localhost:5173/checkout?from=vnpay',
      vnp_IpAddr: '127.0.0.1',
      vnp_CreateDate: '20250302003005',
      vnp_ExpireDate: '20250302004505',
    });
    expect(q.vnp_SecureHash).toMatch(/^[0-9a-f]{128}$/);
    expect(verifyQuery(q, creds.hashSecret).valid).toBe(true);
    // The URL text is exactly the signed text plus the hash: what is signed is what is sent.
    const [, query] = url.href.split('?');
    expect(query).toBe(`${canonicalQuery(q)}&vnp_SecureHash=${q.vnp_SecureHash}`);
    expect(hmacSha512(creds.hashSecret, canonicalQuery(q))).toBe(q.vnp_SecureHash);
  });

  it('a changed amount, reference or return URL no longer verifies; a wrong secret neither', () => {
    const q = Object.fromEntries(new URL(buildPaymentUrl('https://gw.example/pay', req, creds)).searchParams);
    expect(verifyQuery({ ...q, vnp_Amount: '100' }, creds.hashSecret).valid).toBe(false);
    expect(verifyQuery({ ...q, vnp_TxnRef: 'NS250302ABCD02' }, creds.hashSecret).valid).toBe(false);
    expect(verifyQuery({ ...q, vnp_ReturnUrl: 'https://evil.example/' }, creds.hashSecret).valid).toBe(false);
    expect(verifyQuery({ ...q, vnp_ResponseCode: '00' }, creds.hashSecret).valid).toBe(false);
    expect(verifyQuery(q, 'another-secret').valid).toBe(false);
    const { vnp_SecureHash: _dropped, ...unsigned } = q;
    expect(verifyQuery(unsigned, creds.hashSecret).valid).toBe(false);
    expect(verifyQuery({ ...q, vnp_SecureHash: 'abc' }, creds.hashSecret).valid).toBe(false);
    // A repeated parameter (array after query parsing) is refused.
    expect(verifyQuery({ ...q, vnp_Amount: ['24500000', '100'] }, creds.hashSecret).valid).toBe(false);
    // Other parameters of the merchant's own return URL are not part of the signature.
    expect(verifyQuery({ ...q, from: 'vnpay' }, creds.hashSecret).valid).toBe(true);
  });

  it('refuses amounts that are not positive whole VND', () => {
    expect(() => buildPaymentUrl('https://gw.example/pay', { ...req, amount: 10.5 }, creds)).toThrow();
    expect(() => buildPaymentUrl('https://gw.example/pay', { ...req, amount: 0 }, creds)).toThrow();
  });
});

describe('helpers', () => {
  it('formats and parses GMT+7 dates regardless of the server time zone', () => {
    expect(formatVnpDate(new Date('2024-12-31T17:00:00Z'))).toBe('20250101000000');
    expect(parseVnpDate('20250101000000')?.toISOString()).toBe('2024-12-31T17:00:00.000Z');
    expect(parseVnpDate('20240231120000')).toBeUndefined();
    expect(parseVnpDate('2024')).toBeUndefined();
  });

  it('order info without diacritics or special characters', () => {
    expect(plainOrderInfo('Thanh toán đơn hàng #NS-01: Đắc Nhân Tâm')).toBe('Thanh toan don hang NS 01 Dac Nhan Tam');
  });

  it('client address as VNPAY wants it', () => {
    expect(clientIpForVnpay('::1')).toBe('127.0.0.1');
    expect(clientIpForVnpay('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(clientIpForVnpay('203.0.113.9')).toBe('203.0.113.9');
  });

  it('API URL next to the gateway', () => {
    expect(transactionApiUrl('https://sandbox.vnpayment.vn/paymentv2/vpcpay.html')).toBe('https://sandbox.vnpayment.vn/merchant_webapi/api/transaction');
    expect(transactionApiUrl('https://pay.vnpay.vn/vpcpay.html')).toBe('https://merchant.vnpay.vn/merchant_webapi/api/transaction');
  });
});

describe('querydr and refund checksums (pipe-joined, in the documented order)', () => {
  const secret = 'test_secret';

  it('querydr request', () => {
    const body = signQueryDr(
      {
        vnp_RequestId: 'REQUEST123456',
        vnp_Version: '2.1.0',
        vnp_Command: 'querydr',
        vnp_TmnCode: 'TEST_TMN_CODE',
        vnp_TxnRef: 'TXN123456789',
        vnp_OrderInfo: 'Test order query',
        vnp_TransactionNo: '14422574',
        vnp_TransactionDate: '20231221103000',
        vnp_CreateDate: '20231221103000',
        vnp_IpAddr: '127.0.0.1',
      },
      secret,
    );
    expect(queryDrRequestData(body)).toBe('REQUEST123456|2.1.0|querydr|TEST_TMN_CODE|TXN123456789|20231221103000|20231221103000|127.0.0.1|Test order query');
    expect(body.vnp_SecureHash).toBe(hmacSha512(secret, queryDrRequestData(body)));
  });

  it('refund request', () => {
    const body = signRefund(
      {
        vnp_RequestId: 'REFUND123456',
        vnp_Version: '2.1.0',
        vnp_Command: 'refund',
        vnp_TmnCode: 'TEST_TMN_CODE',
        vnp_TransactionType: '02',
        vnp_TxnRef: 'TXN123456789',
        vnp_Amount: '1000000',
        vnp_OrderInfo: 'Test refund order',
        vnp_TransactionNo: '14422574',
        vnp_TransactionDate: '20231221103000',
        vnp_CreateBy: 'merchant_user',
        vnp_CreateDate: '20231221103000',
        vnp_IpAddr: '127.0.0.1',
      },
      secret,
    );
    expect(refundRequestData(body)).toBe(
      'REFUND123456|2.1.0|refund|TEST_TMN_CODE|02|TXN123456789|1000000|14422574|20231221103000|merchant_user|20231221103000|127.0.0.1|Test refund order',
    );
    expect(body.vnp_SecureHash).toBe(hmacSha512(secret, refundRequestData(body)));
  });

  it('responses: querydr signs the promotion fields, refund does not; tampering is detected', () => {
    const base = {
      vnp_ResponseId: 'RESPONSE123456',
      vnp_ResponseCode: '00',
      vnp_Message: 'Success',
      vnp_TmnCode: 'TEST_TMN_CODE',
      vnp_TxnRef: 'TXN123456789',
      vnp_Amount: '1000000',
      vnp_BankCode: 'NCB',
      vnp_PayDate: '20231221103000',
      vnp_TransactionNo: '14422574',
      vnp_TransactionType: '01',
      vnp_TransactionStatus: '00',
      vnp_OrderInfo: 'Test order query',
    };
    const q = signTransactionResponse({ ...base, vnp_Command: 'querydr' }, secret);
    expect(transactionResponseData(q)).toBe(
      'RESPONSE123456|querydr|00|Success|TEST_TMN_CODE|TXN123456789|1000000|NCB|20231221103000|14422574|01|00|Test order query||',
    );
    expect(verifyTransactionResponse(q, secret)).toBe(true);
    expect(verifyTransactionResponse({ ...q, vnp_Amount: '1' }, secret)).toBe(false);
    const r = signTransactionResponse({ ...base, vnp_Command: 'refund', vnp_TransactionType: '02' }, secret);
    expect(transactionResponseData(r)).toBe('RESPONSE123456|refund|00|Success|TEST_TMN_CODE|TXN123456789|1000000|NCB|20231221103000|14422574|02|00|Test order query');
    expect(verifyTransactionResponse(r, secret)).toBe(true);
    expect(verifyTransactionResponse({ ...r, vnp_ResponseCode: '99' }, secret)).toBe(false);
  });
});

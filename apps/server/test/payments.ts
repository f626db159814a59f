// Helpers for the payment tests (imported by *.test.ts only): real orders placed through the orders API.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { OrderDto, PaymentMethod } from '@nhasach/shared';
import { orderHistory, orders, paymentTransactions } from '../src/db/schema/index.ts';
import { makeCustomer, makeShopBook, VALID_ADDRESS, type Customer } from './orders.ts';
import { vnpaySettings, vnpayProtocol, type RefundInput } from '../src/modules/payments/index.ts';
import { createTestApp, type TestApp } from './harness.ts';

const { formatVnpDate, toQueryString, withSignature } = vnpayProtocol;
type VnpParams = vnpayProtocol.VnpParams;

export { makeCustomer, type Customer };

async function ok(res: { statusCode: number; body: string; json(): { data: unknown } }, status: number) {
  if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** A customer's order of `qty` copies of a new book, placed through the API (stock taken, totals computed). */
export async function placeOrder(
  app: FastifyInstance,
  opts: { who?: Customer; price?: number; qty?: number; stock?: number; paymentMethod?: PaymentMethod } = {},
) {
  const who = opts.who ?? (await makeCustomer(app, 'Trần Thị Bình'));
  const book = await makeShopBook(app, { price: opts.price ?? 120_000, stock: opts.stock ?? 10 });
  const headers = who.headers;
  const address = (await ok(await app.inject({ method: 'POST', url: '/api/v1/address', headers, payload: VALID_ADDRESS }), 201)) as { id: number };
  await ok(await app.inject({ method: 'POST', url: '/api/v1/cart/items', headers, payload: { bookId: book.id, qty: opts.qty ?? 1 } }), 200);
  const order = (await ok(
    await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers,
      payload: { addressId: address.id, paymentMethod: opts.paymentMethod ?? 'VNPAY', deliveryMethod: 'STANDARD' },
    }),
    201,
  )) as OrderDto;
  return { who, book, order };
}

export async function orderRow(app: FastifyInstance, code: string) {
  const [row] = await app.db.select().from(orders).where(eq(orders.code, code));
  return row!;
}

export async function attemptsOf(app: FastifyInstance, orderId: number) {
  return app.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId)).orderBy(paymentTransactions.id);
}

export async function paymentHistoryOf(app: FastifyInstance, orderId: number) {
  const rows = await app.db.select().from(orderHistory).where(eq(orderHistory.orderId, orderId)).orderBy(orderHistory.id);
  return rows.filter((h) => h.type === 'PAYMENT');
}

/** Starts a checkout through the API and returns the parsed gateway URL. */
export async function checkout(app: FastifyInstance, who: Customer, code: string, returnUrl = 'http://localhost:3000/checkout') {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/payments/${code}/checkout?provider=VNPAY&returnUrl=${encodeURIComponent(returnUrl)}`,
    headers: who.headers,
  });
  const data = (await ok(res, 201)) as { checkoutUrl: string; txnRef: string };
  const url = new URL(data.checkoutUrl);
  return { data, url, params: Object.fromEntries(url.searchParams) as VnpParams };
}

/** The result parameters a gateway sends for `txnRef` (IPN and return), signed with the app's secret unless told. */
export function gatewayResult(
  app: FastifyInstance,
  base: { txnRef: string; amountVnd: number; responseCode?: string; transactionStatus?: string },
  overrides: VnpParams = {},
  secret = vnpaySettings(app.config).hashSecret,
): VnpParams {
  const code = base.responseCode ?? '00';
  return withSignature(
    {
      vnp_Amount: String(base.amountVnd * 100),
      vnp_BankCode: 'NCB',
      vnp_BankTranNo: 'VNP14422574',
      vnp_CardType: 'ATM',
      vnp_OrderInfo: 'Thanh toan don hang',
      vnp_PayDate: formatVnpDate(new Date()),
      vnp_ResponseCode: code,
      vnp_TmnCode: vnpaySettings(app.config).tmnCode,
      vnp_TransactionNo: '14422574',
      vnp_TransactionStatus: base.transactionStatus ?? (code === '00' ? '00' : '02'),
      vnp_TxnRef: base.txnRef,
      ...overrides,
    },
    secret,
  );
}

export const ipn = (app: FastifyInstance, params: VnpParams) => app.inject({ method: 'GET', url: `/api/v1/payments/vnpay/ipn?${toQueryString(params)}` });

/**
 * A test app listening on a free loopback port: the built-in sandboxes are reached over HTTP at the server's own
 * address (IPN, querydr and refund, the bank's notification), as the real gateway and bank are.
 */
export async function createListeningTestApp(...args: Parameters<typeof createTestApp>): Promise<TestApp> {
  const t = await createTestApp(...args);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return t;
}

/** The VNPAY provider's calls to its gateway (querydr, refund), as the sales back-office makes them. */
export const queryVnpayTransaction = (app: FastifyInstance, txnRef: string) => app.payments.get('VNPAY').query!(txnRef);
export const refundVnpayPayment = (app: FastifyInstance, input: RefundInput) => app.payments.get('VNPAY').refund!(input);

// Helpers for the sales tests (imported by *.test.ts only): staff accounts, and real orders placed and paid
// through the customer and payment APIs.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import type { OrderDto, PaymentMethod, SaleOrderDto } from '@nhasach/shared';
import { auditLog, orderHistory, users } from '../src/db/schema/index.ts';
import { hashSecret } from '../src/lib/password.ts';
import { uniqueName } from './auth.ts';
import { makeCustomer, makeShopBook, VALID_ADDRESS, type Customer } from './orders.ts';
import { checkout } from './payments.ts';

export { bookState, makeCustomer, makeShopBook, type Customer } from './orders.ts';

export interface Staff extends Customer {
  role: 'SALE' | 'ADMIN';
}

let passwordHash: Promise<string> | undefined;

/** A staff (or, with role USER, a shopper) account with a signed access token. */
export async function makeStaff(
  app: FastifyInstance,
  role: 'SALE' | 'ADMIN',
  opts: { fullName?: string; enabled?: boolean; deleted?: boolean } = {},
): Promise<Staff> {
  passwordHash ??= hashSecret('Secret@123');
  const username = uniqueName(role === 'ADMIN' ? 'ad' : 'nv');
  const email = `${username}@example.com`;
  const fullName = opts.fullName ?? (role === 'ADMIN' ? 'Quản Trị Viên' : 'Nhân Viên Bán Hàng');
  const [row] = await app.db
    .insert(users)
    .values({
      username,
      email,
      passwordHash: await passwordHash,
      fullName,
      role,
      enabled: opts.enabled ?? true,
      deletedAt: opts.deleted ? new Date() : null,
    })
    .returning({ id: users.id });
  const id = row!.id;
  const token = await app.tokens.sign({ sub: String(id), userId: id, username, email, roles: [`ROLE_${role}`] });
  return { id, username, fullName, role, headers: { authorization: `Bearer ${token}` } };
}

async function ok<T>(res: LightMyRequestResponse, status: number): Promise<T> {
  if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data as T;
}

export interface PlaceOptions {
  who?: Customer;
  customerName?: string;
  /** One line per book: a new book with this price, stock and quantity. */
  lines?: { price?: number; stock?: number; qty?: number }[];
  paymentMethod?: PaymentMethod;
  address?: Partial<typeof VALID_ADDRESS>;
}

/** An order placed by a customer through the real API (cart, address, POST /orders). */
export async function placeOrder(app: FastifyInstance, opts: PlaceOptions = {}) {
  const who = opts.who ?? (await makeCustomer(app, opts.customerName ?? 'Trần Thị Bình'));
  const headers = who.headers;
  const books = [];
  for (const line of opts.lines ?? [{}]) {
    const book = await makeShopBook(app, { price: line.price ?? 120_000, stock: line.stock ?? 10 });
    books.push(book);
    await ok(await app.inject({ method: 'POST', url: '/api/v1/cart/items', headers, payload: { bookId: book.id, qty: line.qty ?? 1 } }), 200);
  }
  const address = await ok<{ id: number }>(
    await app.inject({ method: 'POST', url: '/api/v1/address', headers, payload: { ...VALID_ADDRESS, ...opts.address } }),
    201,
  );
  const order = await ok<OrderDto>(
    await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers,
      payload: { addressId: address.id, paymentMethod: opts.paymentMethod ?? 'COD', deliveryMethod: 'STANDARD' },
    }),
    201,
  );
  return { who, books, order };
}

/** Pays a VNPAY order in the built-in sandbox gateway (the tester's '00' choice): IPN, then the order is PAID. */
export async function payInSandbox(app: FastifyInstance, who: Customer, code: string): Promise<void> {
  const { params } = await checkout(app, who, code);
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/vnpay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...params, choice: '00', bankCode: 'NCB' }).toString(),
  });
  if (res.statusCode !== 303) throw new Error(`sandbox payment failed: ${res.statusCode} ${res.body}`);
}

type Method = 'GET' | 'POST' | 'PUT';
/** Calls /api/v1/sales{path} as `who` (undefined: a guest). */
export const salesCall = (app: FastifyInstance, who: { headers: Record<string, string> } | undefined, method: Method, path: string, payload?: object) =>
  app.inject({ method, url: `/api/v1/sales${path}`, headers: { ...who?.headers }, ...(payload ? { payload } : {}) });

/** The order as the sales API shows it. */
export async function saleOrder(app: FastifyInstance, staff: Staff, id: number): Promise<SaleOrderDto> {
  return ok<SaleOrderDto>(await salesCall(app, staff, 'GET', `/orders/${id}`), 200);
}

export const historyRows = (app: FastifyInstance, orderId: number) =>
  app.db.select().from(orderHistory).where(eq(orderHistory.orderId, orderId)).orderBy(orderHistory.id);

export const auditRows = (app: FastifyInstance, code: string) =>
  app.db.select().from(auditLog).where(eq(auditLog.entityId, code)).orderBy(auditLog.id);

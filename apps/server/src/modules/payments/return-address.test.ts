import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { orders } from '../../db/schema/index.ts';
import { makeCustomer, placeOrder } from '../../../test/payments.ts';
import { isOwnInterfaceHost } from './return-url.ts';

// Production, as `npm start` runs it: PUBLIC_URL says localhost, the shopper may open 127.0.0.1 or a LAN address.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ NODE_ENV: 'production', VNPAY_SANDBOX: 'true', PUBLIC_URL: 'http://localhost:3000' });
});
afterAll(async () => t?.close());

const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

describe('the return address after payment', () => {
  it('is the address the shopper is on when it is one of this server: 127.0.0.1, localhost, a LAN address', async () => {
    const hosts = ['127.0.0.1:3000', 'localhost:3000', ...(lanAddress ? [`${lanAddress}:3000`] : [])];
    for (const host of hosts) {
      const { who, order } = await placeOrder(t.app);
      const returnUrl = `http://${host}/checkout?order=${order.code}`;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/payments/${order.code}/checkout?provider=VNPAY&returnUrl=${encodeURIComponent(returnUrl)}`,
        headers: { ...who.headers, host },
      });
      expect(res.statusCode, host).toBe(201);
      expect(new URL(res.json().data.checkoutUrl).searchParams.get('vnp_ReturnUrl')).toBe(returnUrl);
    }
  });

  it('refuses another site, and a local address the request did not come in at', async () => {
    const { who, order } = await placeOrder(t.app);
    for (const [host, returnUrl] of [
      ['evil.example', 'http://evil.example/checkout'],
      ['127.0.0.1:3000', 'http://evil.example/checkout'],
      ['127.0.0.1:3000', 'http://127.0.0.1:4000/checkout'],
      ['127.0.0.1:3000', 'https://127.0.0.1:3000/checkout'],
      ['10.255.255.254:3000', 'http://10.255.255.254:3000/checkout'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/payments/${order.code}/checkout?provider=VNPAY&returnUrl=${encodeURIComponent(returnUrl)}`,
        headers: { ...who.headers, host },
      });
      expect(res.statusCode, `${host} ${returnUrl}`).toBe(400);
      expect(res.json().message).toBe('Địa chỉ quay lại sau thanh toán không hợp lệ.');
    }
  });

  it('is checked before a VNPAY order is placed: a refused address leaves no order and no stock taken', async () => {
    const who = await makeCustomer(t.app, 'Lê Văn Cường');
    const { book, send } = await readyToOrder(who);
    const before = await t.app.db.select().from(orders);
    const refused = await send('https://evil.example/checkout', 'evil.example');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Địa chỉ quay lại sau thanh toán không hợp lệ.');
    expect(await t.app.db.select().from(orders)).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/books/${book.id}` })).json().data.stock).toBe(book.stock);
    expect((await send('http://127.0.0.1:3000/checkout', '127.0.0.1:3000')).statusCode).toBe(201);
  });

  it('knows its own interface addresses', () => {
    expect(isOwnInterfaceHost('127.0.0.1:3000')).toBe(true);
    expect(isOwnInterfaceHost('[::1]:3000')).toBe(true);
    expect(isOwnInterfaceHost('localhost')).toBe(true);
    expect(isOwnInterfaceHost('evil.example')).toBe(false);
    expect(isOwnInterfaceHost('10.255.255.254')).toBe(false);
  });
});

/** A customer with an address and a book in the cart; `send` places the VNPAY order as the checkout page does. */
async function readyToOrder(who: Awaited<ReturnType<typeof makeCustomer>>) {
  const { book } = await placeOrder(t.app, { who, paymentMethod: 'COD' });
  const fresh = (await t.app.inject({ method: 'GET', url: `/api/v1/books/${book.id}` })).json().data as { id: number; stock: number };
  const address = await t.app.inject({ method: 'GET', url: '/api/v1/address', headers: who.headers });
  const addressId = (address.json().data as { id: number }[])[0]!.id;
  await t.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers: who.headers, payload: { bookId: book.id, qty: 1 } });
  const send = (returnUrl: string, host: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { ...who.headers, host },
      payload: { addressId, paymentMethod: 'VNPAY', deliveryMethod: 'STANDARD', returnUrl },
    });
  return { book: fresh, send };
}

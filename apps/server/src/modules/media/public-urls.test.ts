import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actors, type Actors } from '../../../test/admin.ts';
import { makeCustomer, makeShopBook, VALID_ADDRESS } from '../../../test/orders.ts';
import { publicMediaUrls } from './public-urls.ts';

/** The API's public address in this file: not the address the tests reach it by. */
const PUBLIC = 'https://api.nhasach.example';

describe('publicMediaUrls', () => {
  const absolute = publicMediaUrls(`${PUBLIC}/`);

  it('makes media paths absolute and leaves every other value as it is', () => {
    const input = {
      thumbnail: '/media/covers/7/v1-medium.webp',
      images: [{ url: '/media/books/7/ab-xlarge.webp', variants: { thumb: '/media/books/7/ab-thumb.webp' } }],
      cdn: 'https://cdn.nhasach.example/books/7/ab-thumb.webp',
      placeholder: '/media/no-image.svg',
      notAKey: '/media/../secret.webp',
      text: 'Ảnh ở /media/books/1/a.webp',
      page: '/books/dac-nhan-tam',
      at: new Date(0),
      count: 3,
      none: null,
    };
    const output = absolute(input);
    expect(output).toEqual({
      ...input,
      thumbnail: `${PUBLIC}/media/covers/7/v1-medium.webp`,
      images: [{ url: `${PUBLIC}/media/books/7/ab-xlarge.webp`, variants: { thumb: `${PUBLIC}/media/books/7/ab-thumb.webp` } }],
      placeholder: `${PUBLIC}/media/no-image.svg`,
    });
    // Cached DTOs are never changed in place, and what holds no media path is the same object.
    expect(input.thumbnail).toBe('/media/covers/7/v1-medium.webp');
    expect(input.images[0]!.url).toBe('/media/books/7/ab-xlarge.webp');
    const plain = { a: [1, 'x'], b: { c: '/books/x' } };
    expect(absolute(plain)).toBe(plain);
  });
});

describe('every image URL the API answers with is absolute on PUBLIC_URL', () => {
  let t: TestApp;
  let who: Actors;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: PUBLIC });
    who = await actors(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every string of a JSON value, with its path. */
  function strings(value: unknown, path = '$'): [string, string][] {
    if (typeof value === 'string') return [[path, value]];
    if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
    if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, `${path}.${k}`));
    return [];
  }

  it('catalogue, book, home, cart, orders, my orders, favourites, sales and admin views and the dashboard figures', async () => {
    const book = await makeShopBook(t.app, { title: 'Sách Có Ảnh', withCover: true });
    const customer = await makeCustomer(t.app, 'Trần Thị Ảnh');
    const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
    const address = await call('POST', '/address', customer.headers, VALID_ADDRESS);
    expect(address.statusCode, address.body).toBe(201);
    expect((await call('POST', '/cart/items', customer.headers, { bookId: book.id, qty: 1 })).statusCode).toBe(200);
    const cart = await call('GET', '/cart', customer.headers);
    const placed = await call('POST', '/orders', customer.headers, { addressId: address.json().data.id, paymentMethod: 'COD', deliveryMethod: 'STANDARD' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await call('POST', `/books/favorites/${book.id}/toggle`, customer.headers)).statusCode).toBe(200);
    const today = new Date(Date.now() + 7 * 3600 * 1000).toISOString().slice(0, 10);

    const answers = {
      catalog: await call('GET', '/books/catalog?size=100', {}),
      book: await call('GET', `/books/${book.id}`, {}),
      home: await call('GET', '/books/home', {}),
      list: await call('GET', '/books?page=0&size=20', {}),
      cart,
      placed,
      myOrders: await call('GET', '/orders/me', customer.headers),
      order: await call('GET', `/orders/${placed.json().data.code}`, customer.headers),
      favorites: await call('GET', '/books/favorites/me', customer.headers),
      salesOrders: await call('GET', `/sales/orders/${placed.json().data.id}`, who.admin.headers),
      topBooks: await call('GET', `/admin/metrics/top-books?from=${today}&to=${today}`, who.admin.headers),
      adminBook: await call('GET', `/admin/books/${book.id}`, who.admin.headers),
    };
    const found: Record<string, number> = {};
    for (const [name, res] of Object.entries(answers)) {
      expect(res.statusCode, `${name}: ${res.body}`).toBe(name === 'placed' ? 201 : 200);
      const media = strings(res.json().data).filter(([, s]) => s.includes('/media/'));
      for (const [path, url] of media) expect(url, `${name} ${path}`).toMatch(new RegExp(`^${PUBLIC}/media/books/`));
      found[name] = media.length;
    }
    // Each answer does carry the picture (a card's thumbnail, the gallery and its variants, order lines).
    for (const name of Object.keys(answers)) expect(found[name], name).toBeGreaterThan(0);
    expect(answers.book.json().data.images[0].variants.medium).toBe(`${PUBLIC}/media/books/${book.slug}-m.webp`);
    expect(answers.myOrders.json().data.content[0].items[0].thumbnail).toBe(`${PUBLIC}/media/books/${book.slug}-m.webp`);
  });
});

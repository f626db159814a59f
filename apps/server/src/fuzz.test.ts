import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { queryRows } from './db/client.ts';
import { bookImages } from './db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { actors, insertRefs, type Actors, type Refs } from '../test/admin.ts';
import { createAccount } from '../test/auth.ts';
import { makeShopBook, placeOrder } from '../test/sales.ts';
import { VALID_ADDRESS } from '../test/orders.ts';

/**
 * Malformed requests generated from the app's own OpenAPI document, over every route and every role: NUL bytes,
 * lone surrogates, huge, negative, fractional and hex numbers, wrong types, deep and wide JSON, truncated
 * multipart. None may answer 5xx, none that is refused may write a row, and the server must still serve afterwards.
 * Deterministic: the same seed gives the same requests.
 */

const SEED = 0x8a11;
const VARIANTS_PER_ROLE = 7;

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(SEED);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

const nested = (depth: number, leaf: unknown): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
  return v;
};

const BAD_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  'Tên \ud83d',
  '\u0007chuông',
  '\u001b[31mđỏ',
  'dòng 1\ndòng 2',
  'tab\there',
  '\u202egnp.exe',
  'x'.repeat(5000),
  '',
  '   ',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '😀📚',
  '%00',
  '0x1F',
  '1e3',
  ' 1',
  '+1',
  '-1',
  '2147483648',
  '1.5',
];
const BAD_NUMBERS = [-1, 0, 2 ** 31, 2 ** 31 - 1, 2 ** 53, -(2 ** 31) - 1, 1.5, -0.5, 1e308, 1e20, 1e-9];
const WRONG_TYPES = ['0x10', '1e3', ' ', '16', true, false, null, [], [1], ['1'], {}, { a: 1 }, [[[]]]];
const badValue = (): unknown => {
  const r = random();
  if (r < 0.4) return pick(BAD_STRINGS);
  if (r < 0.65) return pick(BAD_NUMBERS);
  if (r < 0.95) return pick(WRONG_TYPES);
  return r < 0.975 ? nested(20, '\u0000') : Array.from({ length: 2000 }, (_, i) => i);
};

/** Path values: malformed ids and codes, and URL escapes that decode to bad text or do not decode at all. */
const BAD_PATH_VALUES = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '0x1F',
  '%201',
  '+1',
  '1.5',
  '1e3',
  '%00',
  '1%00',
  '%ED%A0%80',
  '%C0%80',
  '%FF',
  'abc',
  '%F0%9F%98%80',
  '%E2%80%AE',
  '..%2F..',
  '%20',
  '01',
];

/** Query values, already escaped. */
const escape = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    // A lone surrogate cannot be written in UTF-8: send its CESU-8 bytes, which no decoder turns back into text.
    return '%ED%A0%80';
  }
};
const BAD_QUERY_VALUES = [...BAD_STRINGS.map(escape), '%00', '%ED%A0%80', '%FF', '%', '%2', '0x10', '-5', '99999999999999999999999', '1e3', '%2B1'];

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  nullable?: boolean;
}
interface Operation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  consumes?: string[];
}

/** A value the schema would accept on its face, so the other fields of a body reach validation. */
function plausible(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'Giá trị thử';
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return plausible(alt[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [plausible(schema.items)];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
    default:
      return schema.format === 'email' ? 'fuzz@example.com' : 'Giá trị thử';
  }
}

let t: TestApp;
let who: Actors;
let refs: Refs;
const real: Record<string, string> = {};

beforeAll(async () => {
  // Limits scaled up so malformed requests reach validation instead of stopping at 429.
  // No background work (mail delivery, unpaid-order expiry): a row it changes would look written by a request.
  t = await createTestApp({ RATE_LIMIT_SCALE: '1000', API_DOCS: 'true', MAIL_WORKER: 'false', ORDER_EXPIRY_INTERVAL_SECONDS: '0' });
  who = await actors(t.app);
  refs = await insertRefs(t.app.db);
  const book = await makeShopBook(t.app, { price: 90_000, stock: 50 });
  const [image] = await t.app.db.insert(bookImages).values({ bookId: book.id, url: 'https://example.com/bia.jpg', sortOrder: 0 }).returning();
  const victim = await createAccount(t.app.db);
  const { order } = await placeOrder(t.app);
  const h = who.customer.headers;
  const address = (await t.app.inject({ method: 'POST', url: '/api/v1/address', headers: h, payload: VALID_ADDRESS })).json().data;
  await t.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers: h, payload: { bookId: book.id, qty: 1 } });
  const comment = (await t.app.inject({ method: 'POST', url: `/api/v1/books/${book.id}/comments`, headers: h, payload: { content: 'Sách hay' } })).json().data;
  const rating = (await t.app.inject({ method: 'POST', url: `/api/v1/books/${book.id}/ratings`, headers: h, payload: { score: 5 } })).json().data;
  const voucher = (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/vouchers',
      headers: who.admin.headers,
      payload: { code: 'FUZZ10', name: 'Thử', kind: 'PERCENT', value: 10, startsAt: new Date(Date.now() - 3_600_000).toISOString(), endsAt: new Date(Date.now() + 86_400_000).toISOString() },
    })
  ).json().data;
  Object.assign(real, {
    book: String(book.id),
    image: String(image!.id),
    user: String(victim.id),
    category: String(refs.child.id),
    authors: String(refs.authors[0].id),
    publishers: String(refs.publisher.id),
    suppliers: String(refs.supplier.id),
    order: String(order.id),
    code: order.code,
    address: String(address.id),
    comment: String(comment.id),
    rating: String(rating.id),
    voucher: String(voucher.id),
  });
});
afterAll(async () => {
  await t?.close();
});

/** An existing row for a path parameter, so bodies are checked against real rows too. */
function realValue(path: string, param: string): string {
  if (param === 'imageId') return real.image!;
  if (param === 'bookId') return real.book!;
  if (param === 'orderCode') return real.code!;
  if (param === 'code') return path.includes('/geo/') ? '01' : real.code!;
  if (path.includes('/books')) return real.book!;
  if (path.includes('/users')) return real.user!;
  if (path.includes('/categories')) return real.category!;
  for (const kind of ['authors', 'publishers', 'suppliers']) if (path.includes(`/${kind}/`)) return real[kind]!;
  if (path.includes('/sales/orders')) return real.order!;
  if (path.includes('/address')) return real.address!;
  if (path.includes('/comment')) return real.comment!;
  if (path.includes('/ratings')) return real.rating!;
  if (path.includes('/vouchers')) return real.voucher!;
  return '1';
}

// The tables a request can write; otp_codes is left out on purpose (a wrong code is counted, by design).
const TABLES = [
  'users',
  'refresh_tokens',
  'addresses',
  'cart_items',
  'authors',
  'publishers',
  'suppliers',
  'categories',
  'books',
  'book_images',
  'book_categories',
  'book_authors',
  'favorites',
  'ratings',
  'comments',
  'comment_likes',
  'orders',
  'order_items',
  'order_history',
  'order_shipping',
  'order_refunds',
  'order_notes',
  'payment_transactions',
  'mail_outbox',
  'audit_log',
  'vouchers',
  'voucher_uses',
  'cart_vouchers',
];

/** One digest of every row of the tables above. */
async function snapshot(): Promise<string> {
  const parts = TABLES.map((table) => sql`select ${table} as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from ${sql.identifier(table)} x`);
  const rows = await queryRows<{ t: string; d: string }>(t.app.db, sql.join(parts, sql` union all `));
  return rows.map((r) => `${r.t}:${r.d}`).join(',');
}

const TRUNCATED_MULTIPART = [
  (b: string) => `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n`,
  (b: string) => `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\nContent-Type: image/png`,
  (b: string) => `--${b}\r\n`,
  (b: string) => `--${b}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\n\r\nnot an image\r\n--${b}--\r\n`,
  (b: string) => `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc\r\n--${b}`,
  () => 'garbage without any boundary',
];

/** Whole bodies that are wrong as a whole. */
function badBody(schema: JsonSchema | undefined): Pick<InjectOptions, 'payload' | 'headers'> {
  const json = (payload: string) => ({ payload, headers: { 'content-type': 'application/json' } });
  switch (Math.floor(random() * 11)) {
    case 0:
      return json(pick(['[]', '"text"', '42', 'null', 'true', '{"a":', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '\u0000', '{,}']));
    case 1:
      return json(JSON.stringify(nested(200, 1)));
    case 2:
      return json(JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]))));
    case 3:
      return json(JSON.stringify({ ...(plausible(schema) as object), __proto__: { isAdmin: true }, constructor: { prototype: { x: 1 } } }));
    case 4: {
      const b = 'fuzzBoundary';
      return { payload: pick(TRUNCATED_MULTIPART)(b), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
    }
    case 5:
      return { payload: 'a=1&b=%00', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    case 6:
      return { payload: 'plain text', headers: { 'content-type': 'text/plain' } };
    case 7:
      return json(JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }));
    default: {
      // Every field of the schema wrong at once.
      const props = schema?.properties ?? { a: {} };
      return json(JSON.stringify(Object.fromEntries(Object.keys(props).map((k) => [k, badValue()]))));
    }
  }
}

/** A body with one field wrong and the others plausible. */
function oneBadField(schema: JsonSchema | undefined): Pick<InjectOptions, 'payload' | 'headers'> {
  const base = plausible(schema) as Record<string, unknown>;
  const keys = Object.keys(schema?.properties ?? {});
  const body = typeof base === 'object' && base !== null ? { ...base } : {};
  if (keys.length) body[pick(keys)] = badValue();
  else body[pick(['id', 'name', 'bookId'])] = badValue();
  // JSON.stringify writes lone surrogates as \\udxxx escapes: the server sees exactly the bad string.
  return { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

it(
  'malformed requests over every route and role: no 5xx, nothing written by a refused request, the server still serves',
  async () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    const roles: [string, Record<string, string>][] = [
      ['guest', {}],
      ['customer', who.customer.headers],
      ['sale', who.sale.headers],
      ['admin', who.admin.headers],
    ];
    const failures: string[] = [];
    let requests = 0;
    let refused = 0;
    let routes = 0;
    let before = await snapshot();

    for (const [path, operations] of Object.entries(doc.paths)) {
      if (path.startsWith('/api/docs')) continue;
      for (const [method, op] of Object.entries(operations)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        routes++;
        const params = op.parameters ?? [];
        const pathParams = params.filter((p) => p.in === 'path');
        const queryParams = params.filter((p) => p.in === 'query');
        const jsonSchema = op.requestBody?.content?.['application/json']?.schema;
        const multipart = Boolean(op.requestBody?.content?.['multipart/form-data'] || op.consumes?.includes('multipart/form-data'));
        const writes = method !== 'get';

        for (const [role, auth] of roles) {
          for (let v = 0; v < VARIANTS_PER_ROLE; v++) {
            // What is wrong in this request: a path value, a query value, one field, the whole body.
            const kinds = [
              ...(pathParams.length ? ['path', 'path'] : []),
              ...(queryParams.length ? ['query', 'query'] : []),
              ...(writes ? ['field', 'field', 'body'] : ['query-extra']),
            ];
            const kind = pick(kinds);
            let url = path;
            const badParam = kind === 'path' ? pick(pathParams).name : undefined;
            for (const p of pathParams) url = url.replace(`{${p.name}}`, p.name === badParam ? pick(BAD_PATH_VALUES) : realValue(path, p.name));
            const query: string[] = [];
            if (kind === 'query') {
              const p = pick(queryParams);
              query.push(`${p.name}=${pick(BAD_QUERY_VALUES)}`);
              if (random() < 0.3) query.push(`${p.name}=${pick(BAD_QUERY_VALUES)}`);
            } else if (kind === 'query-extra') {
              query.push(`${pick(['q', 'page', 'size', 'id', '%00', 'a[b]'])}=${pick(BAD_QUERY_VALUES)}`);
            }
            if (query.length) url += `?${query.join('&')}`;

            const headers: Record<string, string> = { ...auth };
            let body: Pick<InjectOptions, 'payload' | 'headers'> = {};
            if (writes) {
              if (multipart) {
                const b = 'fuzzBoundary';
                body = { payload: pick(TRUNCATED_MULTIPART)(b), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
              } else if (kind === 'body') body = badBody(jsonSchema);
              else if (kind === 'field') body = oneBadField(jsonSchema);
              else body = { payload: JSON.stringify(plausible(jsonSchema) ?? {}), headers: { 'content-type': 'application/json' } };
            }

            const res = await t.app.inject({
              method: method.toUpperCase() as InjectOptions['method'],
              url,
              headers: { ...headers, ...body.headers },
              ...(body.payload !== undefined ? { payload: body.payload } : {}),
            });
            requests++;
            const label = `${role} ${method.toUpperCase()} ${url.slice(0, 160)} ${String(body.payload ?? '').slice(0, 160)}`;
            if (res.statusCode >= 500) failures.push(`${res.statusCode} ${label} -> ${res.body.slice(0, 200)}`);
            if (res.statusCode >= 400) refused++;
            if (writes) {
              const after = await snapshot();
              if (res.statusCode >= 400 && after !== before) failures.push(`${res.statusCode} wrote rows: ${label}`);
              before = after;
            }
          }
        }
      }
    }

    console.log(`fuzz: ${requests} requests over ${routes} routes and 4 roles (seed ${SEED}), ${refused} refused, ${failures.length} failures`);
    expect(failures).toEqual([]);
    expect(routes).toBeGreaterThan(90);
    expect(requests).toBeGreaterThan(2000);
    // Still serving, database included.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/books/catalog?size=1' });
    expect(list.statusCode).toBe(200);
  },
  // Every route times every role, with more routes as the shop grows: minutes on a loaded machine.
  300_000,
);

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeShopBook } from '../../test/orders.ts';
import { generateResponses, RESPONSES_FILE, serialise } from './generate-responses.ts';

type Schema = { $ref?: string; type?: string; properties?: Record<string, Schema>; required?: string[]; items?: Schema; anyOf?: Schema[] };
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await t?.close();
});

/** Every $ref of a schema, nested. */
function refsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (k === '$ref' && typeof v === 'string' ? [v] : refsOf(v)));
  }
  return [];
}
const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(doc.components.schemas[schema.$ref.split('/').pop()!]!) : schema);

describe('the OpenAPI document describes every answer', () => {
  it('every route has a success response with a schema, enveloped under /api, and every reference resolves', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThan(150);
    const missing: string[] = [];
    for (const { path, method, op } of operations) {
      const responses = Object.entries(op.responses ?? {});
      // A form post before JavaScript answers only a redirect: documented as such, with no body.
      if (responses.length && responses.every(([status]) => /^30\d$/.test(status))) continue;
      const success = responses.filter(([status]) => /^2\d\d$/.test(status));
      const schemas = success.flatMap(([, r]) => Object.entries(r.content ?? {}).map(([type, c]) => ({ type, schema: c.schema })));
      if (!schemas.length || schemas.some((s) => !s.schema)) {
        missing.push(`${method.toUpperCase()} ${path}`);
        continue;
      }
      for (const { type, schema } of schemas) {
        if (type !== 'application/json' || !path.startsWith('/api/') || path === '/api/v1/payments/vnpay/ipn' || path === '/api/v1/payments/bank-transfer/webhook') continue;
        expect(Object.keys(resolve(schema!).properties ?? {}).sort(), `${method} ${path}`).toEqual(['data', 'error', 'message', 'statusCode']);
      }
    }
    expect(missing, 'routes without a 2xx response schema').toEqual([]);
    for (const ref of refsOf(doc)) expect(doc.components.schemas, ref).toHaveProperty(ref.replace('#/components/schemas/', ''));
  });

  it('names the shapes other front ends read', () => {
    const data = (path: string, method = 'get', status = '200') =>
      resolve(resolve(doc.paths[path]![method]!.responses![status]!.content!['application/json']!.schema!).properties!.data!);
    expect(Object.keys(resolve(data('/api/v1/warehouse/batches/{id}')).properties!)).toEqual(
      expect.arrayContaining(['id', 'code', 'type', 'reason', 'note', 'performedBy', 'performedAt', 'totals', 'lines']),
    );
    expect(Object.keys(resolve(data('/api/v1/warehouse/batches', 'post', '201')).properties!)).toContain('totals');
    const topSelling = data('/api/v1/books/top-selling');
    expect(topSelling.type).toBe('array');
    expect(resolve(topSelling.items!).required).toEqual(
      expect.arrayContaining(['category', 'bookId', 'title', 'authorNames', 'imageUrl', 'sold', 'lastWeekSold', 'growthPercent', 'rank']),
    );
    // An order placed answers 201, the same order again (same Idempotency-Key) 200.
    expect(Object.keys(doc.paths['/api/v1/orders']!.post!.responses!)).toEqual(expect.arrayContaining(['200', '201']));
    expect(doc.paths['/api/v1/admin/exports/books']!.get!.responses!['200']!.content).toHaveProperty('application/octet-stream');
    expect(Object.keys(doc.paths['/gio-hang/them']!.post!.responses!)).toEqual(['303']);
  });

  it('documents what the answers hold: the documented fields of a book are the fields it is sent with', async () => {
    const book = await makeShopBook(t.app, { withCover: true });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/books/${book.id}` });
    expect(res.statusCode).toBe(200);
    const documented = resolve(resolve(doc.paths['/api/v1/books/{id}']!.get!.responses!['200']!.content!['application/json']!.schema!).properties!.data!);
    expect(Object.keys(res.json().data).sort()).toEqual(Object.keys(documented.properties!).sort());
    for (const field of documented.required ?? []) expect(res.json().data, field).toHaveProperty(field);
  });

  it('responses.json is what the code answers today (npm run openapi:responses -w @nhasach/server)', { timeout: 240_000 }, () => {
    expect(serialise(generateResponses()) === readFileSync(RESPONSES_FILE, 'utf8'), 'responses.json is out of date: run npm run openapi:responses -w @nhasach/server').toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from './db/client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('app shell', () => {
  it('answers health in the envelope with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statusCode: 200,
      error: null,
      message: 'Thành công',
      data: { status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
    });
  });

  it('gives unknown API paths a 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'NOT_FOUND', data: null });
    expect(res.json().message).toMatch(/Không tìm thấy/);
  });

  it('serves the OpenAPI document unwrapped', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
    expect(res.json().paths['/api/health']).toBeDefined();
  });

  it('runs the migrations with the search extensions installed', async () => {
    const rows = await queryRows<{ extname: string }>(
      t.database.db,
      sql`select extname from pg_extension where extname in ('unaccent','pg_trgm') order by extname`,
    );
    expect(rows.map((r) => r.extname)).toEqual(['pg_trgm', 'unaccent']);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

// A built web app as `npm run build` leaves it: each text asset with its .br and .gz beside it.
const webDist = mkdtempSync(path.join(tmpdir(), 'nhasach-dist-'));
const script = `export const books = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Sách số ${i}` })))};\n`;
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Nhà Sách</title>');
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), script);
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.gz'), gzipSync(script));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ NODE_ENV: 'production', WEB_DIST: webDist });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('HTTP compression', () => {
  it('sends a built asset precompressed as the client accepts, smaller, varying on Accept-Encoding', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);

    const br = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('compresses an API page above a small size, and leaves a small answer alone', async () => {
    const url = '/api/v1/geo/provinces';
    const plain = await t.app.inject({ method: 'GET', url });
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const small = await t.app.inject({ method: 'GET', url: '/api/health/live', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data).toMatchObject({ status: 'ok' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../test/harness.ts';

const directives = (res: LightMyRequestResponse) =>
  Object.fromEntries(
    String(res.headers['content-security-policy'] ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values.join(' ')];
      }),
  );

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every answer carries a CSP without inline script, no framing, nosniff and a Referrer-Policy', async () => {
    for (const url of ['/api/health', '/api/v1/does-not-exist', '/media/no-image.webp']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = directives(res);
      expect(csp['script-src'], url).toBe("'self'");
      expect(csp['style-src'], url).toBe("'self'");
      expect(csp['default-src'], url).toBe("'self'");
      expect(csp['object-src'], url).toBe("'none'");
      expect(csp['frame-ancestors'], url).toBe("'none'");
      expect(res.headers['content-security-policy'], url).not.toContain('unsafe-inline');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      // PUBLIC_URL is http here: no HSTS.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('serves the API docs outside production, with a CSP that allows Swagger UI styles but no inline script', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = directives(page);
    expect(csp['script-src']).toBe("'self'");
    expect(csp['style-src']).toBe("'self' 'unsafe-inline'");
    expect(csp['frame-ancestors']).toBe("'none'");
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });
});

describe('security headers in production', () => {
  it('adds HSTS when PUBLIC_URL is https, and hides the API docs unless API_DOCS=true', async () => {
    const t = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://nhasach.example' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(directives(res)).toHaveProperty('upgrade-insecure-requests');
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
        const docs = await t.app.inject({ method: 'GET', url });
        expect(docs.statusCode, url).toBe(404);
        expect(docs.json(), url).toMatchObject({ statusCode: 404, error: 'NOT_FOUND' });
      }
    } finally {
      await t.close();
    }

    const withDocs = await createTestApp({ NODE_ENV: 'production', API_DOCS: 'true' });
    try {
      expect((await withDocs.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
      expect((await withDocs.app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await withDocs.close();
    }
  });
});

describe('security headers with images on a CDN', () => {
  it('lets the app show images from PUBLIC_URL and MEDIA_PUBLIC_URL and nothing else from other origins', async () => {
    const t = await createTestApp({ MEDIA_PUBLIC_URL: 'https://cdn.nhasach.example/media/' });
    try {
      const csp = directives(await t.app.inject({ method: 'GET', url: '/api/health' }));
      expect(csp['img-src']).toBe("'self' data: blob: http://localhost:3000 https://cdn.nhasach.example");
      expect(csp['script-src']).toBe("'self'");
      expect(csp['connect-src']).toBe("'self'");
    } finally {
      await t.close();
    }
  });
});

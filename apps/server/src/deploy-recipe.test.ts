import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { expectLimited, randomIp, uniqueName } from '../test/auth.ts';

// The deployment recipe (compose.yaml, deploy/nginx.conf) read as the product ships it.
const root = new URL('../../../', import.meta.url);
const compose = parse(readFileSync(new URL('compose.yaml', root), 'utf8')) as {
  services: Record<string, { environment?: Record<string, string> }>;
};
const nginx = readFileSync(new URL('deploy/nginx.conf', root), 'utf8');

// nginx's address on the compose network (any private address: the instances only see nginx).
const NGINX = '172.18.0.9';

describe('compose.yaml: the instances behind nginx', () => {
  let t: TestApp;
  const trustProxy = compose.services.api1?.environment?.TRUST_PROXY;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: String(trustProxy ?? '') });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every API instance sets TRUST_PROXY, and nginx appends the client to X-Forwarded-For', () => {
    for (const name of ['api1', 'api2']) expect(compose.services[name]?.environment?.TRUST_PROXY).toBe(trustProxy);
    expect(trustProxy).toBeTruthy();
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
  });

  // What nginx sends: the client's own X-Forwarded-For (possibly forged), then the address it saw.
  const loginThroughNginx = (client: string, forged = randomIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: NGINX,
      headers: { 'x-forwarded-for': `${forged}, ${client}` },
      payload: { username: uniqueName('khongco'), password: 'Sai@12345' },
    });

  it('with its TRUST_PROXY, each shopper behind nginx has a limit of their own, and a forged header does not escape it', async () => {
    const shopper = randomIp();
    for (let i = 0; i < 10; i++) expect((await loginThroughNginx(shopper)).statusCode).toBe(401);
    expectLimited(await loginThroughNginx(shopper));
    // Another shopper through the same nginx is not held by the first one's limit.
    expect((await loginThroughNginx(randomIp())).statusCode).toBe(401);
  });
});

describe('deploy/nginx.conf: what is retried on the other instance', () => {
  const directives = (block: string) => {
    const start = nginx.indexOf(block);
    expect(start).toBeGreaterThanOrEqual(0);
    return nginx.slice(start, nginx.indexOf('\n  }', start));
  };

  it('idempotent requests on error, timeout or 503; non-idempotent ones only with an Idempotency-Key', () => {
    const plain = directives('location / {');
    expect(plain).toMatch(/proxy_next_upstream error timeout http_503;/);
    expect(plain).not.toMatch(/non_idempotent/);
    expect(plain).toMatch(/if \(\$http_idempotency_key\) \{ return 418; \}/);
    expect(plain).toMatch(/error_page 418 = @keyed;/);
    const keyed = directives('location @keyed {');
    expect(keyed).toMatch(/proxy_next_upstream error timeout http_503 non_idempotent;/);
    // Both forward the same way.
    for (const header of ['Host $host', 'X-Forwarded-For $proxy_add_x_forwarded_for', 'X-Forwarded-Proto $scheme', 'X-Request-Id $request_id']) {
      expect(plain).toContain(`proxy_set_header ${header};`);
      expect(keyed).toContain(`proxy_set_header ${header};`);
    }
  });
});

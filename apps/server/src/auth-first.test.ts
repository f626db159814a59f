import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { bearer, createAccount, loginViaApi } from '../test/auth.ts';

// Who is asking is settled before what they sent: a guest's malformed request to a signed-in route is a 401 (the
// guards run in onRequest, before parsing and validation), never a 400 describing the route's input.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '1000' });
});
afterAll(async () => {
  await t?.close();
});

interface Operation {
  method: string;
  path: string;
}

/** Every operation the API documents as needing a bearer token (not those where it is optional: `[{bearerAuth}, {}]`, the guest cart). */
function signedInOperations(): Operation[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { security?: Array<Record<string, unknown>> }>> };
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (op.security?.some((s) => 'bearerAuth' in s) && !op.security.some((s) => Object.keys(s).length === 0)) ops.push({ method: method.toUpperCase(), path });
    }
  }
  return ops;
}

/** The path with every parameter replaced by something no schema accepts as an id. */
const badPath = (path: string) => path.replace(/\{[^}]+\}/g, '%20khong-hop-le%20');

describe('signed-in routes check the session before the input', () => {
  it('a guest with a malformed body, bad path parameters or a bad query gets 401 on every signed-in route', async () => {
    const ops = signedInOperations();
    expect(ops.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const op of ops) {
      const res = await t.app.inject({
        method: op.method as 'GET',
        url: `${badPath(op.path)}?page=-1&size=abc`,
        ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { headers: { 'content-type': 'application/json' }, payload: '{"khong": ["hop", "le"], "qty": "x"' }),
      });
      if (res.statusCode !== 401) wrong.push(`${op.method} ${op.path}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a guest with a well-formed but invalid body gets 401, the signed-in user 400 naming the field', async () => {
    const cases = [
      { method: 'PUT' as const, url: '/api/v1/cart/voucher', payload: { voucherCode: 42 } },
      { method: 'POST' as const, url: '/api/v1/address', payload: { fullName: '' } },
      { method: 'POST' as const, url: '/api/v1/orders', payload: { addressId: 'x' } },
      { method: 'PUT' as const, url: '/api/v1/users/change-password', payload: {} },
    ];
    const account = await createAccount(t.app.db);
    const { accessToken } = await loginViaApi(t.app, account.username, account.password);
    for (const c of cases) {
      const guest = await t.app.inject(c);
      expect(guest.statusCode, `${c.method} ${c.url}`).toBe(401);
      expect(guest.json().error).toBe('UNAUTHORIZED');
      const signedIn = await t.app.inject({ ...c, headers: bearer(accessToken) });
      expect(signedIn.statusCode, `${c.method} ${c.url}`).toBe(400);
    }
  });
});

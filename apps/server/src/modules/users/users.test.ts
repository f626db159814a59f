import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { bearer, createAccount, loginViaApi, type TestAccount } from '../../../test/auth.ts';

let t: TestApp;
let customer: TestAccount;
let other: TestAccount;
let admin: TestAccount;
let sale: TestAccount;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '1000' });
  [customer, other, admin, sale] = await Promise.all([
    createAccount(t.app.db, { fullName: 'Khách Một' }),
    createAccount(t.app.db),
    createAccount(t.app.db, { role: 'ADMIN' }),
    createAccount(t.app.db, { role: 'SALE' }),
  ]);
  for (const account of [customer, other, admin, sale]) {
    tokens[account.username] = (await loginViaApi(t.app, account.username, account.password)).accessToken;
  }
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, who?: TestAccount) =>
  t.app.inject({ method: 'GET', url, headers: who ? bearer(tokens[who.username]!) : {} });
const putMe = (payload: unknown, who: TestAccount = customer) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/users/me', headers: bearer(tokens[who.username]!), payload: payload as object });

describe('GET /api/v1/users/{id}', () => {
  it('shows users their own profile', async () => {
    const res = await get(`/api/v1/users/${customer.id}`, customer);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: customer.id,
      username: customer.username,
      email: customer.email,
      fullName: 'Khách Một',
      phone: null,
      gender: null,
      birthDate: null,
      avatarUrl: null,
      role: 'USER',
      roles: ['ROLE_USER'],
      enabled: true,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(res.body).not.toMatch(/password/i);
  });

  it("refuses someone else's profile with 403, also to sales staff, and for ids that do not exist", async () => {
    for (const who of [other, sale]) {
      const res = await get(`/api/v1/users/${customer.id}`, who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, error: 'FORBIDDEN', data: null });
    }
    expect((await get('/api/v1/users/999999', other)).statusCode).toBe(403);
  });

  it('lets an admin read any profile; unknown ids are 404', async () => {
    const res = await get(`/api/v1/users/${customer.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.username).toBe(customer.username);
    const adminSelf = await get(`/api/v1/users/${admin.id}`, admin);
    expect(adminSelf.json().data).toMatchObject({ role: 'ADMIN', roles: ['ROLE_ADMIN'] });
    const missing = await get('/api/v1/users/999999', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, error: 'NOT_FOUND', message: 'Không tìm thấy người dùng.', data: null });
  });

  it('needs a login and a numeric id', async () => {
    expect((await get(`/api/v1/users/${customer.id}`)).statusCode).toBe(401);
    const bad = await get('/api/v1/users/abc', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields[0].field).toBe('id');
  });
});

describe('/api/v1/users/me', () => {
  it('reads the logged-in user', async () => {
    const res = await get('/api/v1/users/me', sale);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: sale.id, role: 'SALE', roles: ['ROLE_SALE'] });
    expect((await get('/api/v1/users/me')).statusCode).toBe(401);
  });

  it('updates the profile; an empty phone clears it; omitted fields stay', async () => {
    const res = await putMe({ fullName: '  Nguyễn Thị Hoa ', phone: '+84 901-234-567', gender: 'FEMALE', birthDate: '1995-02-28' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ statusCode: 200, error: null, message: 'Lưu thông tin thành công' });
    expect(res.json().data).toMatchObject({ fullName: 'Nguyễn Thị Hoa', phone: '+84 901-234-567', gender: 'FEMALE', birthDate: '1995-02-28' });

    const cleared = await putMe({ phone: '' });
    expect(cleared.json().data).toMatchObject({ fullName: 'Nguyễn Thị Hoa', phone: null, gender: 'FEMALE', birthDate: '1995-02-28' });
    const me = await get('/api/v1/users/me', customer);
    expect(me.json().data.phone).toBeNull();
    // The e-mail is read-only: a body with only an e-mail has nothing to change.
    const withEmail = await putMe({ email: 'khac@example.com' });
    expect(withEmail.statusCode).toBe(400);
    expect(withEmail.json().message).toBe('Không có thông tin nào để cập nhật.');
    expect((await get('/api/v1/users/me', customer)).json().data.email).toBe(customer.email);
  });

  it('refuses an invalid profile and changes nothing', async () => {
    const before = (await get('/api/v1/users/me', customer)).json().data;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ birthDate: '2023-02-30' }, 'birthDate', 'Ngày sinh không hợp lệ.'],
      [{ birthDate: '1899-12-31' }, 'birthDate', 'Ngày sinh không hợp lệ.'],
      [{ birthDate: '01/02/1990' }, 'birthDate', 'Ngày sinh không hợp lệ.'],
      [{ gender: 'X' }, 'gender', 'Giới tính không hợp lệ.'],
      [{ fullName: '   ' }, 'fullName', 'Họ tên là bắt buộc.'],
      [{ fullName: 'A'.repeat(101) }, 'fullName', 'Họ tên tối đa 100 ký tự.'],
      [{ phone: 'abc' }, 'phone', 'Số điện thoại'],
      [{ phone: 901234567 }, 'phone', 'Số điện thoại'],
    ];
    for (const [body, field, message] of cases) {
      const res = await putMe({ ...body, fullName: body.fullName ?? 'Không Đổi' });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('VALIDATION_ERROR');
      const fieldError = res.json().data.fields.find((f: { field: string }) => f.field === field);
      expect(fieldError?.message).toContain(message);
    }
    expect((await get('/api/v1/users/me', customer)).json().data).toEqual(before);
  });

  it('a deleted account can no longer use its token', async () => {
    const gone = await createAccount(t.app.db);
    const { accessToken } = await loginViaApi(t.app, gone.username, gone.password);
    await t.app.db.execute(sql`update users set deleted_at = now() where id = ${gone.id}`);
    const res = await t.app.inject({ method: 'PUT', url: '/api/v1/users/me', headers: bearer(accessToken), payload: { fullName: 'Ma' } });
    expect(res.statusCode).toBe(401);
    expect((await get(`/api/v1/users/${gone.id}`, admin)).statusCode).toBe(404);
  });
});

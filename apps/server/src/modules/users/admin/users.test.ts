import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { createAccount, loginViaApi, bearer } from '../../../../test/auth.ts';
import { actor, actors, auditRows, countOf, insertOrder, type Actors } from '../../../../test/admin.ts';

let t: TestApp;
let who: Actors;

beforeAll(async () => {
  t = await createTestApp();
  who = await actors(t.app);
});
afterAll(async () => {
  await t?.close();
});

const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.admin.headers, ...(payload ? { payload } : {}) });

describe('GET /api/v1/users', () => {
  it('pages every account as {meta, result}, newest id first, searchable', async () => {
    await createAccount(t.app.db, { username: 'tim.kiem.mot', fullName: 'Trần Thị Tìm' });
    await createAccount(t.app.db, { username: 'tim.kiem.hai', fullName: 'Lê Văn Hai' });
    const total = await countOf(t.app.db, 'users');

    const res = await asAdmin('GET', '/api/v1/users?page=0&size=2&sort=id,desc');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.meta).toEqual({ page: 0, pageSize: 2, total, pages: Math.ceil(total / 2) });
    expect(data.result).toHaveLength(2);
    expect(data.result[0].id).toBeGreaterThan(data.result[1].id);
    expect(Object.keys(data.result[0])).toEqual(
      expect.arrayContaining(['id', 'email', 'username', 'fullName', 'roles', 'role', 'enabled', 'createdAt', 'deletedAt']),
    );
    expect(data.result[0]).not.toHaveProperty('passwordHash');
    expect(data.result[0]).toMatchObject({ username: 'tim.kiem.hai', role: 'USER', roles: ['ROLE_USER'], enabled: true, deletedAt: null });

    const defaults = await asAdmin('GET', '/api/v1/users');
    expect(defaults.json().data.meta.pageSize).toBe(10);
    const asc = await asAdmin('GET', '/api/v1/users?sort=id,asc');
    expect(asc.json().data.result[0].id).toBe(who.admin.id);

    const byName = await asAdmin('GET', '/api/v1/users?q=TRẦN%20THỊ');
    expect(byName.json().data.result.map((u: { username: string }) => u.username)).toEqual(['tim.kiem.mot']);
    const unaccented = await asAdmin('GET', '/api/v1/users?q=tran%20thi%20tim');
    expect(unaccented.json().data.result.map((u: { username: string }) => u.username)).toEqual(['tim.kiem.mot']);
    const byUsername = await asAdmin('GET', '/api/v1/users?q=tim.kiem');
    expect(byUsername.json().data.meta.total).toBe(2);
    const byEmail = await asAdmin('GET', `/api/v1/users?q=${encodeURIComponent(who.sale.email)}`);
    expect(byEmail.json().data.result.map((u: { id: number }) => u.id)).toEqual([who.sale.id]);
    const percent = await asAdmin('GET', '/api/v1/users?q=%25');
    expect(percent.json().data.meta.total).toBe(0);
    const staff = await asAdmin('GET', '/api/v1/users?role=ROLE_SALE');
    expect(staff.json().data.result.map((u: { id: number }) => u.id)).toEqual([who.sale.id]);
    const badSort = await asAdmin('GET', '/api/v1/users?sort=password,desc');
    expect(badSort.statusCode).toBe(400);
  });
});

describe('soft delete', () => {
  it('disables the account, ends its sessions and refuses its tokens at once; enabling undoes it', async () => {
    const victim = await createAccount(t.app.db, { password: 'Khach@123' });
    const session = await loginViaApi(t.app, victim.username, 'Khach@123');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(session.accessToken) })).statusCode).toBe(200);

    const res = await asAdmin('DELETE', `/api/v1/users/${victim.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: victim.id, enabled: false });
    expect(res.json().data.deletedAt).toEqual(expect.any(String));

    // The access token is refused at once, the refresh token is revoked, login says the account is disabled.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(session.accessToken) })).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', cookies: { refresh_token: session.refreshToken } });
    expect(refresh.statusCode).toBe(401);
    const live = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from refresh_tokens where user_id = ${victim.id} and revoked_at is null`,
    );
    expect(live[0]!.n).toBe(0);
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: victim.username, password: 'Khach@123' } });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ error: 'ACCOUNT_DISABLED', message: 'Tài khoản đã bị vô hiệu hoá.' });
    expect((await auditRows(t.app.db, 'USER_SOFT_DELETE'))[0]).toMatchObject({ entityId: String(victim.id), actorId: who.admin.id });

    // Still listed (with deletedAt) so it can be restored.
    const listed = await asAdmin('GET', `/api/v1/users?q=${victim.username}`);
    expect(listed.json().data.result[0]).toMatchObject({ id: victim.id, enabled: false });

    const enable = await asAdmin('PUT', `/api/v1/admin/users/${victim.id}/enable`, { enabled: true });
    expect(enable.statusCode).toBe(200);
    expect(enable.json().data).toMatchObject({ enabled: true, deletedAt: null });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: victim.username, password: 'Khach@123' } })).statusCode).toBe(200);

    const disable = await asAdmin('PUT', `/api/v1/admin/users/${victim.id}/enable`, { enabled: false });
    expect(disable.json().data).toMatchObject({ enabled: false, deletedAt: null });
    expect((await auditRows(t.app.db, 'USER_DISABLE'))[0]!.entityId).toBe(String(victim.id));

    expect((await asAdmin('DELETE', '/api/v1/users/999999')).statusCode).toBe(404);
  });
});

describe('hard delete', () => {
  it('is refused while the user has orders, and deletes the account and its data otherwise', async () => {
    const buyer = await createAccount(t.app.db);
    await insertOrder(t.app.db, { userId: buyer.id, grandTotal: 100_000 });
    const refused = await asAdmin('DELETE', `/api/v1/users/${buyer.id}/hard`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'IN_USE',
      message: 'Người dùng đã có 1 đơn hàng nên không thể xoá vĩnh viễn (đơn hàng phải được giữ lại). Hãy dùng xoá mềm để vô hiệu hoá tài khoản.',
    });
    expect(await countOf(t.app.db, 'users', sql`id = ${buyer.id}`)).toBe(1);

    const browser = await createAccount(t.app.db, { password: 'Khach@123' });
    await loginViaApi(t.app, browser.username, 'Khach@123');
    const res = await asAdmin('DELETE', `/api/v1/users/${browser.id}/hard`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Đã xoá vĩnh viễn người dùng.', data: { id: browser.id, deleted: true } });
    expect(await countOf(t.app.db, 'users', sql`id = ${browser.id}`)).toBe(0);
    expect(await countOf(t.app.db, 'refresh_tokens', sql`user_id = ${browser.id}`)).toBe(0);
    expect((await auditRows(t.app.db, 'USER_HARD_DELETE'))[0]).toMatchObject({ entityId: String(browser.id), details: { username: browser.username } });
    expect((await asAdmin('DELETE', `/api/v1/users/${browser.id}/hard`)).statusCode).toBe(404);
  });

  it('keeps the audit trail of a staff member deleted later', async () => {
    const staff = await actor(t.app, 'ADMIN');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: staff.headers,
      payload: { username: 'nv.tam.thoi', email: 'nv.tam.thoi@example.com', password: 'Sale@123', role: 'SALE' },
    });
    expect(made.statusCode).toBe(201);
    expect((await asAdmin('DELETE', `/api/v1/users/${staff.id}/hard`)).statusCode).toBe(200);
    const [row] = await queryRows<{ actorId: number | null; actorUsername: string }>(
      t.app.db,
      sql`select actor_id as "actorId", actor_username as "actorUsername" from audit_log where action = 'USER_CREATE' and entity_id = ${String(made.json().data.id)}`,
    );
    expect(row).toEqual({ actorId: null, actorUsername: staff.username });
  });
});

describe('self-protection', () => {
  it('an admin cannot delete, disable or demote themself', async () => {
    const me = who.admin.id;
    const cases: [('DELETE' | 'PUT'), string, object | undefined, string][] = [
      ['DELETE', `/api/v1/users/${me}`, undefined, 'Bạn không thể xoá tài khoản của chính mình.'],
      ['DELETE', `/api/v1/users/${me}/hard`, undefined, 'Bạn không thể xoá tài khoản của chính mình.'],
      ['PUT', `/api/v1/admin/users/${me}/enable`, { enabled: false }, 'Bạn không thể vô hiệu hoá tài khoản của chính mình.'],
      ['PUT', `/api/v1/admin/users/${me}/role`, { role: 'CUSTOMER' }, 'Bạn không thể đổi vai trò của chính mình.'],
    ];
    for (const [method, url, payload, message] of cases) {
      const res = await asAdmin(method, url, payload);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message).toBe(message);
    }
    const [row] = await queryRows<{ role: string; enabled: boolean; deletedAt: unknown }>(
      t.app.db,
      sql`select role, enabled, deleted_at as "deletedAt" from users where id = ${me}`,
    );
    expect(row).toEqual({ role: 'ADMIN', enabled: true, deletedAt: null });
  });
});

describe('create staff and change roles', () => {
  it('creates an account that can log in at once, refuses a taken name or e-mail, and changes roles', async () => {
    const res = await asAdmin('POST', '/api/v1/admin/users', {
      username: 'nhan.vien.moi',
      email: 'Nhan.Vien.Moi@Example.com',
      password: 'Sale@123',
      fullName: 'Nhân Viên Mới',
      role: 'SALE',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ username: 'nhan.vien.moi', email: 'nhan.vien.moi@example.com', role: 'SALE', roles: ['ROLE_SALE'], enabled: true });
    const session = await loginViaApi(t.app, 'nhan.vien.moi', 'Sale@123');
    expect(session.data.user.role).toBe('SALE');
    const audit = (await auditRows(t.app.db, 'USER_CREATE'))[0]!;
    expect(JSON.stringify(audit.details)).not.toContain('Sale@123');

    const dup = await asAdmin('POST', '/api/v1/admin/users', { username: 'NHAN.VIEN.MOI', email: 'khac@example.com', password: 'Sale@123', role: 'SALE' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Email hoặc username đã tồn tại.');
    const bad = await asAdmin('POST', '/api/v1/admin/users', { username: 'x', email: 'khong-phai-email', password: '1', role: 'BOSS' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['email', 'password', 'role', 'username']);

    const promote = await asAdmin('PUT', `/api/v1/admin/users/${created.id}/role`, { role: 'ROLE_ADMIN' });
    expect(promote.statusCode).toBe(200);
    expect(promote.json().data).toMatchObject({ role: 'ADMIN', roles: ['ROLE_ADMIN'] });
    // The old sessions end, their access tokens with them; a new login carries the new role at once.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: bearer(session.accessToken) })).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', cookies: { refresh_token: session.refreshToken } });
    expect(refresh.statusCode).toBe(401);
    const promoted = await loginViaApi(t.app, 'nhan.vien.moi', 'Sale@123');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: bearer(promoted.accessToken) })).statusCode).toBe(200);
    expect((await auditRows(t.app.db, 'USER_ROLE'))[0]!.details).toEqual({ from: 'SALE', to: 'ADMIN' });
    // The shoppers' former role name still reads as USER.
    const demote = await asAdmin('PUT', `/api/v1/admin/users/${created.id}/role`, { role: 'CUSTOMER' });
    expect(demote.json().data).toMatchObject({ role: 'USER', roles: ['ROLE_USER'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: bearer(promoted.accessToken) })).statusCode).toBe(401);
    const demoted = await loginViaApi(t.app, 'nhan.vien.moi', 'Sale@123');
    expect(demoted.data.user.role).toBe('USER');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: bearer(demoted.accessToken) })).statusCode).toBe(403);
    expect((await asAdmin('PUT', `/api/v1/admin/users/${created.id}/role`, { role: 'KING' })).statusCode).toBe(400);
  });
});

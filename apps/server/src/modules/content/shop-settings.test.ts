import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actors, auditRows, type Actors } from '../../../test/admin.ts';

let t: TestApp;
let who: Actors;
beforeAll(async () => {
  t = await createTestApp();
  who = await actors(t.app);
});
afterAll(async () => t?.close());

const read = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/shop-settings' })).json().data;
const save = (payload: Record<string, unknown>, headers = who.admin.headers) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/admin/shop-settings', headers, payload });

describe('footer business details and Bộ Công Thương badge', () => {
  it('are empty until an admin sets them, then public; an empty text clears one', async () => {
    expect(await read()).toEqual({ businessName: '', businessRegistration: '', businessAddress: '', moitUrl: '', moitImageUrl: '' });
    const details = {
      businessName: 'Công ty TNHH Nhà Sách Việt',
      businessRegistration: 'GCN ĐKDN số 0312345678 do Sở KH&ĐT TP.HCM cấp ngày 01/02/2020',
      businessAddress: '12 Nguyễn Huệ, Quận 1, TP.HCM',
      moitUrl: 'http://online.gov.vn/Home/WebDetails/12345',
      moitImageUrl: '/badges/da-thong-bao-bct.svg',
    };
    const res = await save(details);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Đã lưu thông tin doanh nghiệp.');
    expect(await read()).toEqual(details);
    expect(await auditRows(t.app.db, 'SHOP_SETTINGS_UPDATE')).toHaveLength(1);

    await save({ moitUrl: '' });
    expect(await read()).toEqual({ ...details, moitUrl: '' });
  });

  it('are set by admins only, with a link that is a link', async () => {
    expect((await save({ businessName: 'X' }, who.customer.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/admin/shop-settings', payload: { businessName: 'X' } })).statusCode).toBe(401);
    const bad = await save({ moitUrl: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('phải là địa chỉ http(s)');
    // The badge picture is one the shop serves (the pages' CSP loads images from the shop only).
    expect((await save({ moitImageUrl: 'https://elsewhere.example/badge.png' })).statusCode).toBe(400);
  });
});

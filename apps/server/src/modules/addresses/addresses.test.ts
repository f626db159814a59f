import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressDto, GeoUnitDto } from '@nhasach/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeCustomer, VALID_ADDRESS, type Customer } from '../../../test/orders.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (who: Customer | undefined, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: who?.headers, ...(payload ? { payload } : {}) });
const create = async (who: Customer, over: object = {}): Promise<AddressDto> => {
  const res = await call(who, 'POST', '/address', { ...VALID_ADDRESS, ...over });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
  return res.json().data;
};
const listOf = async (who: Customer): Promise<AddressDto[]> => (await call(who, 'GET', '/address')).json().data;

describe('geo API', () => {
  it('lists the 63 provinces, sorted, cacheable for a day', async () => {
    const res = await call(undefined, 'GET', '/geo/provinces');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const provinces: GeoUnitDto[] = res.json().data;
    expect(provinces).toHaveLength(63);
    expect(provinces).toContainEqual({ code: '01', name: 'Thành phố Hà Nội' });
    expect(provinces).toContainEqual({ code: '79', name: 'Thành phố Hồ Chí Minh' });
    expect(provinces[0]!.name).toBe('Thành phố Cần Thơ');
  });

  it('lists districts of a province and wards of a district', async () => {
    const districts: GeoUnitDto[] = (await call(undefined, 'GET', '/geo/provinces/79/districts')).json().data;
    expect(districts).toContainEqual({ code: '760', name: 'Quận 1' });
    // Numeric order: Quận 1, Quận 3, ..., Quận 10, not Quận 1, Quận 10, Quận 11, Quận 3.
    const quan = districts.filter((d) => /^Quận \d+$/.test(d.name)).map((d) => Number(d.name.slice(5)));
    expect(quan).toEqual([...quan].sort((a, b) => a - b));
    const wards: GeoUnitDto[] = (await call(undefined, 'GET', '/geo/districts/760/wards')).json().data;
    expect(wards).toContainEqual({ code: '26740', name: 'Phường Bến Nghé' });
    expect(wards.length).toBe(10);
  });

  it('holds 705 districts and 10,599 wards in all', async () => {
    const provinces: GeoUnitDto[] = (await call(undefined, 'GET', '/geo/provinces')).json().data;
    let districts = 0;
    let wards = 0;
    const { listDistricts, listWards } = await import('../geo/index.ts');
    for (const p of provinces) {
      for (const d of listDistricts(p.code)) {
        districts += 1;
        wards += listWards(d.code).length;
      }
    }
    expect(districts).toBe(705);
    expect(wards).toBe(10_599);
  });

  it('answers 404 for unknown codes and 400 for malformed ones', async () => {
    const unknown = await call(undefined, 'GET', '/geo/provinces/99/districts');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Không tìm thấy tỉnh/thành phố.');
    expect((await call(undefined, 'GET', '/geo/districts/99999/wards')).statusCode).toBe(404);
    expect((await call(undefined, 'GET', '/geo/provinces/abc/districts')).statusCode).toBe(400);
  });
});

describe('addresses', () => {
  it('needs a login', async () => {
    expect((await call(undefined, 'GET', '/address')).statusCode).toBe(401);
  });

  it('creates with names from our data when codes are given; the first address is the default', async () => {
    const me = await makeCustomer(t.app);
    const res = await call(me, 'POST', '/address', { ...VALID_ADDRESS, makeDefault: false });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Thêm địa chỉ thành công');
    expect(res.json().data).toMatchObject({
      fullName: 'Nguyễn Văn An',
      phone: '0901234567',
      line1: '12 Lê Lợi',
      province: 'Thành phố Hồ Chí Minh',
      district: 'Quận 1',
      ward: 'Phường Bến Nghé',
      provinceCode: '79',
      districtCode: '760',
      wardCode: '26740',
      isDefault: true,
      addressLine: '12 Lê Lợi, Phường Bến Nghé, Quận 1, Thành phố Hồ Chí Minh',
    });
  });

  it('matches names sent without codes, with or without diacritics, and keeps unknown names as typed', async () => {
    const me = await makeCustomer(t.app);
    const matched = await create(me, {
      provinceCode: undefined,
      districtCode: undefined,
      wardCode: undefined,
      province: 'ha noi',
      district: 'Quận Ba Đình',
      ward: 'Phúc Xá',
    });
    expect(matched).toMatchObject({ province: 'Thành phố Hà Nội', provinceCode: '01', district: 'Quận Ba Đình', districtCode: '001', ward: 'Phường Phúc Xá', wardCode: '00001' });
    const free = await create(me, { provinceCode: undefined, districtCode: undefined, wardCode: undefined, province: 'Hà Nội', district: 'Không Có Huyện', ward: 'Xã Gì Đó' });
    expect(free).toMatchObject({ provinceCode: '01', district: 'Không Có Huyện', districtCode: null, ward: 'Xã Gì Đó', wardCode: null });
  });

  it('refuses a ward outside its district, a district outside its province, and bad fields, in Vietnamese', async () => {
    const me = await makeCustomer(t.app);
    const wrongWard = await call(me, 'POST', '/address', { ...VALID_ADDRESS, wardCode: '00001' });
    expect(wrongWard.statusCode).toBe(400);
    expect(wrongWard.json().message).toBe('Phường/xã không thuộc quận/huyện đã chọn.');
    const wrongDistrict = await call(me, 'POST', '/address', { ...VALID_ADDRESS, provinceCode: '01' });
    expect(wrongDistrict.json().message).toBe('Quận/huyện không thuộc tỉnh/thành phố đã chọn.');
    const bad = await call(me, 'POST', '/address', { ...VALID_ADDRESS, fullName: ' ', phone: '12ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('VALIDATION_ERROR');
    const fields = bad.json().data.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['fullName', 'phone']));
    expect(await listOf(me)).toEqual([]);
  });

  it('keeps exactly one default: makeDefault, PATCH, and deleting the default promotes another', async () => {
    const me = await makeCustomer(t.app);
    const a = await create(me);
    const b = await create(me, { line1: '2 Hai Bà Trưng' });
    expect(b.isDefault).toBe(false);
    const c = await create(me, { line1: '3 Pasteur', makeDefault: true });
    expect(c.isDefault).toBe(true);
    let list = await listOf(me);
    expect(list.filter((x) => x.isDefault).map((x) => x.id)).toEqual([c.id]);
    // Default first.
    expect(list[0]!.id).toBe(c.id);

    const patched = await call(me, 'PATCH', `/address/${a.id}`);
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data.isDefault).toBe(true);
    list = await listOf(me);
    expect(list.filter((x) => x.isDefault).map((x) => x.id)).toEqual([a.id]);

    const del = await call(me, 'DELETE', `/address/${a.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Xoá địa chỉ thành công');
    list = await listOf(me);
    expect(list.map((x) => x.id).sort()).toEqual([b.id, c.id].sort());
    // The newest remaining one is promoted.
    expect(list.filter((x) => x.isDefault).map((x) => x.id)).toEqual([c.id]);

    // makeDefault false on the default leaves it the default.
    const edited = await call(me, 'PUT', `/address/${c.id}`, { ...VALID_ADDRESS, line1: '3A Pasteur', makeDefault: false });
    expect(edited.json()).toMatchObject({ message: 'Cập nhật địa chỉ thành công', data: { line1: '3A Pasteur', isDefault: true } });
    await call(me, 'PUT', `/address/${b.id}`, { ...VALID_ADDRESS, makeDefault: true });
    list = await listOf(me);
    expect(list.filter((x) => x.isDefault).map((x) => x.id)).toEqual([b.id]);
  });

  it('keeps one default under concurrent creates and set-defaults', async () => {
    const me = await makeCustomer(t.app);
    const created = await Promise.all([1, 2, 3, 4].map((i) => call(me, 'POST', '/address', { ...VALID_ADDRESS, line1: `${i} Lý Tự Trọng` })));
    expect(created.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const ids = created.map((r) => r.json().data.id as number);
    await Promise.all(ids.map((id) => call(me, 'PATCH', `/address/${id}`)));
    expect((await listOf(me)).filter((x) => x.isDefault)).toHaveLength(1);
  });

  it('hides other people’s addresses: 404 for read, edit, default and delete', async () => {
    const [owner, other] = await Promise.all([makeCustomer(t.app), makeCustomer(t.app)]);
    const mine = await create(owner);
    for (const [method, payload] of [['GET'], ['PUT', VALID_ADDRESS], ['PATCH'], ['DELETE']] as const) {
      const res = await call(other, method, `/address/${mine.id}`, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Không tìm thấy địa chỉ.');
    }
    expect(await listOf(other)).toEqual([]);
    expect((await listOf(owner))[0]).toMatchObject({ id: mine.id, isDefault: true, line1: '12 Lê Lợi' });
  });
});

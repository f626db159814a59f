import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AddressConversionDto, AddressDto, GeoUnitDto } from '@nhasach/shared';
import { addresses, orders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeCustomer, makeShopBook, VALID_ADDRESS, type Customer } from '../../../test/orders.ts';

/** The administrative units since July 2025 (two levels) beside the older three-level ones. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (who: Customer | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: who?.headers, ...(payload ? { payload } : {}) });

/** A new-style address in Hồ Chí Minh City, Phường Bến Thành. */
const NEW_ADDRESS = {
  fullName: 'Trần Thị Bình',
  phone: '0912 345 678',
  line1: '45 Lê Thánh Tôn',
  scheme: 'TWO_LEVEL',
  provinceCode: '79',
  province: 'Thành phố Hồ Chí Minh',
  wardCode: '26743',
  ward: 'Phường Bến Thành',
};

const fieldsOf = (body: { data?: { fields?: { field: string }[] } }) => (body.data?.fields ?? []).map((f) => f.field);

describe('geo API since July 2025', () => {
  it('serves the 34 provinces and the 3,321 wards and communes, sorted and cacheable', async () => {
    const res = await call(undefined, 'GET', '/geo/v2/provinces');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const provinces: GeoUnitDto[] = res.json().data;
    expect(provinces).toHaveLength(34);
    expect(provinces).toContainEqual({ code: '79', name: 'Thành phố Hồ Chí Minh' });
    expect(provinces).toContainEqual({ code: '01', name: 'Thành phố Hà Nội' });
    // Official names: 'Tỉnh ...' for the provinces as 'Thành phố ...' for the cities, sorted by the proper name.
    expect(provinces[0]).toEqual({ code: '91', name: 'Tỉnh An Giang' });
    expect(provinces).toContainEqual({ code: '68', name: 'Tỉnh Lâm Đồng' });
    expect(provinces.filter((p) => !/^(Tỉnh|Thành phố) /.test(p.name))).toEqual([]);
    expect(provinces.findIndex((p) => p.name === 'Thành phố Hà Nội')).toBeLessThan(provinces.findIndex((p) => p.name === 'Tỉnh Khánh Hòa'));

    let wards = 0;
    const codes = new Set<string>();
    for (const p of provinces) {
      const list = await call(undefined, 'GET', `/geo/v2/provinces/${p.code}/wards`);
      expect(list.statusCode).toBe(200);
      for (const w of list.json().data as GeoUnitDto[]) codes.add(w.code);
      wards += list.json().data.length;
    }
    expect(wards).toBe(3321);
    expect(codes.size).toBe(3321);

    const hcm: GeoUnitDto[] = (await call(undefined, 'GET', '/geo/v2/provinces/79/wards')).json().data;
    expect(hcm).toHaveLength(168);
    expect(hcm).toContainEqual({ code: '26743', name: 'Phường Bến Thành' });
    expect(hcm).toContainEqual({ code: '26740', name: 'Phường Sài Gòn' });
  });

  it('answers 404 for an unknown province and 400 for a malformed code', async () => {
    const unknown = await call(undefined, 'GET', '/geo/v2/provinces/02/wards');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Không tìm thấy tỉnh/thành phố.');
    expect((await call(undefined, 'GET', '/geo/v2/provinces/x1/wards')).statusCode).toBe(400);
  });

  it('converts an old ward by the official mapping: by names, by code, a split ward, an unknown one', async () => {
    const convert = async (q: Record<string, string>): Promise<AddressConversionDto> => {
      const res = await call(undefined, 'GET', `/geo/v2/convert?${new URLSearchParams(q)}`);
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    // Phường Bến Nghé, Quận 1 became Phường Sài Gòn (which took over its code).
    expect(await convert({ wardCode: '26740', ward: 'Phường Bến Nghé', district: 'Quận 1', province: 'Thành phố Hồ Chí Minh' })).toEqual({
      candidates: [{ provinceCode: '79', province: 'Thành phố Hồ Chí Minh', wardCode: '26740', ward: 'Phường Sài Gòn' }],
      matchedBy: 'NAMES',
    });
    // Names typed without diacritics, and the statistics office's padded numbers.
    expect((await convert({ ward: 'phuong ben nghe', district: 'quan 1', province: 'thanh pho ho chi minh' })).candidates[0]?.ward).toBe('Phường Sài Gòn');
    // A province that joined another: Bắc Giang is now in Bắc Ninh.
    const merged = await convert({ ward: 'Phường Trần Phú', district: 'Thành phố Bắc Giang', province: 'Tỉnh Bắc Giang' });
    expect(merged.candidates.map((c) => c.province)).toEqual(['Tỉnh Bắc Ninh']);
    // A ward split between two new ones: both are offered.
    const split = await convert({ ward: 'Phường 13', district: 'Quận Gò Vấp', province: 'Thành phố Hồ Chí Minh' });
    expect(split.candidates.map((c) => c.ward).sort()).toEqual(['Phường An Hội Tây', 'Phường An Hội Đông'].sort());
    // By the old code alone: 00001 was Phường Phúc Xá, Quận Ba Đình, now in Phường Hồng Hà.
    expect(await convert({ wardCode: '00001' })).toEqual({
      candidates: [{ provinceCode: '01', province: 'Thành phố Hà Nội', wardCode: '00097', ward: 'Phường Hồng Hà' }],
      matchedBy: 'CODE',
    });
    // Names as the saving path matches them (one matcher): short names, without the type words or diacritics.
    for (const q of [
      { province: 'Hồ Chí Minh', district: 'Quận 1', ward: 'Phường Bến Nghé' },
      { province: 'Hồ Chí Minh', district: '1', ward: 'Bến Nghé' },
      { province: 'ho chi minh', district: 'quan 1', ward: 'ben nghe' },
    ]) {
      expect(await convert(q), JSON.stringify(q)).toEqual({
        candidates: [{ provinceCode: '79', province: 'Thành phố Hồ Chí Minh', wardCode: '26740', ward: 'Phường Sài Gòn' }],
        matchedBy: 'NAMES',
      });
    }
    expect((await convert({ province: 'Bắc Giang', district: 'Bắc Giang', ward: 'Trần Phú' })).candidates.map((c) => c.province)).toEqual(['Tỉnh Bắc Ninh']);
    expect(await convert({ ward: 'Xã Không Có', district: 'Huyện Nào Đó', province: 'Tỉnh Đâu Đó' })).toEqual({ candidates: [], matchedBy: null });
    const empty = await call(undefined, 'GET', '/geo/v2/convert');
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty.json())).toContain('ward');
  });
});

describe('addresses under the 2025 units', () => {
  it('saves province and ward with codes, district empty, and our names', async () => {
    const me = await makeCustomer(t.app);
    const res = await call(me, 'POST', '/address', { ...NEW_ADDRESS, province: 'HCM', ward: 'ben thanh' });
    expect(res.statusCode).toBe(201);
    const saved: AddressDto = res.json().data;
    expect(saved).toMatchObject({
      scheme: 'TWO_LEVEL',
      province: 'Thành phố Hồ Chí Minh',
      provinceCode: '79',
      district: '',
      districtCode: null,
      ward: 'Phường Bến Thành',
      wardCode: '26743',
      addressLine: '45 Lê Thánh Tôn, Phường Bến Thành, Thành phố Hồ Chí Minh',
    });
    // Without scheme and without district a body is two-level too; names are matched without diacritics.
    const byNames = await call(me, 'POST', '/address', { ...NEW_ADDRESS, scheme: undefined, provinceCode: undefined, wardCode: undefined, province: 'ha noi', ward: 'Hoan Kiem' });
    expect(byNames.json().data).toMatchObject({ scheme: 'TWO_LEVEL', province: 'Thành phố Hà Nội', provinceCode: '01', ward: 'Phường Hoàn Kiếm', wardCode: '00070', district: '' });
  });

  it('matches a province sent by its official name and no codes ("Tỉnh Khánh Hòa" as "Khánh Hòa"), and stores the official name', async () => {
    const me = await makeCustomer(t.app);
    for (const province of ['Tỉnh Khánh Hòa', 'Khánh Hòa', 'Khánh Hoà', 'tinh khanh hoa']) {
      const res = await call(me, 'POST', '/address', {
        ...NEW_ADDRESS,
        scheme: 'TWO_LEVEL',
        provinceCode: undefined,
        wardCode: undefined,
        province,
        ward: 'Phường Nha Trang',
      });
      expect(res.statusCode, province).toBe(201);
      expect(res.json().data, province).toMatchObject({
        province: 'Tỉnh Khánh Hòa',
        provinceCode: '56',
        ward: 'Phường Nha Trang',
        wardCode: expect.any(String),
        addressLine: '45 Lê Thánh Tôn, Phường Nha Trang, Tỉnh Khánh Hòa',
      });
    }
  });

  it('an address saved with the bare province name before is renamed by the migration, with its order', async () => {
    const me = await makeCustomer(t.app);
    const [row] = await t.app.db
      .insert(addresses)
      .values({ userId: me.id, fullName: 'A', phone: '0912345678', line1: '1 Trần Phú', ward: 'Phường Xuân Hương - Đà Lạt', district: '', province: 'Lâm Đồng', provinceCode: '68', scheme: 'TWO_LEVEL', isDefault: false })
      .returning({ id: addresses.id });
    const { readFileSync } = await import('node:fs');
    const migration = readFileSync(new URL('../../db/migrations/0027_official_province_names_ops.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await t.app.db.execute(sql.raw(statement));
    const [after] = await t.app.db.select({ province: addresses.province }).from(addresses).where(eq(addresses.id, row!.id));
    expect(after!.province).toBe('Tỉnh Lâm Đồng');
    // Run twice, nothing changes twice.
    for (const statement of migration.split('--> statement-breakpoint')) await t.app.db.execute(sql.raw(statement));
    const [again] = await t.app.db.select({ province: addresses.province }).from(addresses).where(eq(addresses.id, row!.id));
    expect(again!.province).toBe('Tỉnh Lâm Đồng');
  });

  it('refuses unknown codes and a ward of another province with 400 naming the field', async () => {
    const me = await makeCustomer(t.app);
    const cases: [object, string, string][] = [
      [{ provinceCode: '02' }, 'provinceCode', 'Tỉnh/thành phố không hợp lệ.'],
      [{ wardCode: '99999' }, 'wardCode', 'Phường/xã không hợp lệ.'],
      // 00070 is Phường Hoàn Kiếm, in Hà Nội.
      [{ wardCode: '00070' }, 'wardCode', 'Phường/xã không thuộc tỉnh/thành phố đã chọn.'],
      // 26734 was a ward of Quận 1 before the reform; it names no ward now.
      [{ wardCode: '26734' }, 'wardCode', 'Phường/xã không hợp lệ.'],
      [{ districtCode: '760', district: 'Quận 1' }, 'districtCode', 'Địa chỉ theo đơn vị hành chính mới không có quận/huyện.'],
      [{ provinceCode: '7a' }, 'provinceCode', 'Mã đơn vị hành chính không hợp lệ.'],
      [{ scheme: 'FOUR_LEVEL' }, 'scheme', 'scheme phải là TWO_LEVEL hoặc THREE_LEVEL.'],
    ];
    for (const [over, field, message] of cases) {
      const res = await call(me, 'POST', '/address', { ...NEW_ADDRESS, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().error).toBe('VALIDATION_ERROR');
      expect(res.json().data.fields).toContainEqual({ field, message: expect.stringContaining(message) });
    }
    // A three-level body still needs its district.
    const noDistrict = await call(me, 'POST', '/address', { ...VALID_ADDRESS, scheme: 'THREE_LEVEL', district: '', districtCode: undefined });
    expect(noDistrict.statusCode).toBe(400);
    expect(noDistrict.json().data.fields).toContainEqual({ field: 'district', message: expect.stringContaining('Vui lòng chọn quận/huyện.') });
    expect((await call(me, 'GET', '/address')).json().data).toEqual([]);
  });

  it('keeps an old three-level address as saved, converts it on request, and orders keep the address as placed', async () => {
    const me = await makeCustomer(t.app);
    const old: AddressDto = (await call(me, 'POST', '/address', VALID_ADDRESS)).json().data;
    expect(old).toMatchObject({ scheme: 'THREE_LEVEL', province: 'Thành phố Hồ Chí Minh', district: 'Quận 1', ward: 'Phường Bến Nghé', wardCode: '26740' });
    expect((await call(me, 'GET', `/address/${old.id}`)).json().data).toEqual(old);

    // An order placed with the old address.
    const book = await makeShopBook(t.app, { price: 80_000 });
    expect((await call(me, 'POST', '/cart/items', { bookId: book.id, qty: 1 })).statusCode).toBe(200);
    const placed = await call(me, 'POST', '/orders', { addressId: old.id, paymentMethod: 'COD', deliveryMethod: 'STANDARD' });
    expect(placed.statusCode).toBe(201);
    const code: string = placed.json().data.code;

    // The conversion the address page shows, then saved as the shopper confirmed it.
    const proposal: AddressConversionDto = (
      await call(undefined, 'GET', `/geo/v2/convert?${new URLSearchParams({ wardCode: old.wardCode!, ward: old.ward, district: old.district, province: old.province })}`)
    ).json().data;
    const [target] = proposal.candidates;
    expect(target).toEqual({ provinceCode: '79', province: 'Thành phố Hồ Chí Minh', wardCode: '26740', ward: 'Phường Sài Gòn' });
    const converted = await call(me, 'PUT', `/address/${old.id}`, {
      fullName: old.fullName,
      phone: old.phone,
      line1: old.line1,
      scheme: 'TWO_LEVEL',
      ...target,
    });
    expect(converted.statusCode).toBe(200);
    expect(converted.json().data).toMatchObject({
      id: old.id,
      scheme: 'TWO_LEVEL',
      ward: 'Phường Sài Gòn',
      wardCode: '26740',
      district: '',
      districtCode: null,
      addressLine: '12 Lê Lợi, Phường Sài Gòn, Thành phố Hồ Chí Minh',
    });
    const [row] = await t.app.db.select().from(addresses).where(eq(addresses.id, old.id));
    expect(row).toMatchObject({ scheme: 'TWO_LEVEL', district: '', districtCode: null });

    // The order still has the address as it was placed: old names, old codes, their unit set.
    const order = (await call(me, 'GET', `/orders/${code}`)).json().data;
    expect(order).toMatchObject({ addressLine: '12 Lê Lợi, Phường Bến Nghé, Quận 1, Thành phố Hồ Chí Minh', province: 'Thành phố Hồ Chí Minh' });
    const [snap] = await t.app.db.select().from(orders).where(eq(orders.code, code));
    expect(snap).toMatchObject({ addressScheme: 'THREE_LEVEL', ward: 'Phường Bến Nghé', district: 'Quận 1', wardCode: '26740', districtCode: '760' });

    // A new order with the converted address keeps the new units.
    await call(me, 'POST', '/cart/items', { bookId: book.id, qty: 1 });
    const second = await call(me, 'POST', '/orders', { addressId: old.id, paymentMethod: 'COD', deliveryMethod: 'STANDARD' });
    const [snap2] = await t.app.db.select().from(orders).where(eq(orders.code, second.json().data.code));
    expect(snap2).toMatchObject({ addressScheme: 'TWO_LEVEL', ward: 'Phường Sài Gòn', district: '', districtCode: null, addressLine: '12 Lê Lợi, Phường Sài Gòn, Thành phố Hồ Chí Minh' });
  });
});

import type { GeoUnitDto } from '@nhasach/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import { findByName, geoData, type GeoUnit } from './data.ts';

const dto = (u: GeoUnit): GeoUnitDto => ({ code: u.code, name: u.name });

export function listProvinces(): GeoUnitDto[] {
  return geoData().provinces.map(dto);
}

export function listDistricts(provinceCode: string): GeoUnitDto[] {
  const data = geoData();
  if (!data.provinceByCode.has(provinceCode)) throw notFound('Không tìm thấy tỉnh/thành phố.');
  return (data.districtsOf.get(provinceCode) ?? []).map(dto);
}

export function listWards(districtCode: string): GeoUnitDto[] {
  const data = geoData();
  if (!data.districtByCode.has(districtCode)) throw notFound('Không tìm thấy quận/huyện.');
  return (data.wardsOf.get(districtCode) ?? []).map(dto);
}

export interface PlaceInput {
  province: string;
  district: string;
  ward: string;
  provinceCode?: string;
  districtCode?: string;
  wardCode?: string;
}

export interface ResolvedPlace {
  province: string;
  district: string;
  ward: string;
  provinceCode: string | null;
  districtCode: string | null;
  wardCode: string | null;
}

/**
 * Checks and completes the administrative part of an address. Codes given must exist and nest (ward in district,
 * district in province); their names then come from our data. Without codes, names are matched to the data
 * (with or without diacritics) level by level, and kept as typed where they do not match.
 */
export function resolvePlace(input: PlaceInput): ResolvedPlace {
  const data = geoData();
  const out: ResolvedPlace = {
    province: input.province,
    district: input.district,
    ward: input.ward,
    provinceCode: null,
    districtCode: null,
    wardCode: null,
  };

  let province: GeoUnit | undefined;
  if (input.provinceCode) {
    province = data.provinceByCode.get(input.provinceCode);
    if (!province) throw badRequest('Tỉnh/thành phố không hợp lệ.', [{ field: 'provinceCode', message: 'Tỉnh/thành phố không hợp lệ.' }]);
  } else {
    province = findByName(data.provinces, input.province);
  }
  if (!province) {
    if (input.districtCode || input.wardCode) {
      throw badRequest('Vui lòng chọn tỉnh/thành phố từ danh sách.', [{ field: 'provinceCode', message: 'Vui lòng chọn tỉnh/thành phố từ danh sách.' }]);
    }
    return out;
  }
  out.province = province.name;
  out.provinceCode = province.code;

  let district: GeoUnit | undefined;
  if (input.districtCode) {
    district = data.districtByCode.get(input.districtCode);
    if (!district || district.parentCode !== province.code) {
      throw badRequest('Quận/huyện không thuộc tỉnh/thành phố đã chọn.', [
        { field: 'districtCode', message: 'Quận/huyện không thuộc tỉnh/thành phố đã chọn.' },
      ]);
    }
  } else {
    district = findByName(data.districtsOf.get(province.code), input.district);
  }
  if (!district) {
    if (input.wardCode) {
      throw badRequest('Vui lòng chọn quận/huyện từ danh sách.', [{ field: 'districtCode', message: 'Vui lòng chọn quận/huyện từ danh sách.' }]);
    }
    return out;
  }
  out.district = district.name;
  out.districtCode = district.code;

  let ward: GeoUnit | undefined;
  if (input.wardCode) {
    ward = data.wardByCode.get(input.wardCode);
    if (!ward || ward.parentCode !== district.code) {
      throw badRequest('Phường/xã không thuộc quận/huyện đã chọn.', [{ field: 'wardCode', message: 'Phường/xã không thuộc quận/huyện đã chọn.' }]);
    }
  } else {
    ward = findByName(data.wardsOf.get(district.code), input.ward);
  }
  if (ward) {
    out.ward = ward.name;
    out.wardCode = ward.code;
  }
  return out;
}

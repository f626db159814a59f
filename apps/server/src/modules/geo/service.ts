import type { AddressConversionDto, AddressConversionQuery, AddressScheme, ConvertedPlaceDto, GeoUnitDto } from '@nhasach/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import { findByName, geoData, type GeoUnit } from './data.ts';
import { geoData2025, oldNameKey, type WardMapping } from './data2025.ts';

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

/** The 34 provinces and cities since July 2025. */
export function listProvinces2025(): GeoUnitDto[] {
  return geoData2025().provinces.map(dto);
}

/** The wards and communes of a province since July 2025 (no districts). */
export function listWards2025(provinceCode: string): GeoUnitDto[] {
  const data = geoData2025();
  if (!data.provinceByCode.has(provinceCode)) throw notFound('Không tìm thấy tỉnh/thành phố.');
  return (data.wardsOf.get(provinceCode) ?? []).map(dto);
}

/** The distinct new wards of some mapping rows, in the order of the rows. */
function candidatesOf(rows: readonly WardMapping[]): ConvertedPlaceDto[] {
  const data = geoData2025();
  const seen = new Set<string>();
  const out: ConvertedPlaceDto[] = [];
  for (const r of rows) {
    if (seen.has(r.newWard.code)) continue;
    seen.add(r.newWard.code);
    const province = data.provinceByCode.get(r.newWard.parentCode!)!;
    out.push({ provinceCode: province.code, province: province.name, wardCode: r.newWard.code, ward: r.newWard.name });
  }
  return out;
}

/**
 * The older (three-level) units named by `names`, level by level, the way the saving path matches names sent without
 * codes (resolvePlace): typed or short name, with or without diacritics, an ambiguous name matching nothing. Stops at
 * the first level not found. The one matcher of both the saving path and the conversion.
 */
export function matchOldPlace(names: { province?: string; district?: string; ward?: string }): {
  province?: GeoUnit;
  district?: GeoUnit;
  ward?: GeoUnit;
} {
  const data = geoData();
  const province = names.province ? findByName(data.provinces, names.province) : undefined;
  if (!province) return {};
  const district = names.district ? findByName(data.districtsOf.get(province.code), names.district) : undefined;
  if (!district) return { province };
  const ward = names.ward ? findByName(data.wardsOf.get(district.code), names.ward) : undefined;
  return { province, district, ward };
}

/** The mapping rows of an old ward by names and code (see convertOldPlace), or undefined. */
function lookupOldPlace(names: { province: string; district: string; ward: string }, wardCode?: string): AddressConversionDto | undefined {
  const data = geoData2025();
  const province = oldNameKey(names.province);
  const ward = oldNameKey(names.ward);
  if (province && ward) {
    const byNames = data.mappingByOldNames.get(`${province}|${oldNameKey(names.district)}|${ward}`);
    if (byNames) return { candidates: candidatesOf(byNames), matchedBy: 'NAMES' };
  }
  const byCode = wardCode ? data.mappingByOldCode.get(wardCode) : undefined;
  const byCodeSameName = byCode?.filter((r) => oldNameKey(r.oldWard) === ward);
  if (byCodeSameName?.length) return { candidates: candidatesOf(byCodeSameName), matchedBy: 'CODE' };
  if (province && ward) {
    const rows = data.mappingByOldProvinceWard.get(`${province}|${ward}`);
    if (rows && new Set(rows.map((r) => oldNameKey(r.oldDistrict))).size === 1) return { candidates: candidatesOf(rows), matchedBy: 'NAMES' };
  }
  return undefined;
}

/**
 * The new units of an old (three-level) ward by the official mapping. Names come first: they are what the shopper
 * saw and saved, and some old ward codes were reassigned by the mergers of 2023-2025, so a code alone may name
 * another ward than the one saved. The names are first matched to the older units as the saving path matches them
 * (matchOldPlace: 'Hồ Chí Minh / Quận 1 / Bến Nghé' is 'Thành phố Hồ Chí Minh / Quận 1 / Phường Bến Nghé'), then as
 * given. In order: the three old names; the code, when the mapping's old ward there has the same name; province and
 * ward names alone, when one old district has them (districts renamed meanwhile); the code alone.
 */
export function convertOldPlace(q: AddressConversionQuery): AddressConversionDto {
  const given = { province: q.province ?? '', district: q.district ?? '', ward: q.ward ?? '' };
  const matched = matchOldPlace(given);
  const canonical = {
    province: matched.province?.name ?? given.province,
    district: matched.district?.name ?? given.district,
    ward: matched.ward?.name ?? given.ward,
  };
  const found = lookupOldPlace(canonical, q.wardCode) ?? lookupOldPlace(given, q.wardCode);
  if (found) return found;
  const byCode = q.wardCode ? geoData2025().mappingByOldCode.get(q.wardCode) : undefined;
  if (byCode?.length) return { candidates: candidatesOf(byCode), matchedBy: 'CODE' };
  return { candidates: [], matchedBy: null };
}

export interface PlaceInput {
  scheme: AddressScheme;
  province: string;
  district: string;
  ward: string;
  provinceCode?: string;
  districtCode?: string;
  wardCode?: string;
}

export interface ResolvedPlace {
  scheme: AddressScheme;
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
  if (input.scheme === 'TWO_LEVEL') return resolvePlace2025(input);
  const data = geoData();
  const out: ResolvedPlace = {
    scheme: 'THREE_LEVEL',
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
    province = matchOldPlace({ province: input.province }).province;
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

/**
 * resolvePlace for the units since July 2025: province and ward, no district (stored empty, with no code). Codes
 * given must exist, and the ward must lie in the province; without codes names are matched as for the older set.
 */
function resolvePlace2025(input: PlaceInput): ResolvedPlace {
  const data = geoData2025();
  const out: ResolvedPlace = {
    scheme: 'TWO_LEVEL',
    province: input.province,
    district: '',
    ward: input.ward,
    provinceCode: null,
    districtCode: null,
    wardCode: null,
  };
  if (input.districtCode) {
    throw badRequest('Địa chỉ theo đơn vị hành chính mới không có quận/huyện.', [
      { field: 'districtCode', message: 'Địa chỉ theo đơn vị hành chính mới không có quận/huyện.' },
    ]);
  }
  let province: GeoUnit | undefined;
  if (input.provinceCode) {
    province = data.provinceByCode.get(input.provinceCode);
    if (!province) throw badRequest('Tỉnh/thành phố không hợp lệ.', [{ field: 'provinceCode', message: 'Tỉnh/thành phố không hợp lệ.' }]);
  } else {
    province = findByName(data.provinces, input.province);
  }
  if (!province) {
    if (input.wardCode) {
      throw badRequest('Vui lòng chọn tỉnh/thành phố từ danh sách.', [{ field: 'provinceCode', message: 'Vui lòng chọn tỉnh/thành phố từ danh sách.' }]);
    }
    return out;
  }
  out.province = province.name;
  out.provinceCode = province.code;

  let ward: GeoUnit | undefined;
  if (input.wardCode) {
    ward = data.wardByCode.get(input.wardCode);
    if (!ward) throw badRequest('Phường/xã không hợp lệ.', [{ field: 'wardCode', message: 'Phường/xã không hợp lệ.' }]);
    if (ward.parentCode !== province.code) {
      throw badRequest('Phường/xã không thuộc tỉnh/thành phố đã chọn.', [{ field: 'wardCode', message: 'Phường/xã không thuộc tỉnh/thành phố đã chọn.' }]);
    }
  } else {
    ward = findByName(data.wardsOf.get(province.code), input.ward);
  }
  if (ward) {
    out.ward = ward.name;
    out.wardCode = ward.code;
  }
  return out;
}

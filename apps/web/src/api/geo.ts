import type { AddressConversionDto, GeoUnitDto } from '@nhasach/shared';
import { storage } from '../lib/storage.ts';
import { api } from './client.ts';

/**
 * Provinces, districts and wards for the address form (spec section 7, Addresses: results cached in local
 * storage). The lists only change with a new data release, so a version in the key is enough to renew them.
 * Two unit sets: since July 2025 (two levels, /geo/v2) and before (three levels, /geo), for addresses saved then.
 */

const CACHE_PREFIX = 'GEO_V1_';
const MAX_CACHED_LISTS = 60;
const INDEX_KEY = `${CACHE_PREFIX}index`;

function isUnitList(v: unknown): v is GeoUnitDto[] {
  return Array.isArray(v) && v.every((u) => u && typeof u === 'object' && typeof (u as GeoUnitDto).code === 'string' && typeof (u as GeoUnitDto).name === 'string');
}

/** Keeps the cache small: the ward lists of every district would fill the storage quota. */
function remember(key: string, list: GeoUnitDto[]): void {
  const index = (storage.getJson<string[]>(INDEX_KEY) ?? []).filter((k) => k !== key);
  index.push(key);
  while (index.length > MAX_CACHED_LISTS) storage.remove(index.shift()!);
  storage.setJson(key, list);
  storage.setJson(INDEX_KEY, index);
}

async function cached(key: string, path: string, signal?: AbortSignal): Promise<GeoUnitDto[]> {
  const hit = storage.getJson<unknown>(CACHE_PREFIX + key);
  if (isUnitList(hit) && hit.length > 0) return hit;
  const list = await api.get<GeoUnitDto[]>(path, undefined, { signal });
  if (isUnitList(list) && list.length > 0) remember(CACHE_PREFIX + key, list);
  return list;
}

export const geoKeys = {
  provinces: ['geo', 'provinces'] as const,
  districts: (provinceCode: string) => ['geo', 'districts', provinceCode] as const,
  wards: (districtCode: string) => ['geo', 'wards', districtCode] as const,
  provinces2025: ['geo', 'v2', 'provinces'] as const,
  wards2025: (provinceCode: string) => ['geo', 'v2', 'wards', provinceCode] as const,
  conversion: (q: Record<string, string>) => ['geo', 'v2', 'convert', q] as const,
};

export const fetchProvinces = (signal?: AbortSignal) => cached('provinces', '/api/v1/geo/provinces', signal);

export const fetchDistricts = (provinceCode: string, signal?: AbortSignal) =>
  cached(`p_${provinceCode}`, `/api/v1/geo/provinces/${encodeURIComponent(provinceCode)}/districts`, signal);

export const fetchWards = (districtCode: string, signal?: AbortSignal) =>
  cached(`d_${districtCode}`, `/api/v1/geo/districts/${encodeURIComponent(districtCode)}/wards`, signal);

/** The 34 provinces and cities since July 2025. */
export const fetchProvinces2025 = (signal?: AbortSignal) => cached('v2_provinces', '/api/v1/geo/v2/provinces', signal);

/** The wards and communes of a province since July 2025. */
export const fetchWards2025 = (provinceCode: string, signal?: AbortSignal) =>
  cached(`v2_p_${provinceCode}`, `/api/v1/geo/v2/provinces/${encodeURIComponent(provinceCode)}/wards`, signal);

/** The new units of an old ward by the official mapping (not cached locally: asked once per address). */
export const fetchConversion = (q: { wardCode?: string | null; ward: string; district: string; province: string }, signal?: AbortSignal) =>
  api.get<AddressConversionDto>('/api/v1/geo/v2/convert', { ...(q.wardCode ? { wardCode: q.wardCode } : {}), ward: q.ward, district: q.district, province: q.province }, { signal });

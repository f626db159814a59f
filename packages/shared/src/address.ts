import { z } from 'zod';
import { text } from './input.ts';
import { PHONE_PATTERN } from './validation.ts';

/**
 * Delivery addresses (spec sections 3, 5 and 7, Addresses) and the administrative units of the geo API
 * (province, district, ward: code and name).
 */

export const MAX_ADDRESSES_PER_USER = 20;

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
 * The address form (spec section 5): fullName, line1 and province required; district once a province is chosen
 * and ward once a district is chosen, which with a required province means all three. Codes are optional: when
 * given, the server checks that the ward lies in the district and the district in the province, and stores its own
 * names for them.
 */
export const addressInputSchema = z.object({
  fullName: required('Họ tên', 'Vui lòng nhập họ tên người nhận.', 100),
  phone: text('Số điện thoại', { error: 'Vui lòng nhập số điện thoại.' })
    .trim()
    .min(1, 'Vui lòng nhập số điện thoại.')
    .regex(PHONE_PATTERN, 'Số điện thoại phải gồm 8-15 ký tự số, +, - hoặc khoảng trắng.'),
  line1: required('Địa chỉ', 'Vui lòng nhập địa chỉ (số nhà, tên đường).', 255),
  province: required('Tỉnh/thành phố', 'Vui lòng chọn tỉnh/thành phố.', 100),
  district: required('Quận/huyện', 'Vui lòng chọn quận/huyện.', 100),
  ward: required('Phường/xã', 'Vui lòng chọn phường/xã.', 100),
  provinceCode: optionalCode,
  districtCode: optionalCode,
  wardCode: optionalCode,
  makeDefault: z.boolean({ error: 'makeDefault phải là true hoặc false.' }).optional().default(false),
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

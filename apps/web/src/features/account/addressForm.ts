import { z } from 'zod';
import { ADDRESS_SCHEMES, addressInputSchema, type AddressDto, type AddressInput, type GeoUnitDto } from '@nhasach/shared';

/**
 * The address form's values: the shared text rules (addressInputSchema) for name, phone and street, and the
 * administrative units chosen by code from the geo lists; their names are sent alongside the codes. New addresses
 * use the units since July 2025 (province, ward: TWO_LEVEL); an address saved under the three older levels is
 * edited in them until the shopper converts it.
 */

const PROVINCE_REQUIRED = 'Vui lòng chọn tỉnh/thành phố.';
const DISTRICT_REQUIRED = 'Vui lòng chọn quận/huyện.';
const WARD_REQUIRED = 'Vui lòng chọn phường/xã.';

export const addressFormSchema = z
  .object({
    fullName: addressInputSchema.shape.fullName,
    phone: addressInputSchema.shape.phone,
    line1: addressInputSchema.shape.line1,
    scheme: z.enum(ADDRESS_SCHEMES),
    provinceCode: z.string().min(1, PROVINCE_REQUIRED),
    districtCode: z.string(),
    wardCode: z.string(),
    makeDefault: z.boolean(),
  })
  // Spec section 5: district once a province is chosen; ward once a district is chosen. Two levels: ward once a
  // province is chosen.
  .superRefine((v, ctx) => {
    if (v.scheme === 'TWO_LEVEL') {
      if (v.provinceCode && !v.wardCode) ctx.addIssue({ code: 'custom', path: ['wardCode'], message: WARD_REQUIRED });
      return;
    }
    if (v.provinceCode && !v.districtCode) ctx.addIssue({ code: 'custom', path: ['districtCode'], message: DISTRICT_REQUIRED });
    if (v.districtCode && !v.wardCode) ctx.addIssue({ code: 'custom', path: ['wardCode'], message: WARD_REQUIRED });
  });

export type AddressFormInput = z.input<typeof addressFormSchema>;
export type AddressFormValues = z.output<typeof addressFormSchema>;

export const emptyAddressForm = (makeDefault = false): AddressFormInput => ({
  fullName: '',
  phone: '',
  line1: '',
  scheme: 'TWO_LEVEL',
  provinceCode: '',
  districtCode: '',
  wardCode: '',
  makeDefault,
});

export const addressToForm = (a: AddressDto): AddressFormInput => ({
  fullName: a.fullName,
  phone: a.phone,
  line1: a.line1,
  scheme: a.scheme,
  provinceCode: a.provinceCode ?? '',
  districtCode: a.districtCode ?? '',
  wardCode: a.wardCode ?? '',
  makeDefault: a.isDefault,
});

const nameOf = (list: readonly GeoUnitDto[] | undefined, code: string) => list?.find((u) => u.code === code)?.name ?? '';

/** The request body: names from the geo lists next to their codes. */
export function formToAddressInput(
  v: AddressFormValues,
  lists: { provinces?: GeoUnitDto[]; districts?: GeoUnitDto[]; wards?: GeoUnitDto[] },
): AddressInput {
  if (v.scheme === 'TWO_LEVEL') {
    return {
      fullName: v.fullName,
      phone: v.phone,
      line1: v.line1,
      scheme: 'TWO_LEVEL',
      province: nameOf(lists.provinces, v.provinceCode),
      district: '',
      ward: nameOf(lists.wards, v.wardCode),
      provinceCode: v.provinceCode,
      wardCode: v.wardCode,
      makeDefault: v.makeDefault,
    };
  }
  return {
    fullName: v.fullName,
    phone: v.phone,
    line1: v.line1,
    scheme: 'THREE_LEVEL',
    province: nameOf(lists.provinces, v.provinceCode),
    district: nameOf(lists.districts, v.districtCode),
    ward: nameOf(lists.wards, v.wardCode),
    provinceCode: v.provinceCode,
    districtCode: v.districtCode,
    wardCode: v.wardCode,
    makeDefault: v.makeDefault,
  };
}

/** Server field names to form field names (a 400 VALIDATION_ERROR names the body fields). */
export const SERVER_FIELD_MAP: Record<string, keyof AddressFormInput> = {
  fullName: 'fullName',
  phone: 'phone',
  line1: 'line1',
  province: 'provinceCode',
  provinceCode: 'provinceCode',
  district: 'districtCode',
  districtCode: 'districtCode',
  ward: 'wardCode',
  wardCode: 'wardCode',
};

/** Loose name match for addresses saved without codes: case, accents and 'Tỉnh/Thành phố/Quận...' prefixes ignored. */
export function findUnitByName(list: readonly GeoUnitDto[] | undefined, name: string | null | undefined): GeoUnitDto | undefined {
  if (!list || !name) return undefined;
  const norm = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/gi, 'd')
      .toLowerCase()
      .replace(/^(tinh|thanh pho|tp\.?|quan|huyen|thi xa|phuong|xa|thi tran|dac khu)\s+/, '')
      .trim();
  const wanted = norm(name);
  return list.find((u) => norm(u.name) === wanted);
}

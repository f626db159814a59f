import { describe, expect, it } from 'vitest';
import { addressInputSchema, addressSchemeOf, foldVietnamese } from './address.ts';

const base = { fullName: 'Nguyễn Văn An', phone: '0901234567', line1: '12 Lê Lợi', province: 'Thành phố Hồ Chí Minh', ward: 'Phường Bến Thành' };

describe('address bodies and unit sets', () => {
  it('infers the unit set: named, else three levels with a district, else two', () => {
    expect(addressSchemeOf({ scheme: 'TWO_LEVEL', district: 'Quận 1' })).toBe('TWO_LEVEL');
    expect(addressSchemeOf({ district: 'Quận 1' })).toBe('THREE_LEVEL');
    expect(addressSchemeOf({ district: '  ' })).toBe('TWO_LEVEL');
    expect(addressSchemeOf({})).toBe('TWO_LEVEL');
  });

  it('needs a district only under three levels', () => {
    expect(addressInputSchema.safeParse(base).success).toBe(true);
    expect(addressInputSchema.safeParse({ ...base, scheme: 'TWO_LEVEL' }).data?.district).toBe('');
    const missing = addressInputSchema.safeParse({ ...base, scheme: 'THREE_LEVEL' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['district', 'Vui lòng chọn quận/huyện.']]);
    expect(addressInputSchema.safeParse({ ...base, district: 'Quận 1' }).success).toBe(true);
    expect(addressInputSchema.safeParse({ ...base, scheme: 'NEW' }).success).toBe(false);
  });

  it('folds Vietnamese names for matching with or without diacritics', () => {
    expect(foldVietnamese('  Phường  Đống Đa ')).toBe('phuong dong da');
    expect(foldVietnamese('Thành phố Hồ Chí Minh')).toBe(foldVietnamese('thanh pho ho chi minh'));
    // Decomposed input (as some data sets store it) folds the same.
    expect(foldVietnamese('Hội'.normalize('NFD'))).toBe('hoi');
  });
});

import { describe, expect, it } from 'vitest';
import { maskDateInput, voucherFormSchema } from '@nhasach/shared';
import { emptyVoucherForm, formToInput, voucherToForm } from './voucherForm.ts';

describe('the dd/mm/yyyy HH:mm mask', () => {
  it('places the separators as digits are typed and drops anything else', () => {
    expect(maskDateInput('0', true)).toBe('0');
    expect(maskDateInput('011', true)).toBe('01/1');
    expect(maskDateInput('01122026', true)).toBe('01/12/2026');
    expect(maskDateInput('011220260', true)).toBe('01/12/2026 0');
    expect(maskDateInput('01122026083099', true)).toBe('01/12/2026 08:30');
    expect(maskDateInput('01/12/2026 08:30', true)).toBe('01/12/2026 08:30');
    expect(maskDateInput('ab', true)).toBe('');
  });
});

describe('the voucher form', () => {
  const base = { ...emptyVoucherForm(Date.parse('2026-11-23T05:10:00Z')), code: ' sach 10 ', name: 'Tuần lễ sách', value: '10', maxDiscount: '50.000' };

  it('starts at the next whole hour (Vietnam time) and runs 30 days', () => {
    expect(base.startsAt).toBe('23/11/2026 13:00');
    expect(base.endsAt).toBe('23/12/2026 13:00');
  });

  it('reads money typed with thousands dots and blank limits as none', () => {
    const out = voucherFormSchema.parse(formToInput(base));
    expect(out).toMatchObject({ code: 'SACH10', value: 10, maxDiscount: 50_000, minSubtotal: 0, totalUses: null, perCustomerLimit: 1 });
    expect(out.startsAt?.toISOString()).toBe('2026-11-23T06:00:00.000Z');
  });

  it('drops the amounts a kind does not have', () => {
    expect(formToInput({ ...base, kind: 'FREE_SHIPPING', value: '' })).toMatchObject({ value: 0, maxDiscount: null });
    expect(formToInput({ ...base, kind: 'FIXED', value: '30.000' })).toMatchObject({ value: 30_000, maxDiscount: null });
  });

  it('says which field is wrong, in Vietnamese, without crashing on a bad date', () => {
    const res = voucherFormSchema.safeParse(formToInput({ ...base, value: '', startsAt: '31/02/2026 08:00', endsAt: '01/01/2026 00:00' }));
    const byField = Object.fromEntries(res.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toMatchObject({
      value: 'Vui lòng nhập mức giảm.',
      startsAt: 'Thời gian bắt đầu phải có dạng dd/mm/yyyy HH:mm (giờ Việt Nam).',
    });
  });
});

describe('editing', () => {
  it('shows money with thousands dots and reads it back', () => {
    const form = voucherToForm({
      id: 1,
      code: 'SACH10',
      name: 'Tuần lễ sách',
      kind: 'PERCENT',
      value: 10,
      maxDiscount: 50_000,
      minSubtotal: 1_200_000,
      startsAt: '2026-11-23T01:00:00.000Z',
      endsAt: '2026-12-23T01:00:00.000Z',
      totalUses: null,
      perCustomerLimit: 2,
      usedCount: 0,
      active: true,
      status: 'RUNNING',
      description: '',
      categories: [{ id: 3, name: 'Văn học' }],
      createdAt: '2026-11-23T01:00:00.000Z',
      updatedAt: '2026-11-23T01:00:00.000Z',
    });
    expect(form).toMatchObject({ value: '10', maxDiscount: '50.000', minSubtotal: '1.200.000', startsAt: '23/11/2026 08:00', totalUses: '', categoryIds: [3] });
    expect(voucherFormSchema.parse(formToInput(form))).toMatchObject({ maxDiscount: 50_000, minSubtotal: 1_200_000, perCustomerLimit: 2 });
  });
});

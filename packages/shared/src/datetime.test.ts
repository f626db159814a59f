import { describe, expect, it } from 'vitest';
import { formatDateTimeVN, formatDateVN, formatNumberVN, formatTimeVN, isoDateToVN, maskDateInput, parseDateTimeVN, parseDateVN, vnDateToIso } from './datetime.ts';

describe('Vietnam dates', () => {
  it('formats an instant in Asia/Ho_Chi_Minh whatever the process zone', () => {
    // 17:30 UTC on 31/12 is 00:30 on 1/1 in Vietnam.
    expect(formatDateTimeVN('2025-12-31T17:30:00Z')).toBe('01/01/2026 00:30');
    expect(formatDateVN(new Date('2025-12-31T16:59:00Z'))).toBe('31/12/2025');
    expect(formatTimeVN(Date.parse('2025-03-14T02:05:00Z'))).toBe('09:05');
    expect(formatDateTimeVN('không phải ngày')).toBe('');
  });

  it('reads dd/mm/yyyy and dd/mm/yyyy HH:mm as Vietnam time, refusing dates that do not exist', () => {
    expect(parseDateVN('14/03/2025')?.toISOString()).toBe('2025-03-13T17:00:00.000Z');
    expect(parseDateVN('1/3/2025')?.toISOString()).toBe('2025-02-28T17:00:00.000Z');
    expect(parseDateTimeVN('14/03/2025 09:30')?.toISOString()).toBe('2025-03-14T02:30:00.000Z');
    for (const bad of ['31/02/2025', '29/02/2025', '00/01/2025', '14/13/2025', '2025-03-14', '14/03/25', '']) expect(parseDateVN(bad), bad).toBeNull();
    expect(parseDateVN('29/02/2024')).not.toBeNull();
    for (const bad of ['14/03/2025 24:00', '14/03/2025 9:60', '14/03/2025']) expect(parseDateTimeVN(bad), bad).toBeNull();
    expect(vnDateToIso('05/01/2026')).toBe('2026-01-05');
    expect(isoDateToVN('2026-01-05')).toBe('05/01/2026');
  });

  it('masks typed digits into dd/mm/yyyy (HH:mm)', () => {
    expect(maskDateInput('1403202')).toBe('14/03/202');
    expect(maskDateInput('14/03/2025abc99')).toBe('14/03/2025');
    expect(maskDateInput('140320250930', true)).toBe('14/03/2025 09:30');
    expect(maskDateInput('14')).toBe('14');
    expect(maskDateInput('143')).toBe('14/3');
  });

  it('formats numbers in vi-VN grouping', () => {
    expect(formatNumberVN(1234567)).toBe('1.234.567');
    expect(formatNumberVN(4.25, 1)).toBe('4,3');
    expect(formatNumberVN(4, 1, 1)).toBe('4,0');
    expect(formatNumberVN(-1500.5, 1)).toBe('-1.500,5');
    expect(formatNumberVN(0)).toBe('0');
  });
});

import { describe, expect, it } from 'vitest';
import { formatDateTimeVN, formatDateVN, parseDateTimeVN, parseDateVN } from './datetime.ts';

describe('Vietnam dates', () => {
  it('parses dd/mm/yyyy HH:mm as Vietnam time (UTC+7)', () => {
    expect(parseDateTimeVN('01/12/2026 08:30')?.toISOString()).toBe('2026-12-01T01:30:00.000Z');
    expect(parseDateTimeVN(' 01/01/2027 00:00 ')?.toISOString()).toBe('2026-12-31T17:00:00.000Z');
    expect(parseDateVN('15/06/2026')?.toISOString()).toBe('2026-06-14T17:00:00.000Z');
  });
  it('refuses what is not a real date and time', () => {
    for (const s of ['31/02/2026 08:00', '29/02/2026 08:00', '01/13/2026 08:00', '01/12/2026 24:00', '1/12/2026 08:00', '2026-12-01 08:00', '', 'abc']) {
      expect(parseDateTimeVN(s), s).toBeNull();
    }
    expect(parseDateTimeVN('29/02/2028 08:00')).not.toBeNull();
    expect(parseDateVN('30/02/2026')).toBeNull();
  });
  it('formats in Vietnam time whatever the machine zone, and round-trips', () => {
    expect(formatDateTimeVN('2026-12-31T17:05:00Z')).toBe('01/01/2027 00:05');
    expect(formatDateVN(new Date('2026-12-31T17:05:00Z'))).toBe('01/01/2027');
    expect(formatDateTimeVN(parseDateTimeVN('09/03/2026 21:45')!)).toBe('09/03/2026 21:45');
    expect(formatDateTimeVN('not a date')).toBe('');
  });
});

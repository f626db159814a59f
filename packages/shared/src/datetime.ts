/**
 * Dates and times as the store shows and reads them: Asia/Ho_Chi_Minh, vi-VN order (dd/mm/yyyy HH:mm), whatever
 * the zone and language of the browser or server. Vietnam keeps UTC+7 all year (no daylight saving since 1975),
 * so the zone is a fixed offset and no time-zone database is needed: server, browsers and tests print the same.
 */

export const STORE_TIME_ZONE = 'Asia/Ho_Chi_Minh';
const OFFSET_MS = 7 * 60 * 60_000;

type DateInput = Date | string | number;

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock fields of an instant in Vietnam, or null for an invalid date. */
function vnFields(value: DateInput) {
  const t = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(t)) return null;
  const v = new Date(t + OFFSET_MS);
  return { y: v.getUTCFullYear(), mo: v.getUTCMonth() + 1, d: v.getUTCDate(), h: v.getUTCHours(), mi: v.getUTCMinutes() };
}

/** '14/03/2025' (Vietnam date of the instant); '' for an invalid value. */
export function formatDateVN(value: DateInput): string {
  const f = vnFields(value);
  return f ? `${pad(f.d)}/${pad(f.mo)}/${f.y}` : '';
}

/** '09:30' (Vietnam time, 24 h); '' for an invalid value. */
export function formatTimeVN(value: DateInput): string {
  const f = vnFields(value);
  return f ? `${pad(f.h)}:${pad(f.mi)}` : '';
}

/** '14/03/2025 09:30' (Vietnam time); '' for an invalid value. */
export function formatDateTimeVN(value: DateInput): string {
  const f = vnFields(value);
  return f ? `${pad(f.d)}/${pad(f.mo)}/${f.y} ${pad(f.h)}:${pad(f.mi)}` : '';
}

/** The instant of a Vietnam wall-clock time, or null when the fields are not a real date and time. */
function fromVnFields(y: number, mo: number, d: number, h = 0, mi = 0): Date | null {
  if (y < 1900 || y > 9999 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59) return null;
  const utc = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return new Date(utc - OFFSET_MS);
}

/** 'dd/mm/yyyy' (one-digit day and month accepted) -> the start of that day in Vietnam; null when not a real date. */
export function parseDateVN(text: string): Date | null {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  return m ? fromVnFields(Number(m[3]), Number(m[2]), Number(m[1])) : null;
}

/** 'dd/mm/yyyy HH:mm' read as Vietnam time; null when not a real date and time. */
export function parseDateTimeVN(text: string): Date | null {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})\s*$/.exec(text);
  return m ? fromVnFields(Number(m[3]), Number(m[2]), Number(m[1]), Number(m[4]), Number(m[5])) : null;
}

/**
 * What a masked date field shows for what was typed: digits only, the slashes (and the space and colon of a time)
 * put in as the digits come: '1403202' -> '14/03/202', with time '140320250930' -> '14/03/2025 09:30'.
 */
export function maskDateInput(typed: string, withTime = false): string {
  const digits = typed.replace(/\D/g, '').slice(0, withTime ? 12 : 8);
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i === 2 || i === 4) out += '/';
    if (i === 8) out += ' ';
    if (i === 10) out += ':';
    out += digits[i];
  }
  return out;
}

/** The Vietnam date of an instant as yyyy-mm-dd (query parameters, API dates). */
export function isoDateVN(value: DateInput): string {
  const f = vnFields(value);
  return f ? `${f.y}-${pad(f.mo)}-${pad(f.d)}` : '';
}

/** yyyy-mm-dd -> dd/mm/yyyy ('' when not that shape). */
export function isoDateToVN(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** dd/mm/yyyy -> yyyy-mm-dd, or null when not a real date. */
export function vnDateToIso(text: string): string | null {
  const d = parseDateVN(text);
  return d ? isoDateVN(d) : null;
}

/**
 * A number in vi-VN grouping: 12345.6 -> '12.345,6' (at most `fractionDigits` decimals, trailing zeros dropped
 * unless `minFractionDigits` asks for them). Written out, like formatVnd, so every runtime prints the same.
 */
export function formatNumberVN(n: number, fractionDigits = 0, minFractionDigits = 0): string {
  if (!Number.isFinite(n)) return '';
  const fixed = Math.abs(n).toFixed(fractionDigits);
  const [int = '0', frac0 = ''] = fixed.split('.');
  let frac = frac0.replace(/0+$/, '');
  if (frac.length < minFractionDigits) frac = frac.padEnd(minFractionDigits, '0');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const negative = n < 0 && Number(fixed) !== 0;
  return `${negative ? '-' : ''}${grouped}${frac ? `,${frac}` : ''}`;
}

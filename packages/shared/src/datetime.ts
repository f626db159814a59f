/**
 * Dates and times as people in Vietnam write them, in Vietnam time (Asia/Ho_Chi_Minh, UTC+7 all year: no daylight
 * saving since 1975), whatever the browser's language or the server's time zone: 'dd/mm/yyyy' and
 * 'dd/mm/yyyy HH:mm' (24-hour clock). Parsing is strict: a date that does not exist (31/02) is null, not rolled over.
 */

const VN_OFFSET_MS = 7 * 60 * 60 * 1000;

type Instant = Date | string | number;

const toDate = (v: Instant): Date => (v instanceof Date ? v : new Date(v));
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wall-clock parts in Vietnam of an instant. */
function vnParts(v: Instant) {
  const shifted = new Date(toDate(v).getTime() + VN_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/** The instant of a Vietnam wall-clock time, or null when the parts are not a real date and time. */
function fromVnParts(year: number, month: number, day: number, hour: number, minute: number): Date | null {
  if (year < 1900 || year > 9999 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return new Date(utc - VN_OFFSET_MS);
}

const DATE_TIME = /^(\d{2})\/(\d{2})\/(\d{4})\s+(\d{2}):(\d{2})$/;
const DATE_ONLY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** 'dd/mm/yyyy HH:mm' in Vietnam time -> the instant; null when the text is not such a date and time. */
export function parseDateTimeVN(text: string): Date | null {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return null;
  return fromVnParts(Number(m[3]), Number(m[2]), Number(m[1]), Number(m[4]), Number(m[5]));
}

/** 'dd/mm/yyyy' -> the instant that day starts in Vietnam (00:00); null when not a real date. */
export function parseDateVN(text: string): Date | null {
  const m = DATE_ONLY.exec(text.trim());
  if (!m) return null;
  return fromVnParts(Number(m[3]), Number(m[2]), Number(m[1]), 0, 0);
}

/** An instant (Date, ISO text or epoch ms) as 'dd/mm/yyyy HH:mm' in Vietnam time; '' when it is not a date. */
export function formatDateTimeVN(value: Instant): string {
  if (Number.isNaN(toDate(value).getTime())) return '';
  const p = vnParts(value);
  return `${pad(p.day)}/${pad(p.month)}/${p.year} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** An instant as 'dd/mm/yyyy' (its day in Vietnam); '' when it is not a date. */
export function formatDateVN(value: Instant): string {
  if (Number.isNaN(toDate(value).getTime())) return '';
  const p = vnParts(value);
  return `${pad(p.day)}/${pad(p.month)}/${p.year}`;
}

import { VIETNAM_UTC_OFFSET_MINUTES } from '@nhasach/shared';

/**
 * Dates of the sales back-office in Vietnam time whatever the browser's zone: the shop, its orders and the
 * list's day filters (from/to) all count days in Asia/Ho_Chi_Minh.
 */

const TIME_ZONE = 'Asia/Ho_Chi_Minh';
const dateFmt = new Intl.DateTimeFormat('vi-VN', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFmt = new Intl.DateTimeFormat('vi-VN', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: false });

/** '14/03/2025 09:30'. */
export const formatDateTime = (iso: string) => {
  const d = new Date(iso);
  return `${dateFmt.format(d)} ${timeFmt.format(d)}`;
};
/** '14/03/2025'. */
export const formatDay = (iso: string) => dateFmt.format(new Date(iso));
/** '09:30'. */
export const formatTime = (iso: string) => timeFmt.format(new Date(iso));

const pad = (n: number) => String(n).padStart(2, '0');
const OFFSET_MS = VIETNAM_UTC_OFFSET_MINUTES * 60_000;

/** ISO instant -> the value of a datetime-local input in Vietnam time ('2025-03-14T09:30'). */
export function toVietnamLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return '';
  const v = new Date(t + OFFSET_MS);
  return `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}T${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}`;
}

/** A datetime-local value read as Vietnam time -> ISO with the +07:00 offset; blank gives null. */
export function fromVietnamLocalInput(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) ? `${v}:00+07:00` : v;
}

/** Now as a datetime-local value in Vietnam time (the max of the date inputs: nothing in the future). */
export const nowVietnamLocalInput = () => toVietnamLocalInput(new Date().toISOString());

/** Today as yyyy-mm-dd in Vietnam time (the max of the list's day filters). */
export const todayVietnam = () => nowVietnamLocalInput().slice(0, 10);

import { formatDateTimeVN, formatDateVN, formatTimeVN, isoDateVN, parseDateTimeVN } from '@nhasach/shared';

/**
 * Dates of the sales back-office in Vietnam time whatever the browser's zone: the shop, its orders and the
 * list's day filters (from/to) all count days in Asia/Ho_Chi_Minh.
 */

/** '14/03/2025 09:30'. */
export const formatDateTime = (iso: string) => formatDateTimeVN(iso);
/** '14/03/2025'. */
export const formatDay = (iso: string) => formatDateVN(iso);
/** '09:30'. */
export const formatTime = (iso: string) => formatTimeVN(iso);

/** ISO instant -> the value of a masked date-time field in Vietnam time ('14/03/2025 09:30'). */
export function toVietnamLocalInput(iso: string | null | undefined): string {
  return iso ? formatDateTimeVN(iso) : '';
}

/**
 * A masked 'dd/mm/yyyy HH:mm' field read as Vietnam time -> ISO instant; blank gives null, and a value that is not
 * a real date and time is passed on as it is, for the shared schema to call invalid.
 */
export function fromVietnamLocalInput(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  return parseDateTimeVN(v)?.toISOString() ?? v;
}

/** Now as the value of a masked date-time field in Vietnam time (the default time of a payment). */
export const nowVietnamLocalInput = () => formatDateTimeVN(new Date());

/** Today as yyyy-mm-dd in Vietnam time (the latest day of the list's day filters). */
export const todayVietnam = () => isoDateVN(new Date());

/** Date helpers of the back-office tables (Vietnamese wording). */

import { formatDate } from '../../lib/books.ts';
import { formatNumberVN, formatTimeVN } from '@nhasach/shared';

export { formatDate, formatDateTime } from '../../lib/books.ts';

/** '09:30' in Vietnam time. */
export const formatTime = (iso: string | number) => formatTimeVN(iso);

/** 'vừa xong', '5 phút trước', '3 giờ trước', '2 ngày trước', then the date. */
export function relativeTime(iso: string, now = Date.now()): string {
  const s = Math.round((now - new Date(iso).getTime()) / 1000);
  if (s < 45) return 'vừa xong';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} phút trước`;
  const h = Math.round(m / 60);
  if (h < 24) return `${h} giờ trước`;
  const d = Math.round(h / 24);
  if (d <= 7) return `${d} ngày trước`;
  return formatDate(iso);
}

/** A number with vi-VN grouping: 12.345. */
export const formatCount = (n: number) => formatNumberVN(n);

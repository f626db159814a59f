import {
  VOUCHER_PAGE_SIZE,
  type AdminVoucherDto,
  type AdminVoucherPage,
  type AvailableVoucherDto,
  type VoucherListStatus,
  type VoucherValues,
} from '@nhasach/shared';
import { api } from './client.ts';

/** Voucher calls: the checkout's list of codes, and the back-office under /api/v1/admin/vouchers. */

export const voucherKeys = {
  available: ['vouchers', 'available'] as const,
  admin: ['admin', 'vouchers'] as const,
  adminList: (q: string, status: string, page: number) => ['admin', 'vouchers', 'list', q, status, page] as const,
};

/** GET /api/v1/vouchers/available: running codes with whether each fits the selected cart lines (and why not). */
export const fetchAvailableVouchers = (signal?: AbortSignal) => api.get<AvailableVoucherDto[]>('/api/v1/vouchers/available', undefined, { signal });

export interface AdminVoucherQuery {
  q?: string;
  status?: VoucherListStatus | '';
  page: number;
  size?: number;
}
export const fetchAdminVouchers = ({ q, status, page, size = VOUCHER_PAGE_SIZE }: AdminVoucherQuery) =>
  api.get<AdminVoucherPage>('/api/v1/admin/vouchers', { q, status, page, size });

/** The body the API takes: dates as ISO instants. */
const toBody = (v: VoucherValues) => ({ ...v, startsAt: v.startsAt.toISOString(), endsAt: v.endsAt.toISOString() });

export const createVoucher = (v: VoucherValues) => api.post<AdminVoucherDto>('/api/v1/admin/vouchers', toBody(v));
export const updateVoucher = (id: number, v: VoucherValues) => api.put<AdminVoucherDto>(`/api/v1/admin/vouchers/${id}`, toBody(v));
export const setVoucherActive = (id: number, active: boolean) => api.put<AdminVoucherDto>(`/api/v1/admin/vouchers/${id}/active`, { active });

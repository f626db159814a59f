import {
  isOrderStatus,
  parseSaleOrderSort,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  SALE_ORDERS_DEFAULT_SORT,
  SALE_ORDERS_PAGE_SIZE,
  SALE_ORDERS_PAGE_SIZES,
  SEARCH_TERM_MAX,
  vietnamDayStart,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type SaleOrderSortField,
} from '@nhasach/shared';
import type { SaleOrderCountFilters, SaleOrderListParams } from '../../api/sales.ts';

/**
 * The state of /sale/orders, kept entirely in the URL query so a view can be shared, reloaded and walked with
 * back/forward. Page is zero-based, as the API counts; defaults are left out of the URL.
 */
export interface SaleListState {
  status?: OrderStatus;
  q?: string;
  paymentStatus?: PaymentStatus;
  paymentMethod?: PaymentMethod;
  from?: string;
  to?: string;
  page: number;
  size: number;
  sortField: SaleOrderSortField;
  sortDir: 'asc' | 'desc';
}

const DEFAULT_SORT = parseSaleOrderSort(SALE_ORDERS_DEFAULT_SORT)!;

const intOf = (v: string | null): number | undefined => (v !== null && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : undefined);
const dayOf = (v: string | null): string | undefined => (v && vietnamDayStart(v.trim()) ? v.trim() : undefined);

export function parseSaleList(params: URLSearchParams): SaleListState {
  const status = params.get('status')?.toUpperCase();
  const payment = params.get('paymentStatus')?.toUpperCase();
  const method = params.get('paymentMethod')?.toUpperCase();
  const size = intOf(params.get('size'));
  const sort = parseSaleOrderSort(params.get('sort') ?? undefined) ?? DEFAULT_SORT;
  let from = dayOf(params.get('from'));
  let to = dayOf(params.get('to'));
  if (from && to && from > to) [from, to] = [to, from];
  const q = params.get('q')?.trim().slice(0, SEARCH_TERM_MAX);
  return {
    status: isOrderStatus(status) ? status : undefined,
    q: q || undefined,
    paymentStatus: (PAYMENT_STATUSES as readonly string[]).includes(payment ?? '') ? (payment as PaymentStatus) : undefined,
    paymentMethod: (PAYMENT_METHODS as readonly string[]).includes(method ?? '') ? (method as PaymentMethod) : undefined,
    from,
    to,
    page: intOf(params.get('page')) ?? 0,
    size: size !== undefined && (SALE_ORDERS_PAGE_SIZES as readonly number[]).includes(size) ? size : SALE_ORDERS_PAGE_SIZE,
    sortField: sort.field,
    sortDir: sort.direction,
  };
}

export const sortParam = (s: Pick<SaleListState, 'sortField' | 'sortDir'>) => `${s.sortField},${s.sortDir}`;
const isDefaultSort = (s: SaleListState) => s.sortField === DEFAULT_SORT.field && s.sortDir === DEFAULT_SORT.direction;

/** '?status=...&q=...' of a state (defaults omitted). */
export function saleListSearch(state: SaleListState): string {
  const p = new URLSearchParams();
  if (state.status) p.set('status', state.status);
  if (state.q) p.set('q', state.q);
  if (state.paymentStatus) p.set('paymentStatus', state.paymentStatus);
  if (state.paymentMethod) p.set('paymentMethod', state.paymentMethod);
  if (state.from) p.set('from', state.from);
  if (state.to) p.set('to', state.to);
  if (!isDefaultSort(state)) p.set('sort', sortParam(state));
  if (state.size !== SALE_ORDERS_PAGE_SIZE) p.set('size', String(state.size));
  if (state.page > 0) p.set('page', String(state.page));
  const qs = p.toString();
  return qs ? `?${qs}` : '';
}

/** The list link of a status tab (what the detail page goes to after a status change). */
export const saleListHref = (status?: OrderStatus) => `/sale/orders${status ? `?status=${status}` : ''}`;

/** Applies a change; any change other than the page itself starts again at page 0. */
export function withChange(state: SaleListState, change: Partial<SaleListState>): SaleListState {
  const next = { ...state, ...change };
  if (!('page' in change)) next.page = 0;
  return next;
}

/** Clicking a column: first click sorts it in its natural direction, the next click flips it. */
export function toggleSort(state: SaleListState, field: SaleOrderSortField): Partial<SaleListState> {
  if (state.sortField === field) return { sortField: field, sortDir: state.sortDir === 'asc' ? 'desc' : 'asc' };
  return { sortField: field, sortDir: field === 'code' ? 'asc' : 'desc' };
}

export const hasFilters = (s: SaleListState) => Boolean(s.q || s.paymentStatus || s.paymentMethod || s.from || s.to);

export const listParams = (s: SaleListState): SaleOrderListParams => ({
  page: s.page,
  size: s.size,
  sort: sortParam(s),
  q: s.q,
  status: s.status,
  paymentStatus: s.paymentStatus,
  paymentMethod: s.paymentMethod,
  from: s.from,
  to: s.to,
});

export const countFilters = (s: SaleListState): SaleOrderCountFilters => ({
  q: s.q,
  paymentStatus: s.paymentStatus,
  paymentMethod: s.paymentMethod,
  from: s.from,
  to: s.to,
});

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatVnd, PAYMENT_METHOD_SHORT_LABELS, type SaleOrderSortField, type SaleOrderSummaryDto } from '@nhasach/shared';
import { ChevronDownIcon, ChevronRightIcon, ChevronUpIcon } from 'lucide-react';
import { Skeleton } from '../../../components/ui/EmptyState.tsx';
import { OrderStatusBadge, PaymentStatusBadge } from '../SaleBadges.tsx';
import type { SaleListState } from '../orderListParams.ts';
import { formatDay, formatTime } from '../saleFormat.ts';

const detailHref = (o: SaleOrderSummaryDto) => `/sale/orders/${o.id}`;

function SortHeader({
  field,
  state,
  onSort,
  children,
  align = 'left',
}: {
  field: SaleOrderSortField;
  state: SaleListState;
  onSort: (field: SaleOrderSortField) => void;
  children: ReactNode;
  align?: 'left' | 'right';
}) {
  const active = state.sortField === field;
  const Icon = active && state.sortDir === 'asc' ? ChevronUpIcon : ChevronDownIcon;
  return (
    <th scope="col" aria-sort={active ? (state.sortDir === 'asc' ? 'ascending' : 'descending') : 'none'} className={`px-3 py-3 ${align === 'right' ? 'text-right' : 'text-left'}`}>
      <button
        type="button"
        onClick={() => onSort(field)}
        className={`inline-flex items-center gap-1 rounded font-semibold uppercase hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
          active ? 'text-gray-900' : ''
        }`}
      >
        {children}
        <Icon size={14} className={active ? 'text-brand-700' : 'text-gray-300'} />
      </button>
    </th>
  );
}

function Assignee({ name }: { name: string | null }) {
  if (!name) return <span className="text-gray-500 italic">Chưa giao</span>;
  return (
    <span className="inline-flex max-w-[10rem] items-center gap-2">
      <span aria-hidden="true" className="grid size-6 shrink-0 place-items-center rounded-full bg-brand-50 text-[11px] font-bold text-brand-700">
        {name.trim().charAt(0).toUpperCase()}
      </span>
      <span className="truncate">{name}</span>
    </span>
  );
}

/** The order table on wide screens; on phones each order is a card with the same facts. */
export function SaleOrdersTable({ orders, state, onSort }: { orders: SaleOrderSummaryDto[]; state: SaleListState; onSort: (field: SaleOrderSortField) => void }) {
  return (
    <>
      <div className="overflow-x-auto max-lg:hidden">
        <table className="w-full text-sm">
          <caption className="sr-only">Danh sách đơn hàng</caption>
          <thead className="border-b border-gray-200 bg-gray-50/80 text-xs tracking-wide text-gray-500">
            <tr>
              <SortHeader field="code" state={state} onSort={onSort}>
                Mã đơn
              </SortHeader>
              <SortHeader field="createdAt" state={state} onSort={onSort}>
                Ngày tạo
              </SortHeader>
              <th scope="col" className="px-3 py-3 text-left font-semibold uppercase">
                Khách hàng
              </th>
              <th scope="col" className="px-3 py-3 text-right font-semibold uppercase">
                Số SP
              </th>
              <SortHeader field="grandTotal" state={state} onSort={onSort} align="right">
                Tổng tiền
              </SortHeader>
              <th scope="col" className="px-3 py-3 text-left font-semibold uppercase">
                Thanh toán
              </th>
              <th scope="col" className="px-3 py-3 text-left font-semibold uppercase">
                Trạng thái
              </th>
              <th scope="col" className="px-3 py-3 text-left font-semibold uppercase">
                Người xử lý
              </th>
              <th scope="col" className="px-3 py-3">
                <span className="sr-only">Chi tiết</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {orders.map((o) => (
              <tr key={o.id} data-testid="sale-order-row" data-code={o.code} className="transition-colors hover:bg-brand-50/30">
                <td className="px-3 py-3">
                  <Link to={detailHref(o)} className="rounded font-mono text-[13px] font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
                    {o.code}
                  </Link>
                </td>
                <td className="px-3 py-3 whitespace-nowrap">
                  <span className="block text-gray-900">{formatDay(o.createdAt)}</span>
                  <span className="block text-xs text-gray-500">{formatTime(o.createdAt)}</span>
                </td>
                <td className="max-w-[14rem] px-3 py-3">
                  <span className="block truncate font-medium text-gray-900">{o.customerName}</span>
                  <span className="block truncate text-xs text-gray-500">{o.customerPhone ?? o.receiverPhone}</span>
                </td>
                <td className="px-3 py-3 text-right tabular-nums">{o.totalQuantity}</td>
                <td className="px-3 py-3 text-right whitespace-nowrap">
                  <span className="block font-semibold text-gray-900 tabular-nums">{formatVnd(o.total)}</span>
                  <span className="block text-xs text-gray-500">{PAYMENT_METHOD_SHORT_LABELS[o.paymentMethod]}</span>
                </td>
                <td className="px-3 py-3">
                  <PaymentStatusBadge status={o.paymentStatus} />
                </td>
                <td className="px-3 py-3">
                  <OrderStatusBadge status={o.status} />
                </td>
                <td className="px-3 py-3 text-gray-700">
                  <Assignee name={o.assigneeName} />
                </td>
                <td className="px-3 py-3 text-right">
                  <Link
                    to={detailHref(o)}
                    aria-label={`Xem đơn ${o.code}`}
                    className="inline-flex items-center gap-0.5 rounded-lg px-2 py-1.5 text-sm font-semibold text-gray-600 hover:bg-gray-100 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    Xem <ChevronRightIcon size={16} />
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="divide-y divide-gray-100 lg:hidden">
        {orders.map((o) => (
          <li key={o.id} data-testid="sale-order-card" data-code={o.code}>
            <Link to={detailHref(o)} className="block px-4 py-4 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-mono text-[13px] font-semibold text-brand-700">{o.code}</p>
                  <p className="mt-0.5 truncate text-sm font-medium text-gray-900">{o.customerName}</p>
                  <p className="text-xs text-gray-500">
                    {formatDay(o.createdAt)} {formatTime(o.createdAt)} · {o.totalQuantity} sản phẩm
                  </p>
                </div>
                <p className="shrink-0 text-right font-semibold text-gray-900 tabular-nums">{formatVnd(o.total)}</p>
              </div>
              <div className="mt-2.5 flex flex-wrap items-center gap-1.5">
                <OrderStatusBadge status={o.status} />
                <PaymentStatusBadge status={o.paymentStatus} />
                <span className="ml-auto text-xs text-gray-500">{o.assigneeName ? `Xử lý: ${o.assigneeName}` : 'Chưa giao'}</span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Rows of grey bars while the first page loads. */
export function SaleOrdersTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div aria-hidden="true" className="divide-y divide-gray-100">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4 px-4 py-4">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-4 w-20 max-sm:hidden" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-6 w-24 rounded-full max-sm:hidden" />
          <Skeleton className="h-6 w-24 rounded-full" />
        </div>
      ))}
    </div>
  );
}

import { Link } from 'react-router';
import { DELIVERY_METHOD_LABELS, formatVnd, PAYMENT_METHOD_STAFF_LABELS, type SaleOrderDto } from '@nhasach/shared';
import { ArrowLeftIcon, RefreshCwIcon } from 'lucide-react';
import { Button } from '../../../components/ui/Button.tsx';
import { OrderStatusBadge, PaymentStatusBadge } from '../SaleBadges.tsx';
import { saleListHref } from '../orderListParams.ts';
import { formatDateTime } from '../saleFormat.ts';

/** Code, status and payment badges, when it was placed, the total; back to the list of its status. */
export function OrderHeader({ order, onReload, reloading }: { order: SaleOrderDto; onReload: () => void; reloading: boolean }) {
  return (
    <div className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <Link
            to={saleListHref(order.status)}
            className="mb-2 inline-flex items-center gap-1 rounded text-sm font-medium text-gray-500 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <ArrowLeftIcon size={16} /> Danh sách đơn hàng
          </Link>
          <h1 className="flex flex-wrap items-center gap-x-3 gap-y-2 text-xl font-bold text-gray-900 sm:text-2xl">
            <span>
              Đơn hàng <span className="font-mono">{order.code}</span>
            </span>
            <span className="flex flex-wrap gap-2">
              <OrderStatusBadge status={order.status} size="md" />
              <PaymentStatusBadge status={order.paymentStatus} size="md" />
            </span>
          </h1>
          <p className="mt-1.5 text-sm text-gray-500">
            Đặt lúc <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time> · {PAYMENT_METHOD_STAFF_LABELS[order.paymentMethod]} · Giao{' '}
            {DELIVERY_METHOD_LABELS[order.deliveryMethod].toLowerCase()}
          </p>
        </div>
        <div className="flex items-center gap-3 max-sm:w-full max-sm:justify-between">
          <div className="text-right max-sm:text-left">
            <p className="text-xs font-medium tracking-wide text-gray-500 uppercase">Tổng cộng</p>
            <p className="text-xl font-bold text-brand-700 tabular-nums">{formatVnd(order.grandTotal)}</p>
          </div>
          <Button variant="outline" size="sm" onClick={onReload} busy={reloading} aria-label="Tải lại đơn hàng">
            <RefreshCwIcon size={16} />
            <span className="max-sm:hidden">Tải lại</span>
          </Button>
        </div>
      </div>
    </div>
  );
}

import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MY_ORDER_TABS, MY_ORDERS_PAGE_SIZE, MY_ORDERS_PAGE_SIZES, formatVnd, isOnlinePayment, type OrderSummaryDto } from '@nhasach/shared';
import { ChevronRightIcon, PackageIcon } from 'lucide-react';
import { fetchMyOrders, orderKeys } from '../../api/orders.ts';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { buttonClass } from '../../components/ui/Button.tsx';
import { ImageWithFallback } from '../../components/ImageWithFallback.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/EmptyState.tsx';
import { inputBaseClass } from '../../components/ui/Field.tsx';
import { formatDateTime } from '../../lib/books.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { OrderStatusBadge, PaymentStatusBadge } from './OrderStatusBadge.tsx';
import { useViewer } from '../../lib/viewer.ts';

const DEFAULT_TAB = MY_ORDER_TABS[0]!;

/** Tab, zero-based page and size from the URL (spec section 2: the list state is shareable). */
function readState(params: URLSearchParams) {
  const tab = MY_ORDER_TABS.find((t) => t.key === params.get('tab')) ?? DEFAULT_TAB;
  const pageRaw = Number(params.get('page'));
  const page = Number.isInteger(pageRaw) && pageRaw > 0 ? pageRaw : 0;
  const sizeRaw = Number(params.get('size'));
  const size = (MY_ORDERS_PAGE_SIZES as readonly number[]).includes(sizeRaw) ? sizeRaw : MY_ORDERS_PAGE_SIZE;
  return { tab, page, size };
}

function href(tabKey: string, page: number, size: number): string {
  const q = new URLSearchParams();
  if (tabKey !== DEFAULT_TAB.key) q.set('tab', tabKey);
  if (page > 0) q.set('page', String(page));
  if (size !== MY_ORDERS_PAGE_SIZE) q.set('size', String(size));
  const s = q.toString();
  return s ? `/don-hang?${s}` : '/don-hang';
}

/** /don-hang: my orders by status tab, newest first, paged (spec section 2, My orders). */
export function MyOrdersPage() {
  const viewer = useViewer();
  useDocumentTitle('Đơn hàng của tôi');
  const [params, setParams] = useSearchParams();
  const { tab, page, size } = readState(params);
  const orders = useQuery({
    queryKey: orderKeys.mine(viewer, tab.statuses, page, size),
    queryFn: ({ signal }) => fetchMyOrders(tab.statuses, page, size, signal),
    placeholderData: keepPreviousData,
  });
  const data = orders.data;
  const showPaging = !!data && (data.totalPages > 1 || size !== MY_ORDERS_PAGE_SIZE);

  return (
    <div className="page-container py-5 sm:py-8">
      <Breadcrumb items={[{ label: 'Đơn hàng của tôi' }]} className="mb-4" />
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">Đơn hàng của tôi</h1>
        <Link to="/tai-khoan/ho-so-cua-toi" className="text-sm font-semibold text-brand-700 hover:underline">
          Quản lý tài khoản
        </Link>
      </div>

      <nav aria-label="Trạng thái đơn hàng" className="-mx-4 mb-4 border-y border-gray-200 bg-white px-2 sm:mx-0 sm:rounded-2xl sm:border sm:shadow-sm">
        <ul className="flex gap-1 overflow-x-auto [scrollbar-width:none]">
          {MY_ORDER_TABS.map((t) => {
            const active = t.key === tab.key;
            return (
              <li key={t.key} className="shrink-0">
                <Link
                  to={href(t.key, 0, size)}
                  aria-current={active ? 'page' : undefined}
                  className={`relative block px-3.5 py-3.5 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-4 ${
                    active ? 'text-brand-700' : 'text-gray-600 hover:text-brand-700'
                  }`}
                >
                  {t.label}
                  {active && <span className="absolute inset-x-2 bottom-0 h-0.5 rounded-full bg-brand-700" aria-hidden="true" />}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {orders.isPending ? (
        <OrdersSkeleton />
      ) : orders.isError ? (
        <ErrorState message="Không tải được danh sách đơn hàng" onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
      ) : data && data.content.length === 0 ? (
        <EmptyState
          icon={<PackageIcon size={28} />}
          title="Chưa có đơn hàng nào"
          description={`Bạn chưa có đơn hàng nào ở trạng thái “${tab.label}”.`}
          action={
            <Link to="/" className={buttonClass('primary', 'md')}>
              Tiếp tục mua sắm
            </Link>
          }
        />
      ) : (
        <>
          <ul className={`space-y-3 transition-opacity ${orders.isPlaceholderData ? 'opacity-60' : ''}`} aria-label={`Đơn hàng ${tab.label}`} aria-busy={orders.isFetching || undefined}>
            {data?.content.map((o) => (
              <OrderRow key={o.code} order={o} />
            ))}
          </ul>
          {showPaging && data && (
            <div className="mt-6 flex flex-col items-center justify-between gap-3 sm:flex-row">
              <p className="text-sm text-gray-500">
                {data.totalElements} đơn hàng · Trang {Math.min(page, data.totalPages - 1) + 1}/{Math.max(1, data.totalPages)}
              </p>
              <Pagination page={page} totalPages={data.totalPages} hrefFor={(p) => href(tab.key, p, size)} label="Trang đơn hàng" />
              <label className="flex items-center gap-2 text-sm text-gray-600">
                Hiển thị
                <select
                  value={size}
                  onChange={(e) => setParams(new URLSearchParams(href(tab.key, 0, Number(e.target.value)).split('?')[1] ?? ''))}
                  className={`${inputBaseClass} h-9 w-auto pr-7 pl-2.5 text-sm`}
                >
                  {MY_ORDERS_PAGE_SIZES.map((s) => (
                    <option key={s} value={s}>
                      {s} / trang
                    </option>
                  ))}
                </select>
              </label>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function OrderRow({ order }: { order: OrderSummaryDto }) {
  const more = order.itemCount - 1;
  const detail = `/orders/${encodeURIComponent(order.code)}`;
  const awaitingPayment = isOnlinePayment(order.paymentMethod) && order.paymentStatus !== 'PAID' && order.status === 'PENDING';
  return (
    <li data-testid="order-row" className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-100 px-4 py-3 sm:px-5">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-bold text-gray-900" data-testid="order-code">
            {order.code}
          </span>
          <time dateTime={order.createdAt} className="text-gray-500">
            {formatDateTime(order.createdAt)}
          </time>
        </p>
        <div className="flex flex-wrap items-center gap-1.5">
          {(awaitingPayment || order.paymentStatus === 'PAID' || order.paymentStatus.startsWith('REFUND')) && <PaymentStatusBadge status={order.paymentStatus} />}
          <OrderStatusBadge status={order.status} />
        </div>
      </div>
      <Link to={detail} className="flex items-center gap-4 px-4 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-5" aria-label={`Đơn hàng ${order.code}: ${order.firstItemTitle}${more > 0 ? `, + ${more} sp khác` : ''}, ${order.totalQuantity} cuốn`}>
        <ImageWithFallback src={order.firstItemImage} alt="" className="h-20 w-[60px] shrink-0 rounded-md border border-gray-100 object-cover" placeholderClassName="h-20 w-[60px] shrink-0 rounded-md [&_span]:hidden" />
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 text-sm font-medium text-gray-900">{order.firstItemTitle}</p>{' '}
          <p className="mt-1 text-xs text-gray-500">
            {more > 0 && <span className="mr-2 font-medium text-gray-600">+ {more} sp khác</span>}{' '}
            {order.totalQuantity} cuốn
          </p>
        </div>
        <ChevronRightIcon size={18} className="hidden shrink-0 text-gray-500 sm:block" />
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 bg-gray-50/60 px-4 py-3 sm:px-5">
        <p className="text-sm text-gray-600">
          Thành tiền: <strong className="text-base text-brand-700">{formatVnd(order.grandTotal)}</strong>
        </p>
        <Link to={detail} className={buttonClass('outline', 'sm')}>
          Xem chi tiết
        </Link>
      </div>
    </li>
  );
}

function OrdersSkeleton() {
  return (
    <div className="space-y-3" role="status" aria-label="Đang tải đơn hàng">
      {[0, 1, 2].map((i) => (
        <div key={i} className="space-y-3 rounded-2xl border border-gray-200 bg-white p-5">
          <Skeleton className="h-4 w-52" />
          <div className="flex gap-4">
            <Skeleton className="h-20 w-[60px]" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-24" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

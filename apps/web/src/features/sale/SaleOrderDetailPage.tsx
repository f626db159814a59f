import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { SearchXIcon } from 'lucide-react';
import { ApiError } from '../../api/client.ts';
import { fetchSaleOrder, saleKeys } from '../../api/sales.ts';
import { buttonClass } from '../../components/ui/Button.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/EmptyState.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { SaleInvoiceCard } from '../invoices/SaleInvoiceCard.tsx';
import { AssignForm } from './detail/AssignForm.tsx';
import { BankTransfersCard } from './detail/BankTransfersCard.tsx';
import { CancelForm } from './detail/CancelForm.tsx';
import { HistoryTimeline } from './detail/HistoryTimeline.tsx';
import { NotesCard } from './detail/NotesCard.tsx';
import { OrderHeader } from './detail/OrderHeader.tsx';
import { OrderItemsCard } from './detail/OrderItemsCard.tsx';
import { PaymentForm } from './detail/PaymentForm.tsx';
import { RefundForm } from './detail/RefundForm.tsx';
import { ShippingForm } from './detail/ShippingForm.tsx';
import { ShippingInfoCard } from './detail/ShippingInfoCard.tsx';
import { ShipmentPanel } from './detail/ShipmentPanel.tsx';
import { StatusForm } from './detail/StatusForm.tsx';
import { SaleOrderReturnsCard } from '../returns/SaleOrderReturnsCard.tsx';
import { errorText } from '../../components/ui/errorText.ts';

const orderIdOf = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2_147_483_647 ? Number(raw) : undefined);

/**
 * /sale/orders/{id} (spec section 2, Sales): the order (header, items and totals, shipping info), the staff forms
 * (status, payment, shipping, assignee, cancel, refund), the internal notes and the history.
 * Two columns on desktop (facts left, forms right); on a phone: facts, forms, then notes and history.
 */
export function SaleOrderDetailPage() {
  const { id: rawId } = useParams();
  const id = orderIdOf(rawId);
  const detail = useQuery({
    queryKey: saleKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchSaleOrder(id!, signal),
    enabled: id !== undefined,
    // Forms send the version the user has seen: a silent refetch would hide someone else's change from them.
    refetchOnWindowFocus: false,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
  const order = detail.data;
  useDocumentTitle(order ? `Đơn hàng ${order.code}` : 'Chi tiết đơn hàng');
  const reload = useCallback(() => void detail.refetch(), [detail]);
  const reloading = detail.isFetching;

  const notFound = id === undefined || (detail.error instanceof ApiError && detail.error.status === 404);
  if (notFound) {
    return (
      <EmptyState
        className="mx-auto max-w-xl"
        icon={<SearchXIcon size={28} />}
        title="Không tìm thấy đơn hàng"
        description="Đơn hàng không tồn tại hoặc đường dẫn không đúng."
        action={
          <Link to="/sale/orders" className={buttonClass('primary', 'md')}>
            Về danh sách đơn hàng
          </Link>
        }
      />
    );
  }
  if (detail.isError && !order) {
    return <ErrorState className="mx-auto max-w-xl" message={errorText(detail.error, 'Không tải được chi tiết đơn hàng')} onRetry={reload} retrying={reloading} />;
  }
  if (!order) return <DetailSkeleton />;

  // Keyed by version: after any save (or a reload) the forms start again from the order as it now is.
  const formProps = { order, onReload: reload, reloading };
  return (
    <div className="mx-auto max-w-[1400px] space-y-5" data-testid="sale-order-detail" data-version={order.version}>
      <OrderHeader {...formProps} />
      <div className="flex flex-col gap-5 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(340px,400px)] lg:items-start">
        <div className="contents lg:flex lg:flex-col lg:gap-5">
          <div className="flex flex-col gap-5 max-lg:order-1">
            <OrderItemsCard order={order} />
            <ShippingInfoCard order={order} />
            <ShipmentPanel order={order} />
            <SaleOrderReturnsCard orderId={order.id} />
          </div>
          <div className="flex flex-col gap-5 max-lg:order-3">
            <NotesCard {...formProps} />
            <HistoryTimeline history={order.history} />
          </div>
        </div>
        <div className="flex flex-col gap-5 max-lg:order-2">
          <StatusForm key={`status-${order.version}`} {...formProps} />
          <BankTransfersCard order={order} />
          <SaleInvoiceCard order={order} />
          <PaymentForm key={`payment-${order.version}`} {...formProps} />
          <ShippingForm key={`shipping-${order.version}`} {...formProps} />
          <AssignForm key={`assign-${order.version}`} {...formProps} />
          <RefundForm key={`refund-${order.version}`} {...formProps} />
          {order.canCancel && <CancelForm {...formProps} />}
        </div>
      </div>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className="mx-auto max-w-[1400px] space-y-5" aria-busy="true">
      <p className="sr-only" role="status">
        Đang tải chi tiết đơn hàng…
      </p>
      <div className="rounded-2xl border border-gray-200 bg-white p-5">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="mt-3 h-7 w-72" />
        <Skeleton className="mt-3 h-4 w-96 max-w-full" />
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_400px]">
        <div className="space-y-5">
          <Skeleton className="h-72 rounded-2xl" />
          <Skeleton className="h-48 rounded-2xl" />
        </div>
        <div className="space-y-5">
          <Skeleton className="h-56 rounded-2xl" />
          <Skeleton className="h-48 rounded-2xl" />
        </div>
      </div>
    </div>
  );
}

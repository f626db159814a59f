import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DELIVERY_METHOD_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_BANNERS,
  PAYMENT_METHOD_CHECKOUT,
  PAYMENT_METHOD_FLOWS,
  formatVnd,
  type OrderDto,
  type OrderHistoryDto,
  type OrderStatus,
} from '@nhasach/shared';
import { CircleCheckIcon, Clock4Icon, CreditCardIcon, MapPinIcon, PackageIcon, PhoneIcon, TruckIcon, UserIcon } from 'lucide-react';
import { ApiError } from '../../api/client.ts';
import { orderKeys, orderQuery } from '../../api/orders.ts';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { ImageWithFallback } from '../../components/ImageWithFallback.tsx';
import { BookLineSkeleton, ErrorState, Skeleton, SkeletonText } from '../../components/ui/EmptyState.tsx';
import { useToast } from '../../components/ui/Toast.tsx';
import { formatDateTime, bookHref } from '../../lib/books.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { SummaryRow } from '../cart/SummaryRow.tsx';
import type { OrderPlacedState } from '../checkout/CheckoutPage.tsx';
import { goToGateway, providerName } from '../checkout/payment.ts';
import { OrderStatusBadge, PaymentStatusBadge } from './OrderStatusBadge.tsx';
import { useViewer } from '../../lib/viewer.ts';
import { errorText } from '../../components/ui/errorText.ts';
import { Card } from '../../components/ui/Card.tsx';
import { lazyComponent } from '../../lib/lazyComponent.ts';
import { LazyAlert as Alert } from '../../lib/lazyComponent.ts';

// The cancel dialog loads when the shopper asks to cancel.
const CancelOrderDialog = lazyComponent(async () => (await import('./CancelOrderDialog.tsx')).CancelOrderDialog);
const LazyOrderNotFound = lazyComponent(async () => (await import('./OrderNotFound.tsx')).OrderNotFound);
function OrderNotFound() {
  return (
    <Suspense fallback={null}>
      <LazyOrderNotFound />
    </Suspense>
  );
}
// The returns card and the VAT invoice panel load with their own code: the first only for a delivered order.
const OrderReturnsCard = lazyComponent(async () => (await import('../returns/OrderReturnsCard.tsx')).OrderReturnsCard);
const OrderInvoicePanel = lazyComponent(async () => (await import('../invoices/OrderInvoicePanel.tsx')).OrderInvoicePanel);
// The parcel's tracking loads only for an order that has one (most orders on the page have not yet).
const ShipmentTimeline = lazyComponent(async () => (await import('./ShipmentTimeline.tsx')).ShipmentTimeline);

/** /orders/{code}: the customer's order with its items, totals, delivery, payment and timeline. */
export function OrderDetailPage() {
  const viewer = useViewer();
  const { code = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: the history entry forgets it, so a reload does not announce the order again.
  const [placed] = useState(() => (location.state ?? undefined) as OrderPlacedState | undefined);
  useEffect(() => {
    if (location.state) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location.state, location.pathname, location.search, navigate]);
  const order = useQuery(orderQuery(viewer, code));
  useDocumentTitle(`Đơn hàng ${code}`);

  return (
    <div className="page-container py-5 sm:py-8">
      <Breadcrumb items={[{ label: 'Đơn hàng của tôi', href: '/don-hang' }, { label: code }]} className="mb-4" />
      {order.isPending ? (
        <OrderFrame code={code} />
      ) : order.isError ? (
        order.error instanceof ApiError && order.error.status === 404 ? (
          <OrderNotFound />
        ) : (
          <ErrorState message="Không tải được chi tiết đơn hàng" onRetry={() => void order.refetch()} retrying={order.isFetching} />
        )
      ) : (
        <OrderView order={order.data} placed={placed} />
      )}
    </div>
  );
}

function OrderView({ order, placed }: { order: OrderDto; placed?: OrderPlacedState }) {
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | undefined>(placed?.paymentError);
  const payable = PAYMENT_METHOD_FLOWS[order.paymentMethod] === 'GATEWAY' && order.canPay;
  const transferDue = PAYMENT_METHOD_FLOWS[order.paymentMethod] === 'TRANSFER' && order.canPay;

  const pay = async () => {
    setPaying(true);
    setPayError(undefined);
    try {
      await goToGateway(order.code);
    } catch (err) {
      const fallback = PAYMENT_BANNERS.startFailed(providerName());
      setPayError(errorText(err, fallback));
      setPaying(false);
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(viewer, order.code) });
    }
  };

  const onCanceled = (updated: OrderDto) => {
    setCancelOpen(false);
    queryClient.setQueryData(orderKeys.detail(viewer, order.code), updated);
    void queryClient.invalidateQueries({ queryKey: ['orders', 'me'] });
    toast.show(updated.status === 'CANCEL_REQUESTED' ? 'Đã gửi yêu cầu huỷ đơn hàng' : 'Đã huỷ đơn hàng');
  };

  const actions = (
    <>
      {payable && (
        <Button onClick={() => void pay()} busy={paying} busyText="Đang chuyển…">
          <CreditCardIcon size={18} /> Thanh toán
        </Button>
      )}
      {transferDue && (
        <Link to={`/orders/${encodeURIComponent(order.code)}/chuyen-khoan`} className={buttonClass('primary', 'md')}>
          <CreditCardIcon size={18} /> Thanh toán chuyển khoản
        </Link>
      )}
      {order.canCancel && (
        <Button variant="outline" onClick={() => setCancelOpen(true)} className="hover:!border-red-300 hover:!text-red-700">
          Huỷ đơn hàng
        </Button>
      )}
    </>
  );

  return (
    <>
      {placed?.placed && !placed.paymentError && (
        <Alert tone="success" className="mb-4">
          <strong className="block">Đặt hàng thành công!</strong>
          Cảm ơn bạn đã mua sắm tại Nhà Sách. Mã đơn hàng của bạn là <strong>{order.code}</strong>; chúng tôi sẽ liên hệ xác nhận trong thời gian sớm nhất.
        </Alert>
      )}
      {payError && <Alert className="mb-4">{payError}</Alert>}
      {transferDue && (
        <Alert tone="warning" className="mb-4">
          Đơn hàng đang chờ chuyển khoản
          {order.paymentExpiresAt ? `, vui lòng chuyển khoản trước ${formatDateTime(order.paymentExpiresAt)}` : ''}; quá hạn đơn hàng sẽ tự động huỷ.
        </Alert>
      )}
      {payable && !payError && (
        <Alert tone="warning" className="mb-4">
          Đơn hàng đang chờ thanh toán qua {providerName()}
          {order.paymentExpiresAt ? `, vui lòng thanh toán trước ${formatDateTime(order.paymentExpiresAt)}` : ''}; quá hạn đơn hàng sẽ tự động huỷ.
        </Alert>
      )}

      <header className="mb-5 flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <div>
          <h1 className="flex flex-wrap items-center gap-2.5 text-xl font-bold text-gray-900 sm:text-2xl">
            Đơn hàng {order.code}
            <OrderStatusBadge status={order.status} className="text-sm" />
          </h1>
          <p className="mt-1 text-sm text-gray-500">
            Đặt lúc <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </header>

      <StatusProgress order={order} />

      <div className="mt-5 grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="min-w-0 space-y-5">
          <Card title={`Sản phẩm (${order.items.length})`} icon={<PackageIcon size={18} />}>
            <ul className="-my-3 divide-y divide-gray-100">
              {order.items.map((item) => {
                const title = item.slug ? (
                  <Link to={bookHref(item.slug)} className="hover:text-brand-700">
                    {item.title}
                  </Link>
                ) : (
                  item.title
                );
                return (
                  <li key={item.bookId} data-testid="order-item" className="flex gap-3 py-3">
                    <ImageWithFallback src={item.imageUrl} alt="" className="h-20 w-[60px] shrink-0 rounded-md border border-gray-100 object-cover" placeholderClassName="h-20 w-[60px] shrink-0 rounded-md [&_span]:hidden" />
                    <div className="min-w-0 flex-1">
                      <p className="line-clamp-2 text-sm font-medium text-gray-900">{title}</p>
                      <p className="mt-1 text-xs text-gray-500">
                        {formatVnd(item.unitPrice)}
                        {item.price > item.unitPrice && <s className="ml-1.5 text-gray-500">{formatVnd(item.price)}</s>} × {item.qty}
                      </p>
                    </div>
                    <p className="shrink-0 text-sm font-semibold text-gray-900">{formatVnd(item.lineTotal)}</p>
                  </li>
                );
              })}
            </ul>
          </Card>

          {order.shipment && (
            <Suspense fallback={<Skeleton className="h-48 w-full rounded-2xl" />}>
              <ShipmentTimeline shipment={order.shipment} />
            </Suspense>
          )}

          <Card title="Lịch sử đơn hàng" icon={<Clock4Icon size={18} />}>
            <Timeline history={order.history} />
          </Card>

          {/* Only a delivered order can have returns: other orders load none of their code. */}
          {order.deliveredAt && (
            <Suspense fallback={null}>
              <OrderReturnsCard order={order} />
            </Suspense>
          )}
        </div>

        <aside className="space-y-5">
          <Card title="Thanh toán" icon={<CreditCardIcon size={18} />}>
            <dl className="space-y-2.5">
              <SummaryRow label="Tạm tính" value={formatVnd(order.subtotal)} />
              {order.discountTotal > 0 && (
                <SummaryRow
                  label="Giảm giá"
                  hint={order.voucherCode && order.voucherDiscount > 0 ? `Gồm mã ${order.voucherCode}: -${formatVnd(order.voucherDiscount)}` : undefined}
                  value={<span data-testid="order-discount">-{formatVnd(order.discountTotal)}</span>}
                />
              )}
              <SummaryRow
                label="Phí vận chuyển"
                hint={
                  order.voucherCode && order.shippingDiscount > 0
                    ? `${DELIVERY_METHOD_LABELS[order.deliveryMethod]}, miễn phí với mã ${order.voucherCode}`
                    : DELIVERY_METHOD_LABELS[order.deliveryMethod]
                }
                value={order.shippingFee === 0 ? <span className="text-emerald-700">Miễn phí</span> : formatVnd(order.shippingFee)}
              />
              <SummaryRow label="Thuế" value={formatVnd(order.taxTotal)} />
              <SummaryRow label="Tổng cộng" value={formatVnd(order.grandTotal)} strong />
            </dl>
            <dl className="mt-4 space-y-2 rounded-xl bg-gray-50 p-3.5 text-sm">
              <Fact label="Phương thức">{PAYMENT_METHOD_CHECKOUT[order.paymentMethod].title}</Fact>
              <Fact label="Trạng thái">
                <PaymentStatusBadge status={order.paymentStatus} />
              </Fact>
              {order.paidAt && <Fact label="Thanh toán lúc">{formatDateTime(order.paidAt)}</Fact>}
            </dl>
          </Card>

          <Card title="Thông tin nhận hàng" icon={<TruckIcon size={18} />}>
            <ul className="space-y-2 text-sm text-gray-700">
              <li className="flex items-center gap-2">
                <UserIcon size={16} className="shrink-0 text-gray-500" />
                <span className="font-semibold text-gray-900">{order.receiverName}</span>
              </li>
              <li className="flex items-center gap-2">
                <PhoneIcon size={16} className="shrink-0 text-gray-500" /> {order.receiverPhone}
              </li>
              <li className="flex items-start gap-2">
                <MapPinIcon size={16} className="mt-0.5 shrink-0 text-gray-500" />
                <span className="leading-relaxed">{order.addressLine}</span>
              </li>
              <li className="flex items-center gap-2">
                <TruckIcon size={16} className="shrink-0 text-gray-500" /> Giao hàng {DELIVERY_METHOD_LABELS[order.deliveryMethod].toLowerCase()}
              </li>
            </ul>
            {order.note && (
              <p className="mt-3 rounded-lg bg-amber-50/70 px-3 py-2 text-sm text-amber-900">
                <span className="font-semibold">Ghi chú:</span> {order.note}
              </p>
            )}
          </Card>

          <Suspense fallback={null}>
            <OrderInvoicePanel code={order.code} status={order.status} />
          </Suspense>

          {order.cancelReason && (
            <Card title={order.status === 'CANCEL_REQUESTED' ? 'Yêu cầu huỷ' : 'Lý do huỷ'} icon={<span aria-hidden="true">✕</span>}>
              <p className="text-sm leading-relaxed text-gray-700" data-testid="cancel-reason">
                {order.cancelReason}
              </p>
              {order.canceledAt && <p className="mt-1 text-xs text-gray-500">{formatDateTime(order.canceledAt)}</p>}
            </Card>
          )}
        </aside>
      </div>

      {cancelOpen && (
        <Suspense fallback={null}>
          <CancelOrderDialog order={order} open onClose={() => setCancelOpen(false)} onCanceled={onCanceled} />
        </Suspense>
      )}
    </>
  );
}

const FLOW: OrderStatus[] = ['PENDING', 'CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'COMPLETED'];

/**
 * The normal path of an order with the current step marked; a cancelled order says so instead. Without an order (on
 * its way) the steps show unmarked.
 */
function StatusProgress({ order }: { order?: OrderDto }) {
  if (order && (order.status === 'CANCELED' || order.status === 'CANCEL_REQUESTED')) {
    return (
      <div className="flex items-center gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-gray-100 text-lg text-gray-500" aria-hidden="true">
          ✕
        </span>
        <div className="text-sm">
          <p className="font-semibold text-gray-900">
            {order.status === 'CANCELED' ? 'Đơn hàng đã bị huỷ' : 'Đã gửi yêu cầu huỷ đơn, đang chờ cửa hàng xử lý'}
          </p>
          {order.canceledAt && <p className="text-gray-500">{formatDateTime(order.canceledAt)}</p>}
        </div>
      </div>
    );
  }
  const current = order ? FLOW.indexOf(order.status) : -1;
  const when: Partial<Record<OrderStatus, string | null>> = order
    ? { PENDING: order.createdAt, CONFIRMED: order.confirmedAt, SHIPPED: order.shippedAt, DELIVERED: order.deliveredAt, COMPLETED: order.completedAt }
    : {};
  return (
    <ol aria-label="Tiến trình đơn hàng" className="grid grid-cols-6 rounded-2xl border border-gray-200 bg-white px-2 py-4 shadow-sm sm:px-4 sm:py-5">
      {FLOW.map((s, i) => {
        const done = i <= current;
        const at = when[s];
        return (
          <li key={s} aria-current={i === current ? 'step' : undefined} className="relative flex flex-col items-center text-center">
            {i > 0 && <span aria-hidden="true" className={`absolute top-4 right-1/2 left-[-50%] h-0.5 ${i <= current ? 'bg-emerald-500' : 'bg-gray-200'}`} />}
            <span
              className={`relative grid size-8 place-items-center rounded-full text-xs font-bold ring-4 ring-white ${
                done ? 'bg-emerald-500 text-white' : 'bg-gray-100 text-gray-500'
              } ${i === current ? 'ring-emerald-100' : ''}`}
            >
              {done ? <CircleCheckIcon size={16} /> : i + 1}
            </span>
            <span className={`mt-2 text-[11px] leading-tight font-semibold sm:text-xs ${done ? 'text-gray-900' : 'text-gray-500'}`}>{ORDER_STATUS_LABELS[s]}</span>
            {at && done && <span className="mt-0.5 hidden text-[11px] text-gray-500 sm:block">{formatDateTime(at)}</span>}
          </li>
        );
      })}
    </ol>
  );
}

const HISTORY_LABELS: Record<OrderHistoryDto['type'], string> = {
  STATUS: 'Cập nhật trạng thái',
  PAYMENT: 'Thanh toán',
  SHIPPING: 'Vận chuyển',
  ASSIGN: 'Phân công xử lý',
  NOTE: 'Ghi chú',
  REFUND: 'Hoàn tiền',
};

function Timeline({ history }: { history: OrderHistoryDto[] }) {
  if (history.length === 0) return <p className="text-sm text-gray-500">Chưa có cập nhật.</p>;
  const entries = [...history].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <ol className="relative space-y-4 border-l-2 border-gray-100 pl-5" data-testid="order-timeline">
      {entries.map((h, i) => (
        <li key={`${h.at}-${i}`} className="relative">
          <span
            aria-hidden="true"
            className={`absolute top-1 -left-[27px] size-3 rounded-full ring-4 ring-white ${i === 0 ? 'bg-brand-600' : 'bg-gray-300'}`}
          />
          <p className="text-sm font-semibold text-gray-900">
            {h.type === 'STATUS' && h.toStatus ? ORDER_STATUS_LABELS[h.toStatus] : HISTORY_LABELS[h.type]}
          </p>
          {h.note && <p className="mt-0.5 text-sm leading-relaxed text-gray-600">{h.note}</p>}
          <time dateTime={h.at} className="mt-0.5 block text-xs text-gray-500">
            {formatDateTime(h.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-gray-500">{label}</dt>
      <dd className="text-right font-medium text-gray-900">{children}</dd>
    </div>
  );
}

/**
 * The page while its order is on its way: the heading with the code from the address, the steps, the sections'
 * titles and labels, with the places of what is to come in the boxes of the order's page.
 */
function OrderFrame({ code }: { code: string }) {
  return (
    <div aria-busy="true">
      <span role="status" className="sr-only">
        Đang tải đơn hàng…
      </span>
      <header className="mb-5 flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <div>
          <h1 className="flex flex-wrap items-center gap-2.5 text-xl font-bold text-gray-900 sm:text-2xl">
            Đơn hàng {code}
            <SkeletonText className="h-5 w-24 rounded-full" />
          </h1>
          <p className="mt-1 text-sm text-gray-500">
            Đặt lúc <SkeletonText className="h-4 w-28" />
          </p>
        </div>
      </header>

      <StatusProgress />

      <div className="mt-5 grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="min-w-0 space-y-5">
          <Card title="Sản phẩm" icon={<PackageIcon size={18} />}>
            <div className="-my-3 flex gap-3 py-3">
              <BookLineSkeleton cover="h-20 w-[60px]" />
            </div>
          </Card>
          <Card title="Lịch sử đơn hàng" icon={<Clock4Icon size={18} />}>
            <div className="space-y-1.5 border-l-2 border-gray-100 pl-5">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3.5 w-28" />
            </div>
          </Card>
        </div>

        <aside className="space-y-5">
          <Card title="Thanh toán" icon={<CreditCardIcon size={18} />}>
            <dl className="space-y-2.5">
              <SummaryRow label="Tạm tính" value={<SkeletonText className="h-4 w-20" />} />
              <SummaryRow label="Phí vận chuyển" value={<SkeletonText className="h-4 w-20" />} />
              <SummaryRow label="Thuế" value={<SkeletonText className="h-4 w-16" />} />
              <SummaryRow label="Tổng cộng" value={<SkeletonText className="h-6 w-28" />} strong />
            </dl>
            <dl className="mt-4 space-y-2 rounded-xl bg-gray-50 p-3.5 text-sm">
              <Fact label="Phương thức">
                <SkeletonText className="h-4 w-36" />
              </Fact>
              <Fact label="Trạng thái">
                <SkeletonText className="h-5 w-28 rounded-full" />
              </Fact>
            </dl>
          </Card>
          <Card title="Thông tin nhận hàng" icon={<TruckIcon size={18} />}>
            <div className="space-y-2">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-5 w-1/3" />
              <Skeleton className="h-5 w-5/6" />
              <Skeleton className="h-5 w-1/2" />
            </div>
          </Card>
        </aside>
      </div>
    </div>
  );
}

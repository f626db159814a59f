import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS, type OrderStatus, type PaymentStatus } from '@nhasach/shared';

/** Colours of each order status: warm while waiting on staff, cool while moving, green when done, grey/red when off. */
const STATUS_TONES: Record<OrderStatus, { pill: string; dot: string }> = {
  PENDING: { pill: 'bg-amber-50 text-amber-800 ring-amber-200', dot: 'bg-amber-500' },
  CONFIRMED: { pill: 'bg-sky-50 text-sky-800 ring-sky-200', dot: 'bg-sky-500' },
  PROCESSING: { pill: 'bg-indigo-50 text-indigo-800 ring-indigo-200', dot: 'bg-indigo-500' },
  SHIPPED: { pill: 'bg-violet-50 text-violet-800 ring-violet-200', dot: 'bg-violet-500' },
  DELIVERED: { pill: 'bg-teal-50 text-teal-800 ring-teal-200', dot: 'bg-teal-500' },
  COMPLETED: { pill: 'bg-emerald-50 text-emerald-800 ring-emerald-200', dot: 'bg-emerald-500' },
  CANCEL_REQUESTED: { pill: 'bg-orange-50 text-orange-800 ring-orange-200', dot: 'bg-orange-500' },
  CANCELED: { pill: 'bg-gray-100 text-gray-700 ring-gray-300', dot: 'bg-gray-400' },
};

const PAYMENT_TONES: Record<PaymentStatus, { pill: string; dot: string }> = {
  UNPAID: { pill: 'bg-gray-50 text-gray-700 ring-gray-300', dot: 'bg-gray-400' },
  PENDING: { pill: 'bg-amber-50 text-amber-800 ring-amber-200', dot: 'bg-amber-500' },
  PAID: { pill: 'bg-emerald-50 text-emerald-800 ring-emerald-200', dot: 'bg-emerald-500' },
  REFUND_PENDING: { pill: 'bg-orange-50 text-orange-800 ring-orange-200', dot: 'bg-orange-500' },
  REFUNDED: { pill: 'bg-purple-50 text-purple-800 ring-purple-200', dot: 'bg-purple-500' },
};

export const statusDotClass = (status: OrderStatus) => STATUS_TONES[status].dot;

function Pill({ tone, label, size, testId }: { tone: { pill: string; dot: string }; label: string; size: 'sm' | 'md'; testId: string }) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center gap-1.5 rounded-full font-semibold whitespace-nowrap ring-1 ring-inset ${tone.pill} ${
        size === 'md' ? 'px-3 py-1 text-sm' : 'px-2.5 py-0.5 text-xs'
      }`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${tone.dot}`} />
      {label}
    </span>
  );
}

/** The order status as a coloured pill ('Chờ xác nhận', 'Đang giao'...). */
export function OrderStatusBadge({ status, size = 'sm' }: { status: OrderStatus; size?: 'sm' | 'md' }) {
  return <Pill tone={STATUS_TONES[status]} label={ORDER_STATUS_LABELS[status]} size={size} testId="order-status" />;
}

/** The payment status as a coloured pill ('Chưa thanh toán', 'Đã thanh toán'...). */
export function PaymentStatusBadge({ status, size = 'sm' }: { status: PaymentStatus; size?: 'sm' | 'md' }) {
  return <Pill tone={PAYMENT_TONES[status]} label={PAYMENT_STATUS_LABELS[status]} size={size} testId="payment-status" />;
}

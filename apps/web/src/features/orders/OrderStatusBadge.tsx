import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS, type OrderStatus, type PaymentStatus } from '@nhasach/shared';
import { StatusPill } from '../../components/ui/StatusPill.tsx';

const STATUS_TONES: Record<OrderStatus, string> = {
  PENDING: 'bg-amber-50 text-amber-800 ring-amber-200',
  CONFIRMED: 'bg-sky-50 text-sky-800 ring-sky-200',
  PROCESSING: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  SHIPPED: 'bg-blue-50 text-blue-800 ring-blue-200',
  DELIVERED: 'bg-teal-50 text-teal-800 ring-teal-200',
  COMPLETED: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  CANCELED: 'bg-gray-100 text-gray-700 ring-gray-200',
  CANCEL_REQUESTED: 'bg-orange-50 text-orange-800 ring-orange-200',
};

const PAYMENT_TONES: Record<PaymentStatus, string> = {
  UNPAID: 'bg-gray-100 text-gray-700 ring-gray-200',
  PENDING: 'bg-amber-50 text-amber-800 ring-amber-200',
  PAID: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  REFUND_PENDING: 'bg-orange-50 text-orange-800 ring-orange-200',
  REFUNDED: 'bg-violet-50 text-violet-800 ring-violet-200',
};

/** The order's status as a coloured pill ('Chờ xác nhận', 'Đã huỷ', ...). */
export function OrderStatusBadge({ status, className = '' }: { status: OrderStatus; className?: string }) {
  return (
    <StatusPill testId="order-status" tone={STATUS_TONES[status] ?? STATUS_TONES.PENDING} className={className}>
      {ORDER_STATUS_LABELS[status] ?? status}
    </StatusPill>
  );
}

/** The payment status as a pill ('Đã thanh toán', ...). */
export function PaymentStatusBadge({ status, className = '' }: { status: PaymentStatus; className?: string }) {
  return (
    <StatusPill testId="payment-status" tone={PAYMENT_TONES[status] ?? PAYMENT_TONES.UNPAID} className={className}>
      {PAYMENT_STATUS_LABELS[status] ?? status}
    </StatusPill>
  );
}

import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS, type OrderStatus, type PaymentStatus } from '@nhasach/shared';

type Tone = { pill: string; dot: string };

/** The pills' colours (whole class names, as Tailwind finds them in the source). */
const TONES = {
  amber: { pill: 'bg-amber-50 text-amber-800 ring-amber-200', dot: 'bg-amber-500' },
  sky: { pill: 'bg-sky-50 text-sky-800 ring-sky-200', dot: 'bg-sky-500' },
  indigo: { pill: 'bg-indigo-50 text-indigo-800 ring-indigo-200', dot: 'bg-indigo-500' },
  violet: { pill: 'bg-violet-50 text-violet-800 ring-violet-200', dot: 'bg-violet-500' },
  teal: { pill: 'bg-teal-50 text-teal-800 ring-teal-200', dot: 'bg-teal-500' },
  emerald: { pill: 'bg-emerald-50 text-emerald-800 ring-emerald-200', dot: 'bg-emerald-500' },
  orange: { pill: 'bg-orange-50 text-orange-800 ring-orange-200', dot: 'bg-orange-500' },
  purple: { pill: 'bg-purple-50 text-purple-800 ring-purple-200', dot: 'bg-purple-500' },
  gray: { pill: 'bg-gray-100 text-gray-700 ring-gray-300', dot: 'bg-gray-400' },
  paleGray: { pill: 'bg-gray-50 text-gray-700 ring-gray-300', dot: 'bg-gray-400' },
} satisfies Record<string, Tone>;

/** Colours of each order status: warm while waiting on staff, cool while moving, green when done, grey/red when off. */
const STATUS_TONES: Record<OrderStatus, Tone> = {
  PENDING: TONES.amber,
  CONFIRMED: TONES.sky,
  PROCESSING: TONES.indigo,
  SHIPPED: TONES.violet,
  DELIVERED: TONES.teal,
  COMPLETED: TONES.emerald,
  CANCEL_REQUESTED: TONES.orange,
  CANCELED: TONES.gray,
};

const PAYMENT_TONES: Record<PaymentStatus, Tone> = {
  UNPAID: TONES.paleGray,
  PENDING: TONES.amber,
  PAID: TONES.emerald,
  REFUND_PENDING: TONES.orange,
  REFUNDED: TONES.purple,
};

export const statusDotClass = (status: OrderStatus) => STATUS_TONES[status].dot;

function Pill({ tone, label, size, testId }: { tone: Tone; label: string; size: 'sm' | 'md'; testId: string }) {
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

// The order rules and labels; the request schemas (Zod) are in orders-schemas.ts, so that a page showing an order
// or a cart does not load the schema library.
import type { PageResult } from './envelope.ts';
import type { ShipmentDto } from './shipping.ts';

/**
 * Orders: statuses and their transitions, payment and delivery methods, fees and totals, cancel reasons, the
 * create-order and cancel payloads and the order DTOs (spec sections 3, 4, 5, 7 and 9; DESIGN.md money rules).
 * Server and web both use these; the server is the one that enforces them.
 */

// ---------------------------------------------------------------------------------------------------------
// Order status and transitions

export const ORDER_STATUSES = [
  'PENDING',
  'CONFIRMED',
  'PROCESSING',
  'SHIPPED',
  'DELIVERED',
  'COMPLETED',
  'CANCELED',
  'CANCEL_REQUESTED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const isOrderStatus = (v: unknown): v is OrderStatus => (ORDER_STATUSES as readonly unknown[]).includes(v);

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING: 'Chờ xác nhận',
  CONFIRMED: 'Đã xác nhận',
  PROCESSING: 'Đang xử lý',
  SHIPPED: 'Đang giao',
  DELIVERED: 'Đã giao',
  COMPLETED: 'Hoàn thành',
  CANCELED: 'Đã huỷ',
  CANCEL_REQUESTED: 'Yêu cầu huỷ',
};

/** The staff transition table of spec section 4 (Order status). COMPLETED and CANCELED are final. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  PENDING: ['CONFIRMED', 'CANCEL_REQUESTED', 'CANCELED'],
  CONFIRMED: ['PROCESSING', 'CANCELED'],
  PROCESSING: ['SHIPPED', 'CANCELED'],
  SHIPPED: ['DELIVERED'],
  DELIVERED: ['COMPLETED'],
  CANCEL_REQUESTED: ['CANCELED'],
  COMPLETED: [],
  CANCELED: [],
};

/** True when staff may move an order from `from` to `to` (spec section 4). */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from]?.includes(to) ?? false;
}

export const FINAL_ORDER_STATUSES = ['COMPLETED', 'CANCELED'] as const satisfies readonly OrderStatus[];

/**
 * Statuses in which the customer may cancel (unpaid: cancelled at once; paid: a cancellation request for staff).
 * CANCEL_REQUESTED is not here: a request already made is not made twice.
 */
export const CUSTOMER_CANCELLABLE_STATUSES = ['PENDING', 'CONFIRMED', 'PROCESSING'] as const satisfies readonly OrderStatus[];
export const canCustomerCancel = (status: OrderStatus): boolean =>
  (CUSTOMER_CANCELLABLE_STATUSES as readonly OrderStatus[]).includes(status);

/**
 * Every status change the order process accepts, whoever asks: the staff table above, plus the customer's own
 * cancellation (or cancellation request, when paid) while the order may still be cancelled. Who may make which
 * change is decided on top of it (staff: ORDER_TRANSITIONS and the guards of sales.ts; the customer:
 * CUSTOMER_CANCELLABLE_STATUSES; the system: expiry and gateway callbacks).
 */
export const ORDER_STATUS_CHANGES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  PENDING: ['CONFIRMED', 'CANCEL_REQUESTED', 'CANCELED'],
  CONFIRMED: ['PROCESSING', 'CANCEL_REQUESTED', 'CANCELED'],
  PROCESSING: ['SHIPPED', 'CANCEL_REQUESTED', 'CANCELED'],
  SHIPPED: ['DELIVERED'],
  DELIVERED: ['COMPLETED'],
  CANCEL_REQUESTED: ['CANCELED'],
  COMPLETED: [],
  CANCELED: [],
};

/** The statuses an order in `from` may go to next (what a page lists as the next steps). */
export const nextOrderStatuses = (from: OrderStatus): readonly OrderStatus[] => ORDER_STATUS_CHANGES[from];

/** The normal path of an order, first to last (the customer's progress bar); cancellation leaves it. */
export const ORDER_FLOW = ['PENDING', 'CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'COMPLETED'] as const satisfies readonly OrderStatus[];

/** The timestamp an order gets when it reaches a status (the order process stamps it; pages show it). */
export const ORDER_STATUS_TIMESTAMPS = {
  CONFIRMED: 'confirmedAt',
  SHIPPED: 'shippedAt',
  DELIVERED: 'deliveredAt',
  COMPLETED: 'completedAt',
  CANCELED: 'canceledAt',
} as const satisfies Partial<Record<OrderStatus, string>>;

/** The tabs of My orders (spec section 2): the canceled tab also shows cancellation requests. */
export const MY_ORDER_TABS: readonly { key: string; label: string; statuses: readonly OrderStatus[] }[] = [
  { key: 'PENDING', label: 'Chờ xác nhận', statuses: ['PENDING'] },
  { key: 'CONFIRMED', label: 'Đã xác nhận', statuses: ['CONFIRMED'] },
  { key: 'PROCESSING', label: 'Đang xử lý', statuses: ['PROCESSING'] },
  { key: 'SHIPPED', label: 'Đang giao', statuses: ['SHIPPED'] },
  { key: 'DELIVERED', label: 'Đã giao', statuses: ['DELIVERED'] },
  { key: 'COMPLETED', label: 'Hoàn thành', statuses: ['COMPLETED'] },
  { key: 'CANCELED', label: 'Đã huỷ', statuses: ['CANCELED', 'CANCEL_REQUESTED'] },
];
export const MY_ORDERS_PAGE_SIZE = 10;
export const MY_ORDERS_PAGE_SIZES = [10, 20, 50, 100] as const;

// ---------------------------------------------------------------------------------------------------------
// Payment

export const PAYMENT_STATUSES = ['UNPAID', 'PENDING', 'PAID', 'REFUND_PENDING', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  UNPAID: 'Chưa thanh toán',
  PENDING: 'Đang chờ thanh toán',
  PAID: 'Đã thanh toán',
  REFUND_PENDING: 'Chờ hoàn tiền',
  REFUNDED: 'Đã hoàn tiền',
};

/**
 * Every change of an order's payment status the order process accepts:
 * - UNPAID -> PENDING: an online payment was started at the gateway; PENDING -> UNPAID: that attempt failed.
 * - UNPAID or PENDING -> PAID: the money arrived (gateway, transfer, cash on delivery, or recorded by staff).
 * - UNPAID or PENDING -> REFUND_PENDING: the money arrived for an order already cancelled: it is owed back.
 * - PAID -> REFUND_PENDING: money owed back (a paid order cancelled, or a return agreed); REFUND_PENDING -> PAID:
 *   no longer owed.
 * - PAID -> UNPAID: staff undo a payment they recorded by mistake.
 * - PAID or REFUND_PENDING -> REFUNDED: the refunds reached the amount paid.
 * Which of these staff may make by hand is MANUAL_PAYMENT_STATUS_CHANGES (sales.ts).
 */
export const PAYMENT_STATUS_CHANGES: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  UNPAID: ['PENDING', 'PAID', 'REFUND_PENDING'],
  PENDING: ['UNPAID', 'PAID', 'REFUND_PENDING'],
  PAID: ['REFUND_PENDING', 'UNPAID', 'REFUNDED'],
  REFUND_PENDING: ['PAID', 'REFUNDED'],
  REFUNDED: [],
};

/** The payment statuses an order in `from` may go to next. */
export const nextPaymentStatuses = (from: PaymentStatus): readonly PaymentStatus[] => PAYMENT_STATUS_CHANGES[from];

export const PAYMENT_METHODS = ['COD', 'VNPAY', 'BANK_TRANSFER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  COD: 'Thanh toán bằng tiền mặt',
  VNPAY: 'VNPAY',
  BANK_TRANSFER: 'Chuyển khoản ngân hàng (VietQR)',
};
/** Short names for tables and filters of the back office. */
export const PAYMENT_METHOD_SHORT_LABELS: Record<PaymentMethod, string> = { COD: 'COD', VNPAY: 'VNPAY', BANK_TRANSFER: 'Chuyển khoản' };
/** The sales order page's header names cash on delivery in full. */
export const PAYMENT_METHOD_STAFF_LABELS: Record<PaymentMethod, string> = { ...PAYMENT_METHOD_LABELS, COD: 'Thanh toán khi nhận hàng (COD)' };

/**
 * How a method is paid, which is all the web app and the shared rules ask of it (never its name): the carrier
 * collects cash on delivery, a gateway's page takes the payment, or the shopper transfers to the shop's account.
 */
export type PaymentFlow = 'ON_DELIVERY' | 'GATEWAY' | 'TRANSFER';
export const PAYMENT_METHOD_FLOWS: Record<PaymentMethod, PaymentFlow> = { COD: 'ON_DELIVERY', VNPAY: 'GATEWAY', BANK_TRANSFER: 'TRANSFER' };
export const ONLINE_PAYMENT_TTL_MINUTES = 15;
/** What the checkout and the order page say of each method. */
export const PAYMENT_METHOD_CHECKOUT: Record<PaymentMethod, { title: string; hint: string }> = {
  COD: { title: PAYMENT_METHOD_LABELS.COD, hint: 'Trả tiền mặt khi nhận hàng (COD)' },
  VNPAY: {
    title: 'Thanh toán qua VNPAY',
    hint: `Thẻ ATM, thẻ quốc tế hoặc mã QR ngân hàng. Vui lòng hoàn tất thanh toán trong ${ONLINE_PAYMENT_TTL_MINUTES} phút.`,
  },
  BANK_TRANSFER: {
    title: PAYMENT_METHOD_LABELS.BANK_TRANSFER,
    hint: 'Quét mã VietQR bằng ứng dụng ngân hàng bất kỳ (NAPAS 247). Đơn hàng được xác nhận tự động khi cửa hàng nhận được tiền.',
  },
};
/**
 * Methods paid before delivery: the order waits for the payment until its deadline (VNPAY: 15 minutes; bank
 * transfer: BANK_TRANSFER_EXPIRY_MINUTES, default 24 hours), then is cancelled and its stock returned.
 */
export const isOnlinePayment = (m: PaymentMethod): boolean => PAYMENT_METHOD_FLOWS[m] !== 'ON_DELIVERY';

// ---------------------------------------------------------------------------------------------------------
// Delivery, fees and totals (money is integer VND; prices include VAT)

export const DELIVERY_METHODS = ['STANDARD', 'EXPRESS'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = { STANDARD: 'Tiêu chuẩn', EXPRESS: 'Hỏa tốc' };
/** The flat tariff: the `flat` shipping provider's fees, and the estimate shown before a carrier's quote is known. */
export const SHIPPING_FEES: Record<DeliveryMethod, number> = { STANDARD: 30_000, EXPRESS: 35_000 };
/** STANDARD delivery is free from this amount of goods (after sale prices): the store's own promise. */
export const FREE_SHIPPING_THRESHOLD = 500_000;

/**
 * What the shopper pays for delivery of goods worth `merchandiseTotal` (what the shopper pays for the items), before
 * a voucher: `carrierFee` is the carrier's quote for the parcel and method (default: the flat tariff). No goods, no
 * fee; STANDARD is free from FREE_SHIPPING_THRESHOLD (the shop pays the carrier).
 */
export function shippingFeeFor(merchandiseTotal: number, method: DeliveryMethod, carrierFee: number = SHIPPING_FEES[method]): number {
  if (merchandiseTotal <= 0) return 0;
  if (method === 'STANDARD' && merchandiseTotal >= FREE_SHIPPING_THRESHOLD) return 0;
  return carrierFee;
}

export interface PricedLine {
  /** What the shopper pays for one unit now (the sale price while a sale is active). */
  unitPrice: number;
  /** The list price of one unit. */
  originalUnitPrice: number;
  qty: number;
}

export interface OrderTotals {
  /** Σ list price × qty. */
  subtotal: number;
  /** What the sale prices save plus the voucher's money off (spec field): Σ (list price − unit price) × qty + voucherDiscount. */
  discountTotal: number;
  /** Σ unit price × qty: what the goods cost the shopper before a voucher (the free-shipping threshold reads it). */
  merchandiseTotal: number;
  /** The voucher's money off the goods (part of discountTotal); 0 without a voucher. */
  voucherDiscount: number;
  /** The fee a free-shipping voucher waived; 0 otherwise. */
  shippingDiscount: number;
  /** The fee charged (after a free-shipping voucher). */
  shippingFee: number;
  /** 0: prices are VAT-inclusive (DESIGN.md) until a tax rule is configured. */
  taxTotal: number;
  /** subtotal − discountTotal + shippingFee + taxTotal. */
  grandTotal: number;
}

/**
 * The one totals rule of the cart summary, the checkout screen and order creation. `voucher` is the effect of the
 * one code applied (evaluateVoucher in vouchers.ts): its money off never exceeds the goods, free shipping zeroes the fee.
 * `carrierFee` is the carrier's quote for the method (POST /shipping/quote's carrierFee; default: the flat tariff);
 * the shop's free STANDARD shipping and a free-shipping voucher apply on top of it (shippingFeeFor).
 */
export function computeTotals(
  lines: readonly PricedLine[],
  deliveryMethod: DeliveryMethod,
  voucher?: { discount: number; freeShipping: boolean } | null,
  carrierFee?: number,
): OrderTotals {
  let subtotal = 0;
  let merchandiseTotal = 0;
  for (const l of lines) {
    subtotal += l.originalUnitPrice * l.qty;
    merchandiseTotal += l.unitPrice * l.qty;
  }
  const voucherDiscount = Math.max(0, Math.min(Math.round(voucher?.discount ?? 0), merchandiseTotal));
  const discountTotal = subtotal - merchandiseTotal + voucherDiscount;
  const fee = shippingFeeFor(merchandiseTotal, deliveryMethod, carrierFee);
  const shippingDiscount = voucher?.freeShipping ? fee : 0;
  const shippingFee = fee - shippingDiscount;
  const taxTotal = 0;
  return {
    subtotal,
    discountTotal,
    merchandiseTotal,
    voucherDiscount,
    shippingDiscount,
    shippingFee,
    taxTotal,
    grandTotal: merchandiseTotal - voucherDiscount + shippingFee + taxTotal,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Cancel reasons

/** The six preset reasons of the cancel dialog (spec section 5), in its order. */
export const CANCEL_REASONS = [
  'Đặt nhầm sản phẩm',
  'Muốn thay đổi phương thức thanh toán',
  'Thời gian giao hàng quá lâu',
  'Tìm được giá tốt hơn',
  'Thay đổi nhu cầu',
  'Thay đổi địa chỉ hoặc không có người nhận',
] as const;
export const CANCEL_REASON_SEPARATOR = '; ';
export const CANCEL_REASON_MAX = 500;
export const CANCEL_REASON_REQUIRED = 'Vui lòng chọn ít nhất 1 lý do hoặc nhập nội dung.';

/** Ticked reasons plus the typed text, trimmed, blanks dropped, joined with '; ' (spec section 5). */
export function joinCancelReasons(ticked: readonly string[], typed?: string): string {
  return [...ticked, typed ?? '']
    .map((s) => s.trim())
    .filter(Boolean)
    .join(CANCEL_REASON_SEPARATOR);
}

// ---------------------------------------------------------------------------------------------------------
// Payloads

export const ORDER_NOTE_MAX = 500;

/** The Idempotency-Key header of POST /orders: a retry with the same key returns the first order. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,64}$/;

// ---------------------------------------------------------------------------------------------------------
// DTOs

export interface OrderItemDto {
  bookId: number;
  slug: string | null;
  sku: string | null;
  isbn: string | null;
  title: string;
  imageUrl: string | null;
  /** List price of one unit at order time (spec field `price`). */
  price: number;
  originalUnitPrice: number;
  /** Price paid for one unit. */
  unitPrice: number;
  /** Discount of the whole line: (price − unitPrice) × qty. */
  discount: number;
  qty: number;
  /** unitPrice × qty. */
  lineTotal: number;
}

export const ORDER_HISTORY_TYPES = ['STATUS', 'PAYMENT', 'SHIPPING', 'ASSIGN', 'NOTE', 'REFUND'] as const;
export type OrderHistoryType = (typeof ORDER_HISTORY_TYPES)[number];
export const ORDER_ACTOR_ROLES = ['CUSTOMER', 'SALE', 'ADMIN', 'SYSTEM'] as const;
export type OrderActorRole = (typeof ORDER_ACTOR_ROLES)[number];

export interface OrderHistoryDto {
  at: string;
  type: OrderHistoryType;
  actorRole: OrderActorRole;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus | null;
  note: string | null;
}

/** The customer's order (spec section 3, Order (customer)) with the timeline and methods. */
export interface OrderDto {
  id: number;
  code: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  deliveryMethod: DeliveryMethod;
  items: OrderItemDto[];
  subtotal: number;
  /** Sale savings plus the voucher's money off. */
  discountTotal: number;
  shippingFee: number;
  taxTotal: number;
  grandTotal: number;
  /** The voucher used (normalised code), its money off (part of discountTotal) and the shipping fee it waived. */
  voucherCode: string | null;
  voucherDiscount: number;
  shippingDiscount: number;
  receiverName: string;
  receiverPhone: string;
  receiverEmail: string | null;
  /** line1, ward, district, province in one line. */
  addressLine: string;
  line1: string;
  ward: string;
  district: string;
  province: string;
  note: string | null;
  cancelReason: string | null;
  createdAt: string;
  confirmedAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  completedAt: string | null;
  canceledAt: string | null;
  paidAt: string | null;
  /** Online payment must arrive before this instant, else the order is cancelled (null for COD). */
  paymentExpiresAt: string | null;
  /** The customer may cancel now (or ask to, when paid). */
  canCancel: boolean;
  /** An online payment can still be started for this order. */
  canPay: boolean;
  history: OrderHistoryDto[];
  /** The carrier's shipment with its tracking timeline, once created (labelUrl is null here: staff only). */
  shipment: ShipmentDto | null;
}

/** A row of My orders (spec section 2). */
export interface OrderSummaryDto {
  id: number;
  code: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  createdAt: string;
  grandTotal: number;
  /** Distinct lines ('+ N sp khác' is itemCount − 1). */
  itemCount: number;
  totalQuantity: number;
  firstItemTitle: string;
  firstItemImage: string | null;
  /** Every line, in order (other front ends build the row from them: picture, "Đánh giá" and "Mua lại" links). */
  items: OrderSummaryItemDto[];
}
export interface OrderSummaryItemDto {
  bookId: number;
  slug: string | null;
  title: string;
  thumbnail: string | null;
  quantity: number;
  /** List price of one unit at order time, as on the order's lines. */
  price: number;
  /** Price paid for one unit. */
  unitPrice: number;
}
export type OrderPage = PageResult<OrderSummaryDto>;

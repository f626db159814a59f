// Shipping by carrier: the fee quote at checkout, the shipment created when staff confirm an order, its label and
// its tracking timeline. Types and labels only (no Zod): the order page and the checkout import them; the request
// schema is in shipping-schemas.ts.
import type { DeliveryMethod, OrderStatus } from './orders.ts';

// ---------------------------------------------------------------------------------------------------------
// Carriers

/**
 * The carrier the shop ships with (server setting SHIPPING_CARRIER): `sandbox` the built-in test carrier (GHN's API
 * shape, served by this server under /sandbox/carrier), `ghn` Giao Hàng Nhanh, `flat` no carrier API (the flat
 * tariff; staff type the carrier and tracking code by hand).
 */
export const SHIPPING_CARRIER_CODES = ['sandbox', 'ghn', 'flat'] as const;
export type ShippingCarrier = (typeof SHIPPING_CARRIER_CODES)[number];
export const SHIPPING_CARRIER_NAMES: Record<ShippingCarrier, string> = {
  sandbox: 'Vận chuyển thử nghiệm (GHN sandbox)',
  ghn: 'Giao Hàng Nhanh (GHN)',
  flat: 'Nhà Sách giao hàng',
};

// ---------------------------------------------------------------------------------------------------------
// Quote (POST /api/v1/shipping/quote)

export const SHIPPING_QUOTE_PATH = '/api/v1/shipping/quote';

/** The checkout's selection: the cart's selected lines, or the buy-now book. The server reads weights and prices. */
export interface ShippingQuoteRequest {
  addressId: number;
  items: { bookId: number; quantity: number }[];
}

export interface ShippingOptionDto {
  deliveryMethod: DeliveryMethod;
  /**
   * What the shopper pays for delivery before a voucher, after the shop's free-shipping rule (STANDARD free from
   * FREE_SHIPPING_THRESHOLD). This is the number to send back as `expectedShippingFee` when placing the order.
   */
  fee: number;
  /** What the carrier charges the shop. */
  carrierFee: number;
  /** Working days from hand-over to delivery. */
  estimatedDays: { min: number; max: number };
}

export interface ShippingQuoteDto {
  /** ShippingCarrier code. */
  carrier: string;
  /** The carrier's name, as the checkout shows it. */
  carrierName: string;
  /** Total weight of the parcel in grams (books without a weight count DEFAULT_BOOK_WEIGHT_GRAM). */
  weightGram: number;
  /** One option per delivery method, STANDARD first. */
  options: ShippingOptionDto[];
}

/** A book without a recorded weight counts this much (the book form's default). */
export const DEFAULT_BOOK_WEIGHT_GRAM = 200;

/** The parcel's weight in grams: each line's book weight (or the default) times its quantity. */
export function parcelWeightGram(lines: readonly { weightGram: number | null | undefined; qty: number }[]): number {
  let total = 0;
  for (const l of lines) total += (l.weightGram && l.weightGram > 0 ? l.weightGram : DEFAULT_BOOK_WEIGHT_GRAM) * l.qty;
  return total;
}

// ---------------------------------------------------------------------------------------------------------
// Shipment (on the shopper's order detail and the sales order detail: `shipment: ShipmentDto | null`)

export const SHIPMENT_STATUSES = ['CREATED', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED', 'FAILED', 'RETURNED'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  CREATED: 'Đã tạo vận đơn',
  PICKED_UP: 'Đã lấy hàng',
  IN_TRANSIT: 'Đang giao',
  DELIVERED: 'Đã giao',
  FAILED: 'Giao thất bại',
  RETURNED: 'Đã hoàn hàng',
};

export interface ShipmentEventDto {
  /** ISO instant the carrier gave for the event. */
  at: string;
  status: ShipmentStatus;
  /** Vietnamese. */
  description: string;
  location: string | null;
}

export interface ShipmentDto {
  /** ShippingCarrier code. */
  carrier: string;
  carrierName: string;
  trackingCode: string;
  status: ShipmentStatus;
  /** The printable label (PDF): staff only, null for the shopper. */
  labelUrl: string | null;
  /** Oldest first. */
  events: ShipmentEventDto[];
}

/** Staff: create the shipment if confirming did not (POST, idempotent: an existing one is answered, 200). */
/** Statuses in which an order's parcel may be created with the carrier (confirmed, not yet handed over). */
export const SHIPPABLE_STATUSES: readonly OrderStatus[] = ['CONFIRMED', 'PROCESSING'];

export const shipmentPath = (orderId: number) => `/api/v1/sales/orders/${orderId}/shipment`;
/** Staff: the A6 label, application/pdf. */
export const shipmentLabelPath = (orderId: number) => `/api/v1/sales/orders/${orderId}/shipment/label.pdf`;
/** The carrier's tracking updates (signed with X-Signature: hex HMAC-SHA256 of the raw body). */
export const shippingWebhookPath = (carrier: string) => `/api/v1/shipping/webhooks/${carrier}`;
/** The built-in sandbox carrier's page (staff and tests): its shipments and buttons to advance them. */
export const CARRIER_SANDBOX_PATH = '/sandbox/carrier';

export const SHIPPING_MESSAGES = {
  /** 409 SHIPPING_FEE_CHANGED: the fee the checkout showed is not the server's quote any more. */
  feeChanged: 'Phí giao hàng đã thay đổi, vui lòng kiểm tra lại đơn hàng.',
  /** 400: the carrier does not deliver to this address. */
  unserviceable: 'Đơn vị vận chuyển chưa giao được đến địa chỉ này. Vui lòng chọn địa chỉ khác.',
  /** 502/503: the carrier did not answer. */
  carrierDown: 'Không kết nối được đơn vị vận chuyển. Vui lòng thử lại sau.',
  addressNotFound: 'Không tìm thấy địa chỉ giao hàng.',
  noItems: 'Vui lòng chọn sản phẩm cần giao.',
  shipmentCreated: 'Đã tạo vận đơn',
  shipmentNotAllowed: 'Chỉ tạo vận đơn cho đơn hàng đã xác nhận, chưa giao cho vận chuyển.',
  noCarrierApi: 'Cửa hàng giao hàng không qua đơn vị vận chuyển: hãy nhập mã vận đơn trong phần vận chuyển.',
  noShipment: 'Đơn hàng chưa có vận đơn.',
  invalidSignature: 'Chữ ký không hợp lệ.',
} as const;

/**
 * Giao Hàng Nhanh (GHN) API v2, as its public documentation gives it (api.ghn.vn/home/docs): the fee and create-order
 * requests and answers, the order statuses and the webhook body (OrderCode, Status, Type, Time...). Our webhooks are
 * also signed: X-Signature is the hex HMAC-SHA256 of the raw body with the shared secret. The built-in sandbox
 * carrier (modules/carrier-sandbox) speaks the same shapes with these helpers.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DeliveryMethod, ShipmentStatus } from '@nhasach/shared';

export const GHN_FEE_PATH = '/shiip/public-api/v2/shipping-order/fee';
export const GHN_CREATE_PATH = '/shiip/public-api/v2/shipping-order/create';
export const SIGNATURE_HEADER = 'x-signature';

/** GHN's service types: 1 express, 2 standard (e-commerce parcels). */
export const GHN_SERVICE_TYPE: Record<DeliveryMethod, number> = { EXPRESS: 1, STANDARD: 2 };
export const methodOfServiceType = (id: number): DeliveryMethod => (id === 1 ? 'EXPRESS' : 'STANDARD');

/** Every answer: code 200 with data, or another code with the reason in message. */
export interface GhnAnswer<T> {
  code: number;
  message: string;
  data: T | null;
  code_message_value?: string;
}

/**
 * POST .../shipping-order/fee. GHN identifies places by its own district ids and ward codes; the 2025 units (no
 * district) go as province and ward codes and names as well, which the sandbox reads.
 */
export interface GhnFeeRequest {
  service_type_id: number;
  from_district_id?: number;
  from_ward_code?: string;
  from_province_code: string | null;
  to_district_id?: number;
  to_ward_code: string | null;
  to_province_code: string | null;
  to_province_name: string;
  to_ward_name: string;
  weight: number;
  length: number;
  width: number;
  height: number;
  insurance_value: number;
  cod_value?: number;
  coupon: string | null;
}
export interface GhnFeeData {
  total: number;
  service_fee: number;
  insurance_fee: number;
  pick_station_fee: number;
  coupon_value: number;
  r2s_fee: number;
}

/** POST .../shipping-order/create (payment_type_id 1: the shop pays the fee; required_note: the receiver may look). */
export interface GhnCreateRequest {
  payment_type_id: 1 | 2;
  note: string;
  required_note: 'CHOTHUHANG' | 'CHOXEMHANGKHONGTHU' | 'KHONGCHOXEMHANG';
  client_order_code: string;
  from_name: string;
  from_phone: string;
  from_address: string;
  from_ward_name: string;
  from_district_name: string;
  from_province_name: string;
  to_name: string;
  to_phone: string;
  to_address: string;
  to_ward_code: string | null;
  to_ward_name: string;
  to_district_name: string;
  to_province_name: string;
  to_province_code: string | null;
  from_province_code: string | null;
  cod_amount: number;
  content: string;
  weight: number;
  length: number;
  width: number;
  height: number;
  insurance_value: number;
  service_type_id: number;
  items: { name: string; code?: string; quantity: number; price: number; weight: number }[];
}
export interface GhnCreateData {
  order_code: string;
  sort_code: string;
  trans_type: string;
  total_fee: number;
  /** ISO instant. */
  expected_delivery_time: string;
}

/** The webhook GHN posts on each change of an order (Type switch_status for the status changes). */
export interface GhnWebhook {
  OrderCode: string;
  ClientOrderCode?: string;
  Status: string;
  Type: string;
  /** ISO instant of the change. */
  Time: string;
  Description?: string;
  Reason?: string;
  ReasonCode?: string;
  Warehouse?: string;
  CODAmount?: number;
  TotalFee?: number;
  Weight?: number;
  ShopID?: number;
}

/** GHN's order statuses: what each means for the shop's shipment, and the Vietnamese words of the timeline. */
export const GHN_STATUSES: Record<string, { status: ShipmentStatus; description: string }> = {
  ready_to_pick: { status: 'CREATED', description: 'Đơn vận chuyển đã tạo, chờ lấy hàng' },
  picking: { status: 'CREATED', description: 'Nhân viên đang lấy hàng' },
  money_collect_picking: { status: 'CREATED', description: 'Đang thu tiền người gửi' },
  picked: { status: 'PICKED_UP', description: 'Đã lấy hàng' },
  storing: { status: 'IN_TRANSIT', description: 'Hàng đang nằm ở kho' },
  transporting: { status: 'IN_TRANSIT', description: 'Đang luân chuyển hàng' },
  sorting: { status: 'IN_TRANSIT', description: 'Đang phân loại hàng hoá' },
  delivering: { status: 'IN_TRANSIT', description: 'Nhân viên đang giao hàng' },
  money_collect_delivering: { status: 'IN_TRANSIT', description: 'Nhân viên đang thu tiền người nhận' },
  delivered: { status: 'DELIVERED', description: 'Giao hàng thành công' },
  delivery_fail: { status: 'FAILED', description: 'Giao hàng thất bại' },
  waiting_to_return: { status: 'FAILED', description: 'Chờ giao lại hoặc trả hàng' },
  return: { status: 'FAILED', description: 'Đang trả hàng về cửa hàng' },
  return_transporting: { status: 'FAILED', description: 'Đang luân chuyển hàng trả' },
  return_sorting: { status: 'FAILED', description: 'Đang phân loại hàng trả' },
  returning: { status: 'FAILED', description: 'Nhân viên đang trả hàng' },
  return_fail: { status: 'FAILED', description: 'Trả hàng thất bại' },
  returned: { status: 'RETURNED', description: 'Đã trả hàng về cửa hàng' },
  cancel: { status: 'FAILED', description: 'Đơn vận chuyển đã bị huỷ' },
  exception: { status: 'FAILED', description: 'Đơn hàng ngoại lệ, không nằm trong quy trình' },
  damage: { status: 'FAILED', description: 'Hàng bị hư hỏng' },
  lost: { status: 'FAILED', description: 'Hàng bị thất lạc' },
};

/** Hex HMAC-SHA256 of the raw body. */
export function signBody(raw: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(raw).digest('hex');
}

/** True when `signature` is the body's signature (compared in constant time). */
export function verifyBody(raw: Buffer, signature: unknown, secret: string): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signBody(raw, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
}

/** The same change delivered twice has the same id: its type, status and instant. */
export const webhookEventId = (w: Pick<GhnWebhook, 'Type' | 'Status' | 'Time'>): string => `${w.Type}:${w.Status}:${w.Time}`.slice(0, 128);

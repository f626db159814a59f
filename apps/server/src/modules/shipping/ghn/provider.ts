import type { DeliveryMethod } from '@nhasach/shared';
import { SHIPPING_MESSAGES } from '@nhasach/shared';
import { CarrierError, type CreatedShipment, type Place, type ShipmentRequest, type ShippingProvider, type WebhookOutcome } from '../provider.ts';
import { ESTIMATED_DAYS, zoneBetween } from '../zones.ts';
import {
  GHN_CREATE_PATH,
  GHN_FEE_PATH,
  GHN_SERVICE_TYPE,
  GHN_STATUSES,
  SIGNATURE_HEADER,
  verifyBody,
  webhookEventId,
  type GhnAnswer,
  type GhnCreateData,
  type GhnCreateRequest,
  type GhnFeeData,
  type GhnFeeRequest,
  type GhnWebhook,
} from './protocol.ts';

export interface GhnSettings {
  code: 'ghn' | 'sandbox';
  name: string;
  /** Read at each call: the built-in sandbox's address is known once the server listens. */
  baseUrl: () => string;
  token: string;
  shopId: string;
  /** The webhook signatures' key. */
  secret: string;
}

/** A book parcel's box (cm): carriers price the larger of the real and the volumetric weight; books are dense. */
const BOX = { length: 25, width: 20, height: 10 };

const TIMEOUT_MS = 10_000;

/** The GHN provider: its HTTP API (the real GHN, or the built-in sandbox carrier at this server's own address). */
export function ghnProvider(s: GhnSettings): ShippingProvider {
  async function post<T>(path: string, body: object): Promise<GhnAnswer<T>> {
    let res: Response;
    try {
      res = await fetch(`${s.baseUrl()}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', Token: s.token, ShopId: s.shopId },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new CarrierError(SHIPPING_MESSAGES.carrierDown, true);
    }
    const answer = (await res.json().catch(() => null)) as GhnAnswer<T> | null;
    if (!answer || typeof answer.code !== 'number') throw new CarrierError(SHIPPING_MESSAGES.carrierDown, true);
    return answer;
  }

  return {
    code: s.code,
    name: s.name,
    createsShipments: true,
    serviceName: (method: DeliveryMethod) => (method === 'EXPRESS' ? 'Nhanh' : 'Chuẩn'),

    async quote(from, to, parcel, method) {
      const body: GhnFeeRequest = {
        service_type_id: GHN_SERVICE_TYPE[method],
        from_province_code: from.provinceCode,
        to_ward_code: to.wardCode,
        to_province_code: to.provinceCode,
        to_province_name: to.province,
        to_ward_name: to.ward,
        weight: parcel.weightGram,
        ...BOX,
        insurance_value: Math.min(parcel.declaredValue, 5_000_000),
        coupon: null,
      };
      const answer = await post<GhnFeeData>(GHN_FEE_PATH, body);
      if (answer.code !== 200 || !answer.data) {
        // 400: GHN does not serve the place (or the request is wrong); anything else is the carrier's trouble.
        if (answer.code === 400) return { ok: false, message: SHIPPING_MESSAGES.unserviceable };
        throw new CarrierError(SHIPPING_MESSAGES.carrierDown, true);
      }
      const zone = from.provinceCode && to.provinceCode ? zoneBetween(from.provinceCode, to.provinceCode) : null;
      return { ok: true, fee: answer.data.total, estimatedDays: ESTIMATED_DAYS[zone ?? 'FAR'][method] };
    },

    async createShipment(r: ShipmentRequest): Promise<CreatedShipment> {
      const place = (p: Place) => ({ ward: p.ward, district: p.district, province: p.province });
      const body: GhnCreateRequest = {
        payment_type_id: 1,
        note: r.note ?? '',
        required_note: 'CHOXEMHANGKHONGTHU',
        client_order_code: r.orderCode,
        from_name: r.from.name,
        from_phone: r.from.phone,
        from_address: r.from.line1,
        from_ward_name: place(r.from).ward,
        from_district_name: place(r.from).district,
        from_province_name: place(r.from).province,
        from_province_code: r.from.provinceCode,
        to_name: r.to.name,
        to_phone: r.to.phone,
        to_address: [r.to.line1, r.to.ward, r.to.district, r.to.province].filter(Boolean).join(', '),
        to_ward_code: r.to.wardCode,
        to_ward_name: r.to.ward,
        to_district_name: r.to.district,
        to_province_name: r.to.province,
        to_province_code: r.to.provinceCode,
        cod_amount: r.codAmount,
        content: `Sách, đơn ${r.orderCode}`,
        weight: r.weightGram,
        ...BOX,
        insurance_value: Math.min(r.declaredValue, 5_000_000),
        service_type_id: GHN_SERVICE_TYPE[r.method],
        items: r.items.map((i) => ({ name: i.name.slice(0, 200), ...(i.code ? { code: i.code } : {}), quantity: i.quantity, price: i.price, weight: i.weightGram })),
      };
      const answer = await post<GhnCreateData>(GHN_CREATE_PATH, body);
      if (answer.code !== 200 || !answer.data?.order_code) {
        // A refusal (400: a wrong address, weight...) does not heal by itself; the carrier's own trouble may.
        throw new CarrierError(`${s.name}: ${answer.message || 'không tạo được vận đơn'}`, answer.code >= 500);
      }
      const expected = answer.data.expected_delivery_time ? new Date(answer.data.expected_delivery_time) : null;
      return {
        trackingCode: answer.data.order_code,
        sortCode: answer.data.sort_code || null,
        fee: answer.data.total_fee,
        expectedDeliveryAt: expected && !Number.isNaN(expected.getTime()) ? expected : null,
      };
    },

    parseWebhook(raw, headers): WebhookOutcome {
      if (!verifyBody(raw, headers[SIGNATURE_HEADER], s.secret)) return { ok: false, status: 401, message: SHIPPING_MESSAGES.invalidSignature };
      let body: GhnWebhook;
      try {
        body = JSON.parse(raw.toString('utf8')) as GhnWebhook;
      } catch {
        return { ok: false, status: 400, message: 'Dữ liệu JSON không hợp lệ.' };
      }
      const at = new Date(body?.Time);
      const known = typeof body?.Status === 'string' ? GHN_STATUSES[body.Status] : undefined;
      if (typeof body?.OrderCode !== 'string' || !body.OrderCode || !known || Number.isNaN(at.getTime())) {
        return { ok: false, status: 400, message: 'Thông báo vận chuyển không đúng định dạng.' };
      }
      const reason = body.Reason ? `: ${body.Reason}` : '';
      return {
        ok: true,
        event: {
          trackingCode: body.OrderCode,
          eventId: webhookEventId({ Type: String(body.Type ?? 'switch_status'), Status: body.Status, Time: body.Time }),
          status: known.status,
          carrierStatus: body.Status.slice(0, 40),
          description: `${known.description}${reason}`.slice(0, 500),
          location: body.Warehouse ? String(body.Warehouse).slice(0, 200) : null,
          at,
        },
      };
    },
  };
}

import { SHIPPING_CARRIER_NAMES, SHIPPING_FEES, SHIPPING_MESSAGES } from '@nhasach/shared';
import { CarrierError, type ShippingProvider } from './provider.ts';
import { ESTIMATED_DAYS, zoneBetween } from './zones.ts';

/**
 * The flat tariff for shops without a carrier's API: 30.000 ₫ standard, 35.000 ₫ express whatever the weight and
 * place; no shipment is created (staff record the carrier and tracking code on the order, as before) and no webhook
 * is accepted.
 */
export const flatProvider: ShippingProvider = {
  code: 'flat',
  name: SHIPPING_CARRIER_NAMES.flat,
  createsShipments: false,
  serviceName: (method) => (method === 'EXPRESS' ? 'Hỏa tốc' : 'Tiêu chuẩn'),
  async quote(from, to, _parcel, method) {
    const zone = from.provinceCode && to.provinceCode ? zoneBetween(from.provinceCode, to.provinceCode) : null;
    return { ok: true, fee: SHIPPING_FEES[method], estimatedDays: ESTIMATED_DAYS[zone ?? 'FAR'][method] };
  },
  async createShipment() {
    throw new CarrierError(SHIPPING_MESSAGES.noCarrierApi, false);
  },
  parseWebhook() {
    return { ok: false, status: 401, message: SHIPPING_MESSAGES.invalidSignature };
  },
};

import { SHIPPING_FEES, type AddressDto, type DeliveryMethod, type ShipmentDto } from '@nhasach/shared';
import type { Db, Tx } from '../../db/client.ts';

/**
 * What the orders module needs of shipping: the carrier's fee for the parcel when an order is placed, and the
 * shipment shown on the shopper's order. The shipping module supplies it through the composition root (the orders
 * module never imports it: shipping builds on orders).
 */
export interface OrderShipping {
  /**
   * What the carrier charges for a parcel to `address` by `method` (VND), before the shop's free-shipping rule.
   * Throws the API's refusal: 400 when the carrier does not deliver there, 502 when it does not answer.
   */
  carrierFee(address: AddressDto, parcel: { weightGram: number; declaredValue: number }, method: DeliveryMethod): Promise<number>;
  /** The order's shipment as the shopper sees it (no label link), or null. */
  shipmentOf(db: Db | Tx, orderId: number): Promise<ShipmentDto | null>;
}

/** The flat tariff without shipments: what the orders module uses when no shipping module is handed over. */
export const FLAT_ORDER_SHIPPING: OrderShipping = {
  carrierFee: async (_address, _parcel, method) => SHIPPING_FEES[method],
  shipmentOf: async () => null,
};

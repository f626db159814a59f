import type { IncomingHttpHeaders } from 'node:http';
import type { DeliveryMethod, ShipmentStatus, ShippingCarrier } from '@nhasach/shared';

/**
 * A carrier, as the shop ships with it: a fee quote for a parcel between two places, the shipment created when an
 * order is confirmed, and the carrier's signed tracking webhooks read back. One implementation per API shape (ghn/,
 * which the built-in sandbox carrier also speaks; flat.ts without an API), chosen once in registry.ts: nothing
 * outside this module asks which carrier the shop uses. Shaped like the payment providers (payments/provider.ts).
 */
export interface ShippingProvider {
  readonly code: ShippingCarrier;
  /** The carrier's name, as the checkout, the mails and the label say it. */
  readonly name: string;
  /** The carrier has an API that creates shipments (false for the flat tariff: staff type the tracking code). */
  readonly createsShipments: boolean;
  /** The fee the carrier charges the shop for `parcel` from `from` to `to`, or why it cannot deliver there. */
  quote(from: Place, to: Place, parcel: Parcel, method: DeliveryMethod): Promise<QuoteOutcome>;
  /** Creates the shipment with the carrier (an HTTP call: never inside a database transaction). Throws CarrierError. */
  createShipment(request: ShipmentRequest): Promise<CreatedShipment>;
  /** Checks the signature of a tracking webhook over its raw body, then reads the event. */
  parseWebhook(raw: Buffer, headers: IncomingHttpHeaders): WebhookOutcome;
  /** What the label prints of the carrier's service for a method ('Chuẩn', 'Nhanh'). */
  serviceName(method: DeliveryMethod): string;
}

/** An address as carriers read it (2025 units: district empty; older ones keep it). */
export interface Place {
  provinceCode: string | null;
  province: string;
  districtCode: string | null;
  district: string;
  wardCode: string | null;
  ward: string;
  line1: string;
}

export interface Parcel {
  weightGram: number;
  /** What the goods are worth (VND), for the carrier's insurance. */
  declaredValue: number;
}

export type QuoteOutcome =
  | { ok: true; fee: number; estimatedDays: { min: number; max: number } }
  /** The carrier does not deliver there (Vietnamese reason). */
  | { ok: false; message: string };

export interface ShipmentRequest {
  /** The shop's order code (the carrier's client order code). */
  orderCode: string;
  method: DeliveryMethod;
  from: Place & { name: string; phone: string };
  to: Place & { name: string; phone: string };
  weightGram: number;
  /** Cash the carrier collects from the receiver (VND); 0 when paid beforehand. */
  codAmount: number;
  declaredValue: number;
  items: { name: string; code: string | null; quantity: number; price: number; weightGram: number }[];
  note: string | null;
}

export interface CreatedShipment {
  trackingCode: string;
  sortCode: string | null;
  fee: number;
  expectedDeliveryAt: Date | null;
}

/** One tracking update of a shipment, as the carrier told it. */
export interface TrackingEvent {
  trackingCode: string;
  /** Unique per shipment: the same update delivered twice has the same id. */
  eventId: string;
  status: ShipmentStatus;
  /** The carrier's own word for it (GHN: picked, delivering, delivered...). */
  carrierStatus: string;
  description: string;
  location: string | null;
  at: Date;
}

export type WebhookOutcome = { ok: true; event: TrackingEvent } | { ok: false; status: 400 | 401; message: string };

/** The carrier refused a request or did not answer; `retryable` when trying again later may succeed. */
export class CarrierError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'CarrierError';
  }
}

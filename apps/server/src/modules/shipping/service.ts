import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import {
  DELIVERY_METHODS,
  effectivePrice,
  ERROR_CODES,
  formatVnd,
  ORDER_FLOW,
  parcelWeightGram,
  SHIPPABLE_STATUSES,
  SHIPPING_CARRIER_NAMES,
  SHIPPING_MESSAGES,
  shipmentLabelPath,
  shippingFeeFor,
  type AddressDto,
  type DeliveryMethod,
  type OrderStatus,
  type ShipmentDto,
  type ShipmentStatus,
  type ShippingCarrier,
  type ShippingQuoteDto,
  type ShippingQuoteRequest,
} from '@nhasach/shared';
import type { Config } from '../../config.ts';
import type { Database, Db, Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { backgroundWorker } from '../../lib/background-worker.ts';
import type { AuthUser } from '../../lib/guards.ts';
import { findOwnedAddress } from '../addresses/index.ts';
import { shippingBooks } from '../catalog/index.ts';
import {
  accepted,
  findOrderById,
  lockOrder,
  orderItemsOf,
  recordHistory,
  SYSTEM_ACTOR,
  type AfterTransitionHook,
  type OrderProcess,
  type OrderRow,
  type OrderShipping,
  type TransitionTarget,
} from '../orders/index.ts';
import type { PaymentRegistry } from '../payments/index.ts';
import { recordCarrierShipping, type StaffShipmentReader } from '../sales/index.ts';
import { renderLabelPdf } from './label.ts';
import { CarrierError, type Place, type ShippingProvider, type TrackingEvent } from './provider.ts';
import { createShippingProvider } from './registry.ts';
import * as repo from './repo.ts';
import { shippingSettings, type ShippingSettings } from './settings.ts';

export interface ShippingDeps {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** This server's own address once it listens: where the built-in sandbox carrier answers. */
  ownOrigin: () => string;
  /**
   * Read when first used: the order process runs this module's after-hook, so it is created after this module,
   * and the payment providers after the process.
   */
  process: () => OrderProcess;
  payments: () => PaymentRegistry;
}

export interface Shipping {
  readonly provider: ShippingProvider;
  readonly settings: ShippingSettings;
  /** The order process's hook: a confirmed order gets a pending shipment (created with the carrier after the commit). */
  readonly afterTransition: AfterTransitionHook;
  /** For the orders module: the carrier's fee at order placement, the shipment on the shopper's order. */
  readonly orderShipping: OrderShipping;
  /** For the sales module: the shipment on the staff's order, with its label link. */
  readonly staffShipmentOf: StaffShipmentReader;
  quote(userId: number, input: ShippingQuoteRequest): Promise<ShippingQuoteDto>;
  /** Staff: creates the order's shipment now if confirming did not (idempotent). */
  createForOrder(user: AuthUser, orderId: number): Promise<{ shipment: ShipmentDto; created: boolean }>;
  /** Creates the pending shipments due for an attempt; returns how many were created. */
  runPending(): Promise<number>;
  receiveWebhook(carrier: string, raw: Buffer, headers: IncomingHttpHeaders): Promise<{ status: number; message: string }>;
  labelPdf(orderId: number): Promise<{ pdf: Buffer; orderCode: string }>;
  /** The worker: woken at commit of a confirmation (NOTIFY), and every SHIPPING_RETRY_INTERVAL_SECONDS for retries. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A creation with the carrier holds its shipment this long; a crashed attempt is taken over after it. */
const LEASE_MS = 60_000;

const placeOfAddress = (a: AddressDto): Place => ({
  provinceCode: a.provinceCode,
  province: a.province,
  districtCode: a.districtCode,
  district: a.district,
  wardCode: a.wardCode,
  ward: a.ward,
  line1: a.line1,
});

const placeOfOrder = (o: OrderRow): Place => ({
  provinceCode: o.provinceCode,
  province: o.province,
  districtCode: o.districtCode,
  district: o.district,
  wardCode: o.wardCode,
  ward: o.ward,
  line1: o.line1,
});

const carrierNameOf = (code: string) => SHIPPING_CARRIER_NAMES[code as ShippingCarrier] ?? code;

function toShipmentDto(row: repo.ShipmentRow, events: repo.ShipmentEventRow[], staff: boolean): ShipmentDto | null {
  if (!row.trackingCode || row.status === 'PENDING' || row.status === 'CANCELLED') return null;
  return {
    carrier: row.carrier,
    carrierName: carrierNameOf(row.carrier),
    trackingCode: row.trackingCode,
    status: row.status,
    labelUrl: staff ? shipmentLabelPath(row.orderId) : null,
    events: events.map((e) => ({ at: e.at.toISOString(), status: e.status, description: e.description, location: e.location })),
  };
}

/** The order statuses between `from` and `to` along the normal path (CONFIRMED -> PROCESSING -> SHIPPED -> ...). */
function stepsTo(from: OrderStatus, to: OrderStatus): OrderStatus[] {
  const i = ORDER_FLOW.indexOf(from as (typeof ORDER_FLOW)[number]);
  const j = ORDER_FLOW.indexOf(to as (typeof ORDER_FLOW)[number]);
  if (i < ORDER_FLOW.indexOf('CONFIRMED') || j <= i) return [];
  return ORDER_FLOW.slice(i + 1, j + 1);
}

/** What a tracking status asks of the order: the parcel left (SHIPPED) or arrived (DELIVERED); others are events only. */
const ORDER_TARGET: Partial<Record<ShipmentStatus, OrderStatus>> = { PICKED_UP: 'SHIPPED', IN_TRANSIT: 'SHIPPED', DELIVERED: 'DELIVERED' };

export function createShipping(deps: ShippingDeps): Shipping {
  const { config, database, log } = deps;
  const db = database.db;
  const settings = shippingSettings(config);
  const provider = createShippingProvider(config, deps.ownOrigin);

  /** The carrier's fee, or the API's refusal: 400 when it does not deliver there, 502 when it does not answer. */
  async function carrierFee(to: Place, parcel: { weightGram: number; declaredValue: number }, method: DeliveryMethod) {
    try {
      const outcome = await provider.quote(settings.origin, to, parcel, method);
      if (!outcome.ok) throw badRequest(outcome.message, [{ field: 'addressId', message: outcome.message }]);
      return outcome;
    } catch (err) {
      if (err instanceof CarrierError) throw new AppError(502, ERROR_CODES.carrierError, err.message);
      throw err;
    }
  }

  async function shipmentDtoOf(conn: Db | Tx, orderId: number, staff: boolean): Promise<ShipmentDto | null> {
    const row = await repo.shipmentOfOrder(conn, orderId);
    if (!row || !row.trackingCode) return null;
    return toShipmentDto(row, await repo.eventsOf(conn, row.id), staff);
  }

  /** The parcel's weight, from the order's lines and their books' weights now. */
  async function weightOfOrder(conn: Db | Tx, orderId: number) {
    const items = await orderItemsOf(conn, orderId);
    const weights = new Map((await shippingBooks(conn, items.map((i) => i.bookId))).map((b) => [b.id, b.weightGram]));
    return { items, weights, weightGram: parcelWeightGram(items.map((i) => ({ weightGram: weights.get(i.bookId), qty: i.qty }))) };
  }

  /** Cash the carrier collects: the order's total when paid on delivery and not paid yet. */
  const codAmountOf = (order: OrderRow) =>
    deps.payments().get(order.paymentMethod).collectedOnDelivery && (order.paymentStatus === 'UNPAID' || order.paymentStatus === 'PENDING') ? order.grandTotal : 0;

  async function insertPendingFor(tx: Tx, order: OrderRow, createdBy: number | null) {
    const { weightGram } = await weightOfOrder(tx, order.id);
    await repo.insertPending(tx, { orderId: order.id, carrier: provider.code, deliveryMethod: order.deliveryMethod, weightGram, codAmount: codAmountOf(order), createdBy });
  }

  /**
   * One attempt to create a claimed shipment with the carrier, outside any transaction, then its result written in
   * one: the tracking code on the shipment and on the order's shipping details (sales), a history line. An order
   * cancelled meanwhile drops its pending shipment. A failure is kept for the next attempt (backing off).
   */
  async function attempt(row: repo.ShipmentRow): Promise<'CREATED' | 'DROPPED' | 'FAILED'> {
    const order = await findOrderById(db, row.orderId);
    if (!order || !SHIPPABLE_STATUSES.includes(order.status)) {
      await repo.deleteShipment(db, row.id);
      return 'DROPPED';
    }
    const { items, weights, weightGram } = await weightOfOrder(db, order.id);
    const codAmount = codAmountOf(order);
    let created;
    try {
      created = await provider.createShipment({
        orderCode: order.code,
        method: order.deliveryMethod,
        from: settings.origin,
        to: { ...placeOfOrder(order), name: order.receiverName, phone: order.receiverPhone },
        weightGram,
        codAmount,
        declaredValue: order.subtotal - order.discountTotal,
        items: items.map((i) => ({ name: i.title, code: i.sku, quantity: i.qty, price: i.unitPrice, weightGram: weights.get(i.bookId) ?? 0 })),
        note: order.note,
      });
    } catch (err) {
      const retryable = !(err instanceof CarrierError) || err.retryable;
      const message = err instanceof Error ? err.message : String(err);
      // Doubling from 10 s up to an hour; a refusal that will not heal by itself is tried again after 6 hours.
      const delayS = retryable ? Math.min(3600, 10 * 2 ** Math.max(0, row.attempts - 1)) : 6 * 3600;
      await repo.updateShipment(db, row.id, { lockedUntil: null, lastError: message.slice(0, 500), nextAttemptAt: new Date(Date.now() + delayS * 1000) });
      log.warn({ err, orderId: row.orderId, attempts: row.attempts, retryInSeconds: delayS }, 'shipment not created with the carrier');
      return 'FAILED';
    }
    await db.transaction(async (tx) => {
      const locked = await lockOrder(tx, order.id);
      const now = new Date();
      await repo.updateShipment(tx, row.id, {
        status: 'CREATED',
        trackingCode: created.trackingCode,
        sortCode: created.sortCode,
        carrierFee: created.fee,
        expectedDeliveryAt: created.expectedDeliveryAt,
        weightGram,
        codAmount,
        lockedUntil: null,
        lastError: null,
      });
      await repo.insertEvent(tx, {
        shipmentId: row.id,
        eventId: 'created',
        status: 'CREATED',
        carrierStatus: 'ready_to_pick',
        description: 'Đã tạo vận đơn, chờ lấy hàng',
        location: null,
        at: now,
      });
      // Cancelled while the carrier was creating it: the parcel exists at the carrier, staff cancel it there.
      if (!locked || !SHIPPABLE_STATUSES.includes(locked.status)) await insertCanceledEvent(tx, row.id, 'CREATED', now);
      // The order's shipping details (the sales module's): the carrier's code, shown and mailed as staff's would be.
      // Not a staff edit, so the order's version stays: bumping it made the clerk's next change, moments after the
      // confirmation that created the shipment, a refused conflict ('Đơn hàng vừa được người khác cập nhật').
      await recordCarrierShipping(tx, { orderId: order.id, carrier: provider.name, trackingCode: created.trackingCode, fee: created.fee });
      await recordHistory(tx, {
        orderId: order.id,
        actor: SYSTEM_ACTOR,
        type: 'SHIPPING',
        note: `Đã tạo vận đơn ${provider.name}, mã vận đơn ${created.trackingCode}, phí vận chuyển ${formatVnd(created.fee)}`,
        at: now,
      });
    });
    log.info({ orderId: order.id, trackingCode: created.trackingCode }, 'shipment created with the carrier');
    return 'CREATED';
  }

  /** The timeline's note that the order was cancelled after its shipment was created. */
  const insertCanceledEvent = (tx: Tx, shipmentId: number, status: ShipmentStatus, at: Date) =>
    repo.insertEvent(tx, {
      shipmentId,
      eventId: 'order-canceled',
      status,
      carrierStatus: 'shop_canceled',
      description: 'Đơn hàng đã huỷ: cần huỷ vận đơn với đơn vị vận chuyển',
      location: null,
      at,
    });

  async function runPending(): Promise<number> {
    if (!provider.createsShipments) return 0;
    let created = 0;
    for (;;) {
      const row = await repo.claimPending(db, LEASE_MS);
      if (!row) return created;
      if ((await attempt(row)) === 'CREATED') created += 1;
    }
  }

  /** Moves the order as the tracking event says (through the order process), in the webhook's transaction. */
  async function moveOrder(tx: Tx, shipment: repo.ShipmentRow, event: TrackingEvent): Promise<void> {
    const target = ORDER_TARGET[event.status];
    if (!target) return;
    let order = await lockOrder(tx, shipment.orderId);
    if (!order) return;
    const reason = `${provider.name}: ${event.description}`;
    for (const step of stepsTo(order.status, target)) {
      const collected =
        step === 'DELIVERED' && deps.payments().get(order.paymentMethod).collectedOnDelivery && (order.paymentStatus === 'UNPAID' || order.paymentStatus === 'PENDING');
      const to: TransitionTarget = {
        status: step,
        ...(step === 'SHIPPED' ? { shipment: { carrier: provider.name, trackingCode: shipment.trackingCode! } } : {}),
        ...(collected ? { payment: { to: 'PAID', note: `${provider.name} đã thu ${formatVnd(order.grandTotal)} tiền mặt khi giao hàng (COD).` } } : {}),
      };
      order = accepted(await deps.process().transition(tx, order, to, SYSTEM_ACTOR, reason));
    }
  }

  const afterTransition: AfterTransitionHook = async ({ tx, order, status, actor }) => {
    if (!provider.createsShipments || !status) return;
    if (status.to === 'CONFIRMED') {
      await insertPendingFor(tx, order, actor.id);
      return;
    }
    if (status.to === 'CANCELED') {
      const row = await repo.shipmentOfOrder(tx, order.id);
      if (!row) return;
      // Not created yet: nothing to ship (a creation in flight finds the order cancelled). Created: the parcel
      // waits at the shop; staff cancel it with the carrier.
      const now = new Date();
      if (row.status !== 'PENDING') await insertCanceledEvent(tx, row.id, row.status as ShipmentStatus, now);
      else if (!row.lockedUntil || row.lockedUntil.getTime() < now.getTime()) await repo.deleteShipment(tx, row.id);
    }
  };

  const worker = backgroundWorker({
    database,
    channel: repo.SHIPPING_CHANNEL,
    pollMs: config.SHIPPING_RETRY_INTERVAL_SECONDS * 1000,
    run: runPending,
    log,
    name: 'shipping worker',
  });

  return {
    provider,
    settings,
    afterTransition,
    orderShipping: {
      async carrierFee(address, parcel, method) {
        return (await carrierFee(placeOfAddress(address), parcel, method)).fee;
      },
      shipmentOf: (conn, orderId) => shipmentDtoOf(conn, orderId, false),
    },
    staffShipmentOf: (conn, orderId) => shipmentDtoOf(conn, orderId, true),

    async quote(userId, input) {
      const address = await findOwnedAddress(db, userId, input.addressId);
      if (!address) throw notFound(SHIPPING_MESSAGES.addressNotFound);
      const qty = new Map<number, number>();
      for (const i of input.items) qty.set(i.bookId, (qty.get(i.bookId) ?? 0) + i.quantity);
      const books = await shippingBooks(db, [...qty.keys()]);
      if (books.length !== qty.size) throw badRequest('Sản phẩm không tồn tại hoặc đã ngừng bán.', [{ field: 'items', message: 'Sản phẩm không tồn tại hoặc đã ngừng bán.' }]);
      const now = Date.now();
      let merchandiseTotal = 0;
      for (const b of books) merchandiseTotal += effectivePrice(b, now) * qty.get(b.id)!;
      const weightGram = parcelWeightGram(books.map((b) => ({ weightGram: b.weightGram, qty: qty.get(b.id)! })));
      const parcel = { weightGram, declaredValue: merchandiseTotal };
      const to = placeOfAddress(address);
      const options = await Promise.all(
        DELIVERY_METHODS.map(async (method) => {
          const q = await carrierFee(to, parcel, method);
          return { deliveryMethod: method, fee: shippingFeeFor(merchandiseTotal, method, q.fee), carrierFee: q.fee, estimatedDays: q.estimatedDays };
        }),
      );
      return { carrier: provider.code, carrierName: provider.name, weightGram, options };
    },

    async createForOrder(user, orderId) {
      if (!provider.createsShipments) throw new AppError(409, ERROR_CODES.conflict, SHIPPING_MESSAGES.noCarrierApi);
      const existing = await repo.shipmentOfOrder(db, orderId);
      if (existing && existing.status !== 'PENDING') return { shipment: (await shipmentDtoOf(db, orderId, true))!, created: false };
      if (!existing) {
        await db.transaction(async (tx) => {
          const order = await lockOrder(tx, orderId);
          if (!order) throw notFound('Không tìm thấy đơn hàng');
          if (!SHIPPABLE_STATUSES.includes(order.status)) throw new AppError(409, ERROR_CODES.orderStatusInvalid, SHIPPING_MESSAGES.shipmentNotAllowed);
          await insertPendingFor(tx, order, user.id);
        });
      }
      // Created now, here; or, while a worker holds it, waited for (up to the carrier's timeout and a little).
      const deadline = Date.now() + 15_000;
      for (;;) {
        const claimed = await repo.claimPending(db, LEASE_MS, orderId);
        const outcome = claimed ? await attempt(claimed) : undefined;
        const row = await repo.shipmentOfOrder(db, orderId);
        if (!row) throw new AppError(409, ERROR_CODES.orderStatusInvalid, SHIPPING_MESSAGES.shipmentNotAllowed);
        if (row.status !== 'PENDING') return { shipment: (await shipmentDtoOf(db, orderId, true))!, created: outcome === 'CREATED' };
        if (outcome === 'FAILED') throw new AppError(502, ERROR_CODES.carrierError, row.lastError ?? SHIPPING_MESSAGES.carrierDown);
        if (Date.now() > deadline) throw new AppError(503, ERROR_CODES.serviceUnavailable, SHIPPING_MESSAGES.carrierDown);
        await new Promise((r) => setTimeout(r, 200));
      }
    },

    runPending,

    async receiveWebhook(carrier, raw, headers) {
      if (carrier !== provider.code || !provider.createsShipments) return { status: 404, message: 'Không tìm thấy đơn vị vận chuyển.' };
      const parsed = provider.parseWebhook(raw, headers);
      if (!parsed.ok) return { status: parsed.status, message: parsed.message };
      const event = parsed.event;
      return db.transaction(async (tx) => {
        const shipment = await repo.lockShipmentByTracking(tx, provider.code, event.trackingCode);
        // Not one of ours (or dropped): acknowledged, so the carrier does not retry it forever.
        if (!shipment) return { status: 200, message: 'Bỏ qua: không có vận đơn này.' };
        const fresh = await repo.insertEvent(tx, {
          shipmentId: shipment.id,
          eventId: event.eventId,
          status: event.status,
          carrierStatus: event.carrierStatus,
          description: event.description,
          location: event.location,
          at: event.at,
        });
        if (!fresh) return { status: 200, message: 'Đã ghi nhận trước đó.' };
        // Updates may arrive out of order: the shipment shows the latest one's status.
        const latest = await repo.latestEventAt(tx, shipment.id);
        if (!latest || event.at.getTime() >= latest.getTime()) await repo.updateShipment(tx, shipment.id, { status: event.status });
        await moveOrder(tx, shipment, event);
        return { status: 200, message: 'Đã ghi nhận.' };
      });
    },

    async labelPdf(orderId) {
      const order = await findOrderById(db, orderId);
      if (!order) throw notFound('Không tìm thấy đơn hàng');
      const row = await repo.shipmentOfOrder(db, orderId);
      if (!row || !row.trackingCode) throw notFound(SHIPPING_MESSAGES.noShipment);
      const pdf = await renderLabelPdf({
        carrierName: carrierNameOf(row.carrier),
        service: provider.serviceName(row.deliveryMethod),
        trackingCode: row.trackingCode,
        sortCode: row.sortCode,
        orderCode: order.code,
        sender: { name: settings.origin.name, phone: settings.origin.phone, address: [settings.origin.line1, settings.origin.ward, settings.origin.province].filter(Boolean).join(', ') },
        receiver: { name: order.receiverName, phone: order.receiverPhone, address: order.addressLine },
        weightGram: row.weightGram,
        codAmount: row.codAmount,
        note: order.note,
        createdAt: row.createdAt,
      });
      return { pdf, orderCode: order.code };
    },

    async start() {
      if (provider.createsShipments) await worker.start();
    },
    stop: () => worker.stop(),
  };
}

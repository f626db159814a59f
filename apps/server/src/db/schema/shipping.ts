import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { DeliveryMethod, ShipmentStatus } from '@nhasach/shared';
import { orders } from './orders.ts';
import { users } from './users.ts';

/** A shipment row's state: PENDING until the carrier has created it (then its tracking status), CANCELLED if dropped. */
export type ShipmentRowStatus = 'PENDING' | ShipmentStatus | 'CANCELLED';

/**
 * An order's parcel with the shop's carrier (modules/shipping). Written PENDING in the transaction that confirms the
 * order, created with the carrier after the commit by the shipping worker (lease + retries), then moved by the
 * carrier's signed webhooks. One per order.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** ShippingCarrier code (sandbox, ghn). */
    carrier: varchar('carrier', { length: 16 }).notNull(),
    status: varchar('status', { length: 12 }).$type<ShipmentRowStatus>().notNull().default('PENDING'),
    deliveryMethod: varchar('delivery_method', { length: 10 }).$type<DeliveryMethod>().notNull(),
    /** The carrier's order code (GHN order_code), once created. */
    trackingCode: varchar('tracking_code', { length: 64 }),
    /** The carrier's sorting code printed on the label (GHN sort_code). */
    sortCode: varchar('sort_code', { length: 64 }),
    /** What the carrier charges the shop (VND). */
    carrierFee: integer('carrier_fee'),
    weightGram: integer('weight_gram').notNull(),
    /** Cash the carrier collects on delivery (VND); 0 when paid beforehand. */
    codAmount: integer('cod_amount').notNull().default(0),
    expectedDeliveryAt: timestamp('expected_delivery_at', { withTimezone: true }),
    /** Creation attempts with the carrier so far, the next one's earliest instant, the last refusal. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A creation in progress holds the row until then (a crashed worker's lease runs out). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipments_order_uq').on(t.orderId),
    uniqueIndex('shipments_tracking_uq').on(t.carrier, t.trackingCode).where(sql`${t.trackingCode} is not null`),
    index('shipments_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
    check('shipments_status_valid', sql`${t.status} in ('PENDING', 'CREATED', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED', 'FAILED', 'RETURNED', 'CANCELLED')`),
  ],
);

/**
 * The tracking timeline of a shipment: one row per carrier event, unique by the carrier's event id, so a webhook
 * delivered twice is recorded (and acted on) once.
 */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    eventId: varchar('event_id', { length: 128 }).notNull(),
    status: varchar('status', { length: 12 }).$type<ShipmentStatus>().notNull(),
    /** The carrier's own status word (GHN: picked, delivering, delivered...). */
    carrierStatus: varchar('carrier_status', { length: 40 }).notNull(),
    description: text('description').notNull(),
    location: varchar('location', { length: 200 }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shipment_events_event_uq').on(t.shipmentId, t.eventId), index('shipment_events_shipment_idx').on(t.shipmentId, t.at)],
);

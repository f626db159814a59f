import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { shipmentEvents, shipments } from '../../db/schema/shipping.ts';

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentEventRow = typeof shipmentEvents.$inferSelect;

/** NOTIFY channel that wakes the shipping workers of every instance when a pending shipment is committed. */
export const SHIPPING_CHANNEL = 'nhasach_shipping';

export async function shipmentOfOrder(db: Db | Tx, orderId: number): Promise<ShipmentRow | undefined> {
  const [row] = await db.select().from(shipments).where(eq(shipments.orderId, orderId)).limit(1);
  return row;
}

export async function lockShipmentByTracking(tx: Tx, carrier: string, trackingCode: string): Promise<ShipmentRow | undefined> {
  const [row] = await tx
    .select()
    .from(shipments)
    .where(and(eq(shipments.carrier, carrier), eq(shipments.trackingCode, trackingCode)))
    .for('update')
    .limit(1);
  return row;
}

export function eventsOf(db: Db | Tx, shipmentId: number): Promise<ShipmentEventRow[]> {
  return db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipmentId)).orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id));
}

/**
 * A pending shipment for the order (once: a second confirmation of the same order finds it), and the NOTIFY that
 * wakes a worker when the transaction commits.
 */
export async function insertPending(tx: Tx, values: { orderId: number; carrier: string; deliveryMethod: 'STANDARD' | 'EXPRESS'; weightGram: number; codAmount: number; createdBy: number | null }): Promise<void> {
  await tx.insert(shipments).values(values).onConflictDoNothing({ target: shipments.orderId });
  await tx.execute(sql`select pg_notify(${SHIPPING_CHANNEL}, '')`);
}

/**
 * Claims one pending shipment due for an attempt (or the given order's), holding it for `leaseMs`: concurrent
 * workers and the staff's button never call the carrier twice for one order at once. Returns it, or undefined.
 */
export async function claimPending(db: Db, leaseMs: number, orderId?: number): Promise<ShipmentRow | undefined> {
  const lease = `${Math.ceil(leaseMs / 1000)} seconds`;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`update shipments set locked_until = now() + ${lease}::interval, attempts = attempts + 1, updated_at = now()
        where id = (
          select id from shipments
          where status = 'PENDING' and (locked_until is null or locked_until < now())
            and ${orderId === undefined ? sql`next_attempt_at <= now()` : sql`order_id = ${orderId}`}
          order by next_attempt_at
          limit 1
          for update skip locked
        )
        returning id`,
  );
  if (!row) return undefined;
  const [claimed] = await db.select().from(shipments).where(eq(shipments.id, row.id));
  return claimed;
}

export async function updateShipment(db: Db | Tx, id: number, changes: Partial<typeof shipments.$inferInsert>): Promise<ShipmentRow> {
  const [row] = await db
    .update(shipments)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(shipments.id, id))
    .returning();
  return row!;
}

export async function deleteShipment(db: Db | Tx, id: number): Promise<void> {
  await db.delete(shipments).where(eq(shipments.id, id));
}

/** Records an event once per (shipment, event id); false when it was already recorded. */
export async function insertEvent(tx: Tx, values: typeof shipmentEvents.$inferInsert): Promise<boolean> {
  const rows = await tx.insert(shipmentEvents).values(values).onConflictDoNothing().returning({ id: shipmentEvents.id });
  return rows.length > 0;
}

/** The latest event's instant of a shipment (null: none yet). */
export async function latestEventAt(tx: Tx, shipmentId: number): Promise<Date | null> {
  const [row] = await tx
    .select({ at: sql<Date | null>`max(${shipmentEvents.at})`.mapWith((v) => (v ? new Date(v as string) : null)) })
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, shipmentId));
  return row?.at ?? null;
}

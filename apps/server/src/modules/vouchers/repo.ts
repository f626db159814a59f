import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { VoucherListStatus } from '@nhasach/shared';
import type { Db, Tx } from '../../db/client.ts';
import { cartVouchers, voucherUses, vouchers } from '../../db/schema/vouchers.ts';

export type VoucherRow = typeof vouchers.$inferSelect;
export type NewVoucher = typeof vouchers.$inferInsert;

export async function findByCode(db: Db | Tx, code: string): Promise<VoucherRow | undefined> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.code, code)).limit(1);
  return row;
}

export async function findById(db: Db | Tx, id: number): Promise<VoucherRow | undefined> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.id, id)).limit(1);
  return row;
}

/** The voucher row locked until the transaction ends: every use of one code is counted one after the other. */
export async function lockByCode(tx: Tx, code: string): Promise<VoucherRow | undefined> {
  const [row] = await tx.select().from(vouchers).where(eq(vouchers.code, code)).for('update');
  return row;
}

export async function lockById(tx: Tx, id: number): Promise<VoucherRow | undefined> {
  const [row] = await tx.select().from(vouchers).where(eq(vouchers.id, id)).for('update');
  return row;
}

/** The live (not given back) uses of a voucher by a customer. */
export async function customerUses(db: Db | Tx, voucherId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(voucherUses)
    .where(and(eq(voucherUses.voucherId, voucherId), eq(voucherUses.userId, userId), isNull(voucherUses.releasedAt)));
  return Number(row?.n ?? 0);
}

/** Live uses per voucher of a customer, for the list of codes they may pick. */
export async function customerUsesByVoucher(db: Db, userId: number, voucherIds: number[]): Promise<Map<number, number>> {
  if (!voucherIds.length) return new Map();
  const rows = await db
    .select({ voucherId: voucherUses.voucherId, n: count() })
    .from(voucherUses)
    .where(and(eq(voucherUses.userId, userId), inArray(voucherUses.voucherId, voucherIds), isNull(voucherUses.releasedAt)))
    .groupBy(voucherUses.voucherId);
  return new Map(rows.map((r) => [r.voucherId, Number(r.n)]));
}

/** Records one use (the caller holds the voucher's row lock and checked the limits). */
export async function insertUse(
  tx: Tx,
  use: { voucherId: number; userId: number; orderId: number; discount: number; shippingDiscount: number },
): Promise<void> {
  await tx.update(vouchers).set({ usedCount: sql`${vouchers.usedCount} + 1` }).where(eq(vouchers.id, use.voucherId));
  await tx.insert(voucherUses).values(use);
}

/** Gives an order's use back, once: only the caller that set released_at lowers the count. */
export async function releaseUse(tx: Tx, orderId: number, at: Date): Promise<boolean> {
  const [use] = await tx
    .update(voucherUses)
    .set({ releasedAt: at })
    .where(and(eq(voucherUses.orderId, orderId), isNull(voucherUses.releasedAt)))
    .returning({ voucherId: voucherUses.voucherId });
  if (!use) return false;
  await tx
    .update(vouchers)
    .set({ usedCount: sql`greatest(${vouchers.usedCount} - 1, 0)` })
    .where(eq(vouchers.id, use.voucherId));
  return true;
}

/** Vouchers switched on whose window is open now: the ones a shopper may pick. */
export function runningVouchers(db: Db, now: Date): Promise<VoucherRow[]> {
  return db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.active, true), sql`${vouchers.startsAt} <= ${now.toISOString()}::timestamptz`, sql`${vouchers.endsAt} > ${now.toISOString()}::timestamptz`))
    .orderBy(vouchers.endsAt, vouchers.id)
    .limit(50);
}

// ---- the cart's applied voucher

export async function cartVoucherOf(db: Db | Tx, userId: number): Promise<VoucherRow | undefined> {
  const [row] = await db
    .select({ v: vouchers })
    .from(cartVouchers)
    .innerJoin(vouchers, eq(vouchers.id, cartVouchers.voucherId))
    .where(eq(cartVouchers.userId, userId))
    .limit(1);
  return row?.v;
}

export async function setCartVoucher(db: Db, userId: number, voucherId: number): Promise<void> {
  await db
    .insert(cartVouchers)
    .values({ userId, voucherId })
    .onConflictDoUpdate({ target: cartVouchers.userId, set: { voucherId, appliedAt: new Date() } });
}

export async function clearCartVoucher(db: Db | Tx, userId: number): Promise<void> {
  await db.delete(cartVouchers).where(eq(cartVouchers.userId, userId));
}

// ---- admin

function statusWhere(status: VoucherListStatus | undefined, now: Date): SQL | undefined {
  const at = sql`${now.toISOString()}::timestamptz`;
  switch (status) {
    case 'INACTIVE':
      return eq(vouchers.active, false);
    case 'UPCOMING':
      return and(eq(vouchers.active, true), sql`${vouchers.startsAt} > ${at}`);
    case 'ENDED':
      return and(eq(vouchers.active, true), sql`${vouchers.endsAt} <= ${at}`);
    case 'RUNNING':
      return and(eq(vouchers.active, true), sql`${vouchers.startsAt} <= ${at}`, sql`${vouchers.endsAt} > ${at}`);
    default:
      return undefined;
  }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function page(db: Db, q: { q?: string; status?: VoucherListStatus; page: number; size: number }, now: Date) {
  const term = q.q ? `%${escapeLike(q.q)}%` : undefined;
  const codeTerm = q.q ? `%${escapeLike(q.q.replace(/\s+/g, '').toUpperCase())}%` : undefined;
  const where = and(term && codeTerm ? or(ilike(vouchers.name, term), ilike(vouchers.code, codeTerm)) : undefined, statusWhere(q.status, now));
  const rows = await db
    .select()
    .from(vouchers)
    .where(where)
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
    .limit(q.size)
    .offset(q.page * q.size);
  const [total] = await db.select({ n: count() }).from(vouchers).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function insert(db: Db | Tx, values: NewVoucher): Promise<VoucherRow> {
  const [row] = await db.insert(vouchers).values(values).returning();
  return row!;
}

export async function update(db: Db | Tx, id: number, values: Partial<NewVoucher>): Promise<VoucherRow | undefined> {
  const [row] = await db
    .update(vouchers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(vouchers.id, id))
    .returning();
  return row;
}

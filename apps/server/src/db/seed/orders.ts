import type { FastifyBaseLogger } from 'fastify';
import { inArray, sql } from 'drizzle-orm';
import { CANCEL_REASONS, computeTotals, effectivePrice, type DeliveryMethod, type OrderStatus, type PaymentMethod, type PaymentStatus } from '@nhasach/shared';
import { queryRows, type Db } from '../client.ts';
import { orderHistory, orderItems, orders, stockMovements, users } from '../schema/index.ts';
import { generateOrderCode } from '../../modules/orders/code.ts';
import { DEMO_READERS } from './engagement.ts';

/**
 * Demo orders: about four months of orders by the demo readers (and the demo customer 'khach'), in every status, so
 * the back-office's revenue, best sellers and the books' 'Đã bán' tell one story. Every order took its stock through
 * ORDER movements of the ledger (a cancelled one gave it back, ORDER_CANCELLED), so each book's stock still equals
 * the sum of its movements, and books.sold is derived from these orders (units of orders not cancelled), not typed
 * in. A few running sales end within the week, so the home's flash sale counts down days, not months. Runs once:
 * only while there is no order and the demo readers exist.
 */

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const ORDER_COUNT = 360;
const HISTORY_DAYS = 120;
const FLASH_SALE_BOOKS = 10;

const ADDRESSES = [
  { line1: '12 Nguyễn Huệ', ward: 'Phường Bến Nghé', district: 'Quận 1', province: 'Thành phố Hồ Chí Minh' },
  { line1: '45 Lê Lợi', ward: 'Phường Bến Thành', district: 'Quận 1', province: 'Thành phố Hồ Chí Minh' },
  { line1: '88 Trần Duy Hưng', ward: 'Phường Trung Hòa', district: 'Quận Cầu Giấy', province: 'Thành phố Hà Nội' },
  { line1: '21 Hàng Bài', ward: 'Phường Hàng Bài', district: 'Quận Hoàn Kiếm', province: 'Thành phố Hà Nội' },
  { line1: '150 Bạch Đằng', ward: 'Phường Hải Châu 1', district: 'Quận Hải Châu', province: 'Thành phố Đà Nẵng' },
  { line1: '9 Lý Thường Kiệt', ward: 'Phường Tân An', district: 'Quận Ninh Kiều', province: 'Thành phố Cần Thơ' },
] as const;

/** The statuses an order passes through, in order, up to its final one. */
const PATH: OrderStatus[] = ['PENDING', 'CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'COMPLETED'];
/** When (after placing) an order reached each status of PATH. */
const REACHED_AFTER: Record<string, number> = { PENDING: 0, CONFIRMED: 2 * HOUR, PROCESSING: 6 * HOUR, SHIPPED: 26 * HOUR, DELIVERED: 3 * DAY, COMPLETED: 5 * DAY };

function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, int, pick };
}

/** The final status of an order placed `ageMs` ago: recent ones are still moving, older ones are done. */
function statusFor(ageMs: number, r: number): OrderStatus {
  if (ageMs < DAY) return r < 0.5 ? 'PENDING' : r < 0.75 ? 'CONFIRMED' : r < 0.87 ? 'CANCEL_REQUESTED' : 'CANCELED';
  if (ageMs < 3 * DAY) return r < 0.3 ? 'CONFIRMED' : r < 0.65 ? 'PROCESSING' : r < 0.9 ? 'SHIPPED' : 'CANCELED';
  if (ageMs < 7 * DAY) return r < 0.3 ? 'SHIPPED' : r < 0.8 ? 'DELIVERED' : r < 0.9 ? 'COMPLETED' : 'CANCELED';
  return r < 0.75 ? 'COMPLETED' : r < 0.87 ? 'DELIVERED' : 'CANCELED';
}

interface SeedBook {
  id: number;
  slug: string;
  title: string;
  sku: string | null;
  isbn13: string;
  price: number;
  salePrice: number | null;
  saleStartAt: Date | null;
  saleEndAt: Date | null;
  stock: number;
  sold: number;
  createdAt: Date;
  thumbnail: string | null;
}

export async function seedDemoOrders(db: Db, log: FastifyBaseLogger, now = Date.now()): Promise<void> {
  const [existing] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from orders`);
  if ((existing?.n ?? 0) > 0) return;
  const people = await db
    .select({ id: users.id, username: users.username, fullName: users.fullName, email: users.email })
    .from(users)
    .where(inArray(users.username, [...DEMO_READERS.map((r) => r.username), 'khach']));
  if (people.length === 0) return;
  const bookRows = await queryRows<SeedBook>(
    db,
    sql`select b.id, b.slug, b.title, b.sku, b.isbn13, b.price, b.sale_price as "salePrice", b.sale_start_at as "saleStartAt",
          b.sale_end_at as "saleEndAt", b.stock, b.sold, b.created_at as "createdAt",
          (select coalesce(i.medium_url, i.url) from book_images i where i.book_id = b.id order by i.sort_order, i.id limit 1) as thumbnail
        from books b where b.status = 'ACTIVE' and b.stock > 0 order by b.id`,
  );
  if (bookRows.length === 0) return;
  // Timestamps as Date whatever the driver answers.
  for (const b of bookRows) {
    b.createdAt = new Date(b.createdAt);
    b.saleStartAt = b.saleStartAt && new Date(b.saleStartAt);
  }
  const rnd = prng(20_251_127);
  const started = Date.now();

  // Popular books (the catalogue's own ranking) are ordered more often: weight √(rank figure), so the long tail sells too.
  const weights = bookRows.map((b) => Math.sqrt(b.sold + 25));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const pickBook = () => {
    let r = rnd.next() * totalWeight;
    for (let i = 0; i < bookRows.length; i++) {
      r -= weights[i]!;
      if (r <= 0) return bookRows[i]!;
    }
    return bookRows.at(-1)!;
  };

  const stock = new Map(bookRows.map((b) => [b.id, b.stock]));
  const plans = Array.from({ length: ORDER_COUNT }, () => {
    // A quarter of the orders in the last two weeks (the dashboard's week and the weekly shelf have something to show).
    const age = rnd.next() < 0.25 ? rnd.int(10 * 60 * 1000, 14 * DAY) : rnd.int(14 * DAY, HISTORY_DAYS * DAY);
    return { createdAt: new Date(now - age), status: undefined as OrderStatus | undefined };
  });
  // Today's orders are still waiting, one of each early status at least (the sales desk's tabs all have something).
  const TODAY: OrderStatus[] = ['PENDING', 'CONFIRMED', 'CANCEL_REQUESTED', 'PENDING', 'CANCELED', 'PROCESSING', 'PENDING', 'CANCEL_REQUESTED'];
  TODAY.forEach((status, i) => plans.push({ createdAt: new Date(now - (i + 1) * 2 * HOUR - rnd.int(0, 50) * 60 * 1000), status }));
  plans.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  const stats = await db.transaction(async (tx) => {
    // The flash sale: some running sales end within the week.
    await tx.execute(sql`update books set sale_end_at = now() + (interval '1 hour' * (24 + (id % 6) * 24 + (id % 11)))
      where id in (select id from books where status = 'ACTIVE' and sale_price is not null and sale_price < price
        and sale_start_at <= now() and sale_end_at > now() order by sold desc, id limit ${FLASH_SALE_BOOKS})`);
    const ends = new Map(
      (await queryRows<{ id: number; end: Date | null }>(tx, sql`select id, sale_end_at as "end" from books where sale_price is not null`)).map((r) => [r.id, r.end]),
    );
    for (const b of bookRows) if (ends.has(b.id)) b.saleEndAt = ends.get(b.id) ? new Date(ends.get(b.id)!) : null;

    const movements: (typeof stockMovements.$inferInsert)[] = [];
    const sold = new Map<number, number>();
    const byStatus: Record<string, number> = {};
    for (const plan of plans) {
      const placedAt = plan.createdAt;
      const age = now - placedAt.getTime();
      const status = plan.status ?? statusFor(age, rnd.next());
      const person = rnd.pick(people);
      const lines: { book: SeedBook; qty: number; unitPrice: number; originalUnitPrice: number }[] = [];
      for (let n = rnd.next() < 0.55 ? 1 : rnd.int(2, 4); n > 0; n--) {
        const book = pickBook();
        const qty = rnd.next() < 0.8 ? 1 : rnd.int(2, 3);
        // Not before the book was on the shelf, never twice in one order, and always leaving a few copies.
        if (book.createdAt.getTime() > placedAt.getTime() - DAY || lines.some((l) => l.book.id === book.id)) continue;
        if (stock.get(book.id)! - qty < 3) continue;
        const unitPrice = effectivePrice(book, placedAt);
        lines.push({ book, qty, unitPrice, originalUnitPrice: Math.max(book.price, unitPrice) });
      }
      if (lines.length === 0) continue;
      byStatus[status] = (byStatus[status] ?? 0) + 1;
      const delivery: DeliveryMethod = rnd.next() < 0.8 ? 'STANDARD' : 'EXPRESS';
      const method: PaymentMethod = rnd.next() < 0.7 ? 'COD' : 'VNPAY';
      const totals = computeTotals(lines, delivery);
      const cancelled = status === 'CANCELED';
      const at = (offset: number) => new Date(Math.min(now - 5 * 60 * 1000, placedAt.getTime() + offset));
      const reached: OrderStatus[] = cancelled ? ['PENDING'] : status === 'CANCEL_REQUESTED' ? ['PENDING'] : PATH.slice(0, PATH.indexOf(status) + 1);
      const delivered = status === 'DELIVERED' || status === 'COMPLETED';
      const paid = method === 'VNPAY' ? !cancelled : delivered;
      const paymentStatus: PaymentStatus = paid ? 'PAID' : 'UNPAID';
      const address = rnd.pick(ADDRESSES);
      const [order] = await tx
        .insert(orders)
        .values({
          code: generateOrderCode(placedAt),
          userId: person.id,
          status,
          paymentStatus,
          paymentMethod: method,
          deliveryMethod: delivery,
          subtotal: totals.subtotal,
          discountTotal: totals.discountTotal,
          shippingFee: totals.shippingFee,
          taxTotal: totals.taxTotal,
          grandTotal: totals.grandTotal,
          receiverName: person.fullName ?? person.username,
          receiverPhone: `09${String(10_000_000 + ((person.id * 7_919_113) % 89_999_999)).slice(0, 8)}`,
          receiverEmail: person.email,
          ...address,
          addressScheme: 'THREE_LEVEL',
          addressLine: `${address.line1}, ${address.ward}, ${address.district}, ${address.province}`,
          stockReturned: cancelled,
          cancelReason: cancelled || status === 'CANCEL_REQUESTED' ? rnd.pick(CANCEL_REASONS) : null,
          createdAt: placedAt,
          updatedAt: at(cancelled ? 3 * HOUR : REACHED_AFTER[reached.at(-1)!]!),
          confirmedAt: reached.includes('CONFIRMED') ? at(REACHED_AFTER.CONFIRMED!) : null,
          shippedAt: reached.includes('SHIPPED') ? at(REACHED_AFTER.SHIPPED!) : null,
          deliveredAt: reached.includes('DELIVERED') ? at(REACHED_AFTER.DELIVERED!) : null,
          completedAt: reached.includes('COMPLETED') ? at(REACHED_AFTER.COMPLETED!) : null,
          canceledAt: cancelled ? at(3 * HOUR) : null,
          paidAt: paid ? (method === 'VNPAY' ? at(5 * 60 * 1000) : at(REACHED_AFTER.DELIVERED!)) : null,
        })
        .returning({ id: orders.id, code: orders.code });
      await tx.insert(orderItems).values(
        lines.map((l) => ({
          orderId: order!.id,
          bookId: l.book.id,
          slug: l.book.slug,
          sku: l.book.sku,
          isbn: l.book.isbn13,
          title: l.book.title,
          imageUrl: l.book.thumbnail,
          unitPrice: l.unitPrice,
          originalUnitPrice: l.originalUnitPrice,
          discount: (l.originalUnitPrice - l.unitPrice) * l.qty,
          qty: l.qty,
          lineTotal: l.unitPrice * l.qty,
        })),
      );
      const history: (typeof orderHistory.$inferInsert)[] = [
        { orderId: order!.id, at: placedAt, actorId: person.id, actorRole: 'CUSTOMER', type: 'STATUS', fromStatus: null, toStatus: 'PENDING' },
      ];
      for (let i = 1; i < reached.length; i++) {
        history.push({ orderId: order!.id, at: at(REACHED_AFTER[reached[i]!]!), actorRole: 'SALE', type: 'STATUS', fromStatus: reached[i - 1]!, toStatus: reached[i]! });
      }
      if (status === 'CANCEL_REQUESTED' || cancelled) {
        history.push({ orderId: order!.id, at: at(3 * HOUR), actorId: cancelled ? null : person.id, actorRole: cancelled ? 'SALE' : 'CUSTOMER', type: 'STATUS', fromStatus: 'PENDING', toStatus: status });
      }
      await tx.insert(orderHistory).values(history);
      for (const l of lines) {
        const left = stock.get(l.book.id)! - l.qty;
        stock.set(l.book.id, left);
        movements.push({ bookId: l.book.id, delta: -l.qty, balanceAfter: left, reason: 'ORDER', refType: 'ORDER', refId: order!.id, refCode: order!.code, createdAt: placedAt });
        if (cancelled) {
          stock.set(l.book.id, left + l.qty);
          movements.push({ bookId: l.book.id, delta: l.qty, balanceAfter: left + l.qty, reason: 'ORDER_CANCELLED', refType: 'ORDER', refId: order!.id, refCode: order!.code, createdAt: at(3 * HOUR) });
        } else sold.set(l.book.id, (sold.get(l.book.id) ?? 0) + l.qty);
      }
    }
    for (let i = 0; i < movements.length; i += 1000) await tx.insert(stockMovements).values(movements.slice(i, i + 1000));
    // The opening stock was there before the first order: dated with the book.
    await tx.execute(sql`update stock_movements m set created_at = b.created_at from books b where b.id = m.book_id and m.reason = 'OPENING'`);
    // Stock after the orders, and 'Đã bán' = the units of the orders not cancelled (every other book: none yet).
    const ids = [...stock.keys()];
    await tx.execute(sql`update books b set stock = v.stock from unnest(${`{${ids.join(',')}}`}::int[], ${`{${ids.map((id) => stock.get(id)).join(',')}}`}::int[]) as v(id, stock) where b.id = v.id`);
    await tx.execute(sql`update books set sold = 0`);
    const soldIds = [...sold.keys()];
    if (soldIds.length) {
      await tx.execute(
        sql`update books b set sold = v.sold from unnest(${`{${soldIds.join(',')}}`}::int[], ${`{${soldIds.map((id) => sold.get(id)).join(',')}}`}::int[]) as v(id, sold) where b.id = v.id`,
      );
    }
    return { orders: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus, movements: movements.length, booksSold: soldIds.length };
  });
  log.info({ ...stats, ms: Date.now() - started }, 'demo orders created');
}

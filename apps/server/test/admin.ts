// Helpers of the back-office tests (imported by *.test.ts only).
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { roleClaim, withIsbn13Checksum, type Role } from '@nhasach/shared';
import { queryRows, type Db } from '../src/db/client.ts';
import { authors, categories, publishers, suppliers } from '../src/db/schema/index.ts';
import { createAccount, uniqueName, type TestAccount } from './auth.ts';

export interface Actor extends TestAccount {
  token: string;
  headers: { authorization: string };
}

/** An account of `role` inserted directly, with an access token signed for it. */
export async function actor(app: FastifyInstance, role: Role): Promise<Actor> {
  const account = await createAccount(app.db, { role });
  const token = await app.tokens.sign({
    sub: String(account.id),
    userId: account.id,
    username: account.username,
    email: account.email,
    roles: [roleClaim(role)],
  });
  return { ...account, token, headers: { authorization: `Bearer ${token}` } };
}

export interface Actors {
  admin: Actor;
  sale: Actor;
  customer: Actor;
}

export async function actors(app: FastifyInstance): Promise<Actors> {
  return { admin: await actor(app, 'ADMIN'), sale: await actor(app, 'SALE'), customer: await actor(app, 'USER') };
}

let isbnSeq = 0;
/** A valid ISBN-13 no other test of this run uses. */
export function nextIsbn(): string {
  isbnSeq += 1;
  const stamp = (Date.now() % 1_000_000).toString().padStart(6, '0');
  return withIsbn13Checksum(`978${stamp}${String(isbnSeq).padStart(3, '0')}`);
}

/** A publisher, a supplier, two authors and two categories (a parent and its child). */
export async function insertRefs(db: Db) {
  const tag = uniqueName('r');
  const [publisher] = await db.insert(publishers).values({ name: `NXB ${tag}`, slug: `nxb-${tag}` }).returning();
  const [supplier] = await db.insert(suppliers).values({ name: `NCC ${tag}`, slug: `ncc-${tag}` }).returning();
  const [a1, a2] = await db
    .insert(authors)
    .values([
      { name: `Tác Giả Một ${tag}`, slug: `tac-gia-mot-${tag}` },
      { name: `Tác Giả Hai ${tag}`, slug: `tac-gia-hai-${tag}` },
    ])
    .returning();
  const [parent] = await db.insert(categories).values({ name: `Văn học ${tag}`, slug: `van-hoc-${tag}` }).returning();
  const [child] = await db.insert(categories).values({ name: `Tiểu thuyết ${tag}`, slug: `tieu-thuyet-${tag}`, parentId: parent!.id }).returning();
  return { publisher: publisher!, supplier: supplier!, authors: [a1!, a2!] as const, parent: parent!, child: child! };
}
export type Refs = Awaited<ReturnType<typeof insertRefs>>;

/** A complete, valid create-book body. */
export function bookBody(refs: Refs, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: `Sách Thử ${uniqueName('b')}`,
    isbn13: nextIsbn(),
    publisherId: refs.publisher.id,
    supplierId: refs.supplier.id,
    authorIds: [refs.authors[0].id],
    categoryIds: [refs.child.id],
    pageCount: 320,
    price: 120_000,
    language: 'VI',
    coverType: 'PAPERBACK',
    ageRating: 'ALL',
    status: 'ACTIVE',
    stock: 10,
    ...overrides,
  };
}

export async function countOf(db: Db, table: string, where = sql.raw('true')): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`);
  return row!.n;
}

/** The audit rows of an action, newest first. */
export async function auditRows(db: Db, action: string) {
  return queryRows<{ actorId: number | null; action: string; entityType: string; entityId: string | null; summary: string; details: Record<string, unknown> | null }>(
    db,
    sql`select actor_id as "actorId", action, entity_type as "entityType", entity_id as "entityId", summary, details
      from audit_log where action = ${action} order by id desc`,
  );
}

export interface OrderSpec {
  userId: number | null;
  status?: string;
  paymentStatus?: string;
  paymentMethod?: 'COD' | 'VNPAY';
  grandTotal: number;
  createdAt?: Date;
  items?: { bookId: number; title?: string; qty: number; unitPrice: number }[];
}

let orderSeq = 0;
/** An order row (and its lines) inserted directly: the back-office only reads orders. */
export async function insertOrder(db: Db, spec: OrderSpec): Promise<number> {
  orderSeq += 1;
  const createdAt = (spec.createdAt ?? new Date()).toISOString();
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into orders (code, user_id, status, payment_status, payment_method, delivery_method, subtotal, grand_total,
        receiver_name, receiver_phone, line1, ward, district, province, address_line, created_at)
      values (${`T${Date.now().toString(36)}${orderSeq}`.toUpperCase().slice(0, 20)}, ${spec.userId}, ${spec.status ?? 'PENDING'},
        ${spec.paymentStatus ?? 'UNPAID'}, ${spec.paymentMethod ?? 'COD'}, 'STANDARD', ${spec.grandTotal}, ${spec.grandTotal},
        'Người Nhận', '0901234567', '1 Lê Lợi', 'Phường Bến Nghé', 'Quận 1', 'TP. Hồ Chí Minh', '1 Lê Lợi, Quận 1', ${createdAt}::timestamptz)
      returning id`,
  );
  for (const item of spec.items ?? []) {
    await queryRows(
      db,
      sql`insert into order_items (order_id, book_id, title, unit_price, original_unit_price, qty, line_total)
        values (${row!.id}, ${item.bookId}, ${item.title ?? `Sách ${item.bookId}`}, ${item.unitPrice}, ${item.unitPrice}, ${item.qty}, ${item.unitPrice * item.qty})`,
    );
  }
  return row!.id;
}

import { eq, sql, type SQL } from 'drizzle-orm';
import {
  ERROR_CODES,
  MASTER_LABELS,
  type MasterDto,
  type MasterKind,
  type MasterListQuery,
  type PageResult,
  type masterCreateSchema,
  type masterUpdateSchema,
} from '@nhasach/shared';
import type { z } from 'zod';
import { queryRows, type Db, type Tx } from '../../../db/client.ts';
import { authors, publishers, suppliers } from '../../../db/schema/catalog.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { AuthUser } from '../../../lib/guards.ts';
import { toPage } from '../../../lib/pagination.ts';
import { refreshSearchDocumentsOf } from '../search-documents.ts';
import { iso } from '../../../lib/db-values.ts';
import { auditActor, recordAudit } from '../../audit/index.ts';
import type { AdminContext } from './context.ts';
import { FOREIGN_KEY_VIOLATION, pgErrorOf, UNIQUE_VIOLATION } from '../../../lib/db-errors.ts';
import { slugFrom, slugTaken, uniqueSlug } from './slugs.ts';

/** Authors, publishers and suppliers: the same {id, name, slug} shape, the same rules. */
const TABLES = { authors, publishers, suppliers } as const;
const ENTITY: Record<MasterKind, string> = { authors: 'AUTHOR', publishers: 'PUBLISHER', suppliers: 'SUPPLIER' };
const FALLBACK_SLUG: Record<MasterKind, string> = { authors: 'tac-gia', publishers: 'nha-xuat-ban', suppliers: 'nha-cung-cap' };

/** How many books use each row: authors through book_authors, the others through a column of books. */
function bookCountSql(kind: MasterKind): SQL {
  switch (kind) {
    case 'authors':
      return sql`(select count(*)::int from book_authors x where x.author_id = m.id)`;
    case 'publishers':
      return sql`(select count(*)::int from books x where x.publisher_id = m.id)`;
    case 'suppliers':
      return sql`(select count(*)::int from books x where x.supplier_id = m.id)`;
  }
}

const label = (kind: MasterKind) => MASTER_LABELS[kind];
const notFoundOf = (kind: MasterKind) => notFound(`Không tìm thấy ${label(kind)}.`);
const slugConflict = (kind: MasterKind) => {
  const message = `Slug ${label(kind)} đã tồn tại. Hãy đổi slug rồi thử lại.`;
  return new AppError(409, ERROR_CODES.conflict, message, [{ field: 'slug', message }]);
};
const inUse = (kind: MasterKind, n: number) =>
  new AppError(409, ERROR_CODES.inUse, `Đang có ${n} sách dùng ${label(kind)} này nên không thể xoá.`);

interface MasterRow {
  id: number;
  name: string;
  slug: string;
  bookCount: number;
  createdAt: Date | string;
}
const toDto = (r: MasterRow): MasterDto => ({ id: r.id, name: r.name, slug: r.slug, bookCount: r.bookCount, createdAt: iso(r.createdAt) });

/** `q` matches the name (aliased `m`) without regard to case or diacritics, or the slug; no `q` matches all. */
const nameOrSlugMatches = (q: string | undefined): SQL =>
  q ? sql`(f_search_norm(m.name) like '%' || f_search_norm(${q}) || '%' or m.slug = ${q.toLowerCase()})` : sql.raw('true');

/** GET /admin/{kind}: q matches the name without regard to case or diacritics, or the slug. */
export async function listMasters(db: Db, kind: MasterKind, q: MasterListQuery): Promise<PageResult<MasterDto>> {
  const table = sql.identifier(kind);
  const where = nameOrSlugMatches(q.q);
  const order = q.sort === 'name' ? sql`f_search_norm(m.name), m.id` : sql`m.id desc`;
  const [rows, [total]] = await Promise.all([
    queryRows<MasterRow>(
      db,
      sql`select m.id, m.name, m.slug, m.created_at as "createdAt", ${bookCountSql(kind)} as "bookCount"
        from ${table} m where ${where} order by ${order} limit ${q.size} offset ${q.page * q.size}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${table} m where ${where}`),
  ]);
  return toPage(rows.map(toDto), total?.n ?? 0, q.page, q.size);
}

/**
 * GET /admin/{kind} without `page` or `size`: every one, by name, as a plain array of {id, name, slug} (what other
 * front ends read to fill their pickers); `q` still filters.
 */
export async function listAllMasters(db: Db, kind: MasterKind, q: string | undefined): Promise<Pick<MasterDto, 'id' | 'name' | 'slug'>[]> {
  const where = nameOrSlugMatches(q);
  return queryRows(db, sql`select m.id, m.name, m.slug from ${sql.identifier(kind)} m where ${where} order by f_search_norm(m.name), m.id`);
}

async function oneMaster(db: Db | Tx, kind: MasterKind, id: number): Promise<MasterDto> {
  const [row] = await queryRows<MasterRow>(
    db,
    sql`select m.id, m.name, m.slug, m.created_at as "createdAt", ${bookCountSql(kind)} as "bookCount"
      from ${sql.identifier(kind)} m where m.id = ${id}`,
  );
  if (!row) throw notFoundOf(kind);
  return toDto(row);
}

export async function getMaster(db: Db, kind: MasterKind, id: number): Promise<MasterDto> {
  return oneMaster(db, kind, id);
}

/** POST /admin/{kind} {name, slug?}: slug from the name when blank, made unique by a suffix. */
export async function createMaster(
  ctx: AdminContext,
  actor: AuthUser,
  kind: MasterKind,
  input: z.output<typeof masterCreateSchema>,
): Promise<MasterDto> {
  const table = TABLES[kind];
  const write = () =>
    ctx.db.transaction(async (tx) => {
      if (input.slug && (await slugTaken(tx, kind, input.slug))) throw slugConflict(kind);
      const slug = input.slug ?? (await uniqueSlug(tx, kind, slugFrom(input.name, FALLBACK_SLUG[kind])));
      const [row] = await tx.insert(table).values({ name: input.name, slug }).returning({ id: table.id });
      await recordAudit(tx, {
        ...auditActor(actor),
        action: `${ENTITY[kind]}_CREATE`,
        entityType: ENTITY[kind],
        entityId: row!.id,
        summary: `Tạo ${label(kind)} "${input.name}"`,
        details: { name: input.name, slug },
      });
      return oneMaster(tx, kind, row!.id);
    });
  try {
    return await write();
  } catch (err) {
    if (pgErrorOf(err)?.code !== UNIQUE_VIOLATION) throw err;
    // A generated slug taken by a concurrent writer: once more with a fresh suffix. A given slug: 409.
    if (input.slug) throw slugConflict(kind);
    return write().catch((again: unknown) => {
      if (pgErrorOf(again)?.code === UNIQUE_VIOLATION) throw slugConflict(kind);
      throw again;
    });
  }
}

/** PUT /admin/{kind}/{id} {name?, slug?}: a rename refreshes the search documents of the books concerned. */
export async function updateMaster(
  ctx: AdminContext,
  actor: AuthUser,
  kind: MasterKind,
  id: number,
  input: z.output<typeof masterUpdateSchema>,
): Promise<MasterDto> {
  const table = TABLES[kind];
  const result = await ctx.db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(table).where(eq(table.id, id)).for('update');
      if (!current) throw notFoundOf(kind);
      const name = input.name ?? current.name;
      let slug: string | undefined;
      if (input.slug === null) slug = await uniqueSlug(tx, kind, slugFrom(name, FALLBACK_SLUG[kind]), id);
      else if (input.slug !== undefined && input.slug !== current.slug) {
        if (await slugTaken(tx, kind, input.slug, id)) throw slugConflict(kind);
        slug = input.slug;
      }
      const diff: Record<string, { from: string; to: string }> = {};
      if (name !== current.name) diff.name = { from: current.name, to: name };
      if (slug !== undefined && slug !== current.slug) diff.slug = { from: current.slug, to: slug };
      await tx.update(table).set({ name, slug }).where(eq(table.id, id));
      if (diff.name && kind === 'authors') await refreshSearchDocumentsOf(tx, { authorId: id });
      if (diff.name && kind === 'publishers') await refreshSearchDocumentsOf(tx, { publisherId: id });
      await recordAudit(tx, {
        ...auditActor(actor),
        action: `${ENTITY[kind]}_UPDATE`,
        entityType: ENTITY[kind],
        entityId: id,
        summary: `Sửa ${label(kind)} "${name}"${Object.keys(diff).length ? `: ${Object.keys(diff).join(', ')}` : ' (không thay đổi)'}`,
        details: { changes: diff },
      });
      return oneMaster(tx, kind, id);
    })
    .catch((err: unknown) => {
      if (pgErrorOf(err)?.code === UNIQUE_VIOLATION) throw slugConflict(kind);
      throw err;
    });
  ctx.catalog.invalidate();
  return result;
}

/** DELETE /admin/{kind}/{id}: refused (409) while books use it. */
export async function deleteMaster(ctx: AdminContext, actor: AuthUser, kind: MasterKind, id: number): Promise<{ id: number; deleted: true }> {
  const table = TABLES[kind];
  try {
    await ctx.db.transaction(async (tx) => {
      const [current] = await tx.select().from(table).where(eq(table.id, id)).for('update');
      if (!current) throw notFoundOf(kind);
      const { bookCount } = await oneMaster(tx, kind, id);
      if (bookCount > 0) throw inUse(kind, bookCount);
      await tx.delete(table).where(eq(table.id, id));
      await recordAudit(tx, {
        ...auditActor(actor),
        action: `${ENTITY[kind]}_DELETE`,
        entityType: ENTITY[kind],
        entityId: id,
        summary: `Xoá ${label(kind)} "${current.name}"`,
        details: { name: current.name, slug: current.slug },
      });
    });
  } catch (err) {
    // A book linked between the count and the delete: the foreign key (restrict) refuses.
    if (pgErrorOf(err)?.code === FOREIGN_KEY_VIOLATION) throw inUse(kind, 1);
    throw err;
  }
  return { id, deleted: true };
}

import { count, eq, sql } from 'drizzle-orm';
import { DEFAULT_VAT_TREATMENT, ERROR_CODES, type AdminCategoryDto, type categoryCreateSchema, type categoryUpdateSchema } from '@nhasach/shared';
import type { z } from 'zod';
import { queryRows, type Tx } from '../../../db/client.ts';
import { bookCategories, categories } from '../../../db/schema/catalog.ts';
import { AppError, badRequest, notFound } from '../../../lib/errors.ts';
import type { AuthUser } from '../../../lib/guards.ts';
import { loadCategoryRows, withDescendants } from '../categories.ts';
import { auditActor, recordAudit } from '../../audit/index.ts';
import type { AdminContext } from './context.ts';
import { FOREIGN_KEY_VIOLATION, pgErrorOf, UNIQUE_VIOLATION } from '../../../lib/db-errors.ts';
import { slugFrom, slugTaken, uniqueSlug } from './slugs.ts';

const NOT_FOUND = 'Không tìm thấy danh mục.';
export const CATEGORY_MESSAGES = {
  slugTaken: 'Slug danh mục đã tồn tại. Hãy đổi slug rồi thử lại.',
  parentMissing: 'Danh mục cha không tồn tại.',
  cycle: 'Không thể chuyển danh mục vào chính nó hoặc vào danh mục con của nó.',
  hasBooks: (n: number) => `Danh mục đang có ${n} sách nên không thể xoá. Hãy chuyển các sách sang danh mục khác trước.`,
  hasChildren: (n: number) => `Danh mục còn ${n} danh mục con nên không thể xoá. Hãy xoá hoặc chuyển các danh mục con trước.`,
  deleted: 'Đã xoá danh mục.',
} as const;

/** GET /admin/categories: the flat list in tree order, with the books and children of each. */
export async function listAdminCategories(ctx: AdminContext): Promise<AdminCategoryDto[]> {
  const [flat, counts, vat] = await Promise.all([
    ctx.catalog.categoryFlat(),
    queryRows<{ id: number; n: number }>(ctx.db, sql`select category_id as id, count(*)::int as n from book_categories group by category_id`),
    ctx.db.select({ id: categories.id, vatTreatment: categories.vatTreatment }).from(categories),
  ]);
  const books = new Map(counts.map((r) => [r.id, r.n]));
  const vatOf = new Map(vat.map((r) => [r.id, r.vatTreatment]));
  const children = new Map<number, number>();
  for (const c of flat) if (c.parentId !== null) children.set(c.parentId, (children.get(c.parentId) ?? 0) + 1);
  return flat.map((c) => ({ ...c, bookCount: books.get(c.id) ?? 0, childCount: children.get(c.id) ?? 0, vatTreatment: vatOf.get(c.id) ?? DEFAULT_VAT_TREATMENT }));
}

async function oneCategory(ctx: AdminContext, id: number): Promise<AdminCategoryDto> {
  const found = (await listAdminCategories(ctx)).find((c) => c.id === id);
  if (!found) throw notFound(NOT_FOUND);
  return found;
}

async function assertParent(tx: Tx, parentId: number | null | undefined): Promise<void> {
  if (parentId === null || parentId === undefined) return;
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, parentId));
  if (!row) throw badRequest(CATEGORY_MESSAGES.parentMissing, [{ field: 'parentId', message: CATEGORY_MESSAGES.parentMissing }]);
}

/** Moves and creations are serialised, so two concurrent moves can never build a cycle between them. */
const lockTree = (tx: Tx) => queryRows(tx, sql`select pg_advisory_xact_lock(72410001)`);

const slugConflict = () => new AppError(409, ERROR_CODES.conflict, CATEGORY_MESSAGES.slugTaken, [{ field: 'slug', message: CATEGORY_MESSAGES.slugTaken }]);
function mapWriteError(err: unknown): never {
  if (pgErrorOf(err)?.code === UNIQUE_VIOLATION) throw slugConflict();
  throw err;
}

/** POST /admin/categories {name, parentId}: slug from the name when blank (made unique), placed last among its siblings. */
export async function createCategory(
  ctx: AdminContext,
  actor: AuthUser,
  input: z.output<typeof categoryCreateSchema>,
): Promise<AdminCategoryDto> {
  const id = await ctx.db
    .transaction(async (tx) => {
      await lockTree(tx);
      await assertParent(tx, input.parentId);
      if (input.slug && (await slugTaken(tx, 'categories', input.slug))) throw slugConflict();
      const slug = input.slug ?? (await uniqueSlug(tx, 'categories', slugFrom(input.name, 'danh-muc')));
      const parentId = input.parentId ?? null;
      const [{ next } = { next: 0 }] = await queryRows<{ next: number }>(
        tx,
        sql`select coalesce(max(sort_order) + 1, 0)::int as next from categories where parent_id is not distinct from ${parentId}`,
      );
      const [row] = await tx
        .insert(categories)
        .values({ name: input.name, slug, parentId, sortOrder: input.sortOrder ?? next, vatTreatment: input.vatTreatment })
        .returning({ id: categories.id });
      await recordAudit(tx, {
        ...auditActor(actor),
        action: 'CATEGORY_CREATE',
        entityType: 'CATEGORY',
        entityId: row!.id,
        summary: `Tạo danh mục "${input.name}"`,
        details: { name: input.name, slug, parentId },
      });
      return row!.id;
    })
    .catch(mapWriteError);
  ctx.catalog.invalidate();
  return oneCategory(ctx, id);
}

/** PUT /admin/categories/{id}: rename, new slug ('' = from the name), move (parentId null = top level), order. */
export async function updateCategory(
  ctx: AdminContext,
  actor: AuthUser,
  id: number,
  input: z.output<typeof categoryUpdateSchema>,
): Promise<AdminCategoryDto> {
  await ctx.db
    .transaction(async (tx) => {
      await lockTree(tx);
      const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
      if (!current) throw notFound(NOT_FOUND);
      if (input.parentId !== undefined && input.parentId !== null) {
        await assertParent(tx, input.parentId);
        // The tree as it is now (this transaction holds the tree lock).
        const below = withDescendants(await loadCategoryRows(tx), id);
        if (below.includes(input.parentId)) throw badRequest(CATEGORY_MESSAGES.cycle, [{ field: 'parentId', message: CATEGORY_MESSAGES.cycle }]);
      }
      const name = input.name ?? current.name;
      let slug: string | undefined;
      if (input.slug === null) slug = await uniqueSlug(tx, 'categories', slugFrom(name, 'danh-muc'), id);
      else if (input.slug !== undefined && input.slug !== current.slug) {
        if (await slugTaken(tx, 'categories', input.slug, id)) throw slugConflict();
        slug = input.slug;
      }
      const changes = { name: input.name, slug, parentId: input.parentId, sortOrder: input.sortOrder ?? undefined, vatTreatment: input.vatTreatment };
      const diff: Record<string, { from: unknown; to: unknown }> = {};
      for (const [key, to] of Object.entries(changes) as [keyof typeof changes, unknown][]) {
        if (to !== undefined && current[key] !== to) diff[key] = { from: current[key], to };
      }
      await tx.update(categories).set(changes).where(eq(categories.id, id));
      await recordAudit(tx, {
        ...auditActor(actor),
        action: 'CATEGORY_UPDATE',
        entityType: 'CATEGORY',
        entityId: id,
        summary: `Sửa danh mục "${name}"${Object.keys(diff).length ? `: ${Object.keys(diff).join(', ')}` : ' (không thay đổi)'}`,
        details: { changes: diff },
      });
    })
    .catch(mapWriteError);
  ctx.catalog.invalidate();
  return oneCategory(ctx, id);
}

/** DELETE /admin/categories/{id}: refused (409) while books or child categories use it. */
export async function deleteCategory(ctx: AdminContext, actor: AuthUser, id: number): Promise<{ id: number; deleted: true }> {
  try {
    await ctx.db.transaction(async (tx) => {
      await lockTree(tx);
      const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
      if (!current) throw notFound(NOT_FOUND);
      const [books] = await tx.select({ n: count() }).from(bookCategories).where(eq(bookCategories.categoryId, id));
      if (books && books.n > 0) throw new AppError(409, ERROR_CODES.inUse, CATEGORY_MESSAGES.hasBooks(books.n));
      const [children] = await tx.select({ n: count() }).from(categories).where(eq(categories.parentId, id));
      if (children && children.n > 0) throw new AppError(409, ERROR_CODES.inUse, CATEGORY_MESSAGES.hasChildren(children.n));
      await tx.delete(categories).where(eq(categories.id, id));
      await recordAudit(tx, {
        ...auditActor(actor),
        action: 'CATEGORY_DELETE',
        entityType: 'CATEGORY',
        entityId: id,
        summary: `Xoá danh mục "${current.name}"`,
        details: { name: current.name, slug: current.slug, parentId: current.parentId },
      });
    });
  } catch (err) {
    // A book linked between the count and the delete: the foreign key refuses, same answer.
    if (pgErrorOf(err)?.code === FOREIGN_KEY_VIOLATION) throw new AppError(409, ERROR_CODES.inUse, CATEGORY_MESSAGES.hasBooks(1));
    throw err;
  }
  ctx.catalog.invalidate();
  return { id, deleted: true };
}


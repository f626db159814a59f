import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  ERROR_CODES,
  bookSaleProblems,
  effectivePrice,
  type AdminBookListQuery,
  type AdminBookRowDto,
  type BookCreateInput,
  type BookDeleteResult,
  type BookDto,
  type BookUpdateInput,
  type FieldError,
  type PageResult,
} from '@nhasach/shared';
import { queryRows, type Db, type Tx } from '../../../db/client.ts';
import { authors, bookAuthors, bookCategories, bookImages, books, categories, publishers, suppliers } from '../../../db/schema/catalog.ts';
import { AppError, badRequest, notFound } from '../../../lib/errors.ts';
import type { AuthUser } from '../../../lib/guards.ts';
import { toPage } from '../../../lib/pagination.ts';
import { refreshSearchDocuments } from '../search-documents.ts';
import { iso, num } from '../../../lib/db-values.ts';
import { deleteBookImageFiles } from '../../media/index.ts';
import { auditActor, recordAudit } from '../../audit/index.ts';
import { BOOK_NOT_FOUND, type AdminContext } from './context.ts';
import { FOREIGN_KEY_VIOLATION, pgErrorOf, UNIQUE_VIOLATION } from '../../../lib/db-errors.ts';
import { sanitizeDescription } from '../../../lib/description-html.ts';
import { slugFrom, slugTaken, uniqueSlug } from './slugs.ts';

type BookRow = typeof books.$inferSelect;
type ImageRow = typeof bookImages.$inferSelect;

const duplicateSlugOrIsbn = (fields: FieldError[]) =>
  new AppError(409, ERROR_CODES.duplicateSlugOrIsbn, ADMIN_MESSAGES.duplicateSlugOrIsbn, fields);
const duplicateSku = () => new AppError(409, ERROR_CODES.conflict, ADMIN_MESSAGES.duplicateSku, [{ field: 'sku', message: ADMIN_MESSAGES.duplicateSku }]);

/** Unique violations of books as the answers the form understands; anything else is rethrown. */
function mapUniqueViolation(err: unknown): never {
  const pg = pgErrorOf(err);
  if (pg?.code === UNIQUE_VIOLATION) {
    if (pg.constraint === 'books_sku_uq') throw duplicateSku();
    const field = pg.constraint === 'books_isbn13_uq' ? 'isbn13' : 'slug';
    throw duplicateSlugOrIsbn([{ field, message: ADMIN_MESSAGES.duplicateSlugOrIsbn }]);
  }
  throw err;
}

/** Other books holding the slug, ISBN or SKU: answered before writing, so the message names the field. */
async function assertUnique(db: Db | Tx, v: { slug?: string; isbn13?: string; sku?: string | null }, exceptId = 0): Promise<void> {
  const fields: FieldError[] = [];
  if (v.slug !== undefined && (await slugTaken(db, 'books', v.slug, exceptId))) {
    fields.push({ field: 'slug', message: ADMIN_MESSAGES.duplicateSlugOrIsbn });
  }
  if (v.isbn13 !== undefined) {
    const [row] = await queryRows<{ id: number }>(db, sql`select id from books where isbn13 = ${v.isbn13} and id <> ${exceptId} limit 1`);
    if (row) fields.push({ field: 'isbn13', message: ADMIN_MESSAGES.duplicateSlugOrIsbn });
  }
  if (fields.length) throw duplicateSlugOrIsbn(fields);
  if (v.sku) {
    const [row] = await queryRows<{ id: number }>(db, sql`select id from books where sku = ${v.sku} and id <> ${exceptId} limit 1`);
    if (row) throw duplicateSku();
  }
}

/** Publisher, supplier, authors and categories named by a form must exist (400 naming the field). */
async function assertReferences(
  db: Db | Tx,
  v: { publisherId?: number; supplierId?: number; authorIds?: number[]; categoryIds?: number[] },
): Promise<void> {
  const fields: FieldError[] = [];
  const missing = async (table: typeof publishers | typeof suppliers | typeof authors | typeof categories, ids: number[]) => {
    if (ids.length === 0) return [];
    const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
    const have = new Set(found.map((r) => r.id));
    return ids.filter((id) => !have.has(id));
  };
  if (v.publisherId !== undefined && (await missing(publishers, [v.publisherId])).length) {
    fields.push({ field: 'publisherId', message: 'Nhà xuất bản không tồn tại.' });
  }
  if (v.supplierId !== undefined && (await missing(suppliers, [v.supplierId])).length) {
    fields.push({ field: 'supplierId', message: 'Nhà cung cấp không tồn tại.' });
  }
  const noAuthors = await missing(authors, v.authorIds ?? []);
  if (noAuthors.length) fields.push({ field: 'authorIds', message: `Tác giả không tồn tại: ${noAuthors.join(', ')}.` });
  const noCategories = await missing(categories, v.categoryIds ?? []);
  if (noCategories.length) fields.push({ field: 'categoryIds', message: `Danh mục không tồn tại: ${noCategories.join(', ')}.` });
  if (fields.length) throw badRequest(fields[0]!.message, fields);
}

async function replaceLinks(tx: Tx, bookId: number, v: { authorIds?: number[]; categoryIds?: number[] }): Promise<void> {
  if (v.authorIds) {
    await tx.delete(bookAuthors).where(eq(bookAuthors.bookId, bookId));
    await tx.insert(bookAuthors).values(v.authorIds.map((authorId, position) => ({ bookId, authorId, position })));
  }
  if (v.categoryIds) {
    await tx.delete(bookCategories).where(eq(bookCategories.bookId, bookId));
    await tx.insert(bookCategories).values(v.categoryIds.map((categoryId, position) => ({ bookId, categoryId, position })));
  }
}

const toDate = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

/** A generated slug may lose a race to another writer: the unique index refuses it and the write runs again. */
async function withSlugRetry<T>(generated: boolean, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const pg = pgErrorOf(err);
    if (generated && pg?.code === UNIQUE_VIOLATION && pg.constraint === 'books_slug_uq') return write().catch(mapUniqueViolation);
    throw err;
  }
}

/** POST /admin/books. */
export async function createBook(ctx: AdminContext, actor: AuthUser, input: BookCreateInput): Promise<BookDto> {
  const { db } = ctx;
  await assertReferences(db, input);
  await assertUnique(db, { slug: input.slug, isbn13: input.isbn13, sku: input.sku });
  const description = sanitizeDescription(input.description ?? '');
  const id = await withSlugRetry(input.slug === undefined, () =>
    db
      .transaction(async (tx) => {
        const slug = input.slug ?? (await uniqueSlug(tx, 'books', slugFrom(input.title, 'sach')));
        const [row] = await tx
          .insert(books)
          .values({
            slug,
            title: input.title,
            originalTitle: input.originalTitle ?? null,
            sku: input.sku ?? null,
            isbn13: input.isbn13,
            description,
            price: input.price,
            salePrice: input.salePrice ?? null,
            saleStartAt: toDate(input.saleStartAt) ?? null,
            saleEndAt: toDate(input.saleEndAt) ?? null,
            status: input.status,
            language: input.language,
            coverType: input.coverType,
            ageRating: input.ageRating,
            publicationYear: input.publicationYear ?? null,
            pageCount: input.pageCount,
            weightGram: input.weightGram ?? null,
            widthCm: input.widthCm ?? null,
            heightCm: input.heightCm ?? null,
            thicknessCm: input.thicknessCm ?? null,
            stock: input.stock,
            publisherId: input.publisherId,
            supplierId: input.supplierId,
          })
          .returning({ id: books.id });
        const bookId = row!.id;
        await replaceLinks(tx, bookId, input);
        await refreshSearchDocuments(tx, [bookId]);
        await recordAudit(tx, {
          ...auditActor(actor),
          action: 'BOOK_CREATE',
          entityType: 'BOOK',
          entityId: bookId,
          summary: `Tạo sách "${input.title}"`,
          details: { slug, isbn13: input.isbn13, price: input.price, status: input.status, stock: input.stock },
        });
        return bookId;
      })
      .catch(mapUniqueViolationUnlessSlugRace(input.slug === undefined)),
  );
  ctx.catalog.invalidate();
  return ctx.catalog.book({ id }, actor);
}

/** Lets a generated-slug race through to withSlugRetry; every other unique violation becomes a 409. */
const mapUniqueViolationUnlessSlugRace = (generated: boolean) => (err: unknown) => {
  const pg = pgErrorOf(err);
  if (generated && pg?.code === UNIQUE_VIOLATION && pg.constraint === 'books_slug_uq') throw err;
  return mapUniqueViolation(err);
};

/** Scalar columns an edit may change, in the order the audit lists them. */
const EDITABLE = [
  'title',
  'originalTitle',
  'slug',
  'sku',
  'isbn13',
  'price',
  'salePrice',
  'saleStartAt',
  'saleEndAt',
  'status',
  'language',
  'coverType',
  'ageRating',
  'publicationYear',
  'pageCount',
  'weightGram',
  'widthCm',
  'heightCm',
  'thicknessCm',
  'publisherId',
  'supplierId',
] as const satisfies readonly (keyof BookRow)[];

const comparable = (v: unknown) => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);

/** PUT /admin/books/{id}: the fields given are changed; authors and categories, when given, are replaced. */
export async function updateBook(ctx: AdminContext, actor: AuthUser, id: number, input: BookUpdateInput): Promise<BookDto> {
  const { db } = ctx;
  await assertReferences(db, input);
  const regenerateSlug = input.slug === null;
  await withSlugRetry(regenerateSlug, () =>
    db
      .transaction(async (tx) => {
        const [current] = await tx.select().from(books).where(eq(books.id, id)).for('update');
        if (!current) throw notFound(BOOK_NOT_FOUND);

        const next = {
          price: input.price ?? current.price,
          salePrice: input.salePrice === undefined ? current.salePrice : input.salePrice,
          saleStartAt: input.saleStartAt === undefined ? current.saleStartAt : input.saleStartAt,
          saleEndAt: input.saleEndAt === undefined ? current.saleEndAt : input.saleEndAt,
        };
        const problems = bookSaleProblems(next);
        if (problems.length) throw badRequest(problems[0]!.message, problems);

        const title = input.title ?? current.title;
        let slug: string | undefined;
        if (regenerateSlug) slug = await uniqueSlug(tx, 'books', slugFrom(title, 'sach'), id);
        else if (typeof input.slug === 'string' && input.slug !== current.slug) slug = input.slug;
        await assertUnique(
          tx,
          {
            slug: input.slug ? slug : undefined,
            isbn13: input.isbn13 !== undefined && input.isbn13 !== current.isbn13 ? input.isbn13 : undefined,
            sku: input.sku !== undefined && input.sku !== current.sku ? input.sku : undefined,
          },
          id,
        );

        const changes: Partial<typeof books.$inferInsert> = {
          title: input.title,
          originalTitle: input.originalTitle,
          slug,
          sku: input.sku,
          isbn13: input.isbn13,
          price: input.price,
          salePrice: input.salePrice,
          saleStartAt: toDate(input.saleStartAt),
          saleEndAt: toDate(input.saleEndAt),
          status: input.status,
          language: input.language,
          coverType: input.coverType,
          ageRating: input.ageRating,
          publicationYear: input.publicationYear,
          pageCount: input.pageCount,
          weightGram: input.weightGram,
          widthCm: input.widthCm,
          heightCm: input.heightCm,
          thicknessCm: input.thicknessCm,
          publisherId: input.publisherId,
          supplierId: input.supplierId,
        };
        const diff: Record<string, { from: unknown; to: unknown }> = {};
        for (const key of EDITABLE) {
          const to = changes[key];
          if (to === undefined) continue;
          const from = key.endsWith('Cm') ? num(current[key] as number | null) : current[key];
          if (comparable(from) !== comparable(to)) diff[key] = { from: comparable(from), to: comparable(to) };
        }
        const description = input.description === undefined ? undefined : sanitizeDescription(input.description);
        const descriptionChanged = description !== undefined && description !== current.description;

        const linkChanges: Record<string, { from: number[]; to: number[] }> = {};
        if (input.authorIds) {
          const from = (await tx.select({ id: bookAuthors.authorId }).from(bookAuthors).where(eq(bookAuthors.bookId, id)).orderBy(bookAuthors.position)).map((r) => r.id);
          if (from.join() !== input.authorIds.join()) linkChanges.authorIds = { from, to: input.authorIds };
        }
        if (input.categoryIds) {
          const from = (await tx.select({ id: bookCategories.categoryId }).from(bookCategories).where(eq(bookCategories.bookId, id)).orderBy(bookCategories.position)).map((r) => r.id);
          if (from.join() !== input.categoryIds.join()) linkChanges.categoryIds = { from, to: input.categoryIds };
        }

        await tx
          .update(books)
          .set({ ...changes, ...(descriptionChanged ? { description } : {}), updatedAt: new Date() })
          .where(eq(books.id, id));
        await replaceLinks(tx, id, { authorIds: linkChanges.authorIds?.to, categoryIds: linkChanges.categoryIds?.to });
        await refreshSearchDocuments(tx, [id]);
        const changed = [...Object.keys(diff), ...(descriptionChanged ? ['description'] : []), ...Object.keys(linkChanges)];
        await recordAudit(tx, {
          ...auditActor(actor),
          action: 'BOOK_UPDATE',
          entityType: 'BOOK',
          entityId: id,
          summary: changed.length ? `Sửa sách "${title}": ${changed.join(', ')}` : `Lưu sách "${title}" (không thay đổi)`,
          details: { changes: { ...diff, ...linkChanges, ...(descriptionChanged ? { description: 'changed' } : {}) } },
        });
      })
      .catch(mapUniqueViolationUnlessSlugRace(regenerateSlug)),
  );
  ctx.catalog.invalidate();
  return ctx.catalog.book({ id }, actor);
}

async function deactivate(ctx: AdminContext, actor: AuthUser, id: number, reason: string): Promise<BookDeleteResult> {
  await ctx.db.transaction(async (tx) => {
    const [book] = await tx.update(books).set({ status: 'INACTIVE', updatedAt: new Date() }).where(eq(books.id, id)).returning({ title: books.title });
    if (!book) throw notFound(BOOK_NOT_FOUND);
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'BOOK_DEACTIVATE',
      entityType: 'BOOK',
      entityId: id,
      summary: `Ngừng bán sách "${book.title}" thay vì xoá (${reason})`,
      details: { reason },
    });
  });
  ctx.catalog.invalidate();
  return { id, deleted: false, softDeleted: true, status: 'INACTIVE' };
}

export const BOOK_DELETE_MESSAGES = {
  deleted: 'Đã xoá sách.',
  deactivated: 'Sách đã có trong đơn hàng nên không thể xoá hẳn; sách đã được chuyển sang trạng thái Ngừng bán.',
} as const;

/**
 * DELETE /admin/books/{id}. A book some order names is kept (orders, reports and the sold count refer to it)
 * and set INACTIVE instead; any other book is deleted with its links, reviews, favourites, cart lines and
 * images, the image files after the commit.
 */
export async function deleteBook(ctx: AdminContext, actor: AuthUser, id: number): Promise<BookDeleteResult> {
  let images: ImageRow[] = [];
  try {
    const outcome = await ctx.db.transaction(async (tx) => {
      // Locked first: an order being placed for this book waits, or is seen below once it committed.
      const [book] = await tx.select({ id: books.id, title: books.title, slug: books.slug, isbn13: books.isbn13 }).from(books).where(eq(books.id, id)).for('update');
      if (!book) throw notFound(BOOK_NOT_FOUND);
      if (await ctx.ports.isBookOrdered(tx, id)) return 'ordered' as const;
      images = await tx.select().from(bookImages).where(eq(bookImages.bookId, id));
      await tx.delete(books).where(eq(books.id, id));
      await recordAudit(tx, {
        ...auditActor(actor),
        action: 'BOOK_DELETE',
        entityType: 'BOOK',
        entityId: id,
        summary: `Xoá sách "${book.title}"`,
        details: { title: book.title, slug: book.slug, isbn13: book.isbn13, images: images.length },
      });
      return 'deleted' as const;
    });
    if (outcome === 'ordered') return deactivate(ctx, actor, id, 'đã có trong đơn hàng');
  } catch (err) {
    // A table added later that refers to books without cascading: keep the book, as for an ordered one.
    if (pgErrorOf(err)?.code === FOREIGN_KEY_VIOLATION) return deactivate(ctx, actor, id, 'còn dữ liệu liên quan');
    throw err;
  }
  await Promise.all(images.map((image) => deleteBookImageFiles(ctx.storage, image)));
  ctx.catalog.invalidate();
  return { id, deleted: true, softDeleted: false, status: null };
}

// ---------------------------------------------------------------------------------------------------------
// The admin books table

interface AdminBookSqlRow {
  id: number;
  slug: string;
  title: string;
  sku: string | null;
  isbn13: string;
  thumbnail: string | null;
  price: number;
  salePrice: number | null;
  saleStartAt: Date | string | null;
  saleEndAt: Date | string | null;
  stock: number;
  sold: number;
  status: AdminBookRowDto['status'];
  language: AdminBookRowDto['language'];
  coverType: AdminBookRowDto['coverType'];
  ageRating: AdminBookRowDto['ageRating'];
  authors: AdminBookRowDto['authors'];
  publisher: AdminBookRowDto['publisher'];
  categories: AdminBookRowDto['categories'];
  imageCount: number;
  createdAt: Date | string;
  updatedAt: Date | string;
}

/**
 * The search condition of the admin list: every word of q as a prefix of the book's search document (title,
 * authors, publisher, ISBN; GIN index), or q as the start of the ISBN (digits, separators ignored), or q as
 * the SKU (any case).
 */
async function searchCondition(db: Db, q: string): Promise<SQL> {
  const [row] = await queryRows<{ norm: string | null }>(db, sql`select f_search_norm(${q}) as norm`);
  const tokens = [...new Set((row?.norm ?? '').split(' ').filter(Boolean))].slice(0, 16);
  const parts: SQL[] = [sql`lower(b.sku) = ${q.toLowerCase()}`];
  if (tokens.length) parts.push(sql`b.search_tsv @@ to_tsquery('simple', ${tokens.map((t) => `${t}:*`).join(' & ')})`);
  const digits = q.replace(/[\s-]/g, '');
  if (/^\d{3,13}$/.test(digits)) parts.push(sql`b.isbn13 like ${`${digits}%`}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** GET /admin/books: every status, newest first. */
export async function listAdminBooks(db: Db, query: AdminBookListQuery): Promise<PageResult<AdminBookRowDto>> {
  const parts: SQL[] = [];
  if (query.status) parts.push(sql`b.status = ${query.status}`);
  if (query.q) parts.push(await searchCondition(db, query.q));
  const where = parts.length ? sql.join(parts, sql` and `) : sql.raw('true');
  const [rows, [total]] = await Promise.all([
    queryRows<AdminBookSqlRow>(
      db,
      sql`select b.id, b.slug, b.title, b.sku, b.isbn13, b.price, b.sale_price as "salePrice", b.sale_start_at as "saleStartAt",
          b.sale_end_at as "saleEndAt", b.stock, b.sold, b.status, b.language, b.cover_type as "coverType",
          b.age_rating as "ageRating", b.created_at as "createdAt", b.updated_at as "updatedAt",
          (select coalesce(i.thumb_url, i.url) from book_images i where i.book_id = b.id order by i.sort_order, i.id limit 1) as thumbnail,
          (select count(*)::int from book_images i where i.book_id = b.id) as "imageCount",
          coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name, 'slug', a.slug) order by ba.position, a.id)
            from book_authors ba join authors a on a.id = ba.author_id where ba.book_id = b.id), '[]'::json) as authors,
          (select json_build_object('id', p.id, 'name', p.name, 'slug', p.slug) from publishers p where p.id = b.publisher_id) as publisher,
          coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug) order by bc.position, c.id)
            from book_categories bc join categories c on c.id = bc.category_id where bc.book_id = b.id), '[]'::json) as categories
        from books b where ${where}
        order by b.created_at desc, b.id desc limit ${query.size} offset ${query.page * query.size}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from books b where ${where}`),
  ]);
  const now = new Date();
  const content = rows.map((r): AdminBookRowDto => {
    const price = Number(r.price);
    const salePrice = num(r.salePrice);
    return {
      id: r.id,
      slug: r.slug,
      title: r.title,
      sku: r.sku,
      isbn13: r.isbn13,
      thumbnail: r.thumbnail,
      price,
      salePrice,
      effectivePrice: effectivePrice({ price, salePrice, saleStartAt: iso(r.saleStartAt), saleEndAt: iso(r.saleEndAt) }, now),
      stock: r.stock,
      sold: r.sold,
      status: r.status,
      language: r.language,
      coverType: r.coverType,
      ageRating: r.ageRating,
      authors: r.authors,
      publisher: r.publisher,
      categories: r.categories,
      imageCount: r.imageCount,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    };
  });
  return toPage(content, total?.n ?? 0, query.page, query.size);
}

/** GET /admin/books/{id}: the whole book (any status) for the edit modal. */
export async function getAdminBook(ctx: AdminContext, actor: AuthUser, id: number): Promise<BookDto> {
  return ctx.catalog.book({ id }, actor);
}

import { eq, inArray, sql } from 'drizzle-orm';
import { IMPORT_MESSAGES, type ImportErrorDto } from '@nhasach/shared';
import { queryRows, type Db, type Tx } from '../../../db/client.ts';
import { authors, bookAuthors, bookCategories, books, categories, publishers, suppliers } from '../../../db/schema/catalog.ts';
import { bookImports } from '../../../db/schema/stock.ts';
import { textArray } from '../../../lib/db-values.ts';
import { sanitizeDescription } from '../../../lib/description-html.ts';
import { auditActor, recordAudit } from '../../audit/index.ts';
import { slugFrom, uniqueSlug } from '../admin/slugs.ts';
import { announceCatalogChange } from '../cache-bus.ts';
import { refreshSearchDocuments } from '../search-documents.ts';
import { nameKey, validateRows, type MasterKind, type Plan, type Validation } from './validate.ts';

/**
 * Runs an import: the rows are checked again and applied in ONE transaction (a crash or an error half-way leaves
 * the catalogue as it was); progress is written beside it on another connection so the page can follow it.
 * Books are written in batches of BATCH: new ones with multi-row inserts, known ones updated one by one.
 */

const BATCH = 500;
/** A RUNNING import whose heartbeat is older than this was interrupted (its transaction rolled back). */
export const HEARTBEAT_STALE_MS = 2 * 60 * 1000;

export interface ImportActor {
  id: number;
  username: string;
  role: Parameters<typeof auditActor>[0]['role'];
  email: string;
  roles: string[];
}

class Refused extends Error {
  constructor(
    message: string,
    readonly errors: ImportErrorDto[],
  ) {
    super(message);
  }
}

const TABLES = { authors, publishers, suppliers, categories } as const;

/** Creates the names the file uses that do not exist yet (when the admin allowed it); returns every name's id. */
async function ensureMasters(tx: Tx, v: Validation): Promise<Record<MasterKind, Map<string, number>>> {
  for (const kind of Object.keys(v.missing) as MasterKind[]) {
    for (const [key, display] of v.missing[kind]) {
      const slug = await uniqueSlug(tx, kind, slugFrom(display, kind === 'categories' ? 'danh-muc' : kind.slice(0, -1)));
      const table = TABLES[kind];
      const [row] = await tx.insert(table).values({ name: display.slice(0, kind === 'categories' ? 120 : 200), slug }).returning({ id: table.id });
      v.known[kind].set(key, row!.id);
    }
  }
  return v.known;
}

/** Slugs for new books: the title's, with the ISBN so a catalogue of similar titles stays unique. */
async function slugsFor(tx: Tx, plans: readonly Plan[]): Promise<string[]> {
  const wanted = plans.map((p) => `${slugFrom(p.title ?? 'sach', 'sach').slice(0, 180)}-${p.isbn13}`);
  const taken = new Set((await queryRows<{ slug: string }>(tx, sql`select slug from books where slug = any(${textArray(wanted)})`)).map((r) => r.slug));
  const out: string[] = [];
  for (const [i, s] of wanted.entries()) out.push(taken.has(s) ? await uniqueSlug(tx, 'books', slugFrom(plans[i]!.title ?? 'sach', 'sach')) : s);
  return out;
}

async function writeLinks(tx: Tx, ids: Map<Plan, number>, known: Record<MasterKind, Map<string, number>>, replace: boolean) {
  const withAuthors = [...ids].filter(([p]) => p.authors);
  const withCategories = [...ids].filter(([p]) => p.categories);
  if (replace && withAuthors.length) await tx.delete(bookAuthors).where(inArray(bookAuthors.bookId, withAuthors.map(([, id]) => id)));
  if (replace && withCategories.length) await tx.delete(bookCategories).where(inArray(bookCategories.bookId, withCategories.map(([, id]) => id)));
  const authorRows = withAuthors.flatMap(([p, bookId]) => p.authors!.map((a, position) => ({ bookId, authorId: known.authors.get(nameKey(a))!, position })));
  const categoryRows = withCategories.flatMap(([p, bookId]) => p.categories!.map((c, position) => ({ bookId, categoryId: known.categories.get(nameKey(c))!, position })));
  if (authorRows.length) await tx.insert(bookAuthors).values(authorRows).onConflictDoNothing();
  if (categoryRows.length) await tx.insert(bookCategories).values(categoryRows).onConflictDoNothing();
}

async function applyPlans(tx: Tx, v: Validation, progress: (n: number) => Promise<void>): Promise<{ created: number; updated: number; ids: number[] }> {
  const known = await ensureMasters(tx, v);
  const idOf = (kind: MasterKind, name: string | undefined) => (name ? known[kind].get(nameKey(name)) : undefined);
  const creates = v.plans.filter((p) => p.action === 'CREATE');
  const updates = v.plans.filter((p) => p.action === 'UPDATE');
  const ids: number[] = [];
  let done = 0;
  for (let i = 0; i < creates.length; i += BATCH) {
    const batch = creates.slice(i, i + BATCH);
    const slugs = await slugsFor(tx, batch);
    const inserted = await tx
      .insert(books)
      .values(
        batch.map((p, j) => ({
          slug: slugs[j]!,
          title: p.title!,
          isbn13: p.isbn13,
          description: p.description ? sanitizeDescription(p.description) : '',
          price: p.price!,
          salePrice: p.salePrice ?? null,
          saleStartAt: p.saleStartAt ?? null,
          saleEndAt: p.saleEndAt ?? null,
          status: p.status ?? 'ACTIVE',
          pageCount: p.pageCount ?? 0,
          publicationYear: p.publicationYear ?? null,
          stock: p.stock ?? 0,
          publisherId: idOf('publishers', p.publisher) ?? null,
          supplierId: idOf('suppliers', p.supplier) ?? null,
        })),
      )
      .returning({ id: books.id, isbn13: books.isbn13 });
    const byIsbn = new Map(inserted.map((r) => [r.isbn13, r.id]));
    const map = new Map(batch.map((p) => [p, byIsbn.get(p.isbn13)!]));
    await writeLinks(tx, map, known, false);
    ids.push(...map.values());
    done += batch.length;
    await progress(done);
  }
  for (let i = 0; i < updates.length; i += BATCH) {
    const batch = updates.slice(i, i + BATCH);
    for (const p of batch) {
      const set: Partial<typeof books.$inferInsert> = {
        title: p.title,
        price: p.price,
        salePrice: p.salePrice,
        saleStartAt: p.saleStartAt,
        saleEndAt: p.saleEndAt,
        status: p.status,
        pageCount: p.pageCount,
        publicationYear: p.publicationYear,
        description: p.description !== undefined ? sanitizeDescription(p.description) : undefined,
        publisherId: idOf('publishers', p.publisher),
        supplierId: idOf('suppliers', p.supplier),
      };
      await tx
        .update(books)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(books.id, p.bookId!));
    }
    await writeLinks(tx, new Map(batch.map((p) => [p, p.bookId!])), known, true);
    ids.push(...batch.map((p) => p.bookId!));
    done += batch.length;
    await progress(done);
  }
  for (let i = 0; i < ids.length; i += 2000) await refreshSearchDocuments(tx, ids.slice(i, i + 2000));
  if (ids.length) await announceCatalogChange(tx);
  return { created: creates.length, updated: updates.length, ids };
}

/**
 * Applies import `id` (claimed RUNNING by the caller). `liveProgress`: whether progress may be written on another
 * connection while the transaction runs (not on the embedded database, which has one connection).
 */
export async function runImport(db: Db, id: number, actor: ImportActor, liveProgress: boolean): Promise<void> {
  const [head] = await db.select().from(bookImports).where(eq(bookImports.id, id));
  if (!head) return;
  const progress = async (n: number) => {
    if (liveProgress) await db.update(bookImports).set({ processed: n, heartbeatAt: new Date() }).where(eq(bookImports.id, id));
  };
  try {
    const result = await db.transaction(async (tx) => {
      // One import at a time: two files naming the same new ISBN would otherwise both try to create it.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('nhasach_book_import'))`);
      const v = await validateRows(tx, head.rows, head.createMissing);
      if (head.mode === 'ALL_OR_NOTHING' && v.errorRows > 0) throw new Refused(IMPORT_MESSAGES.hasErrors(v.errorRows), v.errors);
      const applied = await applyPlans(tx, v, progress);
      await recordAudit(tx, {
        ...auditActor(actor),
        action: 'BOOK_IMPORT',
        entityType: 'BOOK_IMPORT',
        entityId: String(id),
        summary: `Nhập sách từ tệp "${head.fileName}": ${applied.created} sách mới, ${applied.updated} sách cập nhật, ${v.errorRows} dòng lỗi bỏ qua`,
        details: { created: applied.created, updated: applied.updated, skipped: v.errorRows, mode: head.mode },
      });
      return { ...applied, v };
    });
    await db
      .update(bookImports)
      .set({
        status: 'DONE',
        processed: result.created + result.updated,
        created: result.created,
        updated: result.updated,
        errors: result.v.errors,
        errorRows: result.v.errorRows,
        validRows: result.v.plans.length,
        finishedAt: new Date(),
      })
      .where(eq(bookImports.id, id));
  } catch (err) {
    const refused = err instanceof Refused;
    await db
      .update(bookImports)
      .set({
        status: 'FAILED',
        processed: 0,
        failure: refused ? err.message : `Lỗi khi nhập: ${err instanceof Error ? err.message : String(err)}. Không có dòng nào được áp dụng.`,
        ...(refused ? { errors: err.errors } : {}),
        finishedAt: new Date(),
      })
      .where(eq(bookImports.id, id));
  }
}

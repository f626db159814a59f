import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../client.ts';
import { authors, bookAuthors, bookCategories, bookImages, books, categories, publishers, suppliers } from '../schema/index.ts';
import { refreshSearchDocuments } from '../../modules/catalog/index.ts';
import { coverImageUrls } from '../../modules/media/index.ts';
import { CATEGORY_TREE, DEMO_AUTHORS, DEMO_BOOKS, PUBLISHERS, SUPPLIERS, toSlug, type DemoBook } from './catalog-data/index.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters, few round trips on PGlite. */
const BATCH = 100;

export interface DemoCatalogResult {
  /** Ids of the seeded books, in data order (other seeds, e.g. reviews, can use them). */
  bookIds: number[];
  categories: number;
  authors: number;
  publishers: number;
  suppliers: number;
}

function chunks<T>(rows: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Sale columns of a book: windows are relative to `now`, so an 'active' sale stays active for weeks. */
function saleColumns(book: DemoBook, now: number) {
  const at = (offsetMs: number) => new Date(now + offsetMs);
  switch (book.sale.kind) {
    case 'active':
      return book.sale.open
        ? { salePrice: book.sale.salePrice, saleStartAt: null, saleEndAt: null }
        : { salePrice: book.sale.salePrice, saleStartAt: at(-3 * DAY), saleEndAt: at(60 * DAY) };
    case 'upcoming':
      return { salePrice: book.sale.salePrice, saleStartAt: at(10 * DAY), saleEndAt: at(40 * DAY) };
    case 'ended':
      return { salePrice: book.sale.salePrice, saleStartAt: at(-35 * DAY), saleEndAt: at(-5 * DAY) };
    default:
      return { salePrice: null, saleStartAt: null, saleEndAt: null };
  }
}

/** Inserts named rows (one per distinct slug); returns the id of every given name. */
async function insertNamed(tx: Tx, table: typeof publishers | typeof suppliers | typeof authors, names: readonly string[]) {
  const bySlug = new Map<string, string>();
  for (const name of names) if (!bySlug.has(toSlug(name))) bySlug.set(toSlug(name), name);
  const idBySlug = new Map<string, number>();
  for (const batch of chunks([...bySlug].map(([slug, name]) => ({ name, slug })))) {
    for (const row of await tx.insert(table).values(batch).returning({ id: table.id, slug: table.slug })) idBySlug.set(row.slug, row.id);
  }
  return new Map(names.map((name) => [name, idBySlug.get(toSlug(name))!]));
}

/**
 * Fills an empty catalogue with the demo data (342 real books in 47 categories): master data, books,
 * their authors, categories and designed covers (drawn on first request, see modules/media), in one
 * transaction, then the search documents. Does nothing when any book or category exists. `now` is the
 * seed time that the sale windows and the 'new' books are relative to.
 */
export async function seedDemoCatalog(app: FastifyInstance, opts: { now?: Date } = {}): Promise<DemoCatalogResult | null> {
  const [existing] = await queryRows<{ n: number }>(
    app.db,
    sql`select (select count(*) from books)::int + (select count(*) from categories)::int as n`,
  );
  if ((existing?.n ?? 0) > 0) return null;
  const now = (opts.now ?? new Date()).getTime();
  const started = Date.now();

  const result = await app.db.transaction(async (tx) => {
    const publisherIds = await insertNamed(tx, publishers, Object.values(PUBLISHERS));
    const supplierIds = await insertNamed(tx, suppliers, Object.values(SUPPLIERS));
    const authorIds = await insertNamed(tx, authors, DEMO_AUTHORS);

    const categoryIds = new Map<string, number>();
    const parents = await tx
      .insert(categories)
      .values(CATEGORY_TREE.map((c, i) => ({ name: c.name, slug: c.slug, sortOrder: i, createdAt: new Date(now - 600 * DAY) })))
      .returning({ id: categories.id, slug: categories.slug });
    for (const p of parents) categoryIds.set(p.slug, p.id);
    const children = await tx
      .insert(categories)
      .values(
        CATEGORY_TREE.flatMap((c) =>
          c.children.map((child, i) => ({
            name: child.name,
            slug: child.slug,
            parentId: categoryIds.get(c.slug)!,
            sortOrder: i,
            createdAt: new Date(now - 600 * DAY),
          })),
        ),
      )
      .returning({ id: categories.id, slug: categories.slug });
    for (const c of children) categoryIds.set(c.slug, c.id);

    const bookIds: number[] = [];
    for (const batch of chunks(DEMO_BOOKS)) {
      const inserted = await tx
        .insert(books)
        .values(
          batch.map((b) => {
            const createdAt = new Date(now - b.createdHoursAgo * HOUR);
            return {
              slug: b.slug,
              title: b.title,
              originalTitle: b.originalTitle,
              sku: b.sku,
              isbn13: b.isbn13,
              description: b.description,
              price: b.price,
              ...saleColumns(b, now),
              status: b.status,
              language: b.language,
              coverType: b.coverType,
              ageRating: b.ageRating,
              publicationYear: b.publicationYear,
              pageCount: b.pageCount,
              weightGram: b.weightGram,
              widthCm: b.widthCm,
              heightCm: b.heightCm,
              thicknessCm: b.thicknessCm,
              stock: b.stock,
              sold: b.sold,
              publisherId: publisherIds.get(PUBLISHERS[b.publisher])!,
              supplierId: supplierIds.get(SUPPLIERS[b.supplier])!,
              createdAt,
              updatedAt: createdAt,
            };
          }),
        )
        .returning({ id: books.id });
      bookIds.push(...inserted.map((r) => r.id));
    }

    const links = DEMO_BOOKS.map((b, i) => ({ book: b, id: bookIds[i]! }));
    for (const batch of chunks(links, 200)) {
      await tx.insert(bookCategories).values(batch.map(({ book, id }) => ({ bookId: id, categoryId: categoryIds.get(book.category)!, position: 0 })));
      await tx
        .insert(bookAuthors)
        .values(batch.flatMap(({ book, id }) => book.authors.map((name, position) => ({ bookId: id, authorId: authorIds.get(name)!, position }))));
      await tx.insert(bookImages).values(batch.map(({ id }) => ({ bookId: id, sortOrder: 0, ...coverImageUrls(app.media.storage, id) })));
    }

    await refreshSearchDocuments(tx);
    return {
      bookIds,
      categories: categoryIds.size,
      authors: authorIds.size,
      publishers: publisherIds.size,
      suppliers: supplierIds.size,
    };
  });

  app.log.info(
    { books: result.bookIds.length, categories: result.categories, authors: result.authors, ms: Date.now() - started },
    'demo catalogue created',
  );
  return result;
}

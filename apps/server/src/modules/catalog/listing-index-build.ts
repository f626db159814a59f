import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ListingColumnsBuilder, type ListingBook, type ListingCategory, type ListingColumns } from './listing-index.ts';
import { rowsOf } from './search-index-build.ts';

/**
 * The build of a ListingIndex's columns from the books table (listing-index-loader.ts explains the whole). Apart
 * from the loader so a worker thread (listing-index-worker.ts) loads only this, not the app's database client.
 */
export const LISTING_BATCH = 50_000;

/** The columns a listing filters and sorts on; timestamps as exact microseconds (created_at ties break by id). */
export const listingRowColumns: SQL = sql`b.id, b.status, (extract(epoch from b.created_at) * 1000000)::float8 as created, b.sold, b.price,
  b.sale_price as "salePrice", (extract(epoch from b.sale_start_at) * 1000000)::float8 as "saleStart",
  (extract(epoch from b.sale_end_at) * 1000000)::float8 as "saleEnd", b.publisher_id as "publisherId",
  b.supplier_id as "supplierId", b.language, b.age_min_years as "ageMin", array_to_string(b.category_ids, ',') as cats`;

export interface ListingRow extends Omit<ListingBook, 'categoryIds'> {
  cats: string;
}

export const toListingBook = (r: ListingRow): ListingBook => ({
  id: r.id,
  status: r.status,
  created: Number(r.created),
  sold: r.sold,
  price: r.price,
  salePrice: r.salePrice,
  saleStart: r.saleStart === null ? null : Number(r.saleStart),
  saleEnd: r.saleEnd === null ? null : Number(r.saleEnd),
  publisherId: r.publisherId,
  supplierId: r.supplierId,
  language: r.language,
  ageMin: r.ageMin,
  categoryIds: r.cats ? r.cats.split(',').map(Number) : [],
});

/** Visible books in id order, by keyset from the primary key, and the feed's versions before the read. */
export async function buildListingColumns(db: Db): Promise<{ columns: ListingColumns; tree: ListingCategory[]; version: bigint; removedVersion: bigint }> {
  // The versions first: changes made while the batches are read come again through the feed.
  const [v] = await rowsOf<{ v: string; r: string }>(
    db,
    sql`select coalesce((select max(listing_version) from books), 0)::text as v, coalesce((select max(version) from book_search_removed), 0)::text as r`,
  );
  const builder = new ListingColumnsBuilder();
  let after = 0;
  for (;;) {
    const rows = await rowsOf<ListingRow>(
      db,
      sql`select ${listingRowColumns} from books b where b.status in ('ACTIVE', 'OUT_OF_STOCK') and b.id > ${after} order by b.id limit ${LISTING_BATCH}`,
    );
    for (const r of rows) builder.add(toListingBook(r));
    if (rows.length < LISTING_BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  // The category tree, for the books of each category with its descendants (tens or hundreds of rows).
  const tree = await rowsOf<ListingCategory>(db, sql`select id, parent_id as "parentId" from categories`);
  return { columns: builder.build(), tree, version: BigInt(v?.v ?? '0'), removedVersion: BigInt(v?.r ?? '0') };
}

/**
 * CPU of reading the listing index's columns at a million books: the batches as columns (buildListingColumns)
 * against rows parsed one by one (the earlier read), and of sorting and grouping them (listingParts).
 * `node --conditions=@nhasach/source --import tsx bench/listing-build-cpu.ts`; prints this process's CPU and wall
 * time with the load average (the database's own CPU is not counted).
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { ListingColumnsBuilder, listingParts } from '../apps/server/src/modules/catalog/listing-index.ts';
import { buildListingColumns, LISTING_BATCH, listingRowColumns, toListingBook, type ListingRow } from '../apps/server/src/modules/catalog/listing-index-build.ts';
import { rowsOf } from '../apps/server/src/modules/catalog/search-index-build.ts';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nhasach_bench';
const pool = new pg.Pool({ connectionString: url, max: 1 });
const db = drizzle(pool) as unknown as Db;
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
async function time<T>(label: string, f: () => Promise<T>): Promise<T> {
  const c = cpu();
  const t = performance.now();
  const r = await f();
  console.log(`${label}: ${((cpu() - c) / 1000).toFixed(2)} s CPU, ${((performance.now() - t) / 1000).toFixed(2)} s wall (load ${loadavg()[0]!.toFixed(2)})`);
  return r;
}
await time('rows one by one', async () => {
  const builder = new ListingColumnsBuilder();
  let after = 0;
  for (;;) {
    const rows = await rowsOf<ListingRow>(db, sql`select ${listingRowColumns} from books b where b.status in ('ACTIVE', 'OUT_OF_STOCK') and b.id > ${after} order by b.id limit ${LISTING_BATCH}`);
    for (const r of rows) builder.add(toListingBook(r));
    if (rows.length < LISTING_BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  return builder.build();
});
const built = await time('batches as columns', () => buildListingColumns(db));
await time('sort and group (listingParts)', async () => listingParts(built.columns, built.tree));
console.log(`${built.columns.ids.length} books`);
await pool.end();

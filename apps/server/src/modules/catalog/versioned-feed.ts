import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';

/**
 * A transaction may commit a smaller version after a larger one was read: the feeds of the in-memory indexes
 * (search-index-loader.ts, listing-index-loader.ts) read the last RESYNC_WINDOW versions again.
 */
export const RESYNC_WINDOW = 200;

/**
 * Reads a feed of versioned rows (a sequence the triggers bump) from `since` less the re-read window, in version
 * order, `batch` rows a query, handing each to `apply`; answers the highest version seen (`since` when none).
 */
export async function readFeed<R extends { version: string }>(
  since: bigint,
  batch: number,
  read: (after: bigint, limit: number) => Promise<R[]>,
  apply: (row: R) => void,
): Promise<bigint> {
  let highest = since;
  let after = since > BigInt(RESYNC_WINDOW) ? since - BigInt(RESYNC_WINDOW) : 0n;
  for (;;) {
    const rows = await read(after, batch);
    for (const r of rows) {
      apply(r);
      const v = BigInt(r.version);
      if (v > highest) highest = v;
      after = v;
    }
    if (rows.length < batch) return highest;
  }
}

/** Deleted books after `since` (their rows went with them): the log the trigger keeps, for both indexes. */
export const readRemovals = (db: Db, since: bigint, batch: number, remove: (bookId: number) => void): Promise<bigint> =>
  readFeed(
    since,
    batch,
    (after, limit) =>
      queryRows<{ id: number; version: string }>(
        db,
        sql`select book_id as id, version::text as version from book_search_removed where version > ${after.toString()}::bigint order by version limit ${limit}`,
      ),
    (g) => remove(g.id),
  );

import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isIndexedWord, SearchIndexBuilder, type AuthorEntry, type BookEntry, type Pause, type SearchIndex } from './search-index.ts';

/**
 * The build of a SearchIndex from book_search (search-index-loader.ts explains the whole). Apart from the
 * loader so a worker thread (search-index-worker.ts) loads only this and the index, not the app's database
 * client (PGlite and the migrations).
 */

/** Rows of a query (db/client.ts's queryRows, which this file does not import). */
export const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

export const BATCH = 50_000;

export interface Row {
  id: number;
  sold: number;
  title: string;
  words: string;
  marked: string;
  authors?: number[];
  visible: boolean;
  version: string;
}

/** The words of a stripped tsvector as text ("'a' 'b'"; words are [a-z0-9] only, so no quote is ever escaped). */
const wordsOf = (tsv: string): string[] =>
  tsv
    .split(' ')
    .map((w) => w.slice(1, -1))
    .filter((w) => w && isIndexedWord(w));

export const toEntry = (r: Omit<Row, 'visible' | 'version'>): BookEntry => ({
  id: r.id,
  sold: r.sold,
  title: r.title,
  docWords: wordsOf(r.words),
  authorIds: r.authors ?? [],
  marked: r.marked,
});

/**
 * A query started now and awaited later (the next batch while this one is processed): its failure is reported
 * where it is awaited, not as an unhandled rejection while the current batch is still being worked on.
 */
export function prefetch<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/** Yields to other work between slices of the build, so requests keep being answered while it runs. */
const pause: Pause = () => new Promise((resolve) => setImmediate(resolve));

export async function buildIndex(db: Db): Promise<{ index: SearchIndex; version: bigint }> {
  // The version before reading: changes made while the batches are read come again through the delta feed.
  const [v] = await rowsOf<{ v: string }>(db, sql`select coalesce(max(version), 0)::text as v from book_search`);
  const builder = new SearchIndexBuilder();
  // Only what the best-seller index holds (sold, book_id INCLUDE title, words): an index-only scan. The next batch
  // is asked for before this one is indexed, so the database reads it while this thread works.
  const batch = (after?: { sold: number; id: number }) =>
    prefetch(
      rowsOf<Omit<Row, 'visible' | 'version'>>(
        db,
        sql`select s.book_id as id, s.sold, s.title, s.words::text as words, s.marked from book_search s
          where s.visible ${after ? sql`and (s.sold, s.book_id) < (${after.sold}, ${after.id})` : sql``}
          order by s.sold desc, s.book_id desc limit ${BATCH}`,
      ),
    );
  for (let next: ReturnType<typeof batch> | undefined = batch(); next; ) {
    const rows: Omit<Row, 'visible' | 'version'>[] = await next;
    const last = rows[rows.length - 1];
    next = rows.length === BATCH && last ? batch({ sold: last.sold, id: last.id }) : undefined;
    for (const [i, r] of rows.entries()) {
      builder.addBook(toEntry(r));
      if (i % 5_000 === 4_999) await pause();
    }
  }
  // Authors of the books, by keyset on the primary key (one pass over book_authors, not a look-up per book).
  const slots = builder.slotsById();
  let from = { book: 0, author: 0 };
  for (;;) {
    const rows = await rowsOf<{ b: number; a: number }>(
      db,
      sql`select book_id as b, author_id as a from book_authors where (book_id, author_id) > (${from.book}, ${from.author})
        order by book_id, author_id limit ${BATCH * 2}`,
    );
    for (const { b, a } of rows) {
      const slot = b < slots.length ? slots[b]! : -1;
      if (slot >= 0) builder.addAuthorOf(slot, a);
    }
    if (rows.length < BATCH * 2) break;
    const last = rows[rows.length - 1]!;
    from = { book: last.b, author: last.a };
  }
  for (const a of await rowsOf<AuthorEntry>(db, sql`select a.id, f_search_norm(a.name) as name, a.name as marked from authors a order by a.id`)) builder.addAuthor(a);
  // Title order sorted by the database (byte order, as the index compares), sent as 4-byte integers.
  const [order] = await rowsOf<{ ids: Uint8Array | null }>(
    db,
    sql`select string_agg(int4send(book_id), ''::bytea order by title collate "C", book_id) as ids from book_search where visible`,
  );
  const byTitle = order?.ids ? titleOrder(order.ids, slots) : undefined;
  return { index: await builder.build(pause, byTitle), version: BigInt(v?.v ?? '0') };
}

/** Book ids (big-endian int4) in title order as dense indexes; undefined when a book came or went meanwhile. */
function titleOrder(ids: Uint8Array, slots: Int32Array): Int32Array | undefined {
  const view = new DataView(ids.buffer, ids.byteOffset, ids.byteLength);
  const out = new Int32Array(ids.byteLength / 4);
  for (let i = 0; i < out.length; i++) {
    const id = view.getInt32(i * 4);
    const slot = id < slots.length ? slots[id]! : -1;
    if (slot < 0) return undefined;
    out[i] = slot;
  }
  return out;
}


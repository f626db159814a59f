import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { keyHash, markedKey } from './ranking.ts';
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
const wordsOf = (tsv: string): string[] => {
  // "'a' 'b'" -> a, b in one split (a million books' words at a first build).
  if (tsv.length < 3) return [];
  const words = tsv.slice(1, -1).split("' '");
  return words.every(isIndexedWord) ? words : words.filter(isIndexedWord);
};

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

/** A batch of books in best-seller order as one row of columns (see buildIndex). */
interface SearchBatch {
  n: number;
  ids: Uint8Array | null;
  sold: Uint8Array | null;
  titles: string | null;
  words: string | null;
  /** The titles as written joined by newlines (a newline within one read as a space: the same key). */
  marked: string | null;
}

/** node-postgres gives a Buffer, the embedded database a Uint8Array: a Buffer over the same bytes. */
const bufferOf = (u: Uint8Array): Buffer => (Buffer.isBuffer(u) ? u : Buffer.from(u.buffer, u.byteOffset, u.byteLength));

/** Adds a batch to the builder; the (sold, id) of its last book, from which the next batch reads. */
function addSearchBatch(builder: SearchIndexBuilder, b: SearchBatch, after?: { sold: number; id: number }): { sold: number; id: number } {
  const ids = bufferOf(b.ids!);
  const sold = bufferOf(b.sold!);
  const marked = b.marked ?? '';
  const batch = { ids: new Int32Array(b.n), sold: new Int32Array(b.n), markedHash: new Int32Array(b.n), titles: b.titles ?? '', words: b.words ?? '' };
  let previous = after;
  let p = 0;
  for (let i = 0; i < b.n; i++) {
    const id = ids.readInt32BE(i * 4);
    const s = sold.readInt32BE(i * 4);
    // The rows came in the subquery's order into every aggregate: best sellers first, or the batch is refused.
    if (previous && (s > previous.sold || (s === previous.sold && id >= previous.id))) throw new Error('search build: a batch not in best-seller order');
    previous = { sold: s, id };
    batch.ids[i] = id;
    batch.sold[i] = s;
    let end = marked.indexOf('\n', p);
    if (end < 0) end = marked.length;
    batch.markedHash[i] = keyHash(markedKey(marked, p, end));
    p = end + 1;
  }
  if (p !== marked.length + 1) throw new Error('search build: a batch whose titles as written do not match its books');
  builder.addBatch(batch);
  return previous!;
}

/** `batchSize`: books per read (smaller in tests, to cross batches). */
export async function buildIndex(db: Db, batchSize = BATCH): Promise<{ index: SearchIndex; version: bigint }> {
  // The version before reading: changes made while the batches are read come again through the delta feed.
  const [v] = await rowsOf<{ v: string }>(db, sql`select coalesce(max(version), 0)::text as v from book_search`);
  // Title order sorted by the database (byte order, as the index compares), sent as 4-byte integers; asked for
  // first, so PostgreSQL sorts while this thread indexes (a second connection in the worker).
  const titleOrderRead = prefetch(
    rowsOf<{ ids: Uint8Array | null }>(db, sql`select string_agg(int4send(book_id), ''::bytea order by title collate "C", book_id) as ids from book_search where visible`),
  );
  // Pairs as bytea (book id, author id) in one row: a million pairs parsed as objects cost half a second, and read
  // in keyset batches after the books they held the build up for about 0.7 s.
  const pairsRead = prefetch(
    rowsOf<{ n: number; pairs: Uint8Array | null }>(
      db,
      sql`select count(*)::int as n, string_agg(int4send(book_id) || int4send(author_id), ''::bytea order by book_id, author_id) as pairs from book_authors`,
    ),
  );
  const builder = new SearchIndexBuilder();
  // Only what the best-seller index holds (sold, book_id INCLUDE title, words): an index-only scan, a batch as
  // one row of columns (numbers as bytea, texts joined by newlines): a million rows parsed as objects cost seconds. The next
  // batch is asked for before this one is indexed, so the database reads it while this thread works.
  const batch = (after?: { sold: number; id: number }) =>
    prefetch(
      rowsOf<SearchBatch>(
        db,
        sql`select count(*)::int as n, string_agg(int4send(r.id), ''::bytea) as ids, string_agg(int4send(r.sold), ''::bytea) as sold,
            string_agg(r.title, E'\n') as titles, string_agg(r.words, E'\n') as words,
            string_agg(r.marked, E'\n') as marked
          from (select s.book_id as id, s.sold, coalesce(s.title, '') as title, coalesce(s.words::text, '') as words, replace(coalesce(s.marked, ''), E'\n', ' ') as marked
            from book_search s
            where s.visible ${after ? sql`and (s.sold, s.book_id) < (${after.sold}, ${after.id})` : sql``}
            order by s.sold desc, s.book_id desc limit ${batchSize}) r`,
      ),
    );
  let after: { sold: number; id: number } | undefined;
  for (let next: ReturnType<typeof batch> | undefined = batch(); next; ) {
    const rows: SearchBatch | undefined = (await next)[0];
    const n: number = rows?.n ?? 0;
    if (!rows || n === 0) break;
    const from = after;
    // The last book's keyset is read before the batch is indexed, so the next read starts at once.
    const last: { sold: number; id: number } = { id: bufferOf(rows.ids!).readInt32BE((n - 1) * 4), sold: bufferOf(rows.sold!).readInt32BE((n - 1) * 4) };
    next = n === batchSize ? batch(last) : undefined;
    after = addSearchBatch(builder, rows, from);
    await pause();
  }
  // Authors of the books: every (book id, author id) pair, asked for with the first batch (read while this thread
  // indexes; 8 bytes a pair, about 9 MB at a million books).
  const slots = builder.slotsById();
  const [pairsRow] = await pairsRead;
  const n = pairsRow?.n ?? 0;
  const pairs = pairsRow?.pairs ? bufferOf(pairsRow.pairs) : undefined;
  let from = { book: 0, author: 0 };
  for (let i = 0; pairs && i < n; i++) {
    const b = pairs.readInt32BE(i * 8);
    const a = pairs.readInt32BE(i * 8 + 4);
    // The aggregate's own order: pairs rise, each once.
    if (b < from.book || (b === from.book && a <= from.author)) throw new Error('search build: authors not in order');
    from = { book: b, author: a };
    const slot = b < slots.length ? slots[b]! : -1;
    if (slot >= 0) builder.addAuthorOf(slot, a);
  }
  for (const a of await rowsOf<AuthorEntry>(db, sql`select a.id, f_search_norm(a.name) as name, a.name as marked from authors a order by a.id`)) builder.addAuthor(a);
  const [order] = await titleOrderRead;
  const byTitle = order?.ids ? titleOrder(order.ids, slots, builder.ids.length) : undefined;
  return { index: await builder.build(pause, byTitle), version: BigInt(v?.v ?? '0') };
}

/**
 * Book ids (big-endian int4) in title order as dense indexes; undefined when a book came or went between the two
 * reads (the order then holds another set of books than the batches).
 */
function titleOrder(ids: Uint8Array, slots: Int32Array, books: number): Int32Array | undefined {
  if (ids.byteLength / 4 !== books) return undefined;
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


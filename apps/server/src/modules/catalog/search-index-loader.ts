import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { isIndexedWord, SearchIndexBuilder, type Pause, type AuthorEntry, type BookEntry, type SearchIndex, type SearchIndexStats } from './search-index.ts';

/**
 * Keeps a SearchIndex of one database in step with book_search (see docs/decisions.md, "Search in memory").
 * - Build: the visible books in best-seller order, read in batches by keyset from the best-seller index
 *   (index-only), with their authors; then every author's normalised name.
 * - Delta: rows of book_search whose version (a sequence bumped by the trigger on every change) is above the
 *   last one seen, read before a search when the last read is older than SYNC_MS or a catalogue change was
 *   announced. A transaction may commit a smaller version after a larger one was read: the feed re-reads the
 *   last RESYNC_WINDOW versions, and a rebuild every REBUILD_MS settles anything left.
 * - Rebuild: in the background when the overlay grows past a share of the books or the index is old; the old
 *   index answers until the new one is complete.
 */
const BATCH = 50_000;
const SYNC_MS = 1_000;
const RESYNC_WINDOW = 200;
const REBUILD_MS = 30 * 60_000;
/** A build slower than this lets searches use the database meanwhile (a million books take seconds). */
const WAIT_FOR_BUILD_MS = 2_000;
/**
 * An instance whose first build has run this long answers ready anyway (the database answers its searches): a
 * slow build must not keep a deploy from ever finishing.
 */
export const READY_CEILING_MS = 120_000;

interface Row {
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

const toEntry = (r: Omit<Row, 'visible' | 'version'>): BookEntry => ({
  id: r.id,
  sold: r.sold,
  title: r.title,
  docWords: wordsOf(r.words),
  authorIds: r.authors ?? [],
  marked: r.marked,
});

const rowColumns = sql`s.book_id as id, s.sold, s.title, s.words::text as words, s.marked, s.visible, s.version::text as version`;
const rowAuthors = sql`array(select ba.author_id from book_authors ba where ba.book_id = s.book_id order by ba.author_id) as authors`;

/** Yields to other work between slices of the build, so requests keep being answered while it runs. */
const pause: Pause = () => new Promise((resolve) => setImmediate(resolve));

async function build(db: Db): Promise<{ index: SearchIndex; version: bigint }> {
  // The version before reading: changes made while the batches are read come again through the delta feed.
  const [v] = await queryRows<{ v: string }>(db, sql`select coalesce(max(version), 0)::text as v from book_search`);
  const builder = new SearchIndexBuilder();
  let after: { sold: number; id: number } | undefined;
  for (;;) {
    // Only what the best-seller index holds (sold, book_id INCLUDE title, words): an index-only scan.
    const rows = await queryRows<Omit<Row, 'visible' | 'version'>>(
      db,
      sql`select s.book_id as id, s.sold, s.title, s.words::text as words, s.marked from book_search s
        where s.visible ${after ? sql`and (s.sold, s.book_id) < (${after.sold}, ${after.id})` : sql``}
        order by s.sold desc, s.book_id desc limit ${BATCH}`,
    );
    for (const [i, r] of rows.entries()) {
      builder.addBook(toEntry(r));
      if (i % 5_000 === 4_999) await pause();
    }
    if (rows.length < BATCH) break;
    const last = rows[rows.length - 1]!;
    after = { sold: last.sold, id: last.id };
  }
  // Authors of the books, by keyset on the primary key (one pass over book_authors, not a look-up per book).
  const slots = builder.slotsById();
  let from = { book: 0, author: 0 };
  for (;;) {
    const rows = await queryRows<{ b: number; a: number }>(
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
  for (const a of await queryRows<AuthorEntry>(db, sql`select a.id, f_search_norm(a.name) as name, a.name as marked from authors a order by a.id`)) builder.addAuthor(a);
  // Title order sorted by the database (byte order, as the index compares), sent as 4-byte integers.
  const [order] = await queryRows<{ ids: Uint8Array | null }>(
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

export class SearchIndexFeed {
  private index: SearchIndex | undefined;
  private version = 0n;
  /** The last version of book_search_removed read (a book deleted later is removed from the index). */
  private removedVersion = 0n;
  private syncedAt = 0;
  private dirty = false;
  private building: Promise<void> | undefined;
  private syncing: Promise<void> | undefined;

  constructor(private readonly db: Db, private readonly onError: (err: unknown) => void = () => {}) {}

  /** When preload() started the first build (readiness waits for it, up to READY_CEILING_MS). */
  private preloadedAt: number | undefined;
  private buildFailed = false;

  /** Starts the first build without waiting (server start). */
  preload(): void {
    this.preloadedAt ??= Date.now();
    void this.startBuild();
  }

  /**
   * False while the first build started by preload() runs, for at most READY_CEILING_MS: a new instance of a
   * rolling deploy stays out of the load balancer instead of answering searches from the database under the
   * build's load. True without a preload (tests, development: built at the first search) or after a failed build.
   */
  ready(now = Date.now()): boolean {
    if (this.index || this.preloadedAt === undefined || this.buildFailed) return true;
    return now - this.preloadedAt >= READY_CEILING_MS;
  }

  stats(): SearchIndexStats | null {
    return this.index?.stats() ?? null;
  }

  /** A catalogue change was announced: read the feed before the next search. */
  markDirty(): void {
    this.dirty = true;
  }

  /**
   * The index, current to within SYNC_MS of the last announced change; undefined while the first build runs
   * past WAIT_FOR_BUILD_MS or failed (the caller searches the database).
   */
  async current(): Promise<SearchIndex | undefined> {
    if (!this.index) {
      const build = this.startBuild();
      await Promise.race([build, new Promise((resolve) => setTimeout(resolve, WAIT_FOR_BUILD_MS).unref())]);
      if (!this.index) return undefined;
    }
    if (this.dirty || Date.now() - this.syncedAt > SYNC_MS) {
      try {
        await this.sync();
      } catch (err) {
        // The database is away: the index answers as it was (search results may lag writes briefly anyway).
        this.onError(err);
      }
    }
    const index = this.index;
    const stats = index.stats();
    if (!this.building && (stats.overlay > Math.max(1_000, stats.books / 50) || Date.now() - stats.builtAt > REBUILD_MS)) void this.startBuild();
    return index;
  }

  private startBuild(): Promise<void> {
    this.building ??= build(this.db)
      .then(({ index, version }) => {
        this.index = index;
        this.version = version;
        this.removedVersion = version;
        this.syncedAt = 0;
      })
      .catch((err: unknown) => {
        if (!this.index) this.buildFailed = true;
        this.onError(err);
      })
      .finally(() => {
        this.building = undefined;
      });
    return this.building;
  }

  private sync(): Promise<void> {
    this.syncing ??= (async () => {
      this.dirty = false;
      let lower = this.version > BigInt(RESYNC_WINDOW) ? this.version - BigInt(RESYNC_WINDOW) : 0n;
      for (;;) {
        const rows = await queryRows<Row>(
          this.db,
          sql`select ${rowColumns}, ${rowAuthors} from book_search s where s.version > ${lower.toString()}::bigint order by s.version limit ${BATCH}`,
        );
        const index = this.index!;
        for (const r of rows) {
          index.apply(toEntry(r), r.visible);
          const v = BigInt(r.version);
          if (v > this.version) this.version = v;
          lower = v;
        }
        if (rows.length < BATCH) break;
      }
      // Deleted books (their book_search row went with them): the log the trigger keeps, on the same versions.
      let removedFrom = this.removedVersion > BigInt(RESYNC_WINDOW) ? this.removedVersion - BigInt(RESYNC_WINDOW) : 0n;
      for (;;) {
        const gone = await queryRows<{ id: number; version: string }>(
          this.db,
          sql`select book_id as id, version::text as version from book_search_removed where version > ${removedFrom.toString()}::bigint order by version limit ${BATCH}`,
        );
        for (const g of gone) {
          this.index!.remove(g.id);
          const v = BigInt(g.version);
          if (v > this.removedVersion) this.removedVersion = v;
          removedFrom = v;
        }
        if (gone.length < BATCH) break;
      }
      this.syncedAt = Date.now();
    })().finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }
}

import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { SearchIndex, type SearchIndexStats } from './search-index.ts';
import { BATCH, toEntry, type Row } from './search-index-build.ts';
import { indexOf, loadIndex, type LoadOptions } from './search-index-snapshot.ts';
import { buildInThread, buildLoad, REMOVED_KEEP_MS } from './index-build-thread.ts';
import { readFeed, readRemovals } from './versioned-feed.ts';

/**
 * Keeps a SearchIndex of one database in step with book_search (see docs/decisions.md, "Search in memory").
 * - Build: the visible books in best-seller order, read in batches by keyset from the best-seller index
 *   (index-only), with their authors; then every author's normalised name.
 * - Delta: rows of book_search whose version (a sequence bumped by the trigger on every change) is above the
 *   last one seen, read before a search when the last read is older than SYNC_MS or a catalogue change was
 *   announced. A transaction may commit a smaller version after a larger one was read: the feed re-reads the
 *   last RESYNC_WINDOW versions, and a rebuild every REBUILD_MS settles anything left.
 * - Rebuild: in the background when the overlay grows past a share of the books or the index is old; the old
 *   index answers until the new one is complete. On PostgreSQL in production every build runs in a worker thread
 *   (search-index-worker.ts), so it costs the requests of this instance nothing but the arrays' hand-over.
 * - Snapshot (search-index-snapshot.ts): with a directory, each build from the database is written to disk, and
 *   the first build at start reads it instead when it is usable; the feed then applies the changes since its
 *   version before the instance answers ready.
 */
const SYNC_MS = 1_000;
const REBUILD_MS = 30 * 60_000;
/** A build slower than this lets searches use the database meanwhile (a million books take seconds). */
const WAIT_FOR_BUILD_MS = 2_000;
/**
 * An instance whose first build has run this long answers ready anyway (the database answers its searches): a
 * slow build must not keep a deploy from ever finishing.
 */
export const READY_CEILING_MS = 120_000;
/** Deletes the removal log's rows older than `keepMs`; the number deleted. */
export async function pruneRemovedLog(db: Db, keepMs = REMOVED_KEEP_MS): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with gone as (delete from book_search_removed where removed_at < now() - make_interval(secs => ${keepMs / 1000}) returning 1)
      select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}

const rowColumns = sql`s.book_id as id, s.sold, s.title, s.words::text as words, s.marked, s.visible, s.version::text as version`;
const rowAuthors = sql`array(select ba.author_id from book_authors ba where ba.book_id = s.book_id order by ba.author_id) as authors`;

interface Built {
  index: SearchIndex;
  startedAt?: number;
  version: bigint;
  source: 'snapshot' | 'database';
  notes: string[];
}

/** The build in a worker thread (search-index-worker.ts): the main thread only receives the arrays. */
async function buildInWorker(url: string, load: LoadOptions): Promise<Built> {
  const m = await buildInThread(url, load);
  if (!m.portable || m.version === undefined) throw new Error(`search index build failed: ${m.error ?? 'no index'}`);
  return { index: SearchIndex.fromPortable(m.portable, m.builtAt), version: BigInt(m.version), source: m.source ?? 'database', notes: m.notes ?? [], startedAt: m.startedAt };
}

export interface SearchIndexFeedOptions {
  onError?: (err: unknown) => void;
  /** PostgreSQL's address: the builds run in a worker thread with their own connection (none: in this thread). */
  workerUrl?: string;
  /** The longest an index serves before a background rebuild (default REBUILD_MS). */
  rebuildMs?: number;
  /** Where the built index is kept on disk for the next start (none: no snapshot). */
  snapshotDir?: string;
  /** What became of the snapshot and the first build (for the log). */
  onNotice?: (message: string) => void;
}

export class SearchIndexFeed {
  private index: SearchIndex | undefined;
  private version = 0n;
  /** The last version of book_search_removed read (a book deleted later is removed from the index). */
  private removedVersion = 0n;
  private syncedAt = 0;
  private dirty = false;
  private building: Promise<void> | undefined;
  /** The read of changes under way, and the index it reads for. */
  private syncing: { index: SearchIndex; done: Promise<void> } | undefined;
  /** Bumped when an index is swapped in: a read begun for the one before leaves the versions alone. */
  private epoch = 0;

  private readonly onError: (err: unknown) => void;
  private readonly workerUrl: string | undefined;

  constructor(private readonly db: Db, opts: SearchIndexFeedOptions = {}) {
    this.onError = opts.onError ?? (() => {});
    this.onNotice = opts.onNotice ?? (() => {});
    this.workerUrl = opts.workerUrl;
    this.rebuildMs = opts.rebuildMs ?? REBUILD_MS;
    this.snapshotDir = opts.snapshotDir;
  }
  private readonly rebuildMs: number;
  private readonly snapshotDir: string | undefined;
  private readonly onNotice: (message: string) => void;
  /** Set while the index read from a snapshot catches up with the changes since (readiness waits for it). */
  private catchingUp = false;

  /** When preload() started the first build (readiness waits for it, up to READY_CEILING_MS). */
  private preloadedAt: number | undefined;
  private buildFailed = false;

  /** Starts the first build (server start); settles when it is done or failed. */
  preload(): Promise<void> {
    this.preloadedAt ??= Date.now();
    return this.startBuild();
  }

  /**
   * False while the first build started by preload() runs, for at most READY_CEILING_MS: a new instance of a
   * rolling deploy stays out of the load balancer instead of answering searches from the database under the
   * build's load. True without a preload (tests, development: built at the first search) or after a failed build.
   */
  ready(now = Date.now()): boolean {
    if ((this.index && !this.catchingUp) || this.preloadedAt === undefined || this.buildFailed) return true;
    return now - this.preloadedAt >= READY_CEILING_MS;
  }

  /** The index's size (null while the first build runs), and whether the builds run in a worker thread. */
  stats(): (SearchIndexStats & { worker: boolean }) | null {
    return this.index ? { ...this.index.stats(), worker: this.workerUrl !== undefined } : null;
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
    try {
      // Again when a change was announced while that read ran, or another index was swapped in meanwhile.
      for (let i = 0; i < 3 && (this.dirty || Date.now() - this.syncedAt > SYNC_MS); i++) await this.sync();
    } catch (err) {
      // The database is away: the index answers as it was (search results may lag writes briefly anyway).
      this.onError(err);
    }
    const index = this.index;
    const stats = index.stats();
    if (!this.building && (stats.overlay > Math.max(1_000, stats.books / 50) || Date.now() - stats.builtAt > this.rebuildMs)) void this.startBuild();
    return index;
  }

  private startBuild(): Promise<void> {
    const started = Date.now();
    const load = buildLoad(this.snapshotDir, !this.index);
    const build = (): Promise<Built> => (this.workerUrl ? buildInWorker(this.workerUrl, load) : loadIndex(this.db, load).then((l) => ({ ...l, index: indexOf(l) })));
    this.building ??= build()
      .then(async ({ index, version, source, notes, startedAt = started }) => {
        for (const note of notes) this.onNotice(`search index: ${note}`);
        this.epoch++;
        this.version = version;
        this.removedVersion = version;
        this.syncedAt = 0;
        if (source === 'snapshot') {
          // Ready once the changes since the snapshot are in: a search must not find words the books lost.
          this.catchingUp = true;
          this.index = index;
          try {
            await this.sync();
          } finally {
            this.catchingUp = false;
          }
        } else {
          this.index = index;
          // Upkeep once per build (every REBUILD_MS at most): the removal log would otherwise grow for ever.
          pruneRemovedLog(this.db).catch((err: unknown) => this.onError(err));
        }
        this.onNotice(`search index: ${index.stats().books} books from the ${source} in ${Date.now() - startedAt} ms`);
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
    const index = this.index!;
    if (this.syncing?.index === index) return this.syncing.done;
    const epoch = this.epoch;
    const done: Promise<void> = (async () => {
      this.dirty = false;
      const version = await readFeed(
        this.version,
        BATCH,
        (after, limit) => queryRows<Row>(this.db, sql`select ${rowColumns}, ${rowAuthors} from book_search s where s.version > ${after.toString()}::bigint order by s.version limit ${limit}`),
        (r) => index.apply(toEntry(r), r.visible),
      );
      // Deleted books (their book_search row went with them): the log the trigger keeps, on the same versions.
      const removedVersion = await readRemovals(this.db, this.removedVersion, BATCH, (id) => index.remove(id));
      // Another index swapped in meanwhile keeps its own versions (this read's would skip changes it has not seen).
      if (epoch !== this.epoch) return;
      this.version = version;
      this.removedVersion = removedVersion;
      this.syncedAt = Date.now();
    })().finally(() => {
      if (this.syncing?.done === done) this.syncing = undefined;
    });
    this.syncing = { index, done };
    return done;
  }
}

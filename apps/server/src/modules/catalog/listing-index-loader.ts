import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { ListingIndex } from './listing-index.ts';
import { LISTING_BATCH, listingRowColumns, toListingBook, type ListingRow } from './listing-index-build.ts';
import { loadListingParts, type ListingLoad, type ListingLoadOptions } from './listing-index-snapshot.ts';
import { buildLoad, runBuildWorker } from './index-build-thread.ts';
import { readFeed, readRemovals } from './versioned-feed.ts';

/**
 * Keeps a ListingIndex of one database in step with the books table (docs/decisions.md, "Listings from memory"),
 * as SearchIndexFeed does for the search:
 * - Build: the visible books' listing columns in id order, sorted and grouped, in a worker thread on PostgreSQL
 *   in production (the main thread only receives the arrays); in this thread elsewhere (tests, PGlite). At start,
 *   from the snapshot of the last build when there is a usable one (listing-index-snapshot.ts).
 * - Feed: books whose listing_version (a sequence the trigger of migration 0036/0037 bumps on every change of a
 *   listing column) is above the last seen, read before a listing when the last read is older than SYNC_MS or a
 *   change was announced; deleted books through book_search_removed. A transaction may commit a smaller version
 *   after a larger one was read: the last RESYNC_WINDOW versions are read again.
 * - Rebuild in the background when the changed books pass rebuildDue's number; the old index answers until the
 *   new one is complete.
 * Until the first build is done, listings are answered by PostgreSQL.
 */
const SYNC_MS = 1_000;
const WAIT_FOR_BUILD_MS = 2_000;

/**
 * A rebuild starts when the books changed since the build (in the overlay, and dead in the arrays) pass this many:
 * every listing merges the overlay, so its cost grows with it, while a rebuild is a worker's 10-20 s at a million
 * books (docs/decisions.md, "A rebuild at a fixed number of changed books").
 */
function rebuildDue(stats: { books: number; overlay: number; dead: number }): boolean {
  return stats.overlay + stats.dead > Math.max(1_000, Math.min(stats.books / 50, 4_000));
}

async function buildInWorker(url: string, load: ListingLoadOptions): Promise<ListingLoad> {
  type Answer = Partial<Omit<ListingLoad, 'version' | 'removedVersion'>> & { version?: string; removedVersion?: string; error?: string };
  const m = await runBuildWorker<Answer>('listing-index-worker', { url, load });
  if (!m.parts || m.version === undefined || m.removedVersion === undefined || !m.source) throw new Error(`listing index build failed: ${m.error ?? 'no index'}`);
  return { parts: m.parts, version: BigInt(m.version), removedVersion: BigInt(m.removedVersion), source: m.source, cards: m.cards ?? true, notes: m.notes ?? [] };
}

export interface ListingIndexFeedOptions {
  onError?: (err: unknown) => void;
  onNotice?: (message: string) => void;
  workerUrl?: string;
  /** Where the built index is kept for the next start (listing-index-snapshot.ts; none: no snapshot). */
  snapshotDir?: string;
  /** Rebuild also when the index is this old (0, the default: only when the overlay has grown). */
  rebuildMs?: number;
  /**
   * A first build without a usable snapshot reads the listing columns alone, then at once builds again with the
   * card text: listings come from memory in seconds instead of about 20 s at a million books, their cards from the
   * database meanwhile.
   */
  columnsFirst?: boolean;
}

export class ListingIndexFeed {
  private index: ListingIndex | undefined;
  private version = 0n;
  private removedVersion = 0n;
  private syncedAt = 0;
  private dirty = false;
  private building: Promise<void> | undefined;
  /** The read of changes under way, and the index it reads for. */
  private syncing: { index: ListingIndex; done: Promise<void> } | undefined;
  /** Bumped when an index is swapped in: a read begun for the one before leaves the versions alone. */
  private epoch = 0;
  private readonly onError: (err: unknown) => void;
  private readonly onNotice: (message: string) => void;
  private readonly workerUrl: string | undefined;
  private readonly snapshotDir: string | undefined;
  private readonly rebuildMs: number;
  private readonly columnsFirst: boolean;

  constructor(
    private readonly db: Db,
    opts: ListingIndexFeedOptions = {},
  ) {
    this.onError = opts.onError ?? (() => {});
    this.onNotice = opts.onNotice ?? (() => {});
    this.workerUrl = opts.workerUrl;
    this.snapshotDir = opts.snapshotDir;
    this.rebuildMs = opts.rebuildMs ?? 0;
    this.columnsFirst = opts.columnsFirst ?? false;
  }

  preload(): Promise<void> {
    return this.startBuild();
  }

  markDirty(): void {
    this.dirty = true;
  }

  stats() {
    return this.index?.stats() ?? null;
  }

  /**
   * The index, current to within SYNC_MS; undefined while the first build runs past WAIT_FOR_BUILD_MS or failed.
   * `wait: false`: undefined at once while there is no index yet (the cards, which the database serves meanwhile).
   */
  async current({ wait = true }: { wait?: boolean } = {}): Promise<ListingIndex | undefined> {
    if (!this.index && !wait) return undefined;
    if (!this.index) {
      const build = this.startBuild();
      await Promise.race([build, new Promise((resolve) => setTimeout(resolve, WAIT_FOR_BUILD_MS).unref())]);
      if (!this.index) return undefined;
    }
    try {
      // Again when a change was announced while that read ran, or another index was swapped in meanwhile.
      for (let i = 0; i < 3 && (this.dirty || Date.now() - this.syncedAt > SYNC_MS); i++) await this.sync();
    } catch (err) {
      // The database is away: the index answers as it was.
      this.onError(err);
    }
    const index = this.index;
    const stats = index.stats();
    // Only a grown overlay calls for a rebuild: the feed follows every change (sale windows are compared with the
    // request's time), so age alone is no reason, and a rebuild on the search index's clock would build both at once.
    if (!this.building && (rebuildDue(stats) || (this.rebuildMs > 0 && Date.now() - stats.builtAt > this.rebuildMs))) {
      void this.startBuild();
    }
    return index;
  }

  private startBuild(): Promise<void> {
    const started = Date.now();
    const first = !this.index;
    const load: ListingLoadOptions = { ...buildLoad(this.snapshotDir, first), cards: !(first && this.columnsFirst) };
    let cardsToRead = false;
    this.building ??= (this.workerUrl ? buildInWorker(this.workerUrl, load) : loadListingParts(this.db, load))
      .then(async ({ parts, version, removedVersion, source, cards, notes }) => {
        cardsToRead = !cards;
        for (const note of notes) this.onNotice(`listing index: ${note}`);
        const index = new ListingIndex(parts);
        this.epoch++;
        this.version = version;
        this.removedVersion = removedVersion;
        // A snapshot's index takes the changes since (possibly hours of them) before it answers: the database
        // answers listings meanwhile, and no listing waits for the catch-up.
        if (source === 'snapshot') await this.readChanges(index, this.epoch);
        this.index = index;
        this.syncedAt = source === 'snapshot' ? Date.now() : 0;
        this.onNotice(`listing index: ${index.stats().books} books from the ${source}${cards ? '' : ' (without the card text)'} in ${Date.now() - started} ms`);
      })
      .catch((err: unknown) => this.onError(err))
      .finally(() => {
        this.building = undefined;
        if (cardsToRead) void this.startBuild();
      });
    return this.building;
  }

  private sync(): Promise<void> {
    const index = this.index!;
    if (this.syncing?.index === index) return this.syncing.done;
    const done: Promise<void> = this.readChanges(index, this.epoch)
      .then((current) => {
        if (current) this.syncedAt = Date.now();
      })
      .finally(() => {
        if (this.syncing?.done === done) this.syncing = undefined;
      });
    this.syncing = { index, done };
    return done;
  }

  /**
   * Applies to `index` the books changed and removed since the versions last read. False when another index was
   * swapped in meanwhile: its own versions stay (this read's would skip changes it has not seen).
   */
  private async readChanges(index: ListingIndex, epoch: number): Promise<boolean> {
    this.dirty = false;
    const version = await readFeed(
      this.version,
      LISTING_BATCH,
      (after, limit) =>
        queryRows<ListingRow & { visible: boolean; version: string }>(
          this.db,
          sql`select ${listingRowColumns}, b.status in ('ACTIVE', 'OUT_OF_STOCK') as visible, b.listing_version::text as version
            from books b where b.listing_version > ${after.toString()}::bigint order by b.listing_version limit ${limit}`,
        ),
      (r) => index.apply(toListingBook(r), r.visible),
    );
    const removedVersion = await readRemovals(this.db, this.removedVersion, LISTING_BATCH, (id) => index.remove(id));
    if (epoch !== this.epoch) return false;
    this.version = version;
    this.removedVersion = removedVersion;
    return true;
  }
}

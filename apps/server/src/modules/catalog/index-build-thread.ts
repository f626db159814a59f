import { Worker } from 'node:worker_threads';
import type { PortableIndex } from './search-index.ts';
import type { LoadOptions } from './search-index-snapshot.ts';

/**
 * The in-memory indexes' build threads as the main thread starts them, kept apart from the indexes' code so that
 * main.ts can start the first search build before the app's modules are loaded: at a million books a first start is
 * ready when that build is, and the imports take one to two seconds it need not wait for.
 */

/**
 * Rows of book_search_removed older than this are deleted after a build. An instance reads the log from the
 * version of its last build, and rebuilds at least every REBUILD_MS, so a day is far longer than any instance
 * lags; one that does (asleep for a day) finds the deleted book gone at its next build, and a card of a deleted
 * book is never shown (the cards are read by id from the books table).
 */
export const REMOVED_KEEP_MS = 24 * 60 * 60_000;

/** A snapshot is ignored once older than this: the removal log must still reach back to its version. */
export const snapshotMaxAge = (removedKeepMs: number): number => removedKeepMs - 60 * 60_000;

/** How a build reads: the first one of a start from the snapshot in `dir` when usable, the others from the database. */
export const buildLoad = (dir: string | undefined, first: boolean): LoadOptions => ({
  ...(dir ? { dir } : {}),
  fromSnapshot: first,
  maxAgeMs: snapshotMaxAge(REMOVED_KEEP_MS),
});

export interface WorkerAnswer {
  portable?: PortableIndex;
  version?: string;
  builtAt?: number;
  source?: 'snapshot' | 'database';
  notes?: string[];
  error?: string;
  /** When the build began (an early build began before the feed asked for it). */
  startedAt: number;
}

/**
 * One build in a worker thread (search-index-worker.ts or listing-index-worker.ts) with its own connection, its
 * answer the worker's one message. Compiled (.js) or from source (.ts, under tsx).
 */
export function runBuildWorker<T extends object>(worker: 'search-index-worker' | 'listing-index-worker', workerData: unknown): Promise<T & { startedAt: number }> {
  const startedAt = Date.now();
  const fromSource = import.meta.url.endsWith('.ts');
  const script = new URL(`./${worker}${fromSource ? '.ts' : '.js'}`, import.meta.url);
  // From source (tsx), the worker registers tsx's loader first: Node does not carry the main thread's loader
  // hooks into a worker.
  const thread = fromSource
    ? new Worker(
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); })`,
        { eval: true, workerData },
      )
    : new Worker(script, { workerData });
  // A build under way does not hold the process open at shutdown.
  thread.unref();
  const answer = new Promise<T & { startedAt: number }>((resolve, reject) => {
    let settled = false;
    thread.once('message', (m: T) => {
      settled = true;
      resolve({ ...m, startedAt });
    });
    thread.once('error', (err) => {
      settled = true;
      reject(err);
    });
    thread.once('exit', (code) => {
      if (!settled) reject(new Error(`${worker} exited with code ${code}`));
    });
  });
  // Reported where it is awaited (an early build may be awaited only seconds later).
  answer.catch(() => {});
  return answer;
}

const runWorker = (url: string, load: LoadOptions) => runBuildWorker<Omit<WorkerAnswer, 'startedAt'>>('search-index-worker', { url, load });

/**
 * Where the indexes build: in a worker thread on its own connection in production on PostgreSQL (undefined: in the
 * serving thread), with the snapshots' folder when one is set.
 */
export function buildPlace(c: { isProduction: boolean; DATABASE_URL?: string | undefined; SEARCH_INDEX_SNAPSHOT_DIR?: string | undefined }): { url: string; snapshotDir?: string } | undefined {
  if (!c.isProduction || !c.DATABASE_URL) return undefined;
  return { url: c.DATABASE_URL, ...(c.SEARCH_INDEX_SNAPSHOT_DIR ? { snapshotDir: c.SEARCH_INDEX_SNAPSHOT_DIR } : {}) };
}

let early: { url: string; load: string; answer: Promise<WorkerAnswer> } | undefined;

/** main.ts: the first build of this start, begun before the app is loaded; the search feed's first build takes it. */
export function startEarlyBuild(url: string, snapshotDir: string | undefined): void {
  const load = buildLoad(snapshotDir, true);
  early = { url, load: JSON.stringify(load), answer: runWorker(url, load) };
}

/** A build in a worker: the early one when it was begun with the same address and options, else a new one. */
export function buildInThread(url: string, load: LoadOptions): Promise<WorkerAnswer> {
  const started = early;
  early = undefined;
  if (started && started.url === url && started.load === JSON.stringify(load)) return started.answer;
  return runWorker(url, load);
}

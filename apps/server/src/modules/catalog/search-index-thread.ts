import { Worker } from 'node:worker_threads';
import type { PortableIndex } from './search-index.ts';
import type { LoadOptions } from './search-index-snapshot.ts';

/**
 * The search index's build thread (search-index-worker.ts) as the main thread starts it, kept apart from the index's
 * code so that main.ts can start the first build before the app's modules are loaded: at a million books a first
 * start is ready when this build is, and the imports take one to two seconds it need not wait for.
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

/** One build in a worker thread on its own connection to `url`. Compiled (.js) or from source (.ts, under tsx). */
function runWorker(url: string, load: LoadOptions): Promise<WorkerAnswer> {
  const startedAt = Date.now();
  const fromSource = import.meta.url.endsWith('.ts');
  const script = new URL(`./search-index-worker${fromSource ? '.ts' : '.js'}`, import.meta.url);
  const workerData = { url, load };
  // From source (tsx), the worker registers tsx's loader first: Node does not carry the main thread's loader
  // hooks into a worker.
  const worker = fromSource
    ? new Worker(
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); })`,
        { eval: true, workerData },
      )
    : new Worker(script, { workerData });
  // A build under way does not hold the process open at shutdown.
  worker.unref();
  const answer = new Promise<WorkerAnswer>((resolve, reject) => {
    let settled = false;
    worker.once('message', (m: Omit<WorkerAnswer, 'startedAt'>) => {
      settled = true;
      resolve({ ...m, startedAt });
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`search index worker exited with code ${code}`));
    });
  });
  // Reported where it is awaited (an early build may be awaited only seconds later).
  answer.catch(() => {});
  return answer;
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

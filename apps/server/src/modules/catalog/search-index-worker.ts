import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../../db/client.ts';
import { lowerThisThreadPriority } from '../../lib/thread-priority.ts';
import { loadIndex, type LoadOptions } from './search-index-snapshot.ts';

/**
 * Builds the search index in a worker thread (search-index-loader.ts, buildInWorker): its own connection to the
 * database, the same build as the main thread's (or the snapshot on disk, search-index-snapshot.ts), the result
 * posted back with its arrays moved, not copied. A million books cost seconds of CPU that the main thread's
 * requests no longer wait behind.
 */
lowerThisThreadPriority();
const { url, load } = workerData as { url: string; load: LoadOptions };
// Three connections: the title order and the books' authors are read by the database while the batches are read.
const pool = new pg.Pool({ connectionString: url, max: 3, connectionTimeoutMillis: 5_000 });
// A broken idle connection is reported by the query that needed it; without a listener Node would exit.
pool.on('error', () => {});
try {
  const loaded = await loadIndex(drizzle(pool) as unknown as Db, load);
  // A snapshot's arrays are views of the file's one buffer.
  const { portable, transfer } = loaded.source === 'snapshot' ? { portable: loaded.portable, transfer: [loaded.portable.arrays.ids.buffer as ArrayBuffer] } : loaded.index.toPortable();
  const builtAt = loaded.source === 'snapshot' ? loaded.builtAt : loaded.index.builtAt;
  parentPort!.postMessage({ portable, version: loaded.version.toString(), builtAt, source: loaded.source, notes: loaded.notes }, transfer);
} catch (err) {
  parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) });
} finally {
  await pool.end();
}

import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../../db/client.ts';
import { lowerThisThreadPriority } from '../../lib/thread-priority.ts';
import { partBuffers } from './listing-index.ts';
import { loadListingParts, type ListingLoadOptions } from './listing-index-snapshot.ts';

/**
 * Reads the listing index's parts from its snapshot, or reads and sorts the columns, in a worker thread
 * (listing-index-loader.ts): its own connection, the parts posted back with their buffers moved, not copied.
 */
lowerThisThreadPriority();
const { url, load } = workerData as { url: string; load: ListingLoadOptions };
const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 5_000 });
pool.on('error', () => {});
try {
  const { parts, version, removedVersion, source, cards, notes } = await loadListingParts(drizzle(pool) as unknown as Db, load);
  parentPort!.postMessage({ parts, version: version.toString(), removedVersion: removedVersion.toString(), source, cards, notes }, partBuffers(parts));
} catch (err) {
  parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) });
} finally {
  await pool.end();
}

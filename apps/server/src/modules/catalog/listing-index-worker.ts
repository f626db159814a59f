import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../../db/client.ts';
import { lowerThisThreadPriority } from '../../lib/thread-priority.ts';
import { listingParts, partBuffers } from './listing-index.ts';
import { buildListingColumns } from './listing-index-build.ts';

/**
 * Reads and sorts the listing index's columns in a worker thread (listing-index-loader.ts): its own connection, the
 * columns posted back with their buffers moved, not copied.
 */
lowerThisThreadPriority();
const { url } = workerData as { url: string };
const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 5_000 });
pool.on('error', () => {});
try {
  const { columns, tree, version, removedVersion } = await buildListingColumns(drizzle(pool) as unknown as Db);
  const parts = listingParts(columns, tree);
  parentPort!.postMessage({ parts, version: version.toString(), removedVersion: removedVersion.toString() }, partBuffers(parts));
} catch (err) {
  parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) });
} finally {
  await pool.end();
}

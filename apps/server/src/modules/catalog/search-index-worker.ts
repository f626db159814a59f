import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../../db/client.ts';
import { buildIndex } from './search-index-build.ts';

/**
 * Builds the search index in a worker thread (search-index-loader.ts, buildInWorker): its own connection to the
 * database, the same build as the main thread's, the result posted back with its arrays moved, not copied. A
 * million books cost seconds of CPU that the main thread's requests no longer wait behind.
 */
const { url } = workerData as { url: string };
const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 5_000 });
// A broken idle connection is reported by the query that needed it; without a listener Node would exit.
pool.on('error', () => {});
try {
  const { index, version } = await buildIndex(drizzle(pool) as unknown as Db);
  const { portable, transfer } = index.toPortable();
  parentPort!.postMessage({ portable, version: version.toString() }, transfer);
} catch (err) {
  parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) });
} finally {
  await pool.end();
}

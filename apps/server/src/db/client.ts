import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One type for both drivers: services never know which database runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Where errors of broken connections are reported (the app's logger once it exists). They are never fatal:
   * the pool drops the broken connection and opens a new one for the next query.
   */
  onConnectionError(report: (err: Error) => void): void;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens PostgreSQL when `url` is given, otherwise the embedded PGlite database in `dataDir`
 * ('memory://' keeps it in memory, for tests), then applies pending migrations.
 */
export async function openDatabase(opts: { url?: string; dataDir?: string }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: Number(process.env.DB_POOL_MAX ?? 10),
      // A database that does not answer must fail a request in seconds (503), not hold it forever.
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    let report: (err: Error) => void = (err) => console.error(`database connection error: ${err.message}`);
    // Without these listeners Node ends the process when PostgreSQL closes a connection (57P01 on every restart
    // or failover): the pool's 'error' covers idle clients, the client's own covers one checked out between queries.
    pool.on('error', (err) => report(err));
    pool.on('connect', (client) => {
      client.on('error', (err) => report(err));
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      close: () => endPool(pool),
      onConnectionError(next) {
        report = next;
      },
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  let location = dataDir;
  if (!dataDir.startsWith('memory://')) {
    location = path.join(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const client = new PGlite(location, { extensions: { pg_trgm, unaccent } });
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  // PGlite runs in this process: it has no connection to lose.
  return { db: pgliteDb as unknown as Db, kind: 'pglite', close: () => client.close(), onConnectionError: () => {} };
}

/**
 * Ends the pool and waits until every connection is really closed: pg-pool's end() resolves before its clients'
 * sockets close, so a database dropped right after (tests) would otherwise kill them mid-close (57P01, unhandled).
 */
async function endPool(pool: pg.Pool): Promise<void> {
  const open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) return resolve();
    let removed = 0;
    pool.on('remove', () => {
      removed += 1;
      if (removed >= open) resolve();
    });
  });
  await pool.end();
  await closed;
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

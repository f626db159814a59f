import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
  /**
   * Calls `handler` for every NOTIFY on `channel` (sent with pg_notify; inside a transaction it arrives at commit),
   * from this process and every other one on the same database. PostgreSQL: one dedicated connection, reconnected
   * after a failure; `onReconnect` handlers then run, as notifications sent meanwhile were missed.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<void>;
  onReconnect(handler: () => void): void;
  /** Runs `fn` while no other process runs an exclusive task on this database (start-up work: the demo seed). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
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
    await exclusively(opts.url, () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }));
    const listener = new PgListener(opts.url);
    return {
      db,
      kind: 'postgres',
      listen: (channel, handler) => listener.listen(channel, handler),
      onReconnect: (handler) => listener.reconnectHandlers.push(handler),
      exclusive: (fn) => exclusively(opts.url!, fn),
      onConnectionError(next) {
        report = next;
      },
      close: async () => {
        await listener.close();
        await endPool(pool);
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
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    listen: async (channel, handler) => {
      await client.listen(channel, handler);
    },
    // One in-process database: nothing to reconnect.
    onReconnect: () => {},
    // One process owns a PGlite folder.
    exclusive: (fn) => fn(),
    close: () => client.close(),
    // PGlite runs in this process: it has no connection to lose.
    onConnectionError: () => {},
  };
}

/** Key of the advisory lock that serialises start-up work (any number no other lock uses). */
const STARTUP_LOCK = 720_431_001;

/**
 * Several instances starting at once would run the same migration (or demo seed) twice: the first takes a session
 * advisory lock on a connection of its own, the others wait for it and then find nothing left to do.
 */
async function exclusively<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await fn();
  } finally {
    // Ending the session releases the lock as well.
    await client.end().catch(() => {});
  }
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). A lost connection is retried every
 * second; after it comes back every channel is listened to again and the reconnect handlers run.
 */
class PgListener {
  readonly reconnectHandlers: (() => void)[] = [];
  private readonly handlers = new Map<string, ((payload: string) => void)[]>();
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly url: string) {}

  async listen(channel: string, handler: (payload: string) => void): Promise<void> {
    const known = this.handlers.get(channel);
    if (known) {
      known.push(handler);
      return;
    }
    this.handlers.set(channel, [handler]);
    const client = await this.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('notification', (msg) => {
        for (const h of this.handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
      });
      const lost = () => this.lost(client);
      client.on('error', lost);
      client.on('end', lost);
      try {
        await client.connect();
      } catch (err) {
        this.connecting = undefined;
        client.removeAllListeners();
        throw err;
      }
      this.client = client;
      this.connecting = undefined;
      return client;
    })();
    return this.connecting;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners();
    // A late 'error' after removal must not crash the process.
    client.on('error', () => {});
    void client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.reconnect();
    }, 1000);
    this.retry.unref();
  }

  private async reconnect(): Promise<void> {
    try {
      const client = await this.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      for (const h of this.reconnectHandlers) h();
    } catch {
      if (this.client) this.lost(this.client);
      else this.scheduleReconnect();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
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

/** A statement compiled once to text, run under a name (see queryNamed). */
export interface NamedStatement {
  name: string;
  text: string;
}

const dialect = new PgDialect();

/**
 * Compiles `query` once. It holds no values, only the placeholders ($1, $2... written with sql.raw) of the
 * parameters queryNamed is given; the name is derived from the text, so another text is another statement.
 */
export function namedStatement(prefix: string, query: SQL): NamedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  // Values embedded at compile time would be frozen into the statement: every value must come with the call.
  if (params.length > 0) throw new Error(`named statement ${prefix} has embedded parameters`);
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return { name: `${prefix}_${(hash >>> 0).toString(36)}`, text };
}

/**
 * Runs a statement of the hot paths by name: node-postgres parses it once per connection and PostgreSQL plans
 * it once (a generic plan after five runs) instead of on every call, which was half of the database's CPU for
 * the card statement (pgbench, 20 books: 2.06 ms a page unnamed, 1.02 ms named). Rows come with the driver's
 * default types (timestamps as Date: iso() takes both). PGlite runs in this process and has nothing to save: it
 * runs the text as it is.
 */
export async function queryNamed<T>(db: Db, statement: NamedStatement, params: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof PGlite) return (await client.query<T>(statement.text, params)).rows;
  return (await client.query<T & pg.QueryResultRow>({ name: statement.name, text: statement.text, values: params })).rows;
}

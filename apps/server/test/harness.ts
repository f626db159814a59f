import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { buildApp } from '../src/app.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  /** The database of this app on TEST_DATABASE_URL's server (undefined on PGlite). */
  databaseName?: string;
  databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * Builds the real app on a database of its own: a fresh database on the PostgreSQL server of
 * TEST_DATABASE_URL (CI), or an in-memory PGlite database when it is unset (local runs).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { sameDatabaseAs?: TestApp } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nhasach-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  // A second instance on the first one's database (PostgreSQL only); the first one drops it.
  let databaseUrl: string | undefined = opts.sameDatabaseAs?.databaseUrl;
  let databaseName: string | undefined = opts.sameDatabaseAs?.databaseName;
  let dropDatabase = async () => {};
  if (adminUrl && !databaseUrl) {
    const name = `nhasach_test_${randomBytes(6).toString('hex')}`;
    databaseName = name;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    // The flat tariff (30.000/35.000 ₫) unless a test ships with a carrier: most tests are not about shipping, and
    // the sandbox carrier is reached over HTTP, which needs a listening app.
    SHIPPING_CARRIER: 'flat',
    ...env,
  });
  const database = await openDatabase({ url: databaseUrl, dataDir: databaseUrl ? undefined : 'memory://' });
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    config,
    database,
    databaseName,
    databaseUrl,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import { seedDemoCatalog } from '../../db/seed/catalog.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { ListingIndexFeed } from './listing-index-loader.ts';

/**
 * A rebuilt listing index swapped in while a read of changes for the index before it is under way (the database
 * answering that read slowly): the read must not set the new index's versions, and the new index must take every
 * change committed after its build read the books. The database is real; a gate holds chosen answers back.
 */
let t: TestApp;
let pool: pg.Pool;
const gates: { match: RegExp; ran: () => void; open: Promise<void> }[] = [];

/** Holds back the answer of the next statement matching `match` (it runs at once) until `release` is called. */
function gate(match: RegExp): { ran: Promise<void>; release: () => void } {
  let ran!: () => void;
  let release!: () => void;
  const ranPromise = new Promise<void>((r) => (ran = r));
  gates.push({ match, ran, open: new Promise<void>((r) => (release = r)) });
  return { ran: ranPromise, release };
}

beforeAll(async () => {
  t = await createTestApp();
  if (!t.databaseUrl) return;
  await seedDemoCatalog(t.app);
  pool = new pg.Pool({ connectionString: t.databaseUrl, max: 4 });
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<unknown>;
  // node-postgres's query, with the gated answers held back after the statement ran.
  (pool as unknown as { query: typeof query }).query = async (config, values) => {
    const answer = await query(config, values);
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    const i = gates.findIndex((g) => g.match.test(text));
    if (i >= 0) {
      const [g] = gates.splice(i, 1);
      g!.ran();
      await g!.open;
    }
    return answer;
  };
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await t?.close();
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('an index swapped in during a read of changes', () => {
  it('takes every change committed after its build read the books', async () => {
    const db = drizzle(pool) as unknown as Db;
    const feed = new ListingIndexFeed(db);
    const before = (await feed.current())!;
    const rows = (await db.execute(sql`select id, price from books where status = 'ACTIVE' order by id limit 260`)) as unknown as { rows: { id: number; price: number }[] };
    const changed = rows.rows;
    expect(changed.length).toBeGreaterThan(200);

    // A rebuild reads the books, then waits on its last read (the category tree).
    const treeRead = gate(/from categories/);
    const rebuild = (feed as unknown as { startBuild(): Promise<void> }).startBuild();
    await treeRead.ran;
    // More changes than the re-read window, committed after the rebuild read the books.
    await db.execute(sql`update books set price = price + 1000 where id in (select id from books where status = 'ACTIVE' order by id limit 260)`);
    // A read of those changes for the old index, whose answer comes after the swap.
    const changesRead = gate(/listing_version >/);
    feed.markDirty();
    const request = feed.current();
    await changesRead.ran;
    treeRead.release();
    await rebuild;
    changesRead.release();
    const index = (await request)!;
    expect(index).not.toBe(before);
    for (const { id, price } of [changed[0]!, changed.at(-1)!]) expect(index.card(id)?.price, `book ${id}`).toBe(price + 1000);
    // And still after the next reads of the feed.
    await new Promise((r) => setTimeout(r, 1_100));
    const later = (await feed.current())!;
    for (const { id, price } of changed) expect(later.card(id)?.price, `book ${id}`).toBe(price + 1000);
  }, 120_000);
});

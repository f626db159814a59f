/**
 * CPU of the shopper's uncached search measured inside one process, steadier than the HTTP benchmark on a shared
 * machine: `node --import tsx bench/profile-search.ts [--terms N] [--concurrency C] [--cache] [--no-index]`.
 *
 * Builds the app on the benchmark database (as `npm run bench` leaves it), waits for the search index, then sends
 * the realistic terms of the `search-mixed` scenario one at a time through Fastify's inject (routing, validation,
 * the service and serialisation, without the socket). Prints CPU ms per request of this process and of the
 * PostgreSQL backends of the database (read from /proc), and the same for the cards of 20 books alone.
 * With --suggest: the `suggest` scenario's distinct prefixes through GET /books/suggest instead (caches as --cache).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { searchQuerySchema } from '@nhasach/shared';
import { searchTerms, suggestPrefixes, type SampleBook } from './search-terms.ts';

const { values: args } = parseArgs({
  options: {
    terms: { type: 'string', default: '3000' },
    cache: { type: 'boolean', default: false },
    'no-index': { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '1' },
    suggest: { type: 'boolean', default: false },
  },
});
const root = fileURLToPath(new URL('..', import.meta.url));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nhasach_bench';
const dbName = new URL(databaseUrl).pathname.slice(1);

Object.assign(process.env, {
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  DATA_DIR: path.join(root, 'bench', '.data', 'server'),
  SEED_DEMO: 'false',
  SEARCH_CACHE: String(args.cache),
  SEARCH_INDEX: String(!args['no-index']),
  LOG_LEVEL: 'warn',
});
const { loadConfig } = await import('../apps/server/src/config.ts');
const { openDatabase } = await import('../apps/server/src/db/client.ts');
const { buildApp } = await import('../apps/server/src/app.ts');

/** CPU ms of the backends of the benchmark database (clock ticks of 10 ms). */
function backendsCpu(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${dbName} `)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(f[11]) + Number(f[12])) * 10;
    } catch {
      // process ended
    }
  }
  return total;
}
const processCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const concurrency = Number(args.concurrency);

/** Runs fn(0..n-1), `concurrency` at a time. */
async function runAll(n: number, fn: (i: number) => Promise<unknown>, offset = 0) {
  let next = 0;
  const worker = async () => {
    while (next < n) await fn(offset + next++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Milliseconds of garbage collection so far, by kind (minor: young generation; major: the whole heap). */
const gc = { minor: 0, major: 0 };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
    // perf_hooks constants: 1 minor (scavenge), 2 major (mark-sweep-compact), 4 incremental, 8 weak callbacks.
    if (kind === 1) gc.minor += e.duration;
    else gc.major += e.duration;
  }
}).observe({ entryTypes: ['gc'] });

async function measure(label: string, n: number, fn: (i: number) => Promise<unknown>) {
  await runAll(Math.min(300, n), fn, n);
  const gc0 = { ...gc };
  const p0 = processCpu();
  const d0 = backendsCpu();
  const t0 = performance.now();
  await runAll(n, fn);
  const wall = performance.now() - t0;
  const server = (processCpu() - p0) / n;
  const database = (backendsCpu() - d0) / n;
  console.log(
    `${label}: ${n} requests, ${concurrency} at a time, CPU ms/request ${server.toFixed(2)} server + ${database.toFixed(2)} database = ${(server + database).toFixed(2)}; ` +
      `wall ${(wall / n).toFixed(2)} ms; garbage collection ${((gc.minor - gc0.minor) / n).toFixed(2)} minor + ${((gc.major - gc0.major) / n).toFixed(2)} major ms/request`,
  );
}

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const sources = await client.query<SampleBook>(
  `select b.title, b.isbn13, coalesce((select a.name from book_authors ba join authors a on a.id = ba.author_id
     where ba.book_id = b.id order by ba.position limit 1), '') as author
   from books b tablesample system (1) repeatable (7) where b.status in ('ACTIVE', 'OUT_OF_STOCK') limit 6000`,
);
const idRows = await client.query<{ id: number }>(
  `select id from books tablesample system (1) repeatable (42) where status in ('ACTIVE', 'OUT_OF_STOCK') limit 4000`,
);
await client.end();

const n = Number(args.terms);
const terms = searchTerms(sources.rows, n + 300);
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const app = await buildApp({ config, database });
await app.ready();
if (!args['no-index']) {
  const t = performance.now();
  while (!app.catalog.searchIndexStats()) await new Promise((r) => setTimeout(r, 200));
  console.log(`search index ready in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

const ids = idRows.rows.map((r) => r.id);
const viaHttp = async (i: number) => {
  const res = await app.inject({ method: 'GET', url: `/api/v1/books/search?q=${encodeURIComponent(terms[i]!)}&page=0&size=20` });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} for ${terms[i]}: ${res.body.slice(0, 200)}`);
};
if (args.suggest) {
  const prefixes = suggestPrefixes(sources.rows, n + 300);
  const suggest = async (i: number) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/books/suggest?q=${encodeURIComponent(prefixes[i % prefixes.length]!)}` });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} for ${prefixes[i]}: ${res.body.slice(0, 200)}`);
  };
  await measure('suggest (inject, first run)', n, suggest);
  await measure('suggest (inject)', n, suggest);
  await app.close();
  await database.close();
  process.exit(0);
}
// Twice: the first run after the build pays for collecting its garbage.
await measure('search (inject, first run)', n, viaHttp);
await measure('search (inject)', n, viaHttp);
await measure('search (service only)', n, (i) => app.catalog.search(searchQuerySchema.parse({ q: terms[i]!, page: '0', size: '20' })));
await measure('cards of 20 books', n, (i) => app.catalog.cards(ids.slice((i * 20) % 3980, ((i * 20) % 3980) + 20)));
await app.close();
await database.close();

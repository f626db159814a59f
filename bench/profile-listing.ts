/**
 * CPU of the shopper's listings (the `listing-mixed` paths) measured inside one process, as profile-search.ts
 * does for searches: `node --conditions=@nhasach/source --import tsx bench/profile-listing.ts [--requests N]
 * [--no-index]`. Builds the app on the benchmark database, waits for the listing index, then sends the paths one
 * at a time through Fastify's inject and prints CPU ms per request of this process and of the database's backends.
 * `--profile FILE` writes a CPU profile of the measured run (where the process's share goes). It also prints the
 * wall time spent in ListingIndex.page (the listing itself, without the cards and the HTTP answer) and its slowest.
 * `--changes N` changes N books after the build (put back at the end), so the listings merge an overlay.
 * `--runs N` sends the measured paths N times and prints the least and the median of the runs' figures.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { listingPaths } from './listing-paths.ts';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '3000' },
    'no-index': { type: 'boolean', default: false },
    // Books changed after the index's build (as the soak's writer changes them: 9 in 10 the stock, 1 in 10 the
    // price), so the listings carry an overlay as a serving process does between rebuilds.
    changes: { type: 'string', default: '0' },
    // A CPU profile (.cpuprofile, for Chrome's DevTools) of the measured run only: without the start-up and the
    // first run's warming, two catalogue sizes' profiles compare function by function.
    profile: { type: 'string' },
    // The measured paths sent this many times: the least and the median of the runs (this machine's CPU time scatters
    // from one run to the next; the least is the figure that compares).
    runs: { type: 'string', default: '1' },
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
  SEARCH_CACHE: 'false',
  SEARCH_INDEX: 'false',
  LISTING_INDEX: String(!args['no-index']),
  LOG_LEVEL: 'warn',
});
const { loadConfig } = await import('../apps/server/src/config.ts');
const { openDatabase } = await import('../apps/server/src/db/client.ts');
const { buildApp } = await import('../apps/server/src/app.ts');
const { ListingIndex } = await import('../apps/server/src/modules/catalog/listing-index.ts');
let pageMs = 0;
let currentUrl = '';
const pageSlow: [number, string][] = [];
const original = ListingIndex.prototype.page;
ListingIndex.prototype.page = function (...a: Parameters<typeof original>) {
  const t = performance.now();
  const r = original.apply(this, a);
  const ms = performance.now() - t;
  pageMs += ms;
  pageSlow.push([ms, currentUrl]);
  return r;
};

/** The database backends' CPU ms by process id (a backend that ended between two readings is not counted). */
function backendsCpu(): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${dbName} `)) continue;
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = f.slice(f.lastIndexOf(')') + 2).split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // process ended
    }
  }
  return out;
}
/** CPU ms the backends spent since `before`: each one's growth (a new backend's whole time). */
const backendsSince = (before: Map<string, number>) => {
  let total = 0;
  for (const [pid, ms] of backendsCpu()) total += ms - (before.get(pid) ?? 0);
  return total;
};
const processCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const slugs = async (table: string) => (await client.query<{ slug: string }>(`select slug from ${table} order by id`)).rows.map((r) => r.slug);
const drawn = listingPaths({ categories: await slugs('categories'), publishers: await slugs('publishers'), suppliers: await slugs('suppliers') }, 12000);
await client.end();

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const app = await buildApp({ config, database });
await app.ready();
if (!args['no-index']) {
  const t = performance.now();
  await app.inject({ method: 'GET', url: '/api/v1/books/catalog?page=0' });
  while (!app.catalog.listingIndexStats()) await new Promise((r) => setTimeout(r, 200));
  console.log(`listing index ready in ${((performance.now() - t) / 1000).toFixed(1)} s, ${JSON.stringify(app.catalog.listingIndexStats())}`);
}
// The last pages as listing-paths.ts's lastPagePaths finds them (the first page's totalPages), through inject.
const paths: string[] = [];
for (const p of drawn) {
  if (!p.endsWith('page=last')) {
    paths.push(p);
    continue;
  }
  const res = await app.inject({ method: 'GET', url: p.replace(/page=last$/, 'page=0') });
  const last = Math.max(0, ((res.json() as { data?: { totalPages?: number } }).data?.totalPages ?? 1) - 1);
  paths.push(p.replace(/page=last$/, `page=${last}`));
}
const changes = Number(args.changes);
const changed: number[] = [];
if (changes > 0 && !args['no-index']) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const { rows } = await c.query<{ max: number }>('select max(id)::int as max from books');
  // The same books every run: a snapshot's catch-up then finds the same overlay, run after run.
  let seed = 12_345;
  for (let i = 0; i < changes; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const id = 1 + Math.floor((seed / 2_147_483_648) * rows[0]!.max);
    changed.push(id);
    await c.query(
      i % 10 === 9
        ? 'update books set price = price + 1000 where id = $1'
        : 'update books set stock = stock + 1 where id = $1',
      [id],
    );
  }
  await c.end();
  await app.inject({ method: 'GET', url: '/api/v1/books/catalog?page=0' });
  await new Promise((r) => setTimeout(r, 1_500));
  await app.inject({ method: 'GET', url: '/api/v1/books/catalog?page=0' });
  console.log(`after ${changes} changes: ${JSON.stringify(app.catalog.listingIndexStats())}`);
}
const n = Number(args.requests);
const slow: [number, string][] = [];
async function measure(label: string, from: number): Promise<{ server: number; database: number; index: number }> {
  const index0 = pageMs;
  const p0 = processCpu();
  const d0 = backendsCpu();
  for (let i = 0; i < n; i++) {
    const url = paths[(from + i) % paths.length]!;
    currentUrl = url;
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url });
    const ms = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} for ${url}: ${res.body.slice(0, 200)}`);
    slow.push([ms, url]);
  }
  const figures = { server: (processCpu() - p0) / n, database: backendsSince(d0) / n, index: (pageMs - index0) / n };
  console.log(`${label}: ${n} listings, CPU ms/request ${figures.server.toFixed(2)} server + ${figures.database.toFixed(2)} database; ListingIndex.page ${figures.index.toFixed(3)} ms`);
  return figures;
}
await measure('listings (inject, first run)', 0);
slow.length = 0;
pageMs = 0;
pageSlow.length = 0;
const profiler = args.profile ? new Session() : undefined;
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) => profiler!.post(method, params, (err, res) => (err ? reject(err) : resolve(res))));
if (profiler) {
  profiler.connect();
  await post('Profiler.enable');
  await post('Profiler.start');
}
const runs = [await measure('listings (inject)', n)];
if (profiler) {
  const { profile } = (await post('Profiler.stop')) as { profile: object };
  writeFileSync(args.profile!, JSON.stringify(profile));
  profiler.disconnect();
}
if (Number(args.runs) > 1) {
  const slowAt = slow.length;
  const pageAt = pageSlow.length;
  const pageMsAt = pageMs;
  for (let r = 1; r < Number(args.runs); r++) runs.push(await measure(`listings (inject, run ${r + 1})`, n));
  // The tables below are of the first measured run.
  slow.length = slowAt;
  pageSlow.length = pageAt;
  pageMs = pageMsAt;
  const least = (k: 'server' | 'database' | 'index') => Math.min(...runs.map((f) => f[k]));
  const median = (k: 'server' | 'database' | 'index') => runs.map((f) => f[k]).sort((a, b) => a - b)[runs.length >> 1]!;
  console.log(
    `${runs.length} runs, least / median: CPU ms/request ${least('server').toFixed(2)} / ${median('server').toFixed(2)} server, ` +
      `${least('database').toFixed(2)} / ${median('database').toFixed(2)} database; ListingIndex.page ${least('index').toFixed(3)} / ${median('index').toFixed(3)} ms`,
  );
}
// Where the index's time goes by page depth (a deep page walks further, the mix sends few of them).
const bucketOf = (url: string) => {
  const page = Number(/[?&]page=(\d+)/.exec(url)?.[1] ?? 0);
  return page === 0 ? 'page 0' : page === 1 ? 'page 1' : page <= 4 ? 'pages 2-4' : page <= 20 ? 'pages 5-20' : page <= 200 ? 'pages 21-200' : 'last pages past 200';
};
const buckets = new Map<string, { n: number; ms: number }>();
for (const [ms, url] of pageSlow) {
  const b = buckets.get(bucketOf(url)) ?? { n: 0, ms: 0 };
  b.n++;
  b.ms += ms;
  buckets.set(bucketOf(url), b);
}
console.log('ListingIndex.page by depth: ' + [...buckets].map(([k, b]) => `${k}: ${b.n} listings, ${(b.ms / b.n).toFixed(3)} ms each, ${((100 * b.ms) / pageMs).toFixed(0)} % of the time`).join('; '));
// And by the listing's kind (which filters it combines, whether sorted by price): where the time grows with the catalogue.
const kindOf = (url: string) => {
  const has = (k: string) => new RegExp(`[?&]${k}=`).test(url);
  const parts = [has('category') ? 'category' : 'catalogue'];
  if (has('priceMin') || has('priceMax')) parts.push('price');
  for (const k of ['language', 'publisher', 'supplier']) if (has(k)) parts.push(k);
  return parts.join('+') + (/sort=PRICE/.test(url) ? ' by price' : '');
};
const kinds = new Map<string, { n: number; ms: number; first: number; firstMs: number }>();
for (const [ms, url] of pageSlow) {
  const b = kinds.get(kindOf(url)) ?? { n: 0, ms: 0, first: 0, firstMs: 0 };
  b.n++;
  b.ms += ms;
  if (bucketOf(url) === 'page 0') {
    b.first++;
    b.firstMs += ms;
  }
  kinds.set(kindOf(url), b);
}
console.log(
  'ListingIndex.page by kind:\n' +
    [...kinds]
      .sort((a, b) => b[1].ms - a[1].ms)
      .map(([k, b]) => `  ${k}: ${b.n} listings, ${(b.ms / b.n).toFixed(3)} ms each (page 0: ${(b.firstMs / Math.max(1, b.first)).toFixed(3)}), ${((100 * b.ms) / pageMs).toFixed(0)} % of the time`)
      .join('\n'),
);
pageSlow.sort((a, b) => b[0] - a[0]);
console.log(`ListingIndex.page: ${(pageMs / n).toFixed(3)} ms/request wall; slowest:\n` + pageSlow.slice(0, 12).map(([ms, url]) => `${ms.toFixed(2)} ms ${url}`).join('\n'));
slow.sort((a, b) => b[0] - a[0]);
const pct = (sorted: [number, string][], q: number) => sorted[Math.floor((1 - q) * sorted.length)]![0].toFixed(2);
console.log(`request wall ms p50 / p95 / p99: ${pct(slow, 0.5)} / ${pct(slow, 0.95)} / ${pct(slow, 0.99)}; ListingIndex.page ${pct(pageSlow, 0.5)} / ${pct(pageSlow, 0.95)} / ${pct(pageSlow, 0.99)}`);
console.log('slowest:\n' + slow.slice(0, 15).map(([ms, url]) => `${ms.toFixed(1)} ms ${url}`).join('\n'));
await app.close();
await database.close();
if (changed.length > 0) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  for (const [i, id] of changed.entries()) {
    await c.query(i % 10 === 9 ? 'update books set price = price - 1000 where id = $1' : 'update books set stock = stock - 1 where id = $1', [id]);
  }
  await c.end();
}
